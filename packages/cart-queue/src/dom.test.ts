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
    requests.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
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
      await vi.advanceTimersByTimeAsync(0);
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
    expect(f.requests[0]!.url).toBe('http://localhost:3000/?wc-ajax=add_to_cart');
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
        body: { fragments: { [FRAGMENT_KEY]: '<div class="widget_shopping_cart_content"></div>' } },
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
    const f = fakeFetch([{ body: { fragments: {} } }, { body: { fragments: {} } }]);
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
