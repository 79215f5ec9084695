/**
 * Tax, free of I/O: which of the store's rates apply to a destination, and the tax on each cart
 * line and on shipping, in integer cents. WooCommerce's rules (10.2.4, `WC_Tax` and
 * `WC_Cart_Totals`) as this store uses them:
 * - rates match on country and state (`''` = any state); for each priority only one rate
 *   applies — the state-specific one before a country-wide one, then the lowest `order`;
 *   priorities apply in ascending order;
 * - tax is worked out per line and per rate, then rounded to the cent half-up (WooCommerce's
 *   default: `woocommerce_tax_round_at_subtotal` off, `wc_round_tax_total` rounding half up);
 * - compound rates apply to the price plus the non-compound taxes before them;
 * - shipping is taxed by the rates marked `shipping`;
 * - with `woocommerce_prices_include_tax`, catalogue prices hold the store base's tax: for a
 *   destination whose rates differ from the base's, the base tax is taken out first and the
 *   destination's added on top (`woocommerce_adjust_non_base_location_prices`, on by default).
 * Rates are WooCommerce's percent strings with four decimals (`"7.2500"`); arithmetic runs on
 * ten-thousandths of a percent so no rate is rounded.
 */
import type { Cart } from './cart';
import {
  STORE_BASE_LOCATION,
  type Destination,
  type LineTax,
  type TaxLine,
  type TotalsHooks,
} from './shipping';

/** A tax rate as configured (`woocommerce_tax_rates`). */
export interface TaxRate {
  id: number;
  /** ISO country code; `''` = every country. */
  country: string;
  /** State code; `''` = every state of the country. */
  state: string;
  /** Percent with up to four decimals, as WooCommerce stores it: `"7.2500"`. */
  rate: string;
  /** The label shown in totals ("CA Tax", "GST"). */
  name: string;
  priority: number;
  compound: boolean;
  /** Whether the rate also taxes shipping. */
  shipping: boolean;
  /** Order within a priority (`tax_rate_order`). */
  order: number;
}

/** The store's tax settings, under WooCommerce's option names. */
export interface TaxSettings {
  /** `woocommerce_calc_taxes`. */
  calcTaxes: boolean;
  /** `woocommerce_prices_include_tax`: catalogue prices are entered with tax. */
  pricesIncludeTax: boolean;
  /** `woocommerce_tax_display_shop`. */
  displayShop: 'incl' | 'excl';
  /** `woocommerce_tax_display_cart`. */
  displayCart: 'incl' | 'excl';
}

/** WooCommerce's defaults for a new store: no tax, prices entered and shown without it. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  calcTaxes: false,
  pricesIncludeTax: false,
  displayShop: 'excl',
  displayCart: 'excl',
};

/** What tax pricing needs: the settings and every rate. */
export interface TaxConfig {
  settings: TaxSettings;
  rates: readonly TaxRate[];
}

