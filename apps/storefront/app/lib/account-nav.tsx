import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { accountT } from '../messages-account';

/** The account pages of WooCommerce's my-account navigation that this store has. */
const PAGES = [
  { to: '/my-account/', label: 'account.nav.dashboard' as const, end: true },
  { to: '/my-account/orders/', label: 'account.nav.orders' as const, end: false },
  { to: '/my-account/edit-address/', label: 'account.nav.addresses' as const, end: false },
  { to: '/my-account/edit-account/', label: 'account.nav.details' as const, end: false },
] as const;

/**
 * The logged-in customer's account layout: WooCommerce's navigation (`nav.woocommerce-MyAccount-
 * navigation`, the current page marked `aria-current="page"`) beside the page's content. "Log
 * out" is the store's own nonce-checked link, so it is a full page load, with or without script.
 */
export function AccountLayout({
  logoutUrl,
  children,
}: {
  logoutUrl: string | null;
  children: ReactNode;
}) {
  return (
    <div className="account-layout">
      <nav
        className="woocommerce-MyAccount-navigation"
        aria-label={accountT.format('account.nav.label')}
      >
        <ul>
          {PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={page.end}>
                {accountT.format(page.label)}
              </NavLink>
            </li>
          ))}
          {logoutUrl ? (
            <li>
              <a href={logoutUrl}>{accountT.format('account.nav.logout')}</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="woocommerce-MyAccount-content">{children}</div>
    </div>
  );
}
