import { useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useMessages } from './MessagesProvider';

/** The body the dismissal sends (wire contract §2.2; brackets percent-encoded, as jQuery does). */
export const COMING_SOON_DISMISS_BODY = 'woocommerce_meta%5Bcoming_soon_banner_dismissed%5D=yes';

/** Props of {@link ComingSoonBanner}. */
export interface ComingSoonBannerProps {
  /**
   * The REST URL of the logged-in user, `…/wp-json/wp/v2/users/{id}`: the dismissal is posted
   * there. Rendered on the dismiss control as `data-rest-url`, and read back from it on dismiss.
   * @example 'https://shop.example.com/wp-json/wp/v2/users/1'
   */
  restUrl: string;
  /**
   * The `wp_rest` nonce sent as `X-WP-Nonce` (rendered as `data-rest-nonce`).
   * @example 'a1b2c3d4e5'
   */
  restNonce: string;
  /**
   * The banner's text.
   * @default the message catalogue's `comingSoon.text` ('This store is in coming-soon mode: only you and other store managers can see it.')
   */
  text?: string | undefined;
  /**
   * A link to the settings where the store is made public, shown after the text when given.
   * @default undefined
   */
  settingsHref?: string | undefined;
  /**
   * The settings link's text.
   * @default the message catalogue's `comingSoon.settings` ('Change the store’s visibility')
   */
  settingsLabel?: string | undefined;
  /**
   * The dismiss button's text.
   * @default the message catalogue's `comingSoon.dismiss` ('Dismiss')
   */
  dismissLabel?: string | undefined;
  /**
   * A storefront URL the dismiss form posts to without JavaScript (it carries `_wpnonce` and
   * `rest_url`). Without it the button only works with JavaScript.
   * @default undefined
   */
  action?: string | undefined;
  /**
   * The fetch used for the dismissal.
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Called once the banner is hidden, with whether the store accepted the dismissal.
   * @default undefined
   */
  onDismiss?: ((saved: boolean) => void) | undefined;
}

/**
 * WooCommerce's coming-soon footer banner (spec §4, wire contract §2.2), for a logged-in
 * administrator or shop manager while the store is in coming-soon mode (the page decides
 * whether to render it). Dismissing posts `woocommerce_meta[coming_soon_banner_dismissed]=yes`
 * to the REST URL taken from the dismiss control, with `X-WP-Nonce` and the cookies, and hides
 * the banner when the call ends, whether or not it succeeded; the response is not read. Only
 * one call is sent however often the button is pressed.
 *
 * @example
 * <ComingSoonBanner restUrl={banner.rest_url} restNonce={banner.rest_nonce} />
 */
export function ComingSoonBanner({
  restUrl,
  restNonce,
  text,
  settingsHref,
  settingsLabel,
  dismissLabel,
  action,
  fetch: fetchImpl,
  onDismiss,
}: ComingSoonBannerProps): ReactElement | null {
  const t = useMessages();
  const [status, setStatus] = useState<'shown' | 'dismissing' | 'hidden'>('shown');
  const button = useRef<HTMLButtonElement>(null);
  const sending = useRef(false);
  if (status === 'hidden') return null;

  const dismiss = (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setStatus('dismissing');
    // The URL and nonce come from the dismiss control, as WooCommerce's script reads them.
    const url = button.current?.dataset.restUrl ?? restUrl;
    const nonce = button.current?.dataset.restNonce ?? restNonce;
    const send = fetchImpl ?? globalThis.fetch;
    void Promise.resolve()
      .then(() =>
        send(url, {
          method: 'POST',
          credentials: 'include',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
            'X-WP-Nonce': nonce,
          },
          body: COMING_SOON_DISMISS_BODY,
        }),
      )
      .then(
        (response) => response.ok,
        () => false,
      )
      .then((saved) => {
        setStatus('hidden');
        onDismiss?.(saved);
      });
  };

  return (
    <div id="coming-soon-footer-banner" className="coming-soon-footer-banner cw-coming-soon">
      <p className="coming-soon-footer-banner__text cw-coming-soon__text">
        {text ?? t.format('comingSoon.text')}
        {settingsHref === undefined ? null : (
          <>
            {' '}
            <a href={settingsHref}>{settingsLabel ?? t.format('comingSoon.settings')}</a>
          </>
        )}
      </p>
      <form method="post" action={action} onSubmit={dismiss} className="cw-coming-soon__form">
        <input type="hidden" name="_wpnonce" value={restNonce} />
        <input type="hidden" name="rest_url" value={restUrl} />
        <button
          ref={button}
          type="submit"
          className="coming-soon-footer-banner-dismiss cw-button"
          data-rest-url={restUrl}
          data-rest-nonce={restNonce}
          aria-disabled={status === 'dismissing' ? true : undefined}
        >
          {dismissLabel ?? t.format('comingSoon.dismiss')}
        </button>
      </form>
    </div>
  );
}