/** A percent string → ten-thousandths of a percent (`"7.25"` → 72500); `null` if malformed. */
export function parseRate(rate: string): number | null {
  const text = rate.trim();
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  const fraction = dot === -1 ? '' : text.slice(dot + 1);
  const digits = (part: string) => [...part].every((c) => c >= '0' && c <= '9');
  if (whole === '' || whole.length > 4 || fraction.length > 4) return null;
  if (!digits(whole) || !digits(fraction)) return null;
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** A rate as WooCommerce shows it in `tax_lines` (`WC_Tax::get_rate_percent`): `"7.25%"`. */
export function ratePercent(rate: string): string {
  const units = parseRate(rate) ?? 0;
  // Number → string drops trailing zeros: 72500 → "7.25", 100000 → "10".
  return `${String(units / 10_000)}%`;
}

/** One million ten-thousandths of a percent make the whole amount. */
const WHOLE = 1_000_000;

/**
 * Rounds half up to a whole cent, after dropping float noise below a millionth of a cent
 * (WooCommerce works to six decimals before it rounds).
 */
export function roundHalfUp(cents: number): number {
  const clean = Math.round(cents * 1e6) / 1e6;
  return Math.floor(clean + 0.5);
}

/** The rates that apply at a destination, one per priority, in the order they apply. */
export function matchRates(rates: readonly TaxRate[], destination: Destination): TaxRate[] {
  const country = destination.country.toUpperCase();
  const state = destination.state.toUpperCase();
  const candidates = rates.filter(
    (rate) =>
      parseRate(rate.rate) !== null &&
      (rate.country === '' || rate.country.toUpperCase() === country) &&
      (rate.state === '' || rate.state.toUpperCase() === state),
  );
  const specificity = (rate: TaxRate) =>
    (rate.state !== '' ? 2 : 0) + (rate.country !== '' ? 1 : 0);
  candidates.sort(
    (a, b) =>
      a.priority - b.priority ||
      specificity(b) - specificity(a) ||
      a.order - b.order ||
      a.id - b.id,
  );
  const chosen: TaxRate[] = [];
  for (const rate of candidates) {
    if (!chosen.some((taken) => taken.priority === rate.priority)) chosen.push(rate);
  }
  return chosen;
}

/**
 * The taxes on an amount (cents) that does not include them, per rate, unrounded (fractions of a
 * cent): non-compound rates on the amount, compound rates on the amount plus those before them.
 */
export function exclusiveTaxes(amount: number, rates: readonly TaxRate[]): Map<number, number> {
  const taxes = new Map<number, number>();
  let preCompound = 0;
  for (const rate of rates.filter((candidate) => !candidate.compound)) {
    const tax = (amount * parseRate(rate.rate)!) / WHOLE;
    taxes.set(rate.id, tax);
    preCompound += tax;
  }
  let base = amount + preCompound;
  for (const rate of rates.filter((candidate) => candidate.compound)) {
    const tax = (base * parseRate(rate.rate)!) / WHOLE;
    taxes.set(rate.id, tax);
    base += tax;
  }
  return taxes;
}

/**
 * The taxes inside an amount (cents) that includes them, per rate, unrounded: compound rates
 * come out first (last applied), then the non-compound ones share what is left.
 */
export function inclusiveTaxes(amount: number, rates: readonly TaxRate[]): Map<number, number> {
  const taxes = new Map<number, number>();
  let remaining = amount;
  for (const rate of rates.filter((candidate) => candidate.compound).reverse()) {
    const units = parseRate(rate.rate)!;
    const tax = remaining - (remaining * WHOLE) / (WHOLE + units);
    taxes.set(rate.id, tax);
    remaining -= tax;
  }
  const simple = rates.filter((candidate) => !candidate.compound);
  const sum = simple.reduce((total, rate) => total + parseRate(rate.rate)!, 0);
  const net = (remaining * WHOLE) / (WHOLE + sum);
  for (const rate of simple) taxes.set(rate.id, (net * parseRate(rate.rate)!) / WHOLE);
  return taxes;
}

/** Rounds each rate's tax half up to the cent (tax per line, WooCommerce's default). */
function roundEach(taxes: Map<number, number>): Map<number, number> {
  return new Map([...taxes].map(([id, tax]) => [id, roundHalfUp(tax)]));
}

const sumOf = (taxes: Map<number, number>) => [...taxes.values()].reduce((a, b) => a + b, 0);

function sameRates(a: readonly TaxRate[], b: readonly TaxRate[]): boolean {
  return a.length === b.length && a.every((rate, index) => rate.id === b[index]!.id);
}

/** A line amount's net (without tax) and its taxes per rate, rounded to the cent. */
export interface AmountTax {
  net: number;
  taxes: Map<number, number>;
}

/**
 * The tax on one line amount (cents, as the catalogue prices it) for the destination's rates:
 * added on top when prices exclude tax; taken out when they include it, after swapping the
 * base's tax for the destination's when the two differ.
 */
export function taxAmount(
  amount: number,
  rates: readonly TaxRate[],
  baseRates: readonly TaxRate[],
  pricesIncludeTax: boolean,
): AmountTax {
  if (!pricesIncludeTax) return { net: amount, taxes: roundEach(exclusiveTaxes(amount, rates)) };
  if (sameRates(rates, baseRates)) {
    const taxes = roundEach(inclusiveTaxes(amount, rates));
    return { net: amount - sumOf(taxes), taxes };
  }
  const net = amount - sumOf(roundEach(inclusiveTaxes(amount, baseRates)));
  return { net, taxes: roundEach(exclusiveTaxes(net, rates)) };
}

/** The store base as a destination (WooCommerce's "shop base address"). */
export const BASE_DESTINATION: Destination = {
  address_1: '',
  address_2: '',
  city: '',
  postcode: '',
  country: STORE_BASE_LOCATION.country,
  state: STORE_BASE_LOCATION.state,
};

/** Adds each rate's tax to the per-rate totals. */
function addTo(totals: Map<number, number>, taxes: Map<number, number>): void {
  for (const [id, tax] of taxes) totals.set(id, (totals.get(id) ?? 0) + tax);
}

/** The `tax_lines` of per-rate totals, in the order the rates apply. */
function taxLinesOf(totals: Map<number, number>, rates: readonly TaxRate[]): TaxLine[] {
  return rates
    .filter((rate) => totals.has(rate.id))
    .map((rate) => ({
      name: rate.name,
      price: totals.get(rate.id)!,
      rate: ratePercent(rate.rate),
    }));
}

/**
 * Tax on the cart's lines at a destination: each line's subtotal (before coupons) and total
 * (after them), net and tax; the items' net subtotal and discount; the tax lines per rate.
 */
export function itemTaxes(
  cart: Pick<Cart, 'lines'>,
  destination: Destination,
  config: TaxConfig,
): {
  byLine: Map<string, LineTax>;
  subtotal: number;
  subtotalTax: number;
  total: number;
  totalTax: number;
  perRate: Map<number, number>;
} {
  const rates = matchRates(config.rates, destination);
  const baseRates = matchRates(config.rates, BASE_DESTINATION);
  const byLine = new Map<string, LineTax>();
  const perRate = new Map<number, number>();
  let subtotal = 0;
  let subtotalTax = 0;
  let total = 0;
  let totalTax = 0;
  for (const line of cart.lines) {
    const before = taxAmount(line.lineTotal, rates, baseRates, config.settings.pricesIncludeTax);
    const after = taxAmount(
      line.lineTotal - line.discount,
      rates,
      baseRates,
      config.settings.pricesIncludeTax,
    );
    const shown = (amount: number) => {
      const unit = taxAmount(amount, rates, baseRates, config.settings.pricesIncludeTax);
      return config.settings.displayCart === 'incl' ? unit.net + sumOf(unit.taxes) : unit.net;
    };
    const product = line.product;
    const sale = product.salePrice !== null && product.salePrice < product.regularPrice;
    const tax: LineTax = {
      subtotal: before.net,
      subtotalTax: sumOf(before.taxes),
      total: after.net,
      totalTax: sumOf(after.taxes),
      unitPrices: {
        price: shown(line.unitPrice),
        regular: shown(product.regularPrice),
        sale: shown(sale ? product.salePrice! : product.regularPrice),
      },
    };
    byLine.set(line.itemKey, tax);
    addTo(perRate, after.taxes);
    subtotal += tax.subtotal;
    subtotalTax += tax.subtotalTax;
    total += tax.total;
    totalTax += tax.totalTax;
  }
  return { byLine, subtotal, subtotalTax, total, totalTax, perRate };
}

/** Tax on shipping (cents, never including tax) at a destination: the rates marked `shipping`. */
export function shippingTaxes(
  shipping: number,
  destination: Destination,
  config: TaxConfig,
): Map<number, number> {
  const rates = matchRates(config.rates, destination).filter((rate) => rate.shipping);
  return roundEach(exclusiveTaxes(shipping, rates));
}

/**
 * The totals hooks for a store's tax configuration (cart/shipping.ts `priceCart` calls them);
 * none when the store does not calculate taxes.
 */
export function taxHooks(config: TaxConfig): Pick<TotalsHooks, 'itemTax' | 'shippingTax'> {
  if (!config.settings.calcTaxes) return {};
  return {
    itemTax(cart, _discountedItems, destination) {
      const taxes = itemTaxes(cart, destination, config);
      return {
        tax: taxes.totalTax,
        lines: taxLinesOf(taxes.perRate, config.rates),
        subtotalTax: taxes.subtotalTax,
        netSubtotal: taxes.subtotal,
        netTotal: taxes.total,
        byLine: taxes.byLine,
        perRate: taxes.perRate,
        settings: {
          pricesIncludeTax: config.settings.pricesIncludeTax,
          displayCart: config.settings.displayCart,
        },
      };
    },
    shippingTax(shipping, destination) {
      const taxes = shippingTaxes(shipping, destination, config);
      return { tax: sumOf(taxes), lines: taxLinesOf(taxes, config.rates), perRate: taxes };
    },
  };
}

/**
 * A catalogue price (cents) as the shop shows it: with tax at the store base when the display
 * setting and the way prices are entered differ, else as entered. Catalogue pages are the same
 * for every visitor, so they use the base's rates (WooCommerce shows guests the base's too).
 */
export function displayPrice(
  price: number,
  config: TaxConfig,
  display: TaxSettings['displayShop'],
): number {
  if (!config.settings.calcTaxes) return price;
  const baseRates = matchRates(config.rates, BASE_DESTINATION);
  const { net, taxes } = taxAmount(price, baseRates, baseRates, config.settings.pricesIncludeTax);
  return display === 'incl' ? net + sumOf(taxes) : net;
}
