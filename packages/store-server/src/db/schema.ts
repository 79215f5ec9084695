/**
 * The one database schema, shared by PGlite and PostgreSQL. drizzle-kit generates the SQL
 * migrations in `drizzle/` from this file (`pnpm db:generate`); never edit those by hand.
 *
 * Money is integer minor units (cents) everywhere. Text columns never hold NUL bytes:
 * PostgreSQL rejects them, so request input is cleaned before it reaches a query.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** `bytea` as a Node Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Product categories (WordPress taxonomy `product_cat`); flat for now, `parent` kept for growth. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  parent: integer('parent').notNull().default(0),
  menuOrder: integer('menu_order').notNull().default(0),
});

/** Simple products. `price` is the active price, derived so it can be filtered and sorted on. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    sku: text('sku').unique(),
    /** WordPress post status: only `publish` is visible in the Store API. */
    status: text('status', { enum: ['publish', 'draft', 'private'] })
      .notNull()
      .default('publish'),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    regularPrice: integer('regular_price').notNull(),
    salePrice: integer('sale_price'),
    price: integer('price')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN sale_price IS NOT NULL AND sale_price < regular_price THEN sale_price ELSE regular_price END`,
      ),
    /** `null` means stock is not managed for this product. */
    stockQuantity: integer('stock_quantity'),
    stockStatus: text('stock_status', { enum: ['instock', 'outofstock', 'onbackorder'] })
      .notNull()
      .default('instock'),
    menuOrder: integer('menu_order').notNull().default(0),
    /** WooCommerce's "Virtual": nothing to ship, so a cart of only these needs no shipping. */
    virtual: boolean('virtual').notNull().default(false),
    totalSales: integer('total_sales').notNull().default(0),
    averageRating: numeric('average_rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * WooCommerce's product type: `simple`, `variable` (a parent whose options are chosen), or
     * `variation` (one buyable combination of a variable product's options; never listed).
     */
    type: text('type', { enum: ['simple', 'variable', 'variation'] })
      .notNull()
      .default('simple'),
    /** A variation's variable product; `null` for every other type. */
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, {
      onDelete: 'cascade',
    }),
    /**
     * What product search reads: name, short description, description and SKU, lower-cased and
     * joined by U+0001 (catalog/repository.ts). Its trigram index is made at start, when the
     * database allows the pg_trgm extension (db/search-index.ts).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || chr(1) || short_description || chr(1) || description || chr(1) || coalesce(sku, ''))`,
      ),
    ...timestamps,
  },
  (table) => [
    index('products_status_created_idx').on(table.status, table.createdAt),
    index('products_price_idx').on(table.price),
    index('products_parent_idx').on(table.parentId),
    check('products_regular_price_nonnegative', sql`${table.regularPrice} >= 0`),
    check(
      'products_sale_price_nonnegative',
      sql`${table.salePrice} IS NULL OR ${table.salePrice} >= 0`,
    ),
    check('products_average_rating_range', sql`${table.averageRating} BETWEEN 0 AND 5`),
  ],
);

/** Which categories a product is in. */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.categoryId] }),
    index('product_categories_category_idx').on(table.categoryId),
  ],
);

/**
 * Media library (WordPress attachments). The bytes live in the database so every driver
 * behaves the same and the web tier stays stateless (docs/decisions/0003-media-in-database.md).
 * `path` is relative to the uploads base, e.g. `2025/01/house-blend.svg`.
 */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  name: text('name').notNull(),
  alt: text('alt').notNull().default(''),
  mimeType: text('mime_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamps.createdAt,
  /** Who uploaded it through `/wp/v2/media` (`null` for the demo shop's own images). */
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  /**
   * Whether post-processing (WordPress's "create image sub-sizes") finished. An upload whose
   * post-processing failed stays `false` until `POST /wp/v2/media/{id}/post-process` succeeds.
   */
  processed: boolean('processed').notNull().default(true),
});

/** A product's gallery, in order: position 0 is the featured image. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

/**
 * Site options (WordPress `wp_options`): name → value. Holds the server secret that signs
 * cookies, nonces and Cart-Tokens; it is generated on first start and never leaves the database.
 */
