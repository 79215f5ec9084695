import type { StoreProduct } from '@cartwright/store-api-client/store';

/** What a product card needs, and nothing more: loader data is shipped to the browser. */
export interface CardProduct {
  id: number;
  name: string;
  href: string;
  amount: string;
  regularAmount: string | null;
  /** A variable product's highest price (its lowest is `amount`): the card shows the range. */
  maxAmount: string | null;
  currency: CurrencyFields;
  image: { src: string; alt: string } | null;
  onSale: boolean;
  inStock: boolean;
  sku: string;
  /** Can go in the cart from the listing (purchasable, in stock, no options to choose). */
  purchasable: boolean;
  /**
   * Options must be chosen on the product page first (a variable product): the listing links
   * there with "Select options", as WooCommerce's loop does.
   */
  needsOptions: boolean;
}

export type CurrencyFields = Pick<
  StoreProduct['prices'],
  | 'currency_code'
  | 'currency_symbol'
  | 'currency_minor_unit'
  | 'currency_decimal_separator'
  | 'currency_thousand_separator'
  | 'currency_prefix'
  | 'currency_suffix'
>;

/** Products per shop page: WooCommerce's default 4 rows of 4. */
export const PRODUCTS_PER_PAGE = 16;

/**
 * Our own link to a product. The store's `permalink` is not followed: navigation
 * driven by server data stays on this origin.
 */
export function productPath(slug: string): string {
  return `/product/${encodeURIComponent(slug)}/`;
}

/** Our own link to a category's page (`/product-category/{slug}/`, WooCommerce's). */
export function categoryPath(slug: string): string {
  return `/product-category/${encodeURIComponent(slug)}/`;
}

export function currencyOf(prices: StoreProduct['prices']): CurrencyFields {
  return {
    currency_code: prices.currency_code,
    currency_symbol: prices.currency_symbol,
    currency_minor_unit: prices.currency_minor_unit,
    currency_decimal_separator: prices.currency_decimal_separator,
    currency_thousand_separator: prices.currency_thousand_separator,
    currency_prefix: prices.currency_prefix,
    currency_suffix: prices.currency_suffix,
  };
}

export function toCardProduct(product: StoreProduct): CardProduct {
  const image = product.images[0];
  const range = product.prices.price_range;
  return {
    id: product.id,
    name: product.name,
    href: productPath(product.slug),
    amount: range ? range.min_amount : product.prices.price,
    regularAmount: product.on_sale ? product.prices.regular_price : null,
    maxAmount: range ? range.max_amount : null,
    currency: currencyOf(product.prices),
    image: image ? { src: image.thumbnail || image.src, alt: image.alt || product.name } : null,
    onSale: product.on_sale,
    inStock: product.is_in_stock,
    sku: product.sku,
    purchasable: product.is_purchasable && product.is_in_stock && !product.has_options,
    needsOptions: product.has_options && product.is_in_stock,
  };
}

/**
 * Reads the page number from `/shop/page/{n}/`. `null` means the URL is not a page
 * that exists (not a positive integer, or written with leading zeros).
 */
export function parsePageParam(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}
