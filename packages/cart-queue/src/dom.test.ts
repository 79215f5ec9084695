// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { attachClassicCart, type ClassicCart } from './dom';

const FRAGMENT_KEY = 'div.widget_shopping_cart_content';

function page() {
  document.body.innerHTML = `
    <ul class="products">
      <li class="product">
        <a href="/product/mug/" class="woocommerce-LoopProduct-link">Mug</a>
        <a href="?add-to-cart=42" data-quantity="1" data-product_id="42" data-product_sku="MUG"
           data-success_message="“Mug” has been added to your cart"
           class="button add_to_cart_button ajax_add_to_cart" rel="nofollow">Add to cart</a>
      </li>
    </ul>
    <div class="widget_shopping_cart_content">
      <ul><li class="woocommerce-mini-cart-item mini_cart_item">
        <a href="/cart/?remove_item=k1&amp;_wpnonce=n" class="remove remove_from_cart_button"
           data-cart_item_key="k1" data-product_id="7">×</a> Tea
      </li></ul>
    </div>`;
}

type Answer = { status?: number; body: unknown };

function fakeFetch(answers: Answer[]) {
  const requests: Array<{ url: string; body: string }> = [];
  const waiting: Array<() => void> = [];
  const impl = vi.fn((url: string, init?: RequestInit) => {
    // The client sends the form as URLSearchParams.
    requests.push({ url, body: init?.body ? String(init.body as URLSearchParams) : '' });
    const answer = answers.shift() ?? { body: null };
    return new Promise<Response>((resolve) =>
      waiting.push(() =>
        resolve(
          new Response(answer.body === null ? '' : JSON.stringify(answer.body), {
            status: answer.status ?? 200,
          }),
        ),
      ),
    );
  });
  return {
    fetch: impl as unknown as typeof fetch,
    requests,
    async release() {
      await vi.advanceTimersByTimeAsync(0);
      waiting.shift()?.();
      // The client reads the body as a stream: let its reads settle.
      for (let turn = 0; turn < 5; turn++) await vi.advanceTimersByTimeAsync(0);
    },
  };
}

let cart: ClassicCart | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  page();
});
afterEach(() => {
  cart?.detach();
  vi.useRealTimers();
});

function attach(fetchImpl: typeof fetch, navigate = vi.fn(), sanitize = (html: string) => html) {
  cart = attachClassicCart({
    params: {
      wc_ajax_url: 'http://localhost:3000/?wc-ajax=%%endpoint%%',
      cart_url: '/cart/',
      is_cart: '',
      cart_redirect_after_add: 'no',
      i18n_view_cart: 'View cart',
    },
    sanitize,
    fetch: fetchImpl,
    navigate,
  });
  return navigate;
}

const button = () => document.querySelector<HTMLAnchorElement>('.add_to_cart_button')!;

describe('attachClassicCart: add to cart in a classic theme', () => {
  test('posts the button’s data attributes, shows loading, then added with a View cart link', async () => {
    const f = fakeFetch([
      {
        body: {
          fragments: { [FRAGMENT_KEY]: '<div class="widget_shopping_cart_content">2 items</div>' },
          cart_hash: 'h',
        },
      },
    ]);
    attach(f.fetch);
    button().click();
    expect(button().classList.contains('loading')).toBe(true);
    await f.release();
    expect(Object.fromEntries(new URLSearchParams(f.requests[0]!.body))).toEqual({
      quantity: '1',
      product_id: '42',
      product_sku: 'MUG',
      success_message: '“Mug” has been added to your cart',
    });
    expect(f.requests[0]!.url).toBe('http://localhost:3000/?wc-ajax=add_to_cart&_locale=user');
    expect(button().classList.contains('loading')).toBe(false);
    expect(button().classList.contains('added')).toBe(true);
    const viewCart = button().nextElementSibling as HTMLAnchorElement;
    expect(viewCart.textContent).toBe('View cart');
    expect(viewCart.getAttribute('href')).toBe('/cart/');
    expect(document.querySelector(FRAGMENT_KEY)?.textContent).toBe('2 items');
  });

  test('fragments pass through the sanitiser before insertion', async () => {
    const f = fakeFetch([
      {
        body: {
          fragments: {
            [FRAGMENT_KEY]:
              '<div class="widget_shopping_cart_content"><img src=x onerror="alert(1)">ok</div>',
          },
          cart_hash: 'h',
        },
      },
    ]);
    const sanitize = vi.fn((html: string) => html.replace(/ onerror="[^"]*"/g, ''));
    attach(f.fetch, vi.fn(), sanitize);
    button().click();
    await f.release();
    expect(sanitize).toHaveBeenCalledOnce();
    expect(document.querySelector(`${FRAGMENT_KEY} img`)?.hasAttribute('onerror')).toBe(false);
  });

  test('announces the success message in a polite live region 1000 ms later', async () => {
    const f = fakeFetch([
      {
        body: {
          fragments: { [FRAGMENT_KEY]: '<div class="widget_shopping_cart_content"></div>' },
          cart_hash: 'h',
        },
      },
    ]);
    attach(f.fetch);
    button().click();
    await f.release();
    const region = document.querySelector('.widget_shopping_cart_live_region')!;
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(region.textContent).toBe('“Mug” has been added to your cart');
    expect(region.getAttribute('aria-relevant')).toBe('all');
  });

  test('a second click waits for the first request (one queue)', async () => {
    const f = fakeFetch([
      { body: { fragments: {}, cart_hash: 'h1' } },
      { body: { fragments: {}, cart_hash: 'h2' } },
    ]);
    attach(f.fetch);
    button().click();
    button().click();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.requests).toHaveLength(1);
    await f.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.requests).toHaveLength(2);
    await f.release();
    expect(document.querySelectorAll('.added_to_cart')).toHaveLength(1);
  });
});

