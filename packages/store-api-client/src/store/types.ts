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
  /** The no-JavaScript add link, e.g. `'?add-to-cart=15'` (newer WooCommerce). */
  url?: string;
  /** Smallest quantity that can be added (newer WooCommerce). */
  minimum?: number;
  /** Largest quantity that can be added, stock included (newer WooCommerce). */
  maximum?: number;
  /** Quantities must be a multiple of this (newer WooCommerce). */
  multiple_of?: number;
  /** The single product page's button text (WooCommerce ≥ 9.x), e.g. `'Add to cart'`. */
  single_text?: string;
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
  /**
   * The stock line a product page shows (WooCommerce ≥ 9.x): `{text: '12 in stock', class:
   * 'in-stock'}`, `{text: 'Out of stock', class: 'out-of-stock'}`, or an empty text when stock
   * is not managed.
   */
  stock_availability?: { text: string; class: string };
  /** Brands (WooCommerce ≥ 9.6). */
  brands?: { id: number; name: string; slug: string; link: string }[];
  /** The children of a grouped product (ids). */
  grouped_products?: number[];
  /** Add-to-cart button data. */
  add_to_cart: StoreAddToCart;
  /** `simple`, `variable`, `variation`, `grouped` or `external`. */
  type?: string;
  /** A variation's variable product (0 for other products). */
  parent?: number;
  /** The product's attributes; `has_variations` marks those a variation is chosen by. */
  attributes?: StoreProductAttribute[];
  /** A variable product's variations: each id with its values (attribute name → term slug). */
  variations?: { id: number; attributes: { name: string; value: string }[] }[];
}

/** One attribute of a product (`attributes[]`), with the terms the product has. */
export interface StoreProductAttribute {
  id: number;
  /** The attribute's name, e.g. `'Size'`. */
  name: string;
  /** Its taxonomy, e.g. `'pa_size'` (empty or `null` for a product's own attribute). */
  taxonomy: string | null;
  /** Whether variations are chosen by it. */
  has_variations: boolean;
  terms: { id: number; name: string; slug: string }[];
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
  /**
   * Attribute filters, sent as WooCommerce reads them: `attributes[0][attribute]=pa_size&
   * attributes[0][slug][]=m&attributes[0][operator]=in`.
   */
  attributes?: ReadonlyArray<StoreAttributeFilter>;
  /** How several attribute filters combine. @default 'and' (server side) */
  attribute_relation?: 'in' | 'and';
}

/** One attribute filter of a product query: the taxonomy and the terms chosen. */
export interface StoreAttributeFilter {
  /** The attribute taxonomy, e.g. `'pa_size'`. */
  attribute: string;
  /** Term slugs. */
  slug?: ReadonlyArray<string>;
  /** Term ids. */
  term_id?: ReadonlyArray<number>;
  /** `in` (any term), `and` (every term) or `not_in`. @default 'in' (server side) */
  operator?: 'in' | 'not_in' | 'and';
}

/** A product category (`GET /wc/store/v1/products/categories`). */
export interface StoreProductCategory {
  id: number;
  name: string;
  slug: string;
  /** HTML written in the store's admin: sanitise before showing it. */
  description: string;
  /** The parent category's id, 0 for a top-level one. */
  parent: number;
  /** Published products in it. */
  count: number;
  image: StoreImage | null;
  review_count: number;
  permalink: string;
}

/** A global product attribute (`GET /wc/store/v1/products/attributes`). */
export interface StoreAttribute {
  id: number;
  name: string;
  /** e.g. `'pa_size'`: the `attribute` of an attribute filter. */
  taxonomy: string;
  type: string;
  order: string;
  has_archives: boolean;
  /** How many terms it has. */
  count: number;
}

/** A term of an attribute (`GET /wc/store/v1/products/attributes/{id}/terms`). */
export interface StoreAttributeTerm {
  id: number;
  name: string;
  slug: string;
  description: string;
  parent: number;
  /** Products that have it. */
  count: number;
}

/** Query of `GET /wc/store/v1/products/collection-data`: what to compute, over which filters. */
export interface CollectionDataQuery extends Omit<
  ProductQuery,
  'page' | 'per_page' | 'orderby' | 'order'
> {
  calculate_price_range?: boolean;
  calculate_stock_status_counts?: boolean;
  calculate_rating_counts?: boolean;
  calculate_attribute_counts?: ReadonlyArray<{ taxonomy: string; query_type?: 'or' | 'and' }>;
  calculate_taxonomy_counts?: ReadonlyArray<string>;
}

