/**
 * Shipping and the cart's totals, free of I/O: which zone a destination falls in, the rates its
 * methods offer for a cart, the shopper's chosen rate per package, and the totals arithmetic in
 * WooCommerce's order — discount on items → item tax → shipping → shipping tax → total. Coupons
 * and tax slot in through {@link TotalsHooks}; money is integer cents throughout.
 */
import type { OrderAddress, OrderShippingLine } from '../db/schema';
import type { Cart } from './cart';

/** Where the store is (WooCommerce's `woocommerce_default_country`, `US:CA`). */
export const STORE_BASE_LOCATION = { country: 'US', state: 'CA' } as const;

/** One location of a zone: a country (`US`), a state (`US:CA`) or a postcode pattern. */
export interface ZoneLocation {
  type: 'country' | 'state' | 'postcode';
  code: string;
}

/** A zone method as configured (`shipping_zone_methods`). */
export interface ZoneMethod {
  instanceId: number;
  methodId: 'flat_rate' | 'free_shipping' | 'local_pickup';
  title: string;
  enabled: boolean;
  /** Cents (flat rate, local pickup). */
  cost: number;
  /** Free shipping: the items amount in cents from which it applies; `null` = always. */
  minAmount: number | null;
}

/** A zone with its methods in order. Zone 0 ("locations not covered") has no locations. */
export interface ShippingZone {
  id: number;
  name: string;
  locations: readonly ZoneLocation[];
  methods: readonly ZoneMethod[];
}

/** The part of an address shipping looks at (the Store API's package `destination`). */
export interface Destination {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

/** A rate offered for a package. */
export interface ShippingRate {
  /** `method_id:instance_id`. */
  rateId: string;
  methodId: ZoneMethod['methodId'];
  instanceId: number;
  name: string;
  /** Cents. */
  cost: number;
}

/** One package (this store ships the whole cart as one, package 0, as WooCommerce does by default). */
export interface ShippingPackage {
  packageId: number;
  name: string;
  destination: Destination;
  items: { key: string; name: string; quantity: number }[];
  rates: ShippingRate[];
  /** The chosen rate's id, `null` when the package has no rates. */
  selected: string | null;
}

/** The shopper's addresses as the session keeps them (Store API `update-customer`). */
export interface CustomerAddresses {
  billing: OrderAddress & { email: string };
  shipping: OrderAddress;
}

/** A tax line of the totals (filled by a tax hook; none without one). */
export interface TaxLine {
  name: string;
  price: number;
  rate: string;
}

/** A cart line's net amounts and tax, in cents (Store API item `totals`). */
export interface LineTax {
  /** Before coupons, without tax (`line_subtotal`). */
  subtotal: number;
  subtotalTax: number;
  /** After coupons, without tax (`line_total`). */
  total: number;
  totalTax: number;
  /** One unit's price, regular and sale price as the cart shows them (`woocommerce_tax_display_cart`). */
  unitPrices?: { price: number; regular: number; sale: number };
}

/** What an item tax hook works out (the optional fields when prices are not simply net). */
export interface ItemTax {
  /** Tax on the items after the discount. */
  tax: number;
  lines: TaxLine[];
  /** Tax on the items before the discount (`total_items_tax`); `tax` when absent. */
  subtotalTax?: number;
  /** The items without tax, before and after the discount, when prices include tax. */
  netSubtotal?: number;
  netTotal?: number;
  /** Per cart line (item key). */
  byLine?: ReadonlyMap<string, LineTax>;
  /** Per tax rate id, for merging with shipping's. */
  perRate?: ReadonlyMap<number, number>;
  /** How catalogue prices were entered and how the cart shows them (the store's tax options). */
  settings?: TaxDisplay;
}

/** How prices were entered (`woocommerce_prices_include_tax`) and are shown in the cart. */
export interface TaxDisplay {
  pricesIncludeTax: boolean;
  displayCart: 'incl' | 'excl';
}

/** The cart totals, in cents (Store API `totals`; shipping `null` when nothing ships). */
export interface CartTotals {
  totalItems: number;
  totalItemsTax: number;
  totalDiscount: number;
  totalDiscountTax: number;
  totalShipping: number | null;
  totalShippingTax: number | null;
  totalTax: number;
  totalPrice: number;
  taxLines: TaxLine[];
  /** Each line's net amounts and tax by item key; absent without tax. */
  lineTaxes?: Readonly<Record<string, LineTax>>;
  /** The tax options the cart was priced with; absent when the store calculates no tax. */
  taxDisplay?: TaxDisplay;
}

/** The cart's shipping, as worked out for its session. */
export interface CartShipping {
  needsShipping: boolean;
  hasCalculatedShipping: boolean;
  packages: ShippingPackage[];
  customer: CustomerAddresses;
}

/**
 * What coupons and tax add to the totals, called in WooCommerce's order. Each is optional;
 * without them there is no discount and no tax. `session` is the shopper session's stored data
 * (where applied coupons live). Hooks are pure: load what they need before pricing.
 */
export interface TotalsHooks {
  /** The discount on the items (cents, and its tax), before anything else. */
  discount?: (
    cart: Cart,
    session: Readonly<Record<string, unknown>>,
  ) => {
    discount: number;
    discountTax: number;
  };
  /** Tax on the items after the discount. */
  itemTax?: (cart: Cart, discountedItems: number, destination: Destination) => ItemTax;
  /** Tax on the chosen shipping. */
  shippingTax?: (
    shipping: number,
    destination: Destination,
  ) => { tax: number; lines: TaxLine[]; perRate?: ReadonlyMap<number, number> };
}

/** What pricing a cart needs from its session and the store. */
export interface PricingContext {
  zones: readonly ShippingZone[];
  customer: CustomerAddresses;
  /** Chosen rate id per package id (WooCommerce's `chosen_shipping_methods`). */
  chosenRates: Readonly<Record<string, string>>;
  session: Readonly<Record<string, unknown>>;
  hooks: TotalsHooks;
}

const EMPTY: OrderAddress = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
  phone: '',
};