describe('attachClassicCart: remove from the mini-cart', () => {
  test('blocks the row at opacity 0.6 while the request runs, then applies fragments', async () => {
    const f = fakeFetch([
      {
        body: {
          fragments: {
            [FRAGMENT_KEY]:
              '<div class="widget_shopping_cart_content">No products in the cart.</div>',
          },
          cart_hash: '',
        },
      },
    ]);
    const navigate = attach(f.fetch);
    const row = document.querySelector<HTMLElement>('.woocommerce-mini-cart-item')!;
    document.querySelector<HTMLElement>('.remove_from_cart_button')!.click();
    expect(row.style.opacity).toBe('0.6');
    expect(row.hasAttribute('aria-busy')).toBe(true);
    await f.release();
    expect(f.requests[0]!.body).toBe('cart_item_key=k1');
    expect(document.querySelector(FRAGMENT_KEY)?.textContent).toBe('No products in the cart.');
    expect(navigate).not.toHaveBeenCalled();
  });

  test('follows the remove link when the answer has no fragments', async () => {
    const f = fakeFetch([{ body: { success: false } }]);
    const navigate = attach(f.fetch);
    document.querySelector<HTMLElement>('.remove_from_cart_button')!.click();
    await f.release();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      'http://localhost:3000/cart/?remove_item=k1&_wpnonce=n',
    );
    expect(document.querySelector<HTMLElement>('.woocommerce-mini-cart-item')!.style.opacity).toBe(
      '',
    );
  });
});

test('detach stops handling clicks', async () => {
  const f = fakeFetch([]);
  attach(f.fetch);
  cart!.detach();
  cart = undefined;
  button().click();
  await vi.advanceTimersByTimeAsync(0);
  expect(f.requests).toHaveLength(0);
});

/**
 * A tiny stand-in for the page's jQuery at the edge: `$(el).on/trigger/triggerHandler`
 * with extra args, and triggerHandler returning the last handler's answer (as jQuery does).
 */
function fakeJQuery() {
  const handlers = new Map<string, Array<(...args: unknown[]) => unknown>>();
  const log: Array<{ event: string; args: unknown[]; via: 'trigger' | 'triggerHandler' }> = [];
  const wrapped = (el: Element) => ({
    el,
    on(event: string, fn: (...args: unknown[]) => unknown) {
      if (el === document.body) handlers.set(event, [...(handlers.get(event) ?? []), fn]);
    },
    trigger(event: string, args: unknown[] = []) {
      log.push({ event, args, via: 'trigger' });
      for (const fn of handlers.get(event) ?? []) fn({ type: event }, ...args);
    },
    triggerHandler(event: string, args: unknown[] = []) {
      log.push({ event, args, via: 'triggerHandler' });
      let result: unknown;
      for (const fn of handlers.get(event) ?? []) result = fn({ type: event }, ...args);
      return result;
    },
  });
  return { $: wrapped, log, names: () => log.map((entry) => entry.event) };
}

