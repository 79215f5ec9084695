/**
 * Reading a checkout submission, Store API (JSON) or classic (form fields), into a
 * {@link CheckoutInput}, with WooCommerce's errors for what is wrong.
 */
import { RestError } from '../http/rest-error';
import type { OrderAddress } from '../db/schema';
import { checkAddress, sanitizeText, type AddressProblem } from './address';
import { defineArgs } from '../http/args';
import {
  PAYMENT_METHODS,
  isPaymentMethod,
  type CheckoutInput,
  type PaymentMethodId,
} from './orders';
import { stripTags } from '../http/text';

/** The Store API extension namespace of order attribution (wire contract §3.2). */
export const ORDER_ATTRIBUTION_NAMESPACE = 'woocommerce/order-attribution';
/** The classic checkout's hidden input prefix (wire contract §3.2). */
export const ORDER_ATTRIBUTION_PREFIX = 'wc_order_attribution_';

/** WooCommerce's order attribution fields (wire contract §3.1), in order. */
export const ORDER_ATTRIBUTION_FIELDS = [
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
] as const;

/** Largest `extensions` object accepted, in bytes of JSON. */
export const MAX_EXTENSIONS_BYTES = 16 * 1024;
/** Longest customer note accepted, in characters. */
export const MAX_NOTE_LENGTH = 5000;

/** The longest user agent read for the device type. */
export const MAX_USER_AGENT_LENGTH = 512;

/** MobileDetect's verdict, simplified: what WooCommerce stores as `device_type`. */
export function deviceType(userAgent: string): 'Mobile' | 'Tablet' | 'Desktop' {
  // A user agent is at most a few hundred characters; anything longer is cut before it is read.
  const agent = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const lower = agent.toLowerCase();
  // "Android" with no "Mobile" anywhere after it is a tablet (checked from the last "Android",
  // without the look-ahead that made this quadratic: issue 13, finding 2).
  const android = lower.lastIndexOf('android');
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(agent)) return 'Tablet';
  if (android !== -1 && !lower.includes('mobile', android + 7)) return 'Tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini/i.test(agent)) return 'Mobile';
  return 'Desktop';
}

/**
 * The order attribution values as WooCommerce stores them (§3.4): each known field,
 * `sanitize_text_field`ed, `'(none)'` and empty values skipped, `device_type` added from the
 * user agent; `null` when nothing is left. `values[field]` may be absent (a classic form that
 * did not post it counts as `'(none)'`).
 */
export function attributionValues(values: Record<string, unknown>): Record<string, string> | null {
  const stored: Record<string, string> = {};
  for (const field of ORDER_ATTRIBUTION_FIELDS) {
    const value = sanitizeText(values[field] ?? '(none)');
    if (value !== '' && value !== '(none)') stored[field] = value;
  }
  if (Object.keys(stored).length === 0) return null;
  if (stored.user_agent !== undefined) stored.device_type = deviceType(stored.user_agent);
  return stored;
}

/**
 * The attribution values of a classic form post (`wc_order_attribution_{field}` inputs, as the
 * checkout and register forms send them), stored as {@link attributionValues} stores them; `null`
 * when nothing is left.
 */
export function postedAttribution(form: unknown): Record<string, string> | null {
  const posted: Record<string, unknown> = {};
  if (isRecord(form)) {
    for (const field of ORDER_ATTRIBUTION_FIELDS)
      posted[field] = form[`${ORDER_ATTRIBUTION_PREFIX}${field}`];
  }
  return attributionValues(posted);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 400 `rest_invalid_param` for address problems, WordPress's shape with every problem listed. */
function addressError(problems: AddressProblem[]): RestError {
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const type of ['billing', 'shipping'] as const) {
    const own = problems.filter((problem) => problem.type === type);
    const [first, ...rest] = own;
    if (first === undefined) continue;
    const name = `${type}_address`;
    params[name] = first.message;
    details[name] = {
      code: first.code,
      message: first.message,
      data: { field: first.field },
      additional_errors: rest.map((problem) => ({
        code: problem.code,
        message: problem.message,
        data: { field: problem.field },
      })),
    };
  }
  return new RestError(
    'rest_invalid_param',
    `Invalid parameter(s): ${Object.keys(params).join(', ')}`,
    400,
    {
      params,
      details,
    },
  );
}

