import { createApiFetch, type ApiFetch } from '@cartwright/store-api-client';
import { createCartQueue, type CartQueue } from './cart-queue';
import { createWcAjaxTransport } from './transport';
import type { Fragments } from './transport';

/** Spec §9: the page-blocking overlay's opacity. */
export const BLOCK_OPACITY = 0.6;

/** WooCommerce's `wc_add_to_cart_params`, as a classic theme already prints them. */
export interface ClassicCartParams {
  /** e.g. '/?wc-ajax=%%endpoint%%' */
  wc_ajax_url: string;
  cart_url: string;
  /** Whether this page is the cart page ('1'/true in WooCommerce's params). */
  is_cart?: boolean | string;
  /** 'yes' or 'no' */
  cart_redirect_after_add?: string;
  /** @default 'View cart' */
  i18n_view_cart?: string;
}

export interface ClassicCartOptions {
  params: ClassicCartParams;
  /**
   * Cleans fragment HTML before it is inserted: every piece of server-provided
   * HTML goes through it. Pass a real sanitiser, e.g. `(html) => DOMPurify.sanitize(html)`.
   */
  sanitize: (html: string) => string;
  /** @default document */
  document?: Document;
  /**
   * The REST client the wc-ajax requests go through (`@cartwright/store-api-client`).
   * @default createApiFetch({ fetch, timeout: 30000, nonceEndpoint: false })
   */
  apiFetch?: ApiFetch;
  /** The fetch of the default `apiFetch`. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default (url) => location.assign(url) */
  navigate?: (url: string) => void;
  /**
   * The page's jQuery, to fire WooCommerce's jQuery events on `document.body` for other
   * plugins (`adding_to_cart`, `added_to_cart`, `removed_from_cart`, …) and honour the
   * `should_send_ajax_request.adding_to_cart` veto. Looked up on each click.
   * `null` turns the bridge off.
   * @default window.jQuery, when the page has one
   */
  jQuery?: JQueryLike | null;
}

/** The part of jQuery the event bridge uses; the page's own jQuery fits. */
export type JQueryLike = (element: Element) => {
  trigger(event: string, args?: unknown[]): unknown;
  triggerHandler(event: string, args?: unknown[]): unknown;
};

export interface ClassicCart {
  controller: CartQueue;
  /** Stops listening for clicks and cart changes. */
  detach(): void;
}

const ADD_SELECTOR = '.add_to_cart_button.ajax_add_to_cart:not(.wc-interactive)';
const REMOVE_SELECTOR = '.remove_from_cart_button';

/**
 * Drops Cartwright's cart behaviour into a classic WooCommerce theme, in place of
 * WooCommerce's jQuery add-to-cart script: the same markup, classes, params and
 * wire calls, one serial queue, and fragments applied through your sanitiser.
 *
 * @example
 * attachClassicCart({ params: wc_add_to_cart_params, sanitize: (html) => DOMPurify.sanitize(html) });
 */
