// Test data only: whole Store API carts (the one `StoreCart` type of @cartwright/store-api-client)
// built from the few fields a test cares about, with the rest as an empty WooCommerce cart has them.
import type { StoreCart, StoreCartItem, StoreCurrency } from '@cartwright/store-api-client';

const CURRENCY: StoreCurrency = {
  currency_code: 'EUR',
  currency_symbol: '€',
  currency_minor_unit: 2,
  currency_decimal_separator: ',',
  currency_thousand_separator: '.',
  currency_prefix: '',
  currency_suffix: ' €',
};

const ADDRESS = {
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

/** One cart line: a product at 12.50 a unit unless the test says otherwise. */
export function storeCartItem(
  line: Pick<StoreCartItem, 'key' | 'id' | 'quantity'> & Partial<StoreCartItem>,
): StoreCartItem {
  const unit = 1250;
  const total = String(unit * line.quantity);
  return {
    quantity_limits: { minimum: 1, maximum: 9999, multiple_of: 1, editable: true },
    name: `Product ${line.id}`,
    short_description: '',
    description: '',
    sku: '',
    low_stock_remaining: null,
    backorders_allowed: false,
    show_backorder_badge: false,
    sold_individually: false,
    permalink: `https://shop.example/product/p${line.id}/`,
    images: [],
    variation: [],
    item_data: [],
    prices: {
      ...CURRENCY,
      price: String(unit),
      regular_price: String(unit),
      sale_price: String(unit),
      price_range: null,
    },
    totals: {
      ...CURRENCY,
      line_subtotal: total,
      line_subtotal_tax: '0',
      line_total: total,
      line_total_tax: '0',
    },
    catalog_visibility: 'visible',
    extensions: {},
    ...line,
  };
}

/** A whole cart holding `lines`; `items_count` is their quantities' sum unless given. */
export function storeCart(
  lines: Array<Parameters<typeof storeCartItem>[0]> = [],
  overrides: Partial<StoreCart> = {},
): StoreCart {
  const items = lines.map(storeCartItem);
  const sum = items.reduce((total, item) => total + Number(item.totals.line_total), 0);
  return {
    items,
    coupons: [],
    fees: [],
    totals: {
      ...CURRENCY,
      total_items: String(sum),
      total_items_tax: '0',
      total_fees: '0',
      total_fees_tax: '0',
      total_discount: '0',
      total_discount_tax: '0',
      total_shipping: null,
      total_shipping_tax: null,
      total_price: String(sum),
      total_tax: '0',
      tax_lines: [],
    },
    shipping_address: ADDRESS,
    billing_address: { ...ADDRESS, email: '' },
    needs_payment: items.length > 0,
    needs_shipping: false,
    payment_requirements: ['products'],
    has_calculated_shipping: false,
    shipping_rates: [],
    items_count: items.reduce((count, item) => count + item.quantity, 0),
    items_weight: 0,
    cross_sells: [],
    errors: [],
    payment_methods: [],
    extensions: {},
    ...overrides,
  };
}
