import { Link } from '../lib/routing';
import { MAX_ORDER_NOTE_LENGTH } from '../lib/checkout-extras';
import { shopT } from '../messages';
import { checkoutT } from '../messages-checkout';

/**
 * WooCommerce's "Additional information" section: the optional order note (`order_comments`),
 * kept on the order and shown on the order-received page and in the emails.
 */
export function OrderNotes({ defaultValue }: { defaultValue: string }) {
  return (
    <section aria-labelledby="order-notes-heading" className="woocommerce-additional-fields">
      <h2 id="order-notes-heading">{checkoutT.format('checkout.additionalInformation')}</h2>
      <p className="form-row notes" id="order_comments_field">
        <label htmlFor="order_comments">
          {checkoutT.format('checkout.orderNotes')}{' '}
          <span className="optional">{checkoutT.format('address.optional')}</span>
        </label>
        <textarea
          name="order_comments"
          id="order_comments"
          className="input-text"
          rows={3}
          maxLength={MAX_ORDER_NOTE_LENGTH}
          placeholder={checkoutT.format('checkout.orderNotesPlaceholder')}
          defaultValue={defaultValue}
        />
      </p>
    </section>
  );
}

/**
 * The terms checkbox, shown when the shop has a terms page (WooCommerce's
 * `woocommerce-terms-and-conditions-wrapper`): required, its error read with it.
 */
export function TermsAcceptance({
  termsUrl,
  defaultChecked,
  error,
}: {
  termsUrl: string;
  defaultChecked: boolean;
  error: string | undefined;
}) {
  return (
    <div className="woocommerce-terms-and-conditions-wrapper">
      <p className="form-row validate-required" id="terms_field">
        <label className="woocommerce-form__label-for-checkbox checkbox">
          <input
            type="checkbox"
            className="woocommerce-form__input-checkbox input-checkbox"
            name="terms"
            id="terms"
            required
            defaultChecked={defaultChecked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'terms_error' : undefined}
          />{' '}
          <span className="woocommerce-terms-and-conditions-checkbox-text">
            {checkoutT.format('checkout.termsBefore')}
            <Link to={termsUrl} className="woocommerce-terms-and-conditions-link">
              {checkoutT.format('checkout.termsLink')}
            </Link>
          </span>{' '}
          <abbr className="required" title={shopT.format('field.required')}>
            *
          </abbr>
        </label>
        <input type="hidden" name="terms-field" value="1" />
        {error ? (
          <span className="cw-field-error" id="terms_error">
            {error}
          </span>
        ) : null}
      </p>
    </div>
  );
}
