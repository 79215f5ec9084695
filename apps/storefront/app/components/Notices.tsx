import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../lib/routing';
import type { StoreNotice } from '../lib/cart-summary';
import { loadPageCart } from '../lib/chunks';
import { useCartController, useCartState } from './CartProvider';
import { extendTranslator, extensionOverrides, shopT } from '../messages';
import { AlertNotice } from '@cartwright/ui-components';
import type { CartWarnings as CartWarningsView, CartWarningsProps } from './cart-warnings';

/** The page's translator over the warnings' catalogue, with the shop's overrides for it. */
const translateWarnings: CartWarningsProps['translate'] = (catalogue) =>
  extendTranslator(shopT, catalogue, extensionOverrides());

function NoticeLink({ link }: { link: StoreNotice['link'] }) {
  if (!link) return null;
  return (
    <>
      {' '}
      <Link to={link.href} className="button wc-forward">
        {link.label}
      </Link>
    </>
  );
}

/**
 * The notices region at the top of main (WooCommerce's `woocommerce-notices-wrapper`):
 * the store's session notices, server-rendered so nothing moves when the page hydrates
 * (errors as an alert, success and information as a status); and after them `children`: the cart's warnings ({@link CartWarningsRegion}),
 * which the root puts in a part of their own, so an island page hydrates them with its other
 * live parts (decision 0084).
 */
export function Notices({ notices, children }: { notices: StoreNotice[]; children: ReactNode }) {
  const errors = notices.filter((notice) => notice.type === 'error');
  const others = notices.filter((notice) => notice.type !== 'error');

  return (
    <div className="woocommerce-notices-wrapper">
      {errors.length > 0 ? (
        <AlertNotice className="woocommerce-error notice notice-error">
          <ul>
            {errors.map((notice, index) => (
              <li key={index}>
                {notice.message}
                <NoticeLink link={notice.link} />
              </li>
            ))}
          </ul>
        </AlertNotice>
      ) : null}
      {others.map((notice, index) => (
        <div
          key={index}
          className={`${notice.type === 'success' ? 'woocommerce-message' : 'woocommerce-info'} notice`}
          role="status"
        >
          {notice.message}
          <NoticeLink link={notice.link} />
        </div>
      ))}
      {children}
    </div>
  );
}

/**
 * The cart controller's warnings (a quantity lowered to the stock, an item gone) in a polite live
 * region that is always there, so adding to it is announced. Only an answer to a cart change
 * carries a warning, so their view and texts come with the cart's code (`loadPageCart`, loaded
 * by then) when the first one arrives (decision 0070).
 */
export function CartWarningsRegion() {
  const controller = useCartController();
  const warnings = useCartState((snapshot) => snapshot.warnings);
  const [View, setView] = useState<typeof CartWarningsView | null>(null);
  const needed = warnings.length > 0 && View === null;
  useEffect(() => {
    // The cart's code is in by now (its answers made the warnings): no request of its own.
    if (needed) void loadPageCart().then((module) => setView(() => module.CartWarnings));
  }, [needed]);
  return (
    <div className="cart-warnings" role="status" aria-live="polite">
      {View && warnings.length > 0 ? (
        <View
          warnings={warnings}
          translate={translateWarnings}
          onDismiss={() => controller.clearWarnings()}
        />
      ) : null}
    </div>
  );
}
