import { checkoutT } from '../messages-checkout';
import type { StoreCart } from '@cartwright/store-api-client';
import type { CurrencyFields } from './catalog';
import type { ChosenOption } from '../components/VariationDetails';
import { shippingViewOf, type ShippingView } from './shipping';
import { plus, positive, taxDisplayOf, type TaxDisplay } from './cart-summary';
import { cartLineBaseOf } from './line-links';

export {
  hasCartCookie,
  hasNoticesCookie,
  renderedCartHash,
  taxDisplayOf,
  toNotices,
  type StoreNotice,
  type TaxDisplay,
} from './cart-summary';

/** A cart line as the pages render it (loader data: only what is shown). */
export interface CartLine {
  key: string;
  productId: number;
  name: string;
  quantity: number;
  price: string;
  lineTotal: string;
  href: string;
  removeUrl: string;
  sku: string;
  image: { src: string; alt: string } | null;
  min: number;
  max: number;
  /** A variation's chosen options (`Size: M`); `[]` for other products. */
  variation: ChosenOption[];
  /** `(incl. tax)` / `(ex. tax)` after the line total, as WooCommerce labels it; `''` if none. */
  taxLabel: string;
}

/** A line between the subtotal and the total (discount, shipping, fees, tax), in minor units. */
export interface TotalsLine {
  kind: 'discount' | 'shipping' | 'fees' | 'tax';
  label: string;
  /** What the line is, e.g. the chosen shipping rate's name ("Flat rate"). */
  detail: string;
  amount: string;
  /** `(incl. tax)` / `(ex. tax)` after the amount, when WooCommerce adds one. */
  suffix?: string;
}

export interface CartView {
  lines: CartLine[];
  count: number;
  subtotal: string;
  /** Everything the total holds beyond the subtotal, so the lines add up to it. */
  totalsLines: TotalsLine[];
  /** The coupons applied, each with what it takes off (minor units). */
  coupons: { code: string; discount: string }[];
  total: string;
  /** `(incl. tax)` / `(ex. tax)` after the subtotal, as WooCommerce labels it; `''` if none. */
  subtotalTaxLabel: string;
  /** With prices shown including tax: the tax the total includes ("includes $1.45 tax"), else `null`. */
  includedTax: string | null;
  currency: CurrencyFields;
  /** Rates to choose from and where they are for (lib/shipping.ts). */
  shipping: ShippingView;
}

/**
 * WooCommerce's label after an amount shown with tax when prices were entered without it
 * ("(incl. tax)"), or without tax when they were entered with it ("(ex. tax)"); none if untaxed.
 */
function taxLabelOf(display: TaxDisplay, tax: string | null | undefined): string {
  if (!positive(tax)) return '';
  if (display.incl && !display.pricesIncludeTax) return checkoutT.format('totals.inclTax');
  if (!display.incl && display.pricesIncludeTax) return checkoutT.format('totals.exTax');
  return '';
}

/** The names of the shipping rates chosen for the cart's packages (`shipping_rates[].shipping_rates[]`). */
function chosenRateNames(packages: unknown[]): string[] {
  const names: string[] = [];
  for (const pkg of packages) {
    const rates = (pkg as { shipping_rates?: unknown } | null)?.shipping_rates;
    if (!Array.isArray(rates)) continue;
    for (const rate of rates as { selected?: unknown; name?: unknown }[]) {
      if (rate?.selected === true && typeof rate.name === 'string') names.push(rate.name);
    }
  }
  return names;
}

/** The totals between subtotal and total, as WooCommerce's cart totals list them. */
export function totalsLinesOf(
  cart: Pick<StoreCart, 'totals' | 'needs_shipping' | 'shipping_rates' | 'coupons'> &
    Partial<Pick<StoreCart, 'extensions'>>,
): TotalsLine[] {
  const { totals } = cart;
  const display = taxDisplayOf({ extensions: cart.extensions ?? {} });
  const lines: TotalsLine[] = [];
  if (positive(totals.total_discount)) {
    lines.push({
      kind: 'discount',
      label: checkoutT.format('totals.discount'),
      detail: cart.coupons.map((coupon) => coupon.code).join(', '),
      amount: `-${display.incl ? plus(totals.total_discount, totals.total_discount_tax) : totals.total_discount}`,
    });
  }
  if (
    cart.needs_shipping &&
    totals.total_shipping !== null &&
    /^\d{1,15}$/.test(totals.total_shipping)
  ) {
    const label = taxLabelOf(display, totals.total_shipping_tax);
    lines.push({
      kind: 'shipping',
      label: checkoutT.format('totals.shipping'),
      detail: chosenRateNames(cart.shipping_rates).join(', '),
      amount: display.incl
        ? plus(totals.total_shipping, totals.total_shipping_tax)
        : totals.total_shipping,
      ...(label === '' ? {} : { suffix: label }),
    });
  }
  if (positive(totals.total_fees)) {
    lines.push({
      kind: 'fees',
      label: checkoutT.format('totals.fees'),
      detail: '',
      amount: totals.total_fees,
    });
  }
  // Shown including tax, the total says what tax it includes instead of tax lines.
  if (positive(totals.total_tax) && !display.incl) {
    const taxes = totals.tax_lines.filter((tax) => positive(tax.price));
    for (const tax of taxes.length > 0 ? taxes : [{ name: '', price: totals.total_tax }]) {
      lines.push({
        kind: 'tax',
        label: tax.name || checkoutT.format('totals.tax'),
        detail: '',
        amount: tax.price,
      });
    }
  }
  return lines;
}

export function toCartView(cart: StoreCart): CartView {
  const totals = cart.totals;
  const display = taxDisplayOf(cart);
  return {
    lines: cart.items.map((item) => {
      const image = item.images[0];
      return {
        ...cartLineBaseOf(item),
        // The line before coupons, as WooCommerce's cart table shows it: the discount is its own
        // totals line, so the lines add up to the subtotal.
        lineTotal: display.incl
          ? plus(item.totals.line_subtotal, item.totals.line_subtotal_tax)
          : item.totals.line_subtotal,
        taxLabel: taxLabelOf(display, item.totals.line_subtotal_tax),
        image: image ? { src: image.thumbnail || image.src, alt: image.alt || item.name } : null,
        min: item.quantity_limits.minimum,
        max: item.quantity_limits.maximum,
      };
    }),
    count: cart.items_count,
    subtotal: display.incl ? plus(totals.total_items, totals.total_items_tax) : totals.total_items,
    subtotalTaxLabel: taxLabelOf(display, totals.total_items_tax),
    includedTax: display.incl && positive(totals.total_tax) ? totals.total_tax : null,
    totalsLines: totalsLinesOf(cart),
    coupons: (cart.coupons ?? []).map((coupon) => ({
      code: coupon.code,
      discount:
        typeof coupon.totals.total_discount === 'string' ? coupon.totals.total_discount : '0',
    })),
    total: totals.total_price,
    shipping: shippingViewOf(cart),
    currency: {
      currency_code: totals.currency_code,
      currency_symbol: totals.currency_symbol,
      currency_minor_unit: totals.currency_minor_unit,
      currency_decimal_separator: totals.currency_decimal_separator,
      currency_thousand_separator: totals.currency_thousand_separator,
      currency_prefix: totals.currency_prefix,
      currency_suffix: totals.currency_suffix,
    },
  };
}