/** `GET /wc/store/v1/products/collection-data`: each figure `null` unless it was asked for. */
export interface StoreCollectionData {
  /** Lowest and highest price over the filters except the price filter, minor units. */
  price_range: ({ min_price: string; max_price: string } & StoreCurrency) | null;
  attribute_counts: { term: number; count: number }[] | null;
  rating_counts: { rating: number; count: number }[] | null;
  /** Counts arrive as strings. */
  stock_status_counts: { status: string; count: string }[] | null;
  taxonomy_counts: { term: number; count: number }[] | null;
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

/** Money totals fields share: integer minor units as strings, plus the currency fields. */
export interface StoreCartItemTotals extends StoreCurrency {
  /** Line subtotal before discounts, minor units. */
  line_subtotal: string;
  /** Tax on the line subtotal, minor units. */
  line_subtotal_tax: string;
  /** Line total after discounts, minor units. */
  line_total: string;
  /** Tax on the line total, minor units. */
  line_total_tax: string;
}

/** How many of an item may be in the cart. */
export interface StoreQuantityLimits {
  /** Smallest quantity. */
  minimum: number;
  /** Largest quantity. */
  maximum: number;
  /** Quantities must be a multiple of this. */
  multiple_of: number;
  /** Whether the shopper may change the quantity. */
  editable: boolean;
}

/** One line of the cart (wire contract §5.3). */
export interface StoreCartItem {
  /** The cart item key: identifies the line for update and removal. */
  key: string;
  /** Product (or variation) id. */
  id: number;
  /** Units in the cart. */
  quantity: number;
  /** Quantity rules for this line. */
  quantity_limits: StoreQuantityLimits;
  /** Product name. */
  name: string;
  /** Short description HTML. */
  short_description: string;
  /** Description HTML. */
  description: string;
  /** SKU; may be empty. */
  sku: string;
  /** Units left when stock is low, otherwise `null`. */
  low_stock_remaining: number | null;
  /** Whether backorders are allowed. */
  backorders_allowed: boolean;
  /** Whether to show a backorder badge. */
  show_backorder_badge: boolean;
  /** Whether only one may be bought per order. */
  sold_individually: boolean;
  /** Product page URL. */
  permalink: string;
  /** Product images. */
  images: StoreImage[];
  /** Chosen variation attributes. */
  variation: Array<{ attribute: string; value: string }>;
  /** Extra item data shown under the name. */
  item_data: Array<{ name?: string; key?: string; value: string; display?: string }>;
  /** Unit prices. */
  prices: StoreProductPrices;
  /** Line totals. */
  totals: StoreCartItemTotals;
  /** Catalog visibility of the product. */
  catalog_visibility: string;
  /** Data added by extensions, keyed by namespace. */
  extensions: Record<string, unknown>;
}

/** The cart's totals, integer minor units as strings (wire contract §5.3). */
export interface StoreCartTotals extends StoreCurrency {
  /** Sum of item subtotals. */
  total_items: string;
  /** Tax on the items. */
  total_items_tax: string;
  /** Fees. */
  total_fees: string;
  /** Tax on fees. */
  total_fees_tax: string;
  /** Discounts. */
  total_discount: string;
  /** Tax on discounts. */
  total_discount_tax: string;
  /** Shipping, or `null` before it is calculated. */
  total_shipping: string | null;
  /** Tax on shipping, or `null`. */
  total_shipping_tax: string | null;
  /** What the shopper pays. */
  total_price: string;
  /** All taxes. */
  total_tax: string;
  /** Taxes by rate. */
  tax_lines: Array<{ name: string; price: string; rate: string }>;
}

/** A shipping or billing address as the Store API sends it. */
export interface StoreAddress {
  /** First name. */
  first_name: string;
  /** Last name. */
  last_name: string;
  /** Company. */
  company: string;
  /** Street address. */
  address_1: string;
  /** Apartment, suite… */
  address_2: string;
  /** City. */
  city: string;
  /** State or county code. */
  state: string;
  /** Postcode. */
  postcode: string;
  /** Two-letter country code. */
  country: string;
  /** Phone number. */
  phone: string;
}

/** A billing address: a {@link StoreAddress} with an email. */
export interface StoreBillingAddress extends StoreAddress {
  /** Email address. */
  email: string;
}

/** The full cart, as `GET /wc/store/v1/cart` and every cart POST return it (wire contract §5.3). */
export interface StoreCart {
  /** Lines of the cart. */
  items: StoreCartItem[];
  /** Applied coupons. */
  coupons: Array<{ code: string; discount_type: string; totals: Record<string, unknown> }>;
  /** Fees. */
  fees: unknown[];
  /** Totals. */
  totals: StoreCartTotals;
  /** Shipping address. */
  shipping_address: StoreAddress;
  /** Billing address. */
  billing_address: StoreBillingAddress;
  /** Whether payment is needed. */
  needs_payment: boolean;
  /** Whether shipping is needed. */
  needs_shipping: boolean;
  /** Payment requirements, e.g. `['products']`. */
  payment_requirements: string[];
  /** Whether shipping has been calculated. */
  has_calculated_shipping: boolean;
  /** Shipping packages and their rates. */
  shipping_rates: StoreShippingPackage[];
  /** Number of units in the cart. */
  items_count: number;
  /** Total weight. */
  items_weight: number;
  /** Cross-sell products. */
  cross_sells: unknown[];
  /** Cart errors, e.g. an item out of stock. */
  errors: Array<{ code: string; message: string }>;
  /** Available payment method ids. */
  payment_methods: string[];
  /** Data added by extensions, keyed by namespace. */
  extensions: Record<string, unknown>;
}

/** What `POST /wc/store/v1/cart/add-item` takes. */
export interface AddCartItemRequest {
  /** Product or variation id. */
  id: number;
  /**
   * Units to add.
   * @default 1
   */
  quantity?: number;
  /** Variation attributes for a variable product. */
  variation?: Array<{ attribute: string; value: string }>;
}

/** What `POST /wc/store/v1/checkout` takes (wire contract §5.6). */
export interface CheckoutRequest {
  /** Billing address (required). */
  billing_address: Partial<StoreBillingAddress>;
  /** Shipping address (required). */
  shipping_address: Partial<StoreAddress>;
  /** Payment method id, e.g. `'cod'` (required). */
  payment_method: string;
  /** Payment gateway data. */
  payment_data?: Array<{ key: string; value: string | boolean }>;
  /** Note to the shop. */
  customer_note?: string;
  /** Whether to create an account. */
  create_account?: boolean;
  /** Password for the new account. */
  customer_password?: string;
  /** The total the shopper saw, minor units; a mismatch gives 409 `woocommerce_rest_checkout_total_mismatch`. */
  expected_total?: number;
  /** Extension data by namespace, e.g. `{'woocommerce/order-attribution': {…}}`. */
  extensions?: Record<string, Record<string, unknown>>;
}

/** The order `POST /wc/store/v1/checkout` answers with (wire contract §5.6). */
export interface CheckoutResponse {
  /** Order id. */
  order_id: number;
  /** Order status, e.g. `'on-hold'` or `'processing'`. */
  status: string;
  /** Order key, e.g. `'wc_order_…'`. */
  order_key: string;
  /** Order number. */
  order_number: string;
  /** Note to the shop. */
  customer_note: string;
  /** Customer id; 0 for guests. */
  customer_id: number;
  /** Billing address. */
  billing_address: StoreBillingAddress;
  /** Shipping address. */
  shipping_address: StoreAddress;
  /** Payment method id. */
  payment_method: string;
  /** Payment outcome and where to send the shopper. */
  payment_result: {
    /** `'success'`, `'failure'`, `'pending'` or `'error'`. */
    payment_status: string;
    /** Gateway details. */
    payment_details: Array<{ key: string; value: string }>;
    /** The order-received URL, e.g. `…/checkout/order-received/{id}/?key=wc_order_…`. */
    redirect_url: string;
  };
  /** Additional checkout fields. */
  additional_fields?: Record<string, unknown>;
  /** Data added by extensions. */
  extensions?: Record<string, unknown>;
}

/** The replacement HTML WooCommerce sends after a classic cart change (wire contract §1.5). */
export interface WcFragments {
  /** Page region selector → replacement HTML, e.g. `'div.widget_shopping_cart_content'`. */
  fragments: Record<string, string>;
  /** The cart hash (empty for an empty cart). */
  cart_hash: string;
}

/**
 * `/?wc-ajax=add_to_cart` answers: fragments, or an error with the product page to go to
 * (`false` when the product does not exist: WordPress has no permalink for it).
 */
export type WcAddToCartResponse = WcFragments | { error: true; product_url: string | false };

/** `/?wc-ajax=remove_from_cart` answers: fragments, or `{ success: false }`. */
export type WcRemoveFromCartResponse = WcFragments | { success: false };

/** A rate offered for a shipping package (`shipping_rates[].shipping_rates[]`). */
export interface StoreShippingRate {
  /** `method_id:instance_id`, e.g. `flat_rate:1`: what `select-shipping-rate` takes. */
  rate_id: string;
  name: string;
  description: string;
  delivery_time: string;
  /** Minor units, as a string. */
  price: string;
  taxes: string;
  instance_id: number;
  method_id: string;
  meta_data: { key: string; value: string }[];
  /** Whether this is the package's chosen rate. */
  selected: boolean;
  currency_code: string;
  currency_minor_unit: number;
}

/** A shipping package of the cart with the rates its destination gets. */
export interface StoreShippingPackage {
  package_id: number;
  name: string;
  destination: Pick<
    StoreAddress,
    'address_1' | 'address_2' | 'city' | 'state' | 'postcode' | 'country'
  >;
  items: { key: string; name: string; quantity: number }[];
  shipping_rates: StoreShippingRate[];
}

/** The body of `POST /cart/update-customer`: either address, any of its fields. */
export interface UpdateCustomerRequest {
  billing_address?: Partial<StoreBillingAddress>;
  shipping_address?: Partial<StoreAddress>;
}
