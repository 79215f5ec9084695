import { CouponForm as CouponFields, currencyFromStoreApi } from '@cartwright/ui-components';
import { useState } from 'react';
import type { CartView } from '../lib/cart';
import { loadCartIslands } from '../lib/chunks';
import type { CouponOutcome } from '../lib/cart-forms';
import { useAction } from '../lib/page-action';
import { island } from './Island';

// Few shoppers enter a coupon: the form is server-rendered with the page and its code loaded
// when a shopper comes to it (a pointer over it, focus in it, a touch; decision 0057), or when
// what it shows changes in the page (a coupon applied or removed elsewhere, an outcome to show).
// Until then it is the plain form post it is without JavaScript, and a submit made meanwhile is
// held and sent once the code is in.
const CouponIsland = island({
  name: 'coupon-form',
  load: async () => (await loadCartIslands()).CouponForm,
  server: import.meta.env.SSR ? CouponFields : undefined,
});

/**
 * The coupon form and the applied coupons (ui-components' `CouponForm`) for the cart and the
 * checkout, posted to the page's own action: without JavaScript a plain form post that renders
 * the page again with the outcome (`serverOutcome`); with it `send`, from the browser (decision
 * 0084), so the rest of the page (the checkout's typed fields) stays as it is.
 */
export function CouponForm({
  cart,
  action,
  serverOutcome,
  send,
}: {
  cart: Pick<CartView, 'coupons' | 'currency'>;
  /** The page whose action handles the post (`/cart/`, `/checkout/`). */
  action: string;
  serverOutcome?: CouponOutcome | undefined;
  /** Sends the form's fields and answers with the outcome. */
  send: (form: FormData) => Promise<{ coupon?: CouponOutcome }>;
}) {
  const sent = useAction(send);
  // The coupons the server rendered the form with: other coupons (or amounts) mean its markup
  // is out of date. Compared by content: the cart view is made afresh on each render.
  const coupons = JSON.stringify(cart.coupons);
  const [rendered] = useState(coupons);
  const outcome = sent.data?.coupon ?? serverOutcome;
  return (
    <CouponIsland
      // A refusal from a plain post (before hydration) is focused and scrolled to by the live
      // form (spec §4's page behaviours), so an outcome wakes it too.
      awake={outcome !== undefined || coupons !== rendered}
      coupons={cart.coupons}
      currency={currencyFromStoreApi(cart.currency)}
      action={action}
      outcome={outcome}
      busy={sent.busy}
      onCouponSubmit={(submitter) => sent.submit(fieldsOf(submitter))}
    />
  );
}

/** What a submit sends: the form's fields, with the button's name and value when one sent it. */
const fieldsOf = (submitter: HTMLButtonElement | HTMLFormElement) =>
  submitter instanceof HTMLFormElement
    ? new FormData(submitter)
    : new FormData(submitter.form ?? undefined, submitter);