export const options = pgTable('options', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** The roles a user can have, as in WooCommerce. */
export const USER_ROLES = ['customer', 'shop_manager', 'administrator'] as const;

/**
 * Users. `passwordHash` is a self-describing scrypt hash (`$scrypt$…`, see auth/password.ts).
 * Logins keep their case but are unique case-insensitively (as WordPress's MySQL collation makes
 * them); emails are stored lowercased.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    email: text('email').notNull().unique(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    passwordHash: text('password_hash').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /**
     * The customer's saved billing and shipping addresses (WooCommerce's `billing_*` /
     * `shipping_*` customer meta), cleaned and checked as checkout's; `null` until first saved.
     */
    billing: jsonb('billing').$type<OrderAddress>(),
    shipping: jsonb('shipping').$type<OrderAddress>(),
    /** WordPress's `first_name` / `last_name` user meta (the account-details form). */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /**
     * WordPress's `user_activation_key`: a SHA-256 of the one live password-reset key (the key
     * itself is only in the emailed link), and when it was made. Cleared when it is used or the
     * password changes, so a link works once.
     */
    resetKeyHash: text('reset_key_hash'),
    resetKeyCreatedAt: timestamp('reset_key_created_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${table.login})`),
    check('users_login_not_empty', sql`${table.login} <> ''`),
  ],
);

/**
 * Login sessions (WordPress's `session_tokens` user meta): one row per logged-in browser. Only a
 * SHA-256 verifier of the token is stored, so a database leak does not hand out live cookies.
 * Logging out deletes the row, which invalidates the cookie at once.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    verifier: text('verifier').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('user_sessions_user_idx').on(table.userId)],
);

/**
 * Shopper sessions (WooCommerce's `woocommerce_sessions`). `key` is the customer id: a random
 * `t_…` id for a guest, the user id for a logged-in customer. `data` holds per-session state
 * (the cart, from the carts issue on). Rows past `expiresAt` are ignored and swept.
 */
export const sessions = pgTable(
  'sessions',
  {
    key: text('key').primaryKey(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Cart lines (WooCommerce keeps the cart in the session; here each line is a row, so a line can
 * never be duplicated and a quantity change is one row update). `itemKey` is WooCommerce's cart
 * item key for the product; `position` keeps the order lines were added in. Deleting a session
 * deletes its cart. Quantities are whole units, always at least 1.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    sessionKey: text('session_key')
      .notNull()
      .references(() => sessions.key, { onDelete: 'cascade', onUpdate: 'cascade' }),
    itemKey: text('item_key').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    position: serial('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionKey, table.itemKey] }),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** The order statuses this store uses (WooCommerce's, without the `wc-` prefix). */
export const ORDER_STATUSES = [
  'checkout-draft',
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
] as const;

/** One chosen option of a variation, as a Store API cart line lists it under `variation`. */
export interface LineVariation {
  raw_attribute: string;
  attribute: string;
  value: string;
}

/** An order's address, WooCommerce's fields (`email` only on billing). */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email?: string;
}

/**
 * Orders. Each shopper session has at most one `checkout-draft` order (WooCommerce's draft,
 * reused by every checkout of the session: a unique partial index makes a second impossible);
 * placing it turns it into a real order. `orderKey` is WooCommerce's `wc_order_…` key, the
 * only way a guest can read the order. Totals are integer cents. `extensions` is the Store API
 * `extensions` object as posted; `attribution` the order attribution values as stored
 * (`_wc_order_attribution_*` meta: strings, `'(none)'` skipped), or `null` when there were none.
 * `requestHash` fingerprints the checkout request that placed the order, so an identical
 * resubmission answers with the same order instead of making another.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderKey: text('order_key').notNull().unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('checkout-draft'),
    sessionKey: text('session_key'),
    customerId: integer('customer_id').notNull().default(0),
    createdVia: text('created_via').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull().default(''),
    paymentMethodTitle: text('payment_method_title').notNull().default(''),
    billing: jsonb('billing').$type<OrderAddress>(),
    shipping: jsonb('shipping').$type<OrderAddress>(),
    customerNote: text('customer_note').notNull().default(''),
    totalItems: integer('total_items').notNull().default(0),
    totalShipping: integer('total_shipping').notNull().default(0),
    /** The shipping lines the order was placed with (chosen rate per package), as sold. */
    shippingLines: jsonb('shipping_lines').$type<OrderShippingLine[]>().notNull().default([]),
    totalTax: integer('total_tax').notNull().default(0),
    /** Of `totalTax`, the tax on shipping (cents). */
    shippingTax: integer('shipping_tax').notNull().default(0),
    /** Of `totalTax`, the tax on the items before the discount, and the discount's tax (cents). */
    itemsTax: integer('items_tax').notNull().default(0),
    discountTax: integer('discount_tax').notNull().default(0),
    /** The tax lines the order was placed with (WooCommerce's `tax_lines`), per rate. */
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    /** `woocommerce_prices_include_tax` when placed: how the line prices were entered. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    total: integer('total').notNull().default(0),
    /** The coupons' discount on the items, in cents (`order_coupons` holds it per coupon). */
    totalDiscount: integer('total_discount').notNull().default(0),
    extensions: jsonb('extensions').$type<Record<string, unknown>>().notNull().default({}),
    attribution: jsonb('attribution').$type<Record<string, string>>(),
    requestHash: text('request_hash'),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('orders_one_draft_per_session_idx')
      .on(table.sessionKey)
      .where(sql`${table.status} = 'checkout-draft'`),
    index('orders_session_idx').on(table.sessionKey, table.id),
    check('orders_total_nonnegative', sql`${table.total} >= 0`),
  ],
);