function paymentMethodOf(value: unknown): PaymentMethodId {
  const method = typeof value === 'string' ? value.trim() : '';
  if (method === '') {
    throw new RestError(
      'woocommerce_rest_checkout_missing_payment_method',
      'Please provide a payment method.',
      400,
    );
  }
  if (!isPaymentMethod(method)) {
    throw new RestError(
      'woocommerce_rest_checkout_payment_method_disabled',
      `The ${sanitizeText(method)} payment gateway is not available.`,
      400,
    );
  }
  return method;
}

/**
 * Reads a Store API `POST /checkout` body (wire contract §5.6).
 *
 * @throws {RestError} 400 `rest_missing_callback_param`, `rest_invalid_param` (addresses, note,
 *   extensions, expected_total), `api-error` (an attribution value neither string nor null),
 *   `woocommerce_rest_checkout_missing_payment_method`, `…_payment_method_disabled`
 */
/** The checkout's arguments as WooCommerce 10.2.4's schema declares them (the scalar ones). */
const CHECKOUT_ARGS = defineArgs({
  // An empty method is "missing" (WooCommerce's own error, below), any other must be a gateway.
  payment_method: {
    type: 'string',
    enum: Object.keys(PAYMENT_METHODS),
    emptyIsAbsent: true,
  },
});

/**
 * WordPress's argument check of `POST /checkout`, which runs before WooCommerce's nonce check:
 * `billing_address` is the one required argument (10.2.4's schema), and `payment_method` must
 * be one of the store's gateways.
 *
 * @throws {RestError} 400 `rest_missing_callback_param`, `rest_invalid_param`
 */
export function checkStoreApiCheckoutArgs(params: Record<string, unknown>): void {
  if (params.billing_address === undefined || params.billing_address === null) {
    throw new RestError(
      'rest_missing_callback_param',
      'Missing parameter(s): billing_address',
      400,
      {
        params: ['billing_address'],
      },
    );
  }
  CHECKOUT_ARGS.read(params);
}

export function readStoreApiCheckout(
  params: Record<string, unknown>,
  customerId: number,
): CheckoutInput {
  checkStoreApiCheckoutArgs(params);
  // Without a shipping address, the order ships to the billing address.
  const shippingParam = params.shipping_address ?? params.billing_address;
  const invalid: Record<string, string> = {};
  if (!isRecord(params.billing_address))
    invalid.billing_address = 'billing_address is not of type object.';
  if (!isRecord(shippingParam))
    invalid.shipping_address = 'shipping_address is not of type object.';
  const note = params.customer_note ?? '';
  if (typeof note !== 'string') invalid.customer_note = 'customer_note is not of type string.';
  else if (note.length > MAX_NOTE_LENGTH)
    invalid.customer_note = `customer_note must be at most ${MAX_NOTE_LENGTH} characters long.`;
  const extensions = params.extensions ?? {};
  if (!isRecord(extensions) || !Object.values(extensions).every(isRecord)) {
    invalid.extensions = 'extensions is not of type object.';
  } else if (Buffer.byteLength(JSON.stringify(extensions)) > MAX_EXTENSIONS_BYTES) {
    invalid.extensions = `extensions must be at most ${MAX_EXTENSIONS_BYTES} bytes of JSON.`;
  }
  let expectedTotal: number | undefined;
  const expected = params.expected_total;
  if (expected !== undefined && expected !== null && expected !== '') {
    const parsed =
      typeof expected === 'string' && /^\d{1,15}$/.test(expected) ? Number(expected) : expected;
    if (typeof parsed === 'number' && Number.isSafeInteger(parsed) && parsed >= 0)
      expectedTotal = parsed;
    else invalid.expected_total = 'expected_total is not of type integer.';
  }
  if (Object.keys(invalid).length > 0) {
    const details: Record<string, unknown> = {};
    for (const [name, message] of Object.entries(invalid)) {
      details[name] = { code: 'rest_invalid_type', message, data: null };
    }
    throw new RestError(
      'rest_invalid_param',
      `Invalid parameter(s): ${Object.keys(invalid).join(', ')}`,
      400,
      { params: invalid, details },
    );
  }
  const billing = checkAddress('billing', params.billing_address);
  const shipping = checkAddress('shipping', shippingParam);
  const problems = [...billing.problems, ...shipping.problems];
  if (problems.length > 0) throw addressError(problems);

  const paymentMethod = paymentMethodOf(params.payment_method);
  const ext = extensions as Record<string, Record<string, unknown>>;
  const posted = ext[ORDER_ATTRIBUTION_NAMESPACE];
  let attribution: Record<string, string> | null = null;
  if (posted !== undefined && Object.keys(posted).length > 0) {
    for (const value of Object.values(posted)) {
      if (value !== null && typeof value !== 'string') {
        const type = Array.isArray(value)
          ? 'array'
          : typeof value === 'number' && Number.isInteger(value)
            ? 'integer'
            : typeof value;
        throw new RestError(
          'api-error',
          `Value of type ${type} was posted to the order attribution callback`,
          400,
        );
      }
    }
    attribution = attributionValues(
      Object.fromEntries(Object.entries(posted).map(([key, value]) => [key, value ?? ''])),
    );
  }
  return {
    billing: billing.address,
    shipping: shipping.address,
    paymentMethod,
    customerNote: sanitizeNote(note as string),
    extensions: ext,
    attribution,
    createdVia: 'store-api',
    customerId,
    expectedTotal,
  };
}

