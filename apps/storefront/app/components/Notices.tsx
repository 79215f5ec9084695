import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { warningMessage, type StoreNotice } from '../lib/cart-summary';
import { useCartController, useCartState } from './CartProvider';
import { shopT } from '../messages';
import { AlertNotice } from '@cartwright/ui-components';

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
 * (errors as an alert, success and information as a status), shown on the page they
 * arrived with only; and the cart controller's warnings (a quantity lowered to the stock,
 * an item gone) in a polite live region that is always there, so adding to it is announced.
 */
export function Notices({ notices }: { notices: StoreNotice[] }) {
  const location = useLocation();
  const [arrival, setArrival] = useState({ notices, key: location.key });
  if (arrival.notices !== notices) setArrival({ notices, key: location.key });
  const shown = arrival.key === location.key ? arrival.notices : [];
  const errors = shown.filter((notice) => notice.type === 'error');
  const others = shown.filter((notice) => notice.type !== 'error');

  const controller = useCartController();
  const warnings = useCartState((snapshot) => snapshot.warnings);

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
      <div className="cart-warnings" role="status" aria-live="polite">
        {warnings.length > 0 ? (
          <div className="woocommerce-info notice">
            <ul>
              {warnings.map((warning, index) => (
                <li key={index}>{warningMessage(warning)}</li>
              ))}
            </ul>
            <button type="button" className="cw-button" onClick={() => controller.clearWarnings()}>
              {shopT.format('storeNotice.dismiss')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