/** The lines of an order, copied from the cart when it is placed (name and price as sold). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** The variation sold on this line (`productId` is then its id too); 0 for other products. */
    variationId: integer('variation_id').notNull().default(0),
    /**
     * The options chosen, as the Store API shows them on a cart line (catalog/variations.ts):
     * `[{ raw_attribute: 'attribute_pa_size', attribute: 'Size', value: 'M' }]`; `[]` if none.
     */
    variation: jsonb('variation').$type<LineVariation[]>().notNull().default([]),
    /** What the coupons took off this line, in cents (its `line_total` is `lineTotal − discount`). */
    discount: integer('discount').notNull().default(0),
    /** The line's tax before and after the coupons, in cents. */
    subtotalTax: integer('subtotal_tax').notNull().default(0),
    totalTax: integer('total_tax').notNull().default(0),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * Store analytics events (`POST /wp-json/woocommerce-analytics/v1/track`, wire contract §7.3),
 * recorded only with statistics consent. `eventName` is the name without the
 * `woocommerceanalytics_` prefix; `properties` the event's properties as posted (common props
 * included); `sessionKey` / `userId` who sent it, as the server saw the request.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    eventName: text('event_name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    sessionKey: text('session_key'),
    userId: integer('user_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_name_idx').on(table.eventName, table.id),
    index('analytics_events_created_idx').on(table.createdAt),
  ],
);

/**
 * User meta (WordPress `wp_usermeta`): one value per user and key. Holds WooCommerce's
 * `woocommerce_meta` REST field as `woocommerce_{field}` keys (wire contract §2.2), e.g.
 * `woocommerce_coming_soon_banner_dismissed`. Deleting a user deletes their meta.
 */
export const userMeta = pgTable(
  'user_meta',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('meta_key').notNull(),
    value: text('meta_value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/**
 * Subscription contacts (`POST /wp-json/{namespace}/v1/contact`, wire contract §2.3), one row per
 * email (stored lowercased, so a second subscription updates the first). `groupName` is the form's
 * contact list, `formId` its `id`, `plugin` its `metadata.plugin`.
 */
export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  surname: text('surname').notNull().default(''),
  groupName: text('group_name').notNull().default(''),
  formId: text('form_id').notNull().default(''),
  plugin: text('plugin').notNull().default(''),
  ...timestamps,
});

/**
 * Rate-limit counters (logins, registrations, new sessions, events, contacts, the Store API
 * limiter), one fixed window per key. They live in the database, not in process memory, so a
 * limit holds across every store process that shares one PostgreSQL. `key` is the rule's name and
 * a SHA-256 of the subject (client address, account name, user id): no address or login is kept
 * in clear. Rows past `resetAt` are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);

/**
 * Global product attributes (WooCommerce's attribute taxonomies, `pa_{slug}`), e.g. "Size".
 * Variable products choose their variations by these (catalog/variations.ts).
 */
export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Without the `pa_` prefix: `size` is the taxonomy `pa_size`. */
  slug: text('slug').notNull().unique(),
});

/** An attribute's terms (its values), in the shop's order, e.g. Size → S, M, L. */
export const attributeTerms = pgTable(
  'attribute_terms',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    menuOrder: integer('menu_order').notNull().default(0),
  },
  (table) => [uniqueIndex('attribute_terms_slug_idx').on(table.attributeId, table.slug)],
);

/**
 * The terms a product offers, per attribute (WooCommerce's product attributes: the attribute
 * is the term's). `usedForVariations` is WooCommerce's "Used for variations" box.
 */
export const productAttributeTerms = pgTable(
  'product_attribute_terms',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => attributeTerms.id, { onDelete: 'cascade' }),
    /** Where the term's attribute is listed among the product's attributes. */
    position: integer('position').notNull().default(0),
    usedForVariations: boolean('used_for_variations').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.productId, table.termId] })],
);

/**
 * A variation's value for each of its parent's variation attributes (WooCommerce's
 * `attribute_pa_*` meta on the variation): one term per attribute.
 */
export const variationAttributes = pgTable(
  'variation_attributes',
  {
    variationId: integer('variation_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    termId: integer('term_id')
      .notNull()
      .references(() => attributeTerms.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.variationId, table.attributeId] })],
);

/** WooCommerce's coupon discount types this store supports. */
export const COUPON_TYPES = ['percent', 'fixed_cart'] as const;

