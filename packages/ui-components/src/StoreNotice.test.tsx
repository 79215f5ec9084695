import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import {
  MessagesProvider,
  StoreNotice,
  isStoreNoticeHidden,
  storeNoticeCookieName,
  storeNoticeDismissCookie,
} from './index';

const ID = '0cc175b9c0f1b6a831c399e269772661';
const HREF = `/store-notice/dismiss/?id=${ID}&redirect_to=%2Fshop%2F`;

describe('store notice cookies', () => {
  test.each([
    [null, false],
    ['', false],
    [`store_notice${ID}=hidden`, true],
    [`a=1; store_notice${ID}=hidden; b=2`, true],
    [`store_notice${ID}=shown`, false],
    [`store_notice${ID}=HIDDEN`, false],
    [`store_noticeother=hidden`, false],
    [`xstore_notice${ID}=hidden`, false],
    [`store_notice${ID}=%68idden`, true],
    [`store_notice${ID}=%zz`, false],
    [`a=1;store_notice${ID}=hidden`, true],
    [` store_notice${ID} = hidden `, true],
    [`store_notice${ID}=hidden=1`, false],
  ])('a Cookie header %j hides the notice: %s', (header, hidden) => {
    expect(isStoreNoticeHidden(header, ID)).toBe(hidden);
  });

  test('the dismissal cookie is store_notice{id}=hidden on path / with no expiry', () => {
    expect(storeNoticeCookieName(ID)).toBe(`store_notice${ID}`);
    expect(storeNoticeDismissCookie(ID)).toBe(`store_notice${ID}=hidden; path=/; SameSite=Lax`);
  });
});

describe('StoreNotice', () => {
  test('renders WooCommerce’s visible notice on the server, with a real dismiss link', () => {
    const html = renderToString(<StoreNotice id={ID} text="Free shipping" dismissHref={HREF} />);
    expect(html).toContain('role="complementary"');
    expect(html).toContain('aria-label="Store notice"');
    expect(html).toContain('class="woocommerce-store-notice demo_store cw-store-notice"');
    expect(html).toContain(`data-notice-id="${ID}"`);
    expect(html).not.toContain('display:none');
    expect(html).toContain(`href="${HREF.replace(/&/g, '&amp;')}"`);
  });

  test('a notice the cookie hides is not rendered at all', () => {
    expect(renderToString(<StoreNotice id={ID} text="x" dismissHref={HREF} hidden />)).toBe('');
  });

  test('clicking dismiss sets the cookie and hides the notice without navigating', async () => {
    const setCookie = vi.fn();
    const onDismiss = vi.fn();
    render(
      <StoreNotice
        id={ID}
        text="Free shipping"
        dismissHref={HREF}
        setCookie={setCookie}
        onDismiss={onDismiss}
      />,
    );
    const notice = screen.getByRole('complementary', { name: 'Store notice' });
    expect(notice).toHaveTextContent('Free shipping');
    const link = screen.getByRole('button', { name: 'Dismiss' });
    let defaultPrevented = false;
    // React handles the click at its root; the document sees the event after it.
    const seen = (event: Event) => (defaultPrevented = event.defaultPrevented);
    document.addEventListener('click', seen);
    await userEvent.click(link);
    document.removeEventListener('click', seen);
    expect(defaultPrevented).toBe(true);
    expect(setCookie).toHaveBeenCalledWith(`store_notice${ID}=hidden; path=/; SameSite=Lax`);
    expect(onDismiss).toHaveBeenCalledOnce();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  test.each(['{Enter}', ' '])('the keyboard dismisses it with %j', async (key) => {
    const setCookie = vi.fn();
    render(<StoreNotice id={ID} text="x" dismissHref={HREF} setCookie={setCookie} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard(key);
    expect(setCookie).toHaveBeenCalledOnce();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  test('by default it writes document.cookie', async () => {
    render(<StoreNotice id={ID} text="x" dismissHref={HREF} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(document.cookie).toContain(`store_notice${ID}=hidden`);
    expect(isStoreNoticeHidden(document.cookie, ID)).toBe(true);
  });

  test('labels can be translated', () => {
    render(<StoreNotice id={ID} text="x" dismissHref={HREF} label="Avis" dismissLabel="Fermer" />);
    expect(screen.getByRole('complementary', { name: 'Avis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  test('its landmark name and dismiss text come from the message catalogue', () => {
    render(
      <MessagesProvider messages={{ 'storeNotice.label': 'Avis', 'storeNotice.dismiss': 'Fermer' }}>
        <StoreNotice id={ID} text="x" dismissHref={HREF} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('complementary', { name: 'Avis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