/** A new shopper's addresses: empty, in the store's base country and state (as WooCommerce). */
export function defaultCustomer(): CustomerAddresses {
  const base = { ...EMPTY, country: STORE_BASE_LOCATION.country, state: STORE_BASE_LOCATION.state };
  return { billing: { ...base, email: '' }, shipping: { ...base } };
}

/** WooCommerce's postcode normalisation for matching: upper case, no spaces. */
function normalizePostcode(postcode: string): string {
  return postcode.toUpperCase().split(' ').join('');
}

/**
 * Whether a postcode matches a zone's postcode pattern: exact, a prefix with a trailing `*`
 * (`941*`), or an inclusive numeric range `10000...19999` (both ends the same length). Plain
 * string operations only: patterns and postcodes are short and no regex runs on them.
 */
export function postcodeMatches(pattern: string, postcode: string): boolean {
  const code = normalizePostcode(postcode);
  const wanted = normalizePostcode(pattern);
  if (code === '' || wanted === '') return false;
  const range = wanted.indexOf('...');
  if (range > 0) {
    const low = wanted.slice(0, range);
    const high = wanted.slice(range + 3);
    const digits = (text: string) => text !== '' && [...text].every((c) => c >= '0' && c <= '9');
    if (!digits(low) || !digits(high) || !digits(code)) return false;
    const value = Number(code);
    return value >= Number(low) && value <= Number(high);
  }
  if (wanted.endsWith('*')) return code.startsWith(wanted.slice(0, -1));
  return code === wanted;
}

/**
 * Whether a destination is in a zone: one of its regions (country or state) matches, and when
 * the zone lists postcodes, one of those too. A zone without locations matches nothing.
 */
export function zoneMatches(zone: ShippingZone, destination: Destination): boolean {
  const country = destination.country.toUpperCase();
  const state = destination.state.toUpperCase();
  const regions = zone.locations.filter((location) => location.type !== 'postcode');
  const postcodes = zone.locations.filter((location) => location.type === 'postcode');
  if (regions.length === 0 && postcodes.length === 0) return false;
  const inRegion =
    regions.length === 0 ||
    regions.some((location) =>
      location.type === 'country'
        ? location.code.toUpperCase() === country
        : location.code.toUpperCase() === `${country}:${state}`,
    );
  const inPostcode =
    postcodes.length === 0 ||
    postcodes.some((location) => postcodeMatches(location.code, destination.postcode));
  return inRegion && inPostcode;
}