export function attachClassicCart(options: ClassicCartOptions): ClassicCart {
  const doc = options.document ?? globalThis.document;
  const { params } = options;
  const win = doc.defaultView ?? globalThis;
  const buttons = new Map<string, HTMLElement>();
  const rows = new Map<string, Element>();
  let nextId = 0;
  /** WooCommerce's jQuery events on `document.body` (wire contract §1.4–1.6), when the page has jQuery. */
  const $ = (): JQueryLike | null | undefined =>
    options.jQuery === undefined
      ? (win as unknown as { jQuery?: JQueryLike }).jQuery
      : options.jQuery;
  const fire = (event: string, args: unknown[], handlerOnly?: boolean): unknown => {
    const jq = $()?.(doc.body);
    return handlerOnly ? jq?.triggerHandler(event, args) : jq?.trigger(event, args);
  };
  const wrap = (el: Element) => $()?.(el) ?? el;
  /** `added_to_cart` / `removed_from_cart`, then the follow-ups WooCommerce fires after them. */
  const fireChanged = (
    event: string,
    outcome: { type: string; fragments?: Fragments | null; cartHash?: string | null },
    $button: unknown,
  ) => {
    if (!outcome.fragments) return;
    fire(event, [outcome.fragments, outcome.cartHash, $button]);
    if (event === 'added_to_cart') fire('wc_cart_button_updated', [$button]);
    fire('wc_fragments_loaded', []);
  };

  const liveRegion = (): HTMLElement => {
    let region = doc.querySelector<HTMLElement>('.widget_shopping_cart_live_region');
    if (!region) {
      region = doc.createElement('div');
      region.className = 'widget_shopping_cart_live_region screen-reader-text';
      region.setAttribute('role', 'status');
      doc.body.append(region);
    }
    return region;
  };

  const applyFragments = (fragments: Fragments) => {
    for (const [selector, html] of Object.entries(fragments)) {
      let targets: NodeListOf<Element>;
      try {
        targets = doc.querySelectorAll(selector);
      } catch {
        continue; // not a valid selector: nothing on this page matches it
      }
      for (const target of targets) {
        const template = doc.createElement('template');
        template.innerHTML = options.sanitize(html);
        target.replaceWith(template.content);
      }
    }
  };

  const controller = createCartQueue({
    transport: createWcAjaxTransport({
      apiFetch:
        options.apiFetch ??
        createApiFetch({
          timeout: 30_000,
          nonceEndpoint: false,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        }),
      endpoint: params.wc_ajax_url,
    }),
    cartUrl: params.cart_url,
    redirectAfterAdd: params.cart_redirect_after_add === 'yes',
    isCartPage: params.is_cart === true || params.is_cart === '1',
    origin: win.location.origin,
    navigate: options.navigate ?? ((url) => win.location.assign(url)),
    announce(message) {
      const region = liveRegion();
      region.textContent = message;
      if (message) region.setAttribute('aria-relevant', 'all');
      else region.removeAttribute('aria-relevant');
    },
    applyFragments,
  });

  const render = () => {
    const { buttons: states, removing } = controller.getSnapshot();
    for (const [id, el] of buttons) {
      const state = states[id];
      if (!state) continue;
      el.classList.toggle('loading', state.status === 'loading');
      el.classList.toggle('added', state.status === 'added');
      const parent = el.parentElement;
      if (state.showViewCart && parent && !parent.querySelector('.added_to_cart')) {
        const link = doc.createElement('a');
        link.href = params.cart_url;
        link.className = 'added_to_cart wc-forward';
        link.textContent = params.i18n_view_cart ?? 'View cart';
        el.after(link);
      }
    }
    for (const [key, row] of rows) {
      const blocked = removing.includes(key);
      (row as HTMLElement).style.opacity = blocked ? String(BLOCK_OPACITY) : '';
      (row as HTMLElement).style.pointerEvents = blocked ? 'none' : '';
      row.toggleAttribute('aria-busy', blocked);
      if (!blocked) rows.delete(key);
    }
  };
  const unsubscribe = controller.subscribe(render);

  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    const add = target?.closest<HTMLElement>(ADD_SELECTOR);
    if (add?.dataset.product_id) {
      event.preventDefault();
      let id = add.dataset.cwCartButton;
      if (!id) {
        id = String(nextId++);
        add.dataset.cwCartButton = id;
      }
      buttons.set(id, add);
      const { cwCartButton: _own, ...data } = add.dataset;
      const $button = wrap(add);
      // The veto: any handler answering exactly false stops the add before anything is sent.
      if (fire('should_send_ajax_request.adding_to_cart', [$button], true) === false) {
        fire('ajax_request_not_sent.adding_to_cart', [false, false, $button]);
        return;
      }
      fire('adding_to_cart', [$button, data]);
      const productLink = add
        .closest('.product')
        ?.querySelector<HTMLAnchorElement>('a[href]')?.href;
      void controller
        .add(id, {
          data: data as Record<string, string>,
          ...(productLink ? { productLink } : {}),
          ...(data.success_message ? { successMessage: data.success_message } : {}),
        })
        .then((outcome) => fireChanged('added_to_cart', outcome, $button));
      return;
    }
    const remove = target?.closest<HTMLAnchorElement>(REMOVE_SELECTOR);
    if (remove?.dataset.cart_item_key) {
      event.preventDefault();
      const key = remove.dataset.cart_item_key;
      const row = remove.closest('.woocommerce-mini-cart-item');
      if (row) rows.set(key, row);
      const $button = wrap(remove);
      void controller
        .remove(key, { href: remove.href })
        .then((outcome) => fireChanged('removed_from_cart', outcome, $button));
    }
  };
  doc.addEventListener('click', onClick);

  return {
    controller,
    detach() {
      doc.removeEventListener('click', onClick);
      unsubscribe();
      controller.destroy();
    },
  };
}
