import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { useAnnouncement } from './AnnouncerProvider';
import { BlockOverlay } from './BlockOverlay';
import type { Currency } from './currency';
import { UiComponentsError } from './errors';
import { addMessages, defaultTranslator, type Translator } from './messages';
import { MINI_CART_MESSAGES } from './messages-mini-cart';
import { useMessages } from './MessagesProvider';
import { Price } from './Price';

/** One line of the {@link MiniCart}. */
export interface MiniCartItem {
  /** The cart item key (`data-cart_item_key`): what a remove request sends. */
  key: string;
  /** The product id (`data-product_id`). */
  productId: string | number;
  /** The product name. */
  name: string;
  /** How many of it are in the cart: a positive integer. */
  quantity: number;
  /** The price of one, in integer minor units (`"1800"` is $18.00). */
  price: string | number;
  /**
   * The no-JavaScript remove URL (WooCommerce's `?remove_item={key}&_wpnonce=…` on
   * the cart page), followed when the remove request cannot replace the cart.
   */
  removeUrl: string;
  /**
   * The product page; the name and image link to it when given.
   * @default undefined
   */
  href?: string | undefined;
  /**
   * The product SKU (`data-product_sku`).
   * @default ''
   */
  sku?: string | undefined;
  /**
   * A thumbnail. It sits next to the name, so its `alt` is usually `""`.
   * @default undefined
   */
  image?: { src: string; alt?: string | undefined; width?: number; height?: number } | undefined;
  /**
   * The options chosen for a variation (the Store API line's `variation`), shown under the
   * name as WooCommerce's `dl.variation`: `[{ attribute: 'Size', value: 'M' }]`.
   * @default []
   */
  variation?: readonly { attribute: string; value: string }[] | undefined;
}