/**
 * Coupons (WooCommerce's `shop_coupon`). `code` is stored lowercased: codes are matched without
 * regard to case, as WooCommerce does. `amount` is a whole percentage for `percent` and cents for
 * `fixed_cart`; `minimumAmount` / `maximumAmount` are cents; `usageCount` counts placed orders.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    discountType: text('discount_type', { enum: COUPON_TYPES }).notNull(),
    amount: integer('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    minimumAmount: integer('minimum_amount'),
    maximumAmount: integer('maximum_amount'),
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    individualUse: boolean('individual_use').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check('coupons_amount_nonnegative', sql`${table.amount} >= 0`),
    check('coupons_usage_count_nonnegative', sql`${table.usageCount} >= 0`),
  ],
);

/** The coupons applied to a session's cart, in the order they were applied. */
export const cartCoupons = pgTable(
  'cart_coupons',
  {
    sessionKey: text('session_key')
      .notNull()
      .references(() => sessions.key, { onDelete: 'cascade', onUpdate: 'cascade' }),
    code: text('code').notNull(),
    position: serial('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionKey, table.code] })],
);

/** An order's coupon lines (WooCommerce's `coupon_lines`): the code and what it took off. */
export const orderCoupons = pgTable(
  'order_coupons',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discountType: text('discount_type', { enum: COUPON_TYPES }).notNull(),
    discount: integer('discount').notNull(),
    discountTax: integer('discount_tax').notNull().default(0),
  },
  (table) => [index('order_coupons_order_idx').on(table.orderId)],
);
/** One tax line of an order: a rate's label, its percent (`"7.25%"`) and what it came to. */
export interface OrderTaxLine {
  name: string;
  rate: string;
  /** Cents. */
  price: number;
}

/** One shipping line of an order: the rate chosen for a package, at its price when placed. */
export interface OrderShippingLine {
  /** `method_id:instance_id`, as the Store API names rates. */
  rateId: string;
  methodId: string;
  instanceId: number;
  name: string;
  /** Cents. */
  total: number;
}

/** The kinds of location a shipping zone can match (WooCommerce's zone location types). */
export const SHIPPING_LOCATION_TYPES = ['country', 'state', 'postcode'] as const;

/**
 * Shipping zones (WooCommerce's `woocommerce_shipping_zones`), tried in `position` order; the
 * first whose locations match the destination is the package's zone. `locations` holds
 * `{type, code}` entries: a country (`US`), a state (`US:CA`) or a postcode (`941*`, a trailing
 * `*` is a prefix, `10000...19999` a numeric range), where postcodes narrow the zone's regions.
 * Zone id 0 is not a row: it is "Locations not covered by your other zones", whose methods are
 * the rows of `shipping_zone_methods` with `zone_id` 0.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  locations: jsonb('locations')
    .$type<{ type: (typeof SHIPPING_LOCATION_TYPES)[number]; code: string }[]>()
    .notNull()
    .default([]),
});

/** The shipping methods WooCommerce ships with, as this store offers them. */
export const SHIPPING_METHOD_IDS = ['flat_rate', 'free_shipping', 'local_pickup'] as const;

/**
 * The methods of each zone (WooCommerce's `woocommerce_shipping_zone_methods`): `instanceId`
 * is the rate id's number (`flat_rate:3`). `cost` is the flat rate's or local pickup's cost in
 * cents; `minAmount` the order amount (items, in cents) from which free shipping applies
 * (`null`: always free). Disabled methods offer no rate.
 */
export const shippingZoneMethods = pgTable(
  'shipping_zone_methods',
  {
    instanceId: serial('instance_id').primaryKey(),
    zoneId: integer('zone_id').notNull(),
    methodId: text('method_id', { enum: SHIPPING_METHOD_IDS }).notNull(),
    title: text('title').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    minAmount: integer('min_amount'),
  },
  (table) => [
    index('shipping_zone_methods_zone_idx').on(table.zoneId, table.position),
    check('shipping_zone_methods_cost_nonnegative', sql`${table.cost} >= 0`),
  ],
);

/**
 * Tax rates (WooCommerce's `woocommerce_tax_rates`, standard class). `country` and `state` are
 * codes, `''` matching any; `rate` is a percent with four decimals as WooCommerce stores it
 * (`7.2500`). For each `priority` one rate applies (a state's before its country-wide one, then by
 * `position`); `compound` rates apply on top of the others; `shipping` rates also tax shipping.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    rate: numeric('rate', { precision: 8, scale: 4 }).notNull(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(1),
    compound: boolean('compound').notNull().default(false),
    shipping: boolean('shipping').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('tax_rates_location_idx').on(table.country, table.state),
    check('tax_rates_rate_nonnegative', sql`${table.rate} >= 0`),
  ],
);
