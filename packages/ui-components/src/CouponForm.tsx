import { useEffect, useId, useRef, type FormEvent, type ReactElement } from 'react';
import { formatPrice, type Currency } from './currency';
import { useMessages } from './MessagesProvider';
import { COUPON_FORM_MESSAGES } from './messages-coupon-form';
import { AlertNotice } from './PageBehaviours';

/** An applied coupon as the Store API's cart lists it. */
export interface CouponFormCoupon {
  /** The code as the store keeps it (lower case). */
  code: string;
  /** What it takes off the cart, in minor units (`totals.total_discount`, e.g. `"500"`). */
  discount: string;
}

/** The store's answer to the last apply or remove. */
export interface CouponFormOutcome {
  ok: boolean;
  /** The store's text ("Coupon code applied successfully.", or why it refused). */
  message: string;
}

/** Props of {@link CouponForm}. */
export interface CouponFormProps {
  /** The coupons applied to the cart, each shown as a chip with its remove button. */
  coupons: readonly CouponFormCoupon[];
  /** The cart's currency (`currencyFromStoreApi(cart.totals)`). */
  currency: Currency;
  /** Where both forms post (the page whose action applies and removes coupons: `/cart/`). */
  action: string;
  /**
   * The last apply's or remove's outcome: a refusal is an alert (focused and scrolled to each
   * time a new outcome object arrives), a success is said in the status region and empties
   * the field.
   */
  outcome?: CouponFormOutcome | undefined;
  /** A submission is under way: the buttons are disabled. */
  busy?: boolean | undefined;
  /**
   * Called instead of the browser's submission with the button that submitted (its name and
   * value are the form's intent: `apply_coupon`, `remove_coupon=<code>`), or the form when
   * there is none: a router submits it itself. Default: the browser posts the form.
   */
  onCouponSubmit?: ((submitter: HTMLButtonElement | HTMLFormElement) => void) | undefined;
}

/**
 * The coupon form and the applied coupons, each with its remove button, as WooCommerce's classic
 * cart posts them (`coupon_code` + `apply_coupon`, `remove_coupon=<code>`), so it works without
 * JavaScript; `onCouponSubmit` lets a router post them instead, keeping the rest of the page.
 *
 * @example
 * <CouponForm coupons={cart.coupons} currency={usd} action="/cart/" outcome={outcome} />
 */
export function CouponForm({
  coupons,
  currency,
  action,
  outcome,
  busy = false,
  onCouponSubmit,
}: CouponFormProps): ReactElement {
  const t = useMessages(COUPON_FORM_MESSAGES);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const refused = outcome !== undefined && !outcome.ok;
  // An applied code leaves the field empty for the next one.
  useEffect(() => {
    if (!busy && outcome?.ok && input.current) input.current.value = '';
  }, [busy, outcome]);
  const onSubmit = onCouponSubmit
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        // The submitting button, or the form when there is none (a requestSubmit() call).
        onCouponSubmit(
          ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ??
            event.currentTarget,
        );
      }
    : undefined;
  return (
    <div className="cw-coupon">
      {refused ? (
        // Each new refusal (even with the same text) is focused and scrolled to again.
        <AlertNotice occurrence={outcome}>
          <p>{outcome.message}</p>
        </AlertNotice>
      ) : null}
      <div className="cw-coupon__status" role="status">
        {outcome?.ok ? <p className="notice notice-success">{outcome.message}</p> : null}
      </div>
      {coupons.length > 0 ? (
        <form method="post" action={action} className="cw-coupon__applied" onSubmit={onSubmit}>
          <p id={`${id}-applied`} className="cw-coupon__applied-label">
            {t.format('couponForm.appliedHeading')}
          </p>
          <ul aria-labelledby={`${id}-applied`}>
            {coupons.map((coupon) => (
              <li key={coupon.code} className="cw-coupon__chip">
                <span className="cw-coupon__code">{coupon.code}</span>{' '}
                {/* WooCommerce's "-$5.00": the store's lower-case code, then a hyphen-minus
                    before the price, as `'-' . wc_price()` writes it (so "-$0.00" too); kept
                    left to right on a right-to-left page, where it would read "$5.00-". */}
                <span className="cw-coupon__amount" dir="ltr">
                  -{formatPrice(coupon.discount, currency)}
                </span>
                <button
                  type="submit"
                  name="remove_coupon"
                  value={coupon.code}
                  className="cw-coupon__remove"
                  aria-label={t.format('couponForm.removeLabel', { code: coupon.code })}
                  disabled={busy}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </form>
      ) : null}
      <form method="post" action={action} className="cw-coupon__form" onSubmit={onSubmit}>
        <label htmlFor={`${id}-code`}>{t.format('couponForm.label')}</label>
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
          {t.format('couponForm.apply')}
        </button>
      </form>
    </div>
  );
}
