// Store API (wc/store/v1) shapes as they appear on the wire (wire contract §5.2).
// Money stays as the wire sends it: strings of integer minor units ("1999" = 19.99 USD).

/** A product image. */
export interface StoreImage {
  /** Attachment id. */
  id: number;
  /** Full-size image URL. */
  src: string;
  /** Thumbnail URL. */
  thumbnail: string;
  /** `srcset` attribute value; may be empty. */
  srcset: string;
  /** `sizes` attribute value; may be empty. */
  sizes: string;
  /** Attachment title. */
  name: string;
  /** Alternative text; may be empty. */
  alt: string;
}

/** A product category, as listed on a product. */
export interface StoreCategory {
  /** Term id. */
  id: number;
  /** Display name. */
  name: string;
  /** URL slug. */
  slug: string;
  /** Category archive URL. */
  link: string;
}

/** A price range for variable and grouped products, in minor units. */
export interface StorePriceRange {
  /** Lowest price, integer minor units as a string. */
  min_amount: string;
  /** Highest price, integer minor units as a string. */
  max_amount: string;
}

/** Currency fields the Store API adds to every money object. */
export interface StoreCurrency {
  /** ISO 4217 code, e.g. `'USD'`. */
  currency_code: string;
  /** Symbol, e.g. `'$'`. */
  currency_symbol: string;
  /** Digits after the decimal point; divide minor units by `10 ** currency_minor_unit`. */
  currency_minor_unit: number;
  /** e.g. `'.'`. */
  currency_decimal_separator: string;
  /** e.g. `','`. */
  currency_thousand_separator: string;
  /** Text before the amount, e.g. `'$'`. */
  currency_prefix: string;
  /** Text after the amount; often empty. */
  currency_suffix: string;
}

/** A product's prices: integer minor units as strings, plus the currency fields. */
export interface StoreProductPrices extends StoreCurrency {
  /** Current price. */
  price: string;
  /** Price before any sale. */
  regular_price: string;
  /** Sale price (equals `price` when not on sale). */
  sale_price: string;
  /** Range for variable/grouped products, otherwise `null`. */
  price_range: StorePriceRange | null;
}

/** The add-to-cart button data of a product. */
export interface StoreAddToCart {
  /** Button text, e.g. `'Add to cart'`. */
  text: string;
  /** Accessible description, e.g. `'Add “Beanie” to your cart'`. */
  description: string;
}

/** A product from `GET /wc/store/v1/products`. */
export interface StoreProduct {
  /** Product id. */
  id: number;
  /** Product name (may contain HTML entities). */
  name: string;
  /** URL slug. */
  slug: string;
  /** Variation attributes text for a variation; empty for other products. */
  variation: string;
  /** Product page URL. */
  permalink: string;
  /** SKU; may be empty. */
  sku: string;
  /** Short summary HTML. */
  summary: string;
  /** Short description HTML. */
  short_description: string;
  /** Full description HTML. */
  description: string;
  /** Whether a sale price applies now. */
  on_sale: boolean;
  /** Prices and currency. */
  prices: StoreProductPrices;
  /** Average rating as a decimal string, e.g. `'4.50'`. */
  average_rating: string;
  /** Number of reviews. */
  review_count: number;
  /** Images, the featured one first. */
  images: StoreImage[];
  /** Categories the product is in. */
  categories: StoreCategory[];
  /** Whether the product must be configured (e.g. variable) before adding. */
  has_options: boolean;
  /** Whether the product can be bought. */
  is_purchasable: boolean;
  /** Whether it is in stock. */
  is_in_stock: boolean;
  /** Units left when stock is low, otherwise `null`. */
  low_stock_remaining: number | null;
  /** Add-to-cart button data. */
  add_to_cart: StoreAddToCart;
}

/** `orderby` values the Store API accepts for products. */
export type ProductOrderBy =
  | 'date'
  | 'modified'
  | 'id'
  | 'include'
  | 'title'
  | 'slug'
  | 'price'
  | 'popularity'
  | 'rating'
  | 'menu_order'
  | 'comment_count';

/**
 * Query arguments of `GET /wc/store/v1/products` (wire contract §5.2). Arrays
 * are sent comma-separated, which WordPress parses as lists; `undefined` is left out.
 */
export interface ProductQuery {
  /**
   * Page number, from 1.
   * @default 1 (server side)
   */
  page?: number;
  /**
   * Products per page, at most 100.
   * @default 10 (server side)
   */
  per_page?: number;
  /** Sort key. */
  orderby?: ProductOrderBy;
  /** Sort direction. */
  order?: 'asc' | 'desc';
  /** Full-text search. */
  search?: string;
  /** Category ids or slugs, comma-separated or as a list. */
  category?: string | number | ReadonlyArray<string | number>;
  /** Tag ids or slugs. */
  tag?: string | number | ReadonlyArray<string | number>;
  /** Only these product ids. */
  include?: ReadonlyArray<number>;
  /** Leave out these product ids. */
  exclude?: ReadonlyArray<number>;
  /** Only products with these slugs (comma-separated string or list). */
  slug?: string | ReadonlyArray<string>;
  /** Only products with these SKUs. */
  sku?: string | ReadonlyArray<string>;
  /** Only products on sale. */
  on_sale?: boolean;
  /** Only featured products. */
  featured?: boolean;
  /** Minimum price in minor units. */
  min_price?: number;
  /** Maximum price in minor units. */
  max_price?: number;
  /** Stock statuses to include. */
  stock_status?: ReadonlyArray<'instock' | 'outofstock' | 'onbackorder'>;
}

/** One page of products, with the totals from the `X-WP-Total` / `X-WP-TotalPages` headers. */
export interface ProductList {
  /** The products on this page. */
  items: StoreProduct[];
  /** How many products match the query in all (`X-WP-Total`). */
  total: number;
  /** How many pages there are at this `per_page` (`X-WP-TotalPages`). */
  totalPages: number;
}
