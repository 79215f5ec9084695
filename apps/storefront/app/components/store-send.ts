import type { StoreCart } from '@cartwright/store-api-client';
import { useCartController } from './CartProvider';
import type { CartFormAnswer } from '../lib/cart-forms';
import { loadRouteChunk } from '../lib/chunks';
import { useRootData } from '../lib/routing';
import { checkoutT } from '../messages-checkout';

/** Sends a page's form to the store through the page's Store API session (its nonce given). */
export type StoreFormSender<A> = (
  form: FormData,
  storeApiNonce: string | undefined,
) => Promise<{ answer: A; cart?: StoreCart | undefined }>;

/**
 * A page's forms sent to the store from the browser, on an island page (decision 0084), where
 * no router runs the route's action: `load` brings the sender with the first form (the action's
 * own code, `lib/cart-send`, `lib/checkout-send`), the store's answer cart goes into the cart
 * controller (the page, the header and other tabs follow it), and the answer is the page's.
 * A failure to reach the store (or to load the code) answers `failed`.
 */
export function useStoreSend<A>(
  load: () => Promise<StoreFormSender<A>>,
  failed: () => A,
): (form: FormData) => Promise<A> {
  const controller = useCartController();
  const storeApiNonce = useRootData()?.storeApiNonce ?? undefined;
  return async (form) => {
    try {
      const send = await load();
      const { answer, cart } = await send(form, storeApiNonce);
      if (cart) controller.receive(cart);
      return answer;
    } catch {
      return failed();
    }
  };
}

/**
 * The code that sends the cart's forms from the browser (decision 0084), with the first one.
 * Loaded from here, not `lib/chunks`: its file names stay out of what every page loads.
 */
export const loadCartSend = () =>
  loadRouteChunk('cart-send', () => import('../lib/cart-send')).then(
    (module) => module.sendCartForm,
  );

/** What a cart form answers when the store could not be reached. */
export const cartUpdateFailed = (): CartFormAnswer => ({
  error: checkoutT.format('cart.updateFailed'),
});

/** The coupon form's sender from a cart form's: a failure is the coupon's refusal. */
export const couponSender =
  (send: (form: FormData) => Promise<CartFormAnswer>) => (form: FormData) =>
    send(form).then((answer) =>
      'error' in answer ? { coupon: { ok: false, message: answer.error } } : answer,
    );
