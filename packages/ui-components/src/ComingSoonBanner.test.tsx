import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ComingSoonBanner, MessagesProvider } from './index';

const URL_ = 'https://shop.example.com/wp-json/wp/v2/users/7';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ComingSoonBanner', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('carries the REST URL and nonce on its dismiss link, as WooCommerce renders it', () => {
    const { container } = render(<ComingSoonBanner restUrl={URL_} restNonce="abc123def0" />);
    expect(container.querySelector('#coming-soon-footer-banner')).not.toBeNull();
    const button = screen.getByRole('link', { name: 'Dismiss' });
    expect(button).toHaveClass('coming-soon-footer-banner-dismiss');
    expect(button).toHaveAttribute('data-rest-url', URL_);
    expect(button).toHaveAttribute('data-rest-nonce', 'abc123def0');
  });

  test('dismiss posts the meta form body with X-WP-Nonce and cookies, then hides', async () => {
    const call = deferred<Response>();
    const fetch = vi.fn(() => call.promise);
    const onDismiss = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = render(
      <ComingSoonBanner restUrl={URL_} restNonce="abc123def0" onDismiss={onDismiss} />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Dismiss' }));
    expect(fetch).toHaveBeenCalledWith(URL_, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'X-WP-Nonce': 'abc123def0',
      },
      body: 'woocommerce_meta%5Bcoming_soon_banner_dismissed%5D=yes',
    });
    // Still there while the call runs; a second press sends nothing more.
    await userEvent.click(screen.getByRole('link', { name: 'Dismiss' }));
    expect(fetch).toHaveBeenCalledOnce();
    call.resolve(new Response('{}', { status: 200 }));
    await vi.waitFor(() =>
      expect(container.querySelector('#coming-soon-footer-banner')).toBeNull(),
    );
    expect(onDismiss).toHaveBeenCalledWith(true);
  });

  test('reads the URL from the dismiss control at the moment of dismissal', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<ComingSoonBanner restUrl={URL_} restNonce="n" send={send} />);
    const button = screen.getByRole('link', { name: 'Dismiss' });
    button.dataset.restUrl = 'https://shop.example.com/wp-json/wp/v2/users/8';
    await userEvent.click(button);
    expect(send).toHaveBeenCalledWith('https://shop.example.com/wp-json/wp/v2/users/8', 'n');
  });

  test.each([
    ['an error status', () => Promise.resolve(new Response('{}', { status: 403 }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a fetch that throws at once',
      () => {
        throw new TypeError('bad');
      },
    ],
  ])('hides after %s as well', async (_name, impl) => {
    const onDismiss = vi.fn();
    vi.stubGlobal('fetch', vi.fn(impl));
    const { container } = render(
      <ComingSoonBanner restUrl={URL_} restNonce="n" onDismiss={onDismiss} />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Dismiss' }));
    await vi.waitFor(() =>
      expect(container.querySelector('#coming-soon-footer-banner')).toBeNull(),
    );
    expect(onDismiss).toHaveBeenCalledWith(false);
  });

  test('without JavaScript the link leads to the given action with the nonce and REST URL', () => {
    render(<ComingSoonBanner restUrl={URL_} restNonce="n1" action="/coming-soon/dismiss/" />);
    const href = new URL(
      screen.getByRole('link', { name: 'Dismiss' }).getAttribute('href')!,
      'https://shop.example.com',
    );
    expect(href.pathname).toBe('/coming-soon/dismiss/');
    expect(Object.fromEntries(href.searchParams)).toEqual({ _wpnonce: 'n1', rest_url: URL_ });
  });

  test('an injected send is used, and its rejection still hides the banner', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const send = vi.fn(() => Promise.reject(new Error('rest_cookie_invalid_nonce')));
    const onDismiss = vi.fn();
    const { container } = render(
      <ComingSoonBanner restUrl={URL_} restNonce="n2" send={send} onDismiss={onDismiss} />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Dismiss' }));
    await vi.waitFor(() =>
      expect(container.querySelector('#coming-soon-footer-banner')).toBeNull(),
    );
    expect(send).toHaveBeenCalledWith(URL_, 'n2');
    expect(onDismiss).toHaveBeenCalledWith(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('shows a settings link when given one', () => {
    render(<ComingSoonBanner restUrl={URL_} restNonce="n" settingsHref="/wp-admin/" />);
    expect(screen.getByRole('link', { name: 'Change the store’s visibility' })).toHaveAttribute(
      'href',
      '/wp-admin/',
    );
  });

  test('its text, settings link and dismiss button come from the message catalogue', () => {
    render(
      <MessagesProvider
        messages={{
          'comingSoon.text': 'Boutique bientôt ouverte.',
          'comingSoon.settings': 'Visibilité',
          'comingSoon.dismiss': 'Fermer',
        }}
      >
        <ComingSoonBanner restUrl={URL_} restNonce="n" settingsHref="/settings" />
      </MessagesProvider>,
    );
    expect(screen.getByText(/Boutique bientôt ouverte\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visibilité' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Fermer' })).toBeInTheDocument();
  });
});
