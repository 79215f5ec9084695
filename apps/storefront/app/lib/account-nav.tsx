import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { shopT } from '../messages';
import { AlertNotice } from '../components/AlertNotice';

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
        aria-label={shopT.format('account.nav.label')}
      >
        <ul>
          {PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={page.end}>
                {shopT.format(page.label)}
              </NavLink>
            </li>
          ))}
          {logoutUrl ? (
            <li>
              <a href={logoutUrl}>{shopT.format('account.nav.logout')}</a>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="woocommerce-MyAccount-content">{children}</div>
    </div>
  );
}

/** WooCommerce's error notice: one `<li>` per message, announced as an alert. */
export function ErrorNotice({
  messages,
  id,
  occurrence,
}: {
  messages: readonly string[];
  id?: string;
  /** This showing of the errors (e.g. the action's answer): a new one is focused again. */
  occurrence?: unknown;
}) {
  if (messages.length === 0) return null;
  return (
    <AlertNotice className="notice-error" id={id} occurrence={occurrence}>
      <ul className="woocommerce-error">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </AlertNotice>
  );
}

/** A labelled text field in WooCommerce's form-row markup, with its error read with it. */
export function AccountField({
  name,
  id = name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  defaultValue,
  error,
}: {
  name: string;
  id?: string;
  label: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <p className="form-row cw-address__row" id={`${id}_field`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            {' '}
            <abbr className="required" title={shopT.format('field.required')}>
              *
            </abbr>
          </>
        ) : (
          <span className="optional"> {shopT.format('address.optional')}</span>
        )}
      </label>
      <input
        className="input-text cw-address__input"
        type={type}
        id={id}
        name={name}
        autoComplete={autoComplete}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}_error` : undefined}
      />
      {error ? (
        <span className="cw-field-error cw-address__error" id={`${id}_error`}>
          {error}
        </span>
      ) : null}
    </p>
  );
}
