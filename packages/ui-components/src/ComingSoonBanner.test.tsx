import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
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
  test('carries the REST URL and nonce on its dismiss control, as WooCommerce renders it', () => {
    const { container } = render(<ComingSoonBanner restUrl={URL_} restNonce="abc123def0" />);
    expect(container.querySelector('#coming-soon-footer-banner')).not.toBeNull();
    const button = screen.getByRole('button', { name: 'Dismiss' });
    expect(button).toHaveClass('coming-soon-footer-banner-dismiss');
    expect(button).toHaveAttribute('data-rest-url', URL_);
    expect(button).toHaveAttribute('data-rest-nonce', 'abc123def0');
  });

  test('dismiss posts the meta form body with X-WP-Nonce and cookies, then hides', async () => {
    const call = deferred<Response>();
    const fetch = vi.fn(() => call.promise);
    const onDismiss = vi.fn();
    const { container } = render(
      <ComingSoonBanner
        restUrl={URL_}
        restNonce="abc123def0"
        fetch={fetch}
        onDismiss={onDismiss}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
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
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(fetch).toHaveBeenCalledOnce();
    call.resolve(new Response('{}', { status: 200 }));
    await vi.waitFor(() =>
      expect(container.querySelector('#coming-soon-footer-banner')).toBeNull(),
    );
    expect(onDismiss).toHaveBeenCalledWith(true);
  });

  test('reads the URL from the dismiss control at the moment of dismissal', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    render(<ComingSoonBanner restUrl={URL_} restNonce="n" fetch={fetch} />);
    const button = screen.getByRole('button', { name: 'Dismiss' });
    button.dataset.restUrl = 'https://shop.example.com/wp-json/wp/v2/users/8';
    await userEvent.click(button);
    expect(fetch).toHaveBeenCalledWith(
      'https://shop.example.com/wp-json/wp/v2/users/8',
      expect.anything(),
    );
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
    const { container } = render(
      <ComingSoonBanner restUrl={URL_} restNonce="n" fetch={vi.fn(impl)} onDismiss={onDismiss} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() =>
      expect(container.querySelector('#coming-soon-footer-banner')).toBeNull(),
    );
    expect(onDismiss).toHaveBeenCalledWith(false);
  });

  test('without JavaScript the form posts the nonce and REST URL to the given action', () => {
    const { container } = render(
      <ComingSoonBanner restUrl={URL_} restNonce="n1" action="/coming-soon/dismiss/" />,
    );
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/coming-soon/dismiss/');
    expect(Object.fromEntries(new FormData(form))).toEqual({ _wpnonce: 'n1', rest_url: URL_ });
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
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });
});