describe('attachClassicCart: WooCommerce’s jQuery events for other plugins', () => {
  const answer = {
    body: {
      fragments: { [FRAGMENT_KEY]: '<div class="widget_shopping_cart_content">1 item</div>' },
      cart_hash: 'hash1',
    },
  };
  afterEach(() => {
    delete (window as unknown as { jQuery?: unknown }).jQuery;
  });

  test('uses the page’s window.jQuery: veto check, adding_to_cart, added_to_cart, in order', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    const added = vi.fn();
    jq.$(document.body).on('added_to_cart', added);
    const f = fakeFetch([answer]);
    attach(f.fetch);
    button().click();
    expect(jq.names()).toEqual(['should_send_ajax_request.adding_to_cart', 'adding_to_cart']);
    expect(jq.log[0]!.via).toBe('triggerHandler');
    const [$button, data] = jq.log[1]!.args as [{ el: Element }, Record<string, string>];
    expect($button.el).toBe(button());
    expect(data).toMatchObject({ product_id: '42', quantity: '1' });
    await f.release();
    expect(jq.names().slice(2)).toEqual([
      'added_to_cart',
      'wc_cart_button_updated',
      'wc_fragments_loaded',
    ]);
    expect(added).toHaveBeenCalledOnce();
    const [, fragments, hash, $b] = added.mock.calls[0] as [
      unknown,
      Record<string, string>,
      string,
      { el: Element },
    ];
    expect(fragments[FRAGMENT_KEY]).toContain('1 item');
    expect(hash).toBe('hash1');
    expect($b.el).toBe(button());
    // The listener runs after the page is updated, as WooCommerce's own handlers would have.
    expect(document.querySelector(FRAGMENT_KEY)?.textContent).toBe('1 item');
  });

  test('a should_send_ajax_request handler returning false sends nothing', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    jq.$(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
    const f = fakeFetch([answer]);
    attach(f.fetch);
    button().click();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.requests).toHaveLength(0);
    expect(jq.names()).toEqual([
      'should_send_ajax_request.adding_to_cart',
      'ajax_request_not_sent.adding_to_cart',
    ]);
    expect(jq.log[1]!.args.slice(0, 2)).toEqual([false, false]);
    expect(button().classList.contains('loading')).toBe(false);
  });

  test('a handler returning anything but false does not veto', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    jq.$(document.body).on('should_send_ajax_request.adding_to_cart', () => 0);
    const f = fakeFetch([answer]);
    attach(f.fetch);
    button().click();
    await f.release();
    expect(f.requests).toHaveLength(1);
  });

  test('remove from the mini-cart fires removed_from_cart with fragments, hash and the link', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    const removed = vi.fn();
    jq.$(document.body).on('removed_from_cart', removed);
    const link = document.querySelector<HTMLElement>('.remove_from_cart_button')!;
    const f = fakeFetch([
      { body: { fragments: { [FRAGMENT_KEY]: '<div>empty</div>' }, cart_hash: '' } },
    ]);
    attach(f.fetch);
    link.click();
    await f.release();
    expect(jq.names()).toEqual(['removed_from_cart', 'wc_fragments_loaded']);
    const [, fragments, hash, $link] = removed.mock.calls[0] as [
      unknown,
      object,
      string,
      { el: Element },
    ];
    expect(fragments).toHaveProperty(FRAGMENT_KEY);
    expect(hash).toBe('');
    expect($link.el).toBe(link);
  });

  test('no events when the remove falls back to the link', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    const f = fakeFetch([{ body: { success: false } }]);
    attach(f.fetch);
    document.querySelector<HTMLElement>('.remove_from_cart_button')!.click();
    await f.release();
    expect(jq.names()).toEqual([]);
  });

  test('jQuery: null turns the bridge off even when the page has jQuery', async () => {
    const jq = fakeJQuery();
    (window as unknown as { jQuery?: unknown }).jQuery = jq.$;
    jq.$(document.body).on('should_send_ajax_request.adding_to_cart', () => false);
    const f = fakeFetch([answer]);
    cart = attachClassicCart({
      params: { wc_ajax_url: '/?wc-ajax=%%endpoint%%', cart_url: '/cart/' },
      sanitize: (html) => html,
      fetch: f.fetch,
      navigate: vi.fn(),
      jQuery: null,
    });
    button().click();
    await f.release();
    expect(f.requests).toHaveLength(1);
    expect(jq.log).toHaveLength(0);
  });
});
