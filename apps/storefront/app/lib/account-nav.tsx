import { FieldDescription } from '@cartwright/ui-components';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { accountT } from '../messages-account';
import { AlertNotice } from '@cartwright/ui-components';

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
  description,
}: {
  name: string;
  id?: string;
  label: string;
  type?: string;
  autoComplete: string;
  required?: boolean;
  defaultValue: string;
  error: string | undefined;
  /**
   * Help for the field: it slides in over 250 ms while the field has focus and out when it
   * loses it (spec §4 "Page behaviours"), and is always the field's accessible description.
   * Without JavaScript it is simply shown.
   */
  description?: string;
}) {
  const [focused, setFocused] = useState(false);
  const describedBy = [error ? `${id}_error` : '', description ? `${id}_description` : '']
    .filter(Boolean)
    .join(' ');
  // A description is a block (it slides): the row is a div then, as a <p> cannot hold one.
  const Row = description ? 'div' : 'p';
  return (
    <Row className="form-row cw-address__row" id={`${id}_field`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <>
            {' '}
            <abbr className="required" title={accountT.format('field.required')}>
              *
            </abbr>
          </>
        ) : (
          <span className="optional"> {accountT.format('address.optional')}</span>
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
        aria-describedby={describedBy || undefined}
        onFocus={description ? () => setFocused(true) : undefined}
        onBlur={description ? () => setFocused(false) : undefined}
      />
      {error ? (
        <span className="cw-field-error cw-address__error" id={`${id}_error`}>
          {error}
        </span>
      ) : null}
      {description ? (
        <>
          <FieldDescription open={focused} id={`${id}_description`} className="description">
            <em>{description}</em>
          </FieldDescription>
          <noscript
            dangerouslySetInnerHTML={{
              __html: `<style>#${id}_description[hidden]{display:block}</style>`,
            }}
          />
        </>
      ) : null}
    </Row>
  );
}
