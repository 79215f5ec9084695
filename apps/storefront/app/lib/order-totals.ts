import { checkoutT } from '../messages-checkout';

/** The tax fields of a Store API order's totals (minor units as strings; absent on old stores). */
export interface OrderTaxTotals {
  total_items: string;
  total_items_tax?: string;
  total_discount?: string;
  total_discount_tax?: string;
  total_shipping: string;
  total_shipping_tax?: string | null;
  total_tax?: string;
  tax_lines?: { name: string; price: string; rate?: string }[];
  total_price: string;
}

/** How the store shows tax (`woocommerce_tax_display_cart`, `woocommerce_prices_include_tax`). */
export interface OrderTaxDisplay {
  displayCart: 'incl' | 'excl';
  pricesIncludeTax: boolean;
}

/** One row of an order's totals table between the subtotal and the total. */
export interface OrderTotalsRow {
  kind: 'discount' | 'shipping' | 'tax';
  label: string;
  amount: string;
  suffix: string;
}

const amountOf = (value: string | null | undefined) =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : 0;

function labelFor(display: OrderTaxDisplay, tax: string | null | undefined): string {
  if (amountOf(tax) <= 0) return '';
  if (display.displayCart === 'incl' && !display.pricesIncludeTax) {
    return checkoutT.format('totals.inclTax');
  }
  if (display.displayCart === 'excl' && display.pricesIncludeTax) {
    return checkoutT.format('totals.exTax');
  }
  return '';
}

/**
 * An order's totals as WooCommerce's order tables show them (`get_order_item_totals`): shown
 * without tax, a row per tax rate; shown with tax, amounts with their tax and the total saying
 * what tax it includes.
 */
export function orderTotals(totals: OrderTaxTotals, display: OrderTaxDisplay) {
  const incl = display.displayCart === 'incl';
  const withTax = (amount: string, tax: string | null | undefined) =>
    String(amountOf(amount) + (incl ? amountOf(tax) : 0));
  const rows: OrderTotalsRow[] = [];
  if (amountOf(totals.total_discount) > 0) {
    rows.push({
      kind: 'discount',
      label: checkoutT.format('totals.discount'),
      amount: `-${withTax(totals.total_discount ?? '0', totals.total_discount_tax)}`,
      suffix: '',
    });
  }
  if (amountOf(totals.total_shipping) > 0) {
    rows.push({
      kind: 'shipping',
      label: checkoutT.format('orderReceived.shipping'),
      amount: withTax(totals.total_shipping, totals.total_shipping_tax),
      suffix: labelFor(display, totals.total_shipping_tax),
    });
  }
  const tax = amountOf(totals.total_tax);
  if (!incl && tax > 0) {
    const lines = (totals.tax_lines ?? []).filter((line) => amountOf(line.price) > 0);
    for (const line of lines.length > 0 ? lines : [{ name: '', price: String(tax) }]) {
      rows.push({
        kind: 'tax',
        label: line.name || checkoutT.format('totals.tax'),
        amount: line.price,
        suffix: '',
      });
    }
  }
  return {
    subtotal: withTax(totals.total_items, totals.total_items_tax),
    subtotalSuffix: labelFor(display, totals.total_items_tax),
    rows,
    total: totals.total_price,
    includedTax: incl && tax > 0 ? String(tax) : null,
  };
}

/** An order line's amount as the table shows it (with its tax when shown including tax). */
export function orderLineAmount(
  line: { line_total: string; line_total_tax?: string },
  display: OrderTaxDisplay,
): string {
  return String(
    amountOf(line.line_total) +
      (display.displayCart === 'incl' ? amountOf(line.line_total_tax) : 0),
  );
}
