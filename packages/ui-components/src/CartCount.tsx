import type { ReactElement } from 'react';
import { UiComponentsError } from './errors';
import { defaultTranslator, type Translator } from './messages';
import { useMessages } from './MessagesProvider';

/** Props of {@link CartCount}. */
export interface CartCountProps {
  /** How many items the cart holds (the sum of line quantities). */
  count: number;
  /**
   * The cart page's URL.
   * @default '/cart/'
   */
  href?: string | undefined;
  /**
   * The link's accessible name for a count; it must contain the visible number.
   * @default the catalogue's plural 'cartCount.label' ("Cart, {count} items")
   */
  label?: ((count: number) => string) | undefined;
}

/**
 * "Cart, 3 items" (and "Cart, 1 item"), from the catalogue's plural forms.
 * @example cartCountLabel(1) // "Cart, 1 item"
 */
export function cartCountLabel(count: number, t: Translator = defaultTranslator): string {
  return t.format('cartCount.label', { count });
}

/**
 * The header's cart link: a cart icon and the item count, named "Cart, {n} items"
 * for screen readers. It carries `cart-contents` (the class classic themes give the
 * header cart fragment), so a fragment keyed `a.cart-contents` can replace it.
 *
 * @throws {UiComponentsError} `invalid_quantity` when `count` is not a non-negative integer.
 *
 * @example
 * <CartCount count={cart.items_count} href="/cart/" />
 */
export function CartCount({ count, href = '/cart/', label }: CartCountProps): ReactElement {
  const t = useMessages();
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new UiComponentsError(
      'invalid_quantity',
      'CartCount: count must be a non-negative integer',
      { input: count },
    );
  }
  return (
    <a
      className="cart-contents cw-cart-count"
      href={href}
      aria-label={label ? label(count) : cartCountLabel(count, t)}
    >
      <svg
        className="cw-cart-count__icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2M9 20.5h.01M17 20.5h.01"
        />
      </svg>
      <span className="count cw-cart-count__count">{t.number(count)}</span>
    </a>
  );
}
