import { isStoreApiError } from '@cartwright/store-api-client';
import type { StoreApi } from '@cartwright/store-api-client/store';
import { storeMessageText } from './store-message';
import { checkoutT } from '../messages-checkout';

/** What a coupon form post came to: shown as a notice beside the form. */
export interface CouponOutcome {
  ok: boolean;
  message: string;
}

/**
 * Whether a posted form is the coupon form (WooCommerce's classic field names: `coupon_code`
 * with the `apply_coupon` button, or a `remove_coupon` button carrying the code).
 */
export function isCouponForm(form: FormData): boolean {
  return form.has('apply_coupon') || form.has('remove_coupon');
}

/** The longest code sent on (the store refuses unknown codes anyway; this bounds the message). */
const MAX_CODE = 200;

/**
 * Applies or removes a coupon through the Store API, for the cart and checkout pages' actions,
 * with JavaScript (a fetcher) and without (a plain form post). The store's refusals come back
 * as the outcome's message, in its own words.
 */
export async function couponAction(form: FormData, store: StoreApi): Promise<CouponOutcome> {
  const remove = form.get('remove_coupon');
  const raw = typeof remove === 'string' ? remove : form.get('coupon_code');
  const code = typeof raw === 'string' ? raw.trim().slice(0, MAX_CODE) : '';
  if (code === '') return { ok: false, message: checkoutT.format('coupon.enterCode') };
  try {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    if (typeof remove === 'string') {
      await store.removeCoupon(code);
      return { ok: true, message: checkoutT.format('coupon.removed') };
    }
    await store.applyCoupon(code);
    return { ok: true, message: checkoutT.format('coupon.applied') };
  } catch (error) {
    if (isStoreApiError(error) && error.code.startsWith('woocommerce_rest_')) {
      return { ok: false, message: storeMessageText(error.message) };
    }
    throw error;
  }
}
