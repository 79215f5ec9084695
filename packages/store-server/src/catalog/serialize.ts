import type { ProductRecord } from './repository';
import {
  variableOptionsOf,
  variationFieldsOf,
  type StoreApiAttribute,
  type StoreApiVariationRef,
} from './variation-serialize';

/** USD as the Store API describes it (wire contract §5.2). Money is integer cents. */
export const CURRENCY = {
  currency_code: 'USD',
  currency_symbol: '$',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
} as const;

/** WooCommerce's maximum quantity per cart line when stock does not limit it. */
export const DEFAULT_MAXIMUM_QUANTITY = 9999;
/** Stock at or below this is reported as `low_stock_remaining`. */
export const LOW_STOCK = 10;

/** A product as `GET /wc/store/v1/products` returns it. */
export interface StoreApiProduct {
  id: number;
  name: string;
  slug: string;
  parent: number;
  type: 'simple' | 'variable' | 'variation';
  variation: string;
  variations: StoreApiVariationRef[];
  permalink: string;
  sku: string;
  short_description: string;
  description: string;
  on_sale: boolean;
  prices: {
    price: string;
    regular_price: string;
    sale_price: string;
    price_range: { min_amount: string; max_amount: string } | null;
  } & typeof CURRENCY;
  price_html: string;
  average_rating: string;
  review_count: number;
  images: {
    id: number;
    src: string;
    thumbnail: string;
    srcset: string;
    sizes: string;
    name: string;
    alt: string;
  }[];
  categories: { id: number; name: string; slug: string; link: string }[];
  tags: never[];
  attributes: StoreApiAttribute[];
  has_options: boolean;
  is_purchasable: boolean;
  is_in_stock: boolean;
  is_on_backorder: boolean;
  low_stock_remaining: number | null;
  /** WooCommerce ≥ 9.x: the stock line the product page shows, and its CSS class. */
  stock_availability: { text: string; class: 'in-stock' | 'out-of-stock' };
  sold_individually: boolean;
  add_to_cart: {
    text: string;
    description: string;
    url: string;
    /** The single product page's button text. */
    single_text: string;
    minimum: number;
    maximum: number;
    multiple_of: number;
  };
  /** Product brands (WooCommerce ≥ 9.6); the demo catalogue has none. */
  brands: never[];
  /** Children of a grouped product; none here. */
  grouped_products: never[];
  extensions: Record<string, never>;
}

/** `1234567` cents → `12,345.67`. */
export function formatAmount(cents: number): string {
  const digits = Math.trunc(Math.abs(cents) / 100).toString();
  let whole = digits.slice(0, digits.length % 3 || 3);
  for (let i = whole.length; i < digits.length; i += 3) {
    whole += CURRENCY.currency_thousand_separator + digits.slice(i, i + 3);
  }
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${whole}${CURRENCY.currency_decimal_separator}${fraction}`;
}

export function amountHtml(cents: number): string {
  return `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${formatAmount(cents)}</bdi></span>`;
}

/** The price markup WooCommerce themes print, with screen-reader text for sale prices. */
export function priceHtml(regular: number, sale: number | null): string {
  if (sale === null || sale >= regular) return amountHtml(regular);
  return (
    `<del aria-hidden="true">${amountHtml(regular)}</del> ` +
    `<span class="screen-reader-text">Original price was: $${formatAmount(regular)}.</span>` +
    `<ins aria-hidden="true">${amountHtml(sale)}</ins>` +
    `<span class="screen-reader-text">Current price is: $${formatAmount(sale)}.</span>`
  );
}

/** Builds the Store API product object; `origin` prefixes every absolute URL. */
export function serializeProduct(product: ProductRecord, origin: string): StoreApiProduct {
  const simple = serializeSimple(product, origin);
  if (product.type === 'variable') return { ...simple, ...variableOptionsOf(product, simple) };
  if (product.type === 'variation')
    return { ...simple, ...variationFieldsOf(product, simple, origin) };
  return simple;
}

function serializeSimple(product: ProductRecord, origin: string): StoreApiProduct {
  const permalink = `${origin}/product/${product.slug}/`;
  const onSale = product.salePrice !== null && product.salePrice < product.regularPrice;
  const inStock = product.stockStatus !== 'outofstock';
  const purchasable = product.status === 'publish';
  const canAdd = purchasable && inStock;
  const managed = product.stockQuantity !== null;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    parent: 0,
    type: 'simple',
    variation: '',
    variations: [],
    permalink,
    sku: product.sku ?? '',
    short_description: product.shortDescription,
    description: product.description,
    on_sale: onSale,
    prices: {
      price: String(product.price),
      regular_price: String(product.regularPrice),
      sale_price: String(onSale ? product.salePrice : product.regularPrice),
      price_range: null,
      ...CURRENCY,
    },
    price_html: priceHtml(product.regularPrice, product.salePrice),
    // PostgreSQL numeric("4.50") → WooCommerce's plain decimal string ("4.5", "0").
    average_rating: String(Number(product.averageRating)),
    review_count: product.reviewCount,
    images: product.images.map((image) => {
      const src = `${origin}/wp-content/uploads/${image.path}`;
      return {
        id: image.id,
        src,
        thumbnail: src,
        srcset: `${src} ${image.width}w`,
        sizes: `(max-width: ${image.width}px) 100vw, ${image.width}px`,
        name: image.name,
        alt: image.alt,
      };
    }),
    categories: product.categories.map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      link: `${origin}/product-category/${category.slug}/`,
    })),
    tags: [],
    attributes: [],
    has_options: false,
    is_purchasable: purchasable,
    is_in_stock: inStock,
    is_on_backorder: false,
    low_stock_remaining:
      managed && product.stockQuantity! <= LOW_STOCK ? Math.max(product.stockQuantity!, 0) : null,
    stock_availability: inStock
      ? { text: managed ? `${product.stockQuantity} in stock` : '', class: 'in-stock' }
      : { text: 'Out of stock', class: 'out-of-stock' },
    sold_individually: false,
    add_to_cart: {
      text: canAdd ? 'Add to cart' : 'Read more',
      description: canAdd
        ? `Add “${product.name}” to your cart`
        : `Read more about “${product.name}”`,
      // WooCommerce's add_to_cart_url(): a relative `?add-to-cart=` link, or the product page.
      url: canAdd ? `?add-to-cart=${product.id}` : permalink,
      single_text: 'Add to cart',
      minimum: 1,
      maximum: managed && inStock ? Math.max(product.stockQuantity!, 1) : DEFAULT_MAXIMUM_QUANTITY,
      multiple_of: 1,
    },
    brands: [],
    grouped_products: [],
    extensions: {},
  };
}
