/**
 * The cart fragments `wc-ajax` answers with (wire contract §1.5–1.6): page regions keyed by a CSS
 * selector, each replaced whole by its HTML. Every product value is HTML-escaped.
 */
import { amountHtml } from '../catalog/serialize';
import { escapeHtml, type Cart, type CartLine } from './cart';

/** The mini-cart region, WooCommerce's only default fragment. */
export const MINI_CART_SELECTOR = 'div.widget_shopping_cart_content';
/** The header cart link with its count (the markup of ui-components' `CartCount`). */
export const CART_COUNT_SELECTOR = 'a.cw-cart-count';

/** URLs the fragments link to. */
export interface FragmentUrls {
  cart: string;
  checkout: string;
  removeUrl: (itemKey: string) => string;
}

function miniCartItem(line: CartLine, origin: string, urls: FragmentUrls): string {
  const { product } = line;
  const name = escapeHtml(product.name);
  const permalink = escapeHtml(`${origin}/product/${product.slug}/`);
  const image = product.images[0];
  const thumbnail =
    image === undefined
      ? ''
      : `<img width="${image.width}" height="${image.height}" src="${escapeHtml(`${origin}/wp-content/uploads/${image.path}`)}" class="attachment-woocommerce_thumbnail size-woocommerce_thumbnail" alt="" decoding="async" loading="lazy">`;
  return (
    '<li class="woocommerce-mini-cart-item mini_cart_item">' +
    `<a href="${escapeHtml(urls.removeUrl(line.itemKey))}" class="remove remove_from_cart_button" aria-label="Remove ${name} from cart" data-product_id="${line.productId}" data-cart_item_key="${escapeHtml(line.itemKey)}" data-product_sku="${escapeHtml(product.sku ?? '')}" data-success_message="&ldquo;${name}&rdquo; has been removed from your cart">&times;</a>` +
    `<a href="${permalink}">${thumbnail}${name}</a>` +
    `<span class="quantity">${line.quantity} &times; ${amountHtml(line.unitPrice)}</span>` +
    '</li>'
  );
}

/** The mini-cart (WooCommerce's `woocommerce_mini_cart()` markup) inside its region div. */
export function miniCartHtml(cart: Cart, origin: string, urls: FragmentUrls): string {
  if (cart.lines.length === 0) {
    return '<div class="widget_shopping_cart_content"><p class="woocommerce-mini-cart__empty-message">No products in the cart.</p></div>';
  }
  return (
    '<div class="widget_shopping_cart_content">' +
    '<ul class="woocommerce-mini-cart cart_list product_list_widget">' +
    cart.lines.map((line) => miniCartItem(line, origin, urls)).join('') +
    '</ul>' +
    `<p class="woocommerce-mini-cart__total total"><strong>Subtotal:</strong> ${amountHtml(cart.totalItems)}</p>` +
    '<p class="woocommerce-mini-cart__buttons buttons">' +
    `<a href="${escapeHtml(urls.cart)}" class="button wc-forward">View cart</a>` +
    `<a href="${escapeHtml(urls.checkout)}" class="button checkout wc-forward">Checkout</a>` +
    '</p></div>'
  );
}

/** The header cart link: "Cart, N items" for screen readers, the count shown. */
export function cartCountHtml(cart: Cart, urls: FragmentUrls): string {
  const count = cart.itemsCount;
  const label = `Cart, ${count} item${count === 1 ? '' : 's'}`;
  return (
    `<a class="cart-contents cw-cart-count" href="${escapeHtml(urls.cart)}" aria-label="${label}">` +
    '<svg class="cw-cart-count__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' +
    '<path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M9 20.5h.01M17 20.5h.01"></path>' +
    '</svg>' +
    `<span class="count cw-cart-count__count">${count}</span></a>`
  );
}

/** `{fragments, cart_hash}`: the body of a successful `wc-ajax` cart call. */
export function fragmentsResponse(
  cart: Cart,
  origin: string,
  urls: FragmentUrls,
): { fragments: Record<string, string>; cart_hash: string } {
  return {
    fragments: {
      [MINI_CART_SELECTOR]: miniCartHtml(cart, origin, urls),
      [CART_COUNT_SELECTOR]: cartCountHtml(cart, urls),
    },
    cart_hash: cart.hash,
  };
}