/** Props of {@link MiniCart}. */
export interface MiniCartProps {
  /** The cart's lines; none shows "No products in the cart." */
  items: readonly MiniCartItem[];
  /** The subtotal of the lines, in integer minor units. */
  subtotal: string | number;
  /** How to format the amounts. */
  currency: Currency;
  /**
   * Cart item keys whose removal is in flight (cart-queue's `snapshot.removing`):
   * their rows are blocked by a {@link BlockOverlay}.
   * @default []
   */
  removing?: readonly string[] | undefined;
  /**
   * The cart page's URL ("View cart").
   * @default '/cart/'
   */
  cartUrl?: string | undefined;
  /**
   * The checkout page's URL ("Checkout").
   * @default '/checkout/'
   */
  checkoutUrl?: string | undefined;
  /**
   * Called instead of following a remove link (the default action is prevented),
   * e.g. `(item) => cart.remove(item.key, { href: item.removeUrl })`. Not called
   * again for a row that is already being removed. Without it the links navigate.
   * @default undefined
   */
  onRemove?: ((item: MiniCartItem, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /**
   * Announced politely through the page's announcer (`AnnouncerProvider`) whenever it
   * changes to a non-empty text, e.g. the success message cart-queue announces. It is
   * queued, so it never cuts off another component's message.
   * @default ''
   */
  announcement?: string | undefined;
  /**
   * Rendered after the replaceable content (outside `.widget_shopping_cart_content`,
   * so a fragment refresh keeps it), e.g. a page's own live region.
   * @default undefined (nothing: announcements go through the page's announcer)
   */
  liveRegion?: ReactNode;
}

/**
 * "Remove Beanie from cart" (WooCommerce's remove-link label), from the catalogue (it adds
 * `MINI_CART_MESSAGES`, so it works without a rendered MiniCart).
 * @example removeFromCartLabel('Beanie') // "Remove Beanie from cart"
 */
export function removeFromCartLabel(name: string, t: Translator = defaultTranslator): string {
  addMessages(MINI_CART_MESSAGES);
  return t.format('miniCart.remove', { name });
}

/**
 * WooCommerce's mini-cart (`div.widget_shopping_cart_content`, the default fragment
 * key): each line with its thumbnail, name, "quantity × price" and a remove link
 * (`a.remove.remove_from_cart_button`, named "Remove {name} from cart", following the
 * no-JavaScript remove URL), then the subtotal and the "View cart" and "Checkout"
 * links. An empty cart says "No products in the cart.". A line whose removal is in
 * flight is blocked at opacity 0.6 (spec §4 "Remove from cart").
 *
 * @throws {UiComponentsError} `invalid_quantity` for a quantity that is not a positive
 *   integer; `invalid_amount` / `invalid_currency` from the prices.
 *
 * @example
 * <MiniCart
 *   items={lines}
 *   subtotal={cart.totals.total_items}
 *   currency={currencyFromStoreApi(cart.totals)}
 *   removing={snapshot.removing}
 *   onRemove={(item) => cart.remove(item.key, { href: item.removeUrl })}
 *   announcement={announcement}
 * />
 */
export function MiniCart({
  items,
  subtotal,
  currency,
  removing = [],
  cartUrl = '/cart/',
  checkoutUrl = '/checkout/',
  onRemove,
  announcement = '',
  liveRegion,
}: MiniCartProps): ReactElement {
  for (const item of items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new UiComponentsError(
        'invalid_quantity',
        `MiniCart: the quantity of "${item.name}" must be a positive integer`,
        { input: item.quantity },
      );
    }
  }
  const t = useMessages(MINI_CART_MESSAGES);
  useAnnouncement(announcement);

  return (
    <div className="widget_shopping_cart cw-mini-cart">
      <div className="widget_shopping_cart_content">
        {items.length === 0 ? (
          <p className="woocommerce-mini-cart__empty-message cw-mini-cart__empty">
            {t.format('miniCart.empty')}
          </p>
        ) : (
          <>
            {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops list semantics of unstyled lists */}
            <ul
              className="woocommerce-mini-cart cart_list product_list_widget cw-mini-cart__list"
              role="list"
            >
              {items.map((item) => {
                const isRemoving = removing.includes(item.key);
                const onClick = onRemove
                  ? (event: MouseEvent<HTMLAnchorElement>) => {
                      const modified =
                        event.button !== 0 ||
                        event.metaKey ||
                        event.ctrlKey ||
                        event.shiftKey ||
                        event.altKey;
                      if (modified) return;
                      event.preventDefault();
                      if (!isRemoving) onRemove(item, event);
                    }
                  : undefined;
                const thumbnail = item.image ? (
                  <img
                    className="cw-mini-cart__image"
                    src={item.image.src}
                    alt={item.image.alt ?? ''}
                    width={item.image.width ?? 64}
                    height={item.image.height ?? 64}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null;
                return (
                  <BlockOverlay
                    key={item.key}
                    as="li"
                    blocked={isRemoving}
                    className="woocommerce-mini-cart-item mini_cart_item cw-mini-cart__item"
                  >
                    <a
                      href={item.removeUrl}
                      className="remove remove_from_cart_button cw-mini-cart__remove"
                      aria-label={removeFromCartLabel(item.name, t)}
                      data-product_id={String(item.productId)}
                      data-cart_item_key={item.key}
                      data-product_sku={item.sku ?? ''}
                      onClick={onClick}
                    >
                      ×
                    </a>
                    {item.href === undefined ? (
                      <span className="cw-mini-cart__product">
                        {thumbnail}
                        {item.name}
                      </span>
                    ) : (
                      <a className="cw-mini-cart__product" href={item.href}>
                        {thumbnail}
                        {item.name}
                      </a>
                    )}
                    {item.variation !== undefined && item.variation.length > 0 ? (
                      <dl className="variation cw-mini-cart__variation">
                        {item.variation.map((option) => (
                          <div key={option.attribute}>
                            <dt>{option.attribute}:</dt> <dd>{option.value}</dd>
                          </div>
                        ))}
                      </dl>
                    ) : null}
                    <span className="quantity cw-mini-cart__quantity">
                      {item.quantity} × <Price amount={item.price} currency={currency} />
                    </span>
                  </BlockOverlay>
                );
              })}
            </ul>
            <p className="woocommerce-mini-cart__total total cw-mini-cart__total">
              <strong>{t.format('miniCart.subtotal')}</strong>{' '}
              <Price amount={subtotal} currency={currency} />
            </p>
            <p className="woocommerce-mini-cart__buttons buttons cw-mini-cart__buttons">
              <a href={cartUrl} className="button wc-forward cw-button">
                {t.format('miniCart.viewCart')}
              </a>
              <a href={checkoutUrl} className="button checkout wc-forward cw-button">
                {t.format('miniCart.checkout')}
              </a>
            </p>
          </>
        )}
      </div>
      {liveRegion}
    </div>
  );
}
