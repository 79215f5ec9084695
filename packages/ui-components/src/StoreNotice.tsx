import { useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactElement } from 'react';
import { useMessages } from './MessagesProvider';
import { storeNoticeDismissCookie } from './store-notice';

/** Props of {@link StoreNotice}. */
export interface StoreNoticeProps {
  /**
   * The notice's id (the store's md5 of the text): the dismissal cookie is `store_notice{id}`.
   * @example '0f2b…'
   */
  id: string;
  /** The notice text (plain text). */
  text: string;
  /**
   * Where the dismiss link goes without JavaScript: a page of the storefront that sets the
   * cookie (`store_notice{id}=hidden`, path `/`) and redirects back. With JavaScript the link
   * sets the cookie itself and hides the notice without navigating.
   * @example '/store-notice/dismiss/?id=0f2b…&redirect_to=%2Fshop%2F'
   */
  dismissHref: string;
  /**
   * Render nothing: the cookie already says the notice was dismissed. Decide it on the server
   * with `isStoreNoticeHidden(cookieHeader, id)`, so a dismissed notice never flashes.
   * @default false
   */
  hidden?: boolean | undefined;
  /**
   * The notice landmark's accessible name.
   * @default the message catalogue's `storeNotice.label` ('Store notice')
   */
  label?: string | undefined;
  /**
   * The dismiss link's text.
   * @default the message catalogue's `storeNotice.dismiss` ('Dismiss')
   */
  dismissLabel?: string | undefined;
  /**
   * Writes the dismissal cookie (tests and non-browser hosts inject their own).
   * @default (cookie) => { document.cookie = cookie }
   */
  setCookie?: ((cookie: string) => void) | undefined;
  /**
   * Called after the notice was dismissed with JavaScript.
   * @default undefined
   */
  onDismiss?: (() => void) | undefined;
}

const writeDocumentCookie = (cookie: string) => {
  document.cookie = cookie;
};

/**
 * WooCommerce's site-wide store notice (spec §4 "Store notice", wire contract §2.1): the text
 * and a dismiss link, `p.woocommerce-store-notice.demo_store` with `role="complementary"`.
 * Rendered visible by the server (no `display:none` flash); dismissing sets the session cookie
 * `store_notice{id}=hidden` on path `/` and hides it. The link is a real link, so it works
 * without JavaScript; with JavaScript, click, Enter or Space dismiss it in place.
 *
 * @example
 * <StoreNotice
 *   id={notice.id}
 *   text={notice.text}
 *   hidden={isStoreNoticeHidden(cookieHeader, notice.id)}
 *   dismissHref={`/store-notice/dismiss/?id=${notice.id}&redirect_to=%2F`}
 * />
 */
export function StoreNotice({
  id,
  text,
  dismissHref,
  hidden = false,
  label,
  dismissLabel,
  setCookie = writeDocumentCookie,
  onDismiss,
}: StoreNoticeProps): ReactElement | null {
  const t = useMessages();
  const [dismissed, setDismissed] = useState(false);
  if (hidden || dismissed) return null;

  const dismiss = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setCookie(storeNoticeDismissCookie(id));
    setDismissed(true);
    onDismiss?.();
  };

  return (
    <p
      role="complementary"
      aria-label={label ?? t.format('storeNotice.label')}
      className="woocommerce-store-notice demo_store cw-store-notice"
      data-notice-id={id}
    >
      <span className="cw-store-notice__text">{text}</span>{' '}
      <a
        role="button"
        href={dismissHref}
        className="woocommerce-store-notice__dismiss-link cw-store-notice__dismiss"
        onClick={dismiss}
        onKeyDown={(event) => {
          // A link activates on Enter by itself; as a button it must answer Space too.
          if (event.key === ' ' || event.key === 'Spacebar') dismiss(event);
        }}
      >
        {dismissLabel ?? t.format('storeNotice.dismiss')}
      </a>
    </p>
  );
}
