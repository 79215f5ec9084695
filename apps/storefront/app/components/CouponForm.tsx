import { currencyFromStoreApi, formatPrice } from '@cartwright/ui-components';
import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { CartView } from '../lib/cart';
import type { CouponOutcome } from '../lib/coupons.server';
import { AlertNotice } from './AlertNotice';
import { checkoutT } from '../messages-checkout';

/**
 * The coupon form and the applied coupons, each with its remove button, for the cart and the
 * checkout. WooCommerce's classic field names (`coupon_code` + `apply_coupon`, `remove_coupon`)
 * posted to the page's own action: without JavaScript a plain form post that renders the page
 * again with the outcome (`serverOutcome`); with it a fetcher, so the rest of the page (the
 * checkout's typed fields) stays as it is while the loaders read the cart again.
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
  const outcome = fetcher.data?.coupon ?? serverOutcome;
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const currency = currencyFromStoreApi(cart.currency);
  // An applied code leaves the field empty for the next one.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.coupon?.ok && input.current) {
      input.current.value = '';
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="cw-coupon">
      {outcome && !outcome.ok ? (
        <AlertNotice occurrence={outcome}>
          <p>{outcome.message}</p>
        </AlertNotice>
      ) : null}
      <div className="cw-coupon__status" role="status">
        {outcome?.ok ? <p className="notice notice-success">{outcome.message}</p> : null}
      </div>
      {cart.coupons.length > 0 ? (
        <fetcher.Form method="post" action={action} className="cw-coupon__applied">
          <p id={`${id}-applied`} className="cw-coupon__applied-label">
            {checkoutT.format('coupon.appliedHeading')}
          </p>
          <ul aria-labelledby={`${id}-applied`}>
            {cart.coupons.map((coupon) => (
              <li key={coupon.code} className="cw-coupon__chip">
                <span className="cw-coupon__code">{coupon.code}</span>{' '}
                {/* WooCommerce's "-$5.00": the store's lower-case code, then a hyphen-minus. */}
                <span className="cw-coupon__amount">
                  {formatPrice(`-${coupon.discount}`, currency)}
                </span>
                <button
                  type="submit"
                  name="remove_coupon"
                  value={coupon.code}
                  className="cw-coupon__remove"
                  aria-label={checkoutT.format('coupon.removeLabel', { code: coupon.code })}
                  disabled={busy}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </fetcher.Form>
      ) : null}
      <fetcher.Form method="post" action={action} className="cw-coupon__form">
        <label htmlFor={`${id}-code`}>{checkoutT.format('coupon.label')}</label>
        <input
          ref={input}
          id={`${id}-code`}
          name="coupon_code"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={200}
        />
        <button type="submit" name="apply_coupon" value="1" className="cw-button" disabled={busy}>
          {checkoutT.format('coupon.apply')}
        </button>
      </fetcher.Form>
    </div>
  );
}
