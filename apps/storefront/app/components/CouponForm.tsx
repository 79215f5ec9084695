import { CouponForm as CouponFields, currencyFromStoreApi } from '@cartwright/ui-components';
import { useFetcher } from 'react-router';
import type { CartView } from '../lib/cart';
import type { CouponOutcome } from '../lib/coupons.server';

/**
 * The coupon form and the applied coupons (ui-components' `CouponForm`) for the cart and the
 * checkout, posted to the page's own action: without JavaScript a plain form post that renders
 * the page again with the outcome (`serverOutcome`); with it a fetcher, so the rest of the page
 * (the checkout's typed fields) stays as it is while the loaders read the cart again.
 */
export function CouponForm({
  cart,
  action,
  serverOutcome,
}: {
  cart: Pick<CartView, 'coupons' | 'currency'>;
  /** The page whose action handles the post (`/cart/`, `/checkout/`). */
  action: string;
  serverOutcome?: CouponOutcome | undefined;
}) {
  const fetcher = useFetcher<{ coupon?: CouponOutcome }>();
  return (
    <CouponFields
      coupons={cart.coupons}
      currency={currencyFromStoreApi(cart.currency)}
      action={action}
      outcome={fetcher.data?.coupon ?? serverOutcome}
      busy={fetcher.state !== 'idle'}
      onCouponSubmit={(submitter) => void fetcher.submit(submitter, { method: 'post', action })}
    />
  );
}
