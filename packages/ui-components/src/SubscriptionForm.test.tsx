import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MessagesProvider, SubscriptionForm, nestFields } from './index';

const ENDPOINT = '/wp-json/hostinger-reach/v1/contact';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

/** The form's own message area (the announcer's live region repeats the text elsewhere). */
const messageArea = () => document.querySelector<HTMLElement>('.reach-subscription-message')!;
const findMessage = (text: string) =>
  vi.waitFor(() => {
    expect(messageArea()).toHaveTextContent(text);
    expect(messageArea()).toBeVisible();
    return messageArea();
  });

const okFetch = () =>
  vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('{}', { status: 200 })));

const bodyOf = (fetch: ReturnType<typeof vi.fn>, call = 0): unknown => {
  const init = fetch.mock.calls[call]![1] as RequestInit;
  return JSON.parse(init.body as string);
};

describe('nestFields', () => {
  test.each([
    [[['email', 'a@b.co']], { email: 'a@b.co' }],
    [[['metadata.plugin', 'hostinger-reach']], { metadata: { plugin: 'hostinger-reach' } }],
    [[['a.b.c', 'v']], { a: { 'b.c': 'v' } }],
    [
      [
        ['a', 'plain'],
        ['a.b', 'nested'],
      ],
      { a: { b: 'nested' } },
    ],
    [
      [
        ['a.b', 'nested'],
        ['a', 'plain'],
      ],
      { a: 'plain' },
    ],
    [[['__proto__.x', 'polluted']], {}],
    [[['x.__proto__', 'polluted']], {}],
    [[['constructor.prototype', 'polluted']], {}],
    [[['__proto__', 'polluted']], {}],
    [[['prototype', 'polluted']], {}],
  ] as const)('%j becomes %j', (entries, expected) => {
    const payload = nestFields(entries);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(expected);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('SubscriptionForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  // The default sender uses the global fetch.
  const setup = (fetch: ReturnType<typeof vi.fn>, props = {}) => {
    vi.stubGlobal('fetch', fetch);
    render(
      <SubscriptionForm
        endpoint={ENDPOINT}
        nonce="n0nce00000"
        formId="footer-form"
        group="Newsletter"
        {...props}
      />,
    );
    return userEvent.setup();
  };

  test('sends the fields as JSON with dot names nested, X-WP-Nonce and cookies, the button disabled meanwhile', async () => {
    const call = deferred<Response>();
    const fetch = vi.fn(() => call.promise);
    const user = setup(fetch);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledWith(ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'n0nce00000' },
      body: expect.any(String) as unknown,
    });
    expect(bodyOf(fetch)).toEqual({
      group: 'Newsletter',
      id: 'footer-form',
      metadata: { plugin: 'hostinger-reach' },
      email: 'ada@example.com',
      name: 'Ada',
      surname: 'Lovelace',
    });
    call.resolve(new Response('{"success":true}', { status: 200 }));
    expect(await findMessage('Thanks for subscribing.')).toHaveClass('is-success');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('a failure shows the spec’s message and re-enables the button, keeping what was typed', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(new Response('{"code":"rest_invalid_param"}', { status: 400 })),
    );
    const user = setup(fetch);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await findMessage('Something went wrong. Please try again.')).toHaveClass('is-error');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  });

  test.each([
    [
      'the spec’s message, not the plugin’s errors text',
      () => Promise.resolve(Response.json({ errors: 'Blocked.' }, { status: 422 })),
      'Something went wrong. Please try again.',
    ],
    [
      'a body that is not JSON',
      () => Promise.resolve(new Response('<html>', { status: 500 })),
      'Something went wrong. Please try again.',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('offline')),
      'Something went wrong. Please try again.',
    ],
  ])('shows %s', async (_name, impl, message) => {
    const user = setup(vi.fn(impl));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await findMessage(message)).toHaveClass('is-error');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  test('a double click sends one request; after a failure a new submit sends again', async () => {
    const first = deferred<Response>();
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => first.promise)
      .mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    const user = setup(fetch);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Subscribe' }));
    const form = screen.getByRole('textbox', { name: 'Email' }).closest('form')!;
    form.requestSubmit();
    expect(fetch).toHaveBeenCalledOnce();
    first.resolve(new Response('{}', { status: 500 }));
    await findMessage('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findMessage('Thanks for subscribing.');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('a nonce function is asked when the form is sent', async () => {
    const nonce = vi.fn(() => Promise.resolve('fresh00000'));
    const fetch = okFetch();
    const user = setup(fetch, { nonce });
    expect(nonce).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findMessage('Thanks for subscribing.');
    expect((fetch.mock.calls[0]![1] as RequestInit).headers).toMatchObject({
      'X-WP-Nonce': 'fresh00000',
    });
  });

  test('a filled honeypot sends nothing and looks like a success', async () => {
    const fetch = vi.fn();
    const user = setup(fetch);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'bot@example.com');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="cw_website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    honeypot.value = 'http://spam.example';
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await findMessage('Thanks for subscribing.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('the honeypot is never sent, and is out of the tab order', async () => {
    const fetch = okFetch();
    const user = setup(fetch, { showName: false, showSurname: false });
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findMessage('Thanks for subscribing.');
    expect(bodyOf(fetch)).not.toHaveProperty('cw_website');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  test('a crafted __proto__.x field pollutes nothing and is not sent', async () => {
    const fetch = okFetch();
    const user = setup(fetch);
    const form = screen.getByRole('textbox', { name: 'Email' }).closest('form')!;
    const crafted = document.createElement('input');
    crafted.name = '__proto__.x';
    crafted.value = 'polluted';
    form.append(crafted);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findMessage('Thanks for subscribing.');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect((fetch.mock.calls[0]![1] as RequestInit).body).not.toContain('polluted');
  });

  test('an injected send gets the nested payload and the endpoint; its rejection is a failure', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const send = vi
      .fn<(payload: unknown, endpoint: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('rest_forbidden'))
      .mockResolvedValue({ ok: true });
    render(<SubscriptionForm endpoint={ENDPOINT} formId="f" send={send} showName={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await findMessage('Something went wrong. Please try again.')).toHaveClass('is-error');
    expect(send).toHaveBeenCalledWith(
      {
        group: '',
        id: 'f',
        metadata: { plugin: 'hostinger-reach' },
        email: 'a@example.com',
        surname: '',
      },
      ENDPOINT,
    );
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await findMessage('Thanks for subscribing.')).toHaveClass('is-success');
    expect(send).toHaveBeenCalledTimes(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('the outcome texts come from the message catalogue', async () => {
    render(
      <MessagesProvider messages={{ 'subscription.success': 'Merci !' }}>
        <SubscriptionForm
          endpoint={ENDPOINT}
          nonce="n"
          formId="f"
          send={() => Promise.resolve()}
          labels={{ email: 'Courriel', submit: 'S’abonner' }}
        />
      </MessagesProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Courriel' }), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'S’abonner' }));
    expect(await findMessage('Merci !')).toBeInTheDocument();
  });

  test('its field labels and button come from the message catalogue', () => {
    render(
      <MessagesProvider
        messages={{
          'subscription.email': 'Courriel',
          'subscription.name': 'Prénom',
          'subscription.surname': 'Nom',
          'subscription.submit': 'S’abonner',
        }}
      >
        <SubscriptionForm endpoint={ENDPOINT} nonce="n" formId="f" />
      </MessagesProvider>,
    );
    expect(screen.getByLabelText(/Courriel/)).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Prénom')).toHaveAttribute('name', 'name');
    expect(screen.getByLabelText('Nom')).toHaveAttribute('name', 'surname');
    expect(screen.getByRole('button', { name: 'S’abonner' })).toBeInTheDocument();
  });
});