/**
 * The zone for a destination: the first of `zones` (in order) that matches, else zone 0 (the
 * one with id 0, "locations not covered by your other zones"), else `undefined`.
 */
export function zoneFor(
  zones: readonly ShippingZone[],
  destination: Destination,
): ShippingZone | undefined {
  if (destination.country === '') return undefined;
  return (
    zones.find((zone) => zone.id !== 0 && zoneMatches(zone, destination)) ??
    zones.find((zone) => zone.id === 0)
  );
}

/**
 * The rates a zone's methods offer for an items amount (cents, after discounts): flat rate and
 * local pickup at their cost, free shipping when there is no minimum or the amount reaches it.
 */
export function ratesFor(zone: ShippingZone, itemsAmount: number): ShippingRate[] {
  const rates: ShippingRate[] = [];
  for (const method of zone.methods) {
    if (!method.enabled) continue;
    if (
      method.methodId === 'free_shipping' &&
      method.minAmount !== null &&
      itemsAmount < method.minAmount
    )
      continue;
    rates.push({
      rateId: `${method.methodId}:${method.instanceId}`,
      methodId: method.methodId,
      instanceId: method.instanceId,
      name: method.title,
      cost: method.methodId === 'free_shipping' ? 0 : method.cost,
    });
  }
  return rates;
}

/**
 * Whether a cart needs shipping: some line is a physical (not virtual) product and the store
 * ships at all (some zone has an enabled method; a store without any needs no shipping, as
 * WooCommerce's `needs_shipping` says).
 */
export function cartNeedsShipping(
  cart: Pick<Cart, 'lines'>,
  zones: readonly ShippingZone[],
): boolean {
  return (
    zones.some((zone) => zone.methods.some((method) => method.enabled)) &&
    cart.lines.some((line) => !line.product.virtual)
  );
}

/** The shipping destination of an address. */
export function destinationOf(address: OrderAddress): Destination {
  return {
    address_1: address.address_1,
    address_2: address.address_2,
    city: address.city,
    state: address.state,
    postcode: address.postcode,
    country: address.country,
  };
}

/**
 * The cart's packages: one ("Shipment 1") holding its physical lines, with the rates of the
 * destination's zone and the chosen rate — the session's choice while it is still offered, else
 * the first rate (WooCommerce's default).
 */
export function buildPackages(
  cart: Pick<Cart, 'lines'>,
  context: Pick<PricingContext, 'zones' | 'customer' | 'chosenRates'>,
  itemsAmount: number,
): ShippingPackage[] {
  const lines = cart.lines.filter((line) => !line.product.virtual);
  if (lines.length === 0) return [];
  const destination = destinationOf(context.customer.shipping);
  const zone = zoneFor(context.zones, destination);
  const rates = zone === undefined ? [] : ratesFor(zone, itemsAmount);
  const chosen = context.chosenRates['0'];
  const selected = rates.find((rate) => rate.rateId === chosen) ?? rates[0];
  return [
    {
      packageId: 0,
      name: 'Shipment 1',
      destination,
      items: lines.map((line) => ({
        key: line.itemKey,
        name: line.product.name,
        quantity: line.quantity,
      })),
      rates,
      selected: selected?.rateId ?? null,
    },
  ];
}

/** The chosen rate of each package (those with one). */
export function chosenRates(packages: readonly ShippingPackage[]): ShippingRate[] {
  const out: ShippingRate[] = [];
  for (const pack of packages) {
    const rate = pack.rates.find((candidate) => candidate.rateId === pack.selected);
    if (rate !== undefined) out.push(rate);
  }
  return out;
}

/** The order's shipping lines: each package's chosen rate at its price now. */
export function shippingLines(packages: readonly ShippingPackage[]): OrderShippingLine[] {
  return chosenRates(packages).map((rate) => ({
    rateId: rate.rateId,
    methodId: rate.methodId,
    instanceId: rate.instanceId,
    name: rate.name,
    total: rate.cost,
  }));
}