/** A customer note as `sanitize_textarea_field` leaves it: no tags, line breaks kept. */
function sanitizeNote(note: string): string {
  return (
    stripTags(note)
      // eslint-disable-next-line no-control-regex -- control characters (but newlines) are removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .trim()
  );
}

/** A classic checkout's problems: notice HTML (with the field's id) in order. */
export interface ClassicProblem {
  id: string;
  notice: string;
}

/**
 * Reads a classic `?wc-ajax=checkout` form (`billing_*`, `shipping_*`,
 * `ship_to_different_address`, `payment_method`, `order_comments`, `wc_order_attribution_*`).
 * Without "ship to a different address" the shipping address is the billing one.
 */
export function readClassicCheckout(
  form: Record<string, unknown>,
  customerId: number,
): { input: CheckoutInput; problems: ClassicProblem[] } {
  const part = (type: 'billing' | 'shipping') =>
    Object.fromEntries(
      [
        'first_name',
        'last_name',
        'company',
        'address_1',
        'address_2',
        'city',
        'state',
        'postcode',
        'country',
        'phone',
        'email',
      ].map((field) => [field, form[`${type}_${field}`]]),
    );
  const billing = checkAddress('billing', part('billing'));
  const different =
    form.ship_to_different_address === '1' || form.ship_to_different_address === 'on';
  let shippingAddress: OrderAddress;
  const problems: ClassicProblem[] = billing.problems.map((problem) => ({
    id: `billing_${problem.field}`,
    notice: problem.notice,
  }));
  if (different) {
    const shipping = checkAddress('shipping', part('shipping'));
    shippingAddress = shipping.address;
    problems.push(
      ...shipping.problems.map((problem) => ({
        id: `shipping_${problem.field}`,
        notice: problem.notice,
      })),
    );
  } else {
    const { email: _email, ...rest } = billing.address;
    shippingAddress = rest;
  }
  const method = typeof form.payment_method === 'string' ? form.payment_method.trim() : '';
  if (!isPaymentMethod(method))
    problems.push({ id: 'payment_method', notice: 'Invalid payment method.' });
  const note = typeof form.order_comments === 'string' ? form.order_comments : '';
  if (note.length > MAX_NOTE_LENGTH) {
    problems.push({
      id: 'order_comments',
      notice: `Order notes must be at most ${MAX_NOTE_LENGTH} characters long.`,
    });
  }
  const attribution = postedAttribution(form);
  return {
    input: {
      billing: billing.address,
      shipping: shippingAddress,
      paymentMethod: isPaymentMethod(method) ? method : 'cheque',
      customerNote: sanitizeNote(note),
      extensions: {},
      attribution,
      createdVia: 'checkout',
      customerId,
    },
    problems,
  };
}
