import { useRef, useState } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { useMessages } from './MessagesProvider';
import { COMING_SOON_DISMISS_BODY } from './coming-soon-dismiss';
import { COMING_SOON_MESSAGES } from './messages-coming-soon';

/** Props of {@link ComingSoonBanner}. */
export interface ComingSoonBannerProps {
  /**
   * The REST URL of the logged-in user, `…/wp-json/wp/v2/users/{id}`: the dismissal is posted
   * there. Rendered on the dismiss link as `data-rest-url`, and read back from it on dismiss.
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
   * The dismiss link's text.
   * @default the message catalogue's `comingSoon.dismiss` ('Dismiss')
   */
  dismissLabel?: string | undefined;
  /**
   * A storefront URL the dismiss link leads to without JavaScript, with `_wpnonce` and
   * `rest_url` added to its query. Without it the link only works with JavaScript.
   * @default undefined
   */
  action?: string | undefined;
  /**
   * Sends the dismissal to `restUrl` with `nonce`: resolves when the store saved it, rejects
   * otherwise (the banner hides either way). Inject your REST client here.
   * @default a `fetch` POST of {@link COMING_SOON_DISMISS_BODY} with `X-WP-Nonce` and the
   * cookies, rejecting on a non-2xx status ({@link sendComingSoonDismissal})
   */
  send?: ((restUrl: string, nonce: string) => Promise<unknown>) | undefined;
  /**
   * Called once the banner is hidden, with whether the store accepted the dismissal.
   * @default undefined
   */
  onDismiss?: ((saved: boolean) => void) | undefined;
}

/**
 * The default dismissal: `POST restUrl` with the meta form body, `X-WP-Nonce` and the cookies
 * (wire contract §2.2). Rejects on a non-2xx status or a network failure.
 */
export async function sendComingSoonDismissal(restUrl: string, nonce: string): Promise<void> {
  const response = await fetch(restUrl, {
    method: 'POST',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'X-WP-Nonce': nonce,
    },
    body: COMING_SOON_DISMISS_BODY,
  });
  if (!response.ok) throw new Error(`The dismissal answered HTTP ${response.status}.`);
}

/**
 * WooCommerce's coming-soon footer banner (spec §4, wire contract §2.2), for a logged-in
 * administrator or shop manager while the store is in coming-soon mode (the page decides
 * whether to render it). Its dismiss link (spec §2) carries the REST URL and nonce as
 * WooCommerce's does; following it sends `woocommerce_meta[coming_soon_banner_dismissed]=yes`
 * to the REST URL read from the link, through `send`, and hides the banner when the call ends,
 * whether or not it succeeded; the response is not read. Only one call is sent however often
 * the link is followed. Without JavaScript the link leads to `action`.
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
  send = sendComingSoonDismissal,
  onDismiss,
}: ComingSoonBannerProps): ReactElement | null {
  const t = useMessages(COMING_SOON_MESSAGES);
  const [status, setStatus] = useState<'shown' | 'dismissing' | 'hidden'>('shown');
  const link = useRef<HTMLAnchorElement>(null);
  const sending = useRef(false);
  if (status === 'hidden') return null;

  const dismiss = (event: MouseEvent) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setStatus('dismissing');
    // The URL and nonce come from the dismiss link, as WooCommerce's script reads them.
    const url = link.current?.dataset.restUrl ?? restUrl;
    const nonce = link.current?.dataset.restNonce ?? restNonce;
    void Promise.resolve()
      .then(() => send(url, nonce))
      .then(
        () => true,
        () => false,
      )
      .then((saved) => {
        setStatus('hidden');
        onDismiss?.(saved);
      });
  };
  const href =
    action === undefined
      ? '#coming-soon-footer-banner'
      : `${action}${action.includes('?') ? '&' : '?'}${new URLSearchParams({
          _wpnonce: restNonce,
          rest_url: restUrl,
        }).toString()}`;

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
      <a
        ref={link}
        href={href}
        onClick={dismiss}
        className="coming-soon-footer-banner-dismiss cw-button cw-coming-soon__dismiss"
        data-rest-url={restUrl}
        data-rest-nonce={restNonce}
        aria-disabled={status === 'dismissing' ? true : undefined}
      >
        {dismissLabel ?? t.format('comingSoon.dismiss')}
      </a>
    </div>
  );
}
