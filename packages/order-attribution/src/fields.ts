// Names from spec §3 "Order attribution record" and wire contract §3.1–3.2.

/**
 * Each attribution field with the sourcebuster alias it is stored under (wire contract
 * §3.1: `source_type` is `current.typ`, `referrer` is `current_add.rf`, …). The aliases
 * are unique across the containers (`current`, `current_add`, `session`, `udata`), so an
 * alias alone names a value; this table is the only place the two vocabularies meet.
 */
export const SBJS_ALIASES = {
  source_type: 'typ',
  referrer: 'rf',
  utm_campaign: 'cmp',
  utm_source: 'src',
  utm_medium: 'mdm',
  utm_content: 'cnt',
  utm_id: 'id',
  utm_term: 'trm',
  utm_source_platform: 'plt',
  utm_creative_format: 'fmt',
  utm_marketing_tactic: 'tct',
  session_entry: 'ep',
  session_start_time: 'fd',
  session_pages: 'pgs',
  session_count: 'vst',
  user_agent: 'uag',
} as const;

/**
 * The 16 attribution fields, in the spec's (and WooCommerce's default) order.
 * Each is sent as a hidden input `wc_order_attribution_{field}` and in the
 * checkout extension data.
 */
export const ATTRIBUTION_FIELDS = /* @__PURE__ */ Object.keys(SBJS_ALIASES) as unknown as readonly [
  'source_type',
  'referrer',
  'utm_campaign',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_id',
  'utm_term',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'session_entry',
  'session_start_time',
  'session_pages',
  'session_count',
  'user_agent',
];

/** The prefix of every hidden input name: `wc_order_attribution_source_type`, … */
export const FIELD_PREFIX = 'wc_order_attribution_';

/** The Store API checkout extension namespace the record is sent under. */
export const EXTENSION_NAMESPACE = 'woocommerce/order-attribution';

/** One of {@link ATTRIBUTION_FIELDS}. */
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/**
 * Where a shopper came from (spec §3). Values are strings; a field that is
 * missing, `undefined` or `null` (as when tracking is off) counts as empty.
 */
export type AttributionRecord = { readonly [K in AttributionField]?: string | null };

/** Every attribution field as a string, `''` when missing. */
export type AttributionValues = { [K in AttributionField]: string };

/** Hidden form inputs: `{ wc_order_attribution_source_type: 'typein', … }`, all 16 present. */
export type AttributionFormFields = {
  [K in AttributionField as `${typeof FIELD_PREFIX}${K}`]: string;
};

/**
 * Checkout extension data, ready to spread into a Store API checkout body's
 * `extensions`: `{ 'woocommerce/order-attribution': { source_type: 'typein', … } }`.
 */
export type AttributionExtensionData = { [EXTENSION_NAMESPACE]: AttributionValues };