/** Adds tax lines of the same rate (the items' and shipping's) into one, in first-seen order. */
function mergeTaxLines(lines: readonly TaxLine[]): TaxLine[] {
  const out: TaxLine[] = [];
  for (const line of lines) {
    const same = out.find((entry) => entry.name === line.name && entry.rate === line.rate);
    if (same === undefined) out.push({ ...line });
    else same.price += line.price;
  }
  return out;
}

/**
 * The destination tax is worked out for: the shipping address, else the billing address, else
 * the store base (WooCommerce's default `woocommerce_tax_based_on` = shipping).
 */
export function taxDestination(customer: CustomerAddresses): Destination {
  if (customer.shipping.country !== '') return destinationOf(customer.shipping);
  if (customer.billing.country !== '') return destinationOf(customer.billing);
  return destinationOf({ ...EMPTY, ...STORE_BASE_LOCATION });
}

/**
 * Prices a cart in WooCommerce's order: the discount on the items, tax on the discounted
 * items, the packages and their chosen rates (free shipping's minimum is checked against the
 * discounted items), tax on shipping, and the total. Returns the cart with `shipping`, `totals`
 * and `totalPrice` set. When prices include tax, the item tax hook gives the items' net amounts
 * and the totals show those (as WooCommerce's `total_items` is always without tax).
 */
export function priceCart(cart: Cart, context: PricingContext): Cart {
  const { hooks } = context;
  const destination = destinationOf(context.customer.shipping);
  const taxAt = taxDestination(context.customer);
  // The coupons' discount, worked out with the lines (cart/coupons.ts), unless a hook says otherwise.
  const { discount, discountTax } = hooks.discount?.(cart, context.session) ?? {
    discount: cart.totalDiscount,
    discountTax: 0,
  };
  const discountedItems = Math.max(cart.totalItems - discount, 0);
  const itemTax: ItemTax = hooks.itemTax?.(cart, discountedItems, taxAt) ?? { tax: 0, lines: [] };
  const netSubtotal = itemTax.netSubtotal ?? cart.totalItems;
  const netTotal = itemTax.netTotal ?? discountedItems;
  const subtotalTax = itemTax.subtotalTax ?? itemTax.tax;
  const needsShipping = cartNeedsShipping(cart, context.zones);
  const packages = needsShipping ? buildPackages(cart, context, discountedItems) : [];
  const shipping = chosenRates(packages).reduce((sum, rate) => sum + rate.cost, 0);
  const shippingTax = needsShipping
    ? (hooks.shippingTax?.(shipping, taxAt) ?? { tax: 0, lines: [] })
    : { tax: 0, lines: [] };
  const totalTax = itemTax.tax + shippingTax.tax;
  const totals: CartTotals = {
    totalItems: netSubtotal,
    totalItemsTax: subtotalTax,
    totalDiscount: netSubtotal - netTotal,
    totalDiscountTax: discountTax + (subtotalTax - itemTax.tax),
    totalShipping: needsShipping ? shipping : null,
    totalShippingTax: needsShipping ? shippingTax.tax : null,
    totalTax,
    totalPrice: netTotal + itemTax.tax + shipping + shippingTax.tax,
    taxLines: mergeTaxLines([...itemTax.lines, ...shippingTax.lines]),
    ...(itemTax.byLine === undefined ? {} : { lineTaxes: Object.fromEntries(itemTax.byLine) }),
    ...(itemTax.settings === undefined ? {} : { taxDisplay: itemTax.settings }),
  };
  return {
    ...cart,
    totals,
    totalPrice: totals.totalPrice,
    shipping: {
      needsShipping,
      hasCalculatedShipping: needsShipping && destination.country !== '',
      packages,
      customer: context.customer,
    },
  };
}

/** The totals of a cart nothing has priced yet: its items, no shipping. */
export function itemTotals(totalItems: number): CartTotals {
  return {
    totalItems,
    totalItemsTax: 0,
    totalDiscount: 0,
    totalDiscountTax: 0,
    totalShipping: null,
    totalShippingTax: null,
    totalTax: 0,
    totalPrice: totalItems,
    taxLines: [],
  };
}
