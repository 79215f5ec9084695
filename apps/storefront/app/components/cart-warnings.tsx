/**
 * The cart controller's warnings (a quantity lowered to the stock, an item gone): their texts
 * and their view. Only an answer to a cart change carries one, so they come with the cart's code
 * (`lib/page-cart`, decision 0070) and no page carries them before. `Notices` keeps the polite
 * live region they are added to in the server's markup, so adding to it is announced.
 *
 * This module is loaded lazily: it imports no module of the shell (that would take the module
 * out of the shell, decision 0063). The page's translator reaches it through `translate`.
 */
import type { CartWarning } from '@cartwright/cart-queue/controller';
import type { MessageValues } from '@cartwright/ui-components';

/**
 * The warnings' texts, in English (keys kept from when they were the storefront's: a shop's
 * overrides in `SHOP_MESSAGES` reach them; `SHOP_CATALOGUES` in messages.server.ts lists them).
 */
export const CART_WARNING_MESSAGES = {
  'cartNotice.itemGone': '“{name}” is no longer in your cart.',
  'cartNotice.anItemGone': 'An item is no longer in your cart.',
  'cartNotice.clamped':
    'Your cart now holds {quantity} of “{name}”, not {requested}: that is all that is in stock.',
  'cartNotice.anItemClamped':
    'Your cart now holds {quantity} of an item, not {requested}: that is all that is in stock.',
} satisfies Readonly<Record<string, string>>;

/** A key of {@link CART_WARNING_MESSAGES}. */
export type CartWarningMessageKey = keyof typeof CART_WARNING_MESSAGES;

/** What the warnings need of the page's translator: their keys and the dismiss button's. */
export interface CartWarningTranslator {
  format(key: CartWarningMessageKey | 'storeNotice.dismiss', values?: MessageValues): string;
}

/** What a typed warning says to the shopper (named when the line was known). */
export function warningText(warning: CartWarning, t: CartWarningTranslator): string {
  const { name } = warning;
  if (warning.type === 'item_gone') {
    return name ? t.format('cartNotice.itemGone', { name }) : t.format('cartNotice.anItemGone');
  }
  return t.format(name ? 'cartNotice.clamped' : 'cartNotice.anItemClamped', {
    name: name ?? '',
    quantity: warning.quantity,
    requested: warning.requested,
  });
}

/** Props of {@link CartWarnings}. */
export interface CartWarningsProps {
  /** The controller's warnings (`snapshot.warnings`), at least one. */
  warnings: readonly CartWarning[];
  /** The page's translator over this module's catalogue (`extendTranslator` in ./messages.ts). */
  translate: (catalogue: typeof CART_WARNING_MESSAGES) => CartWarningTranslator;
  /** Clears the warnings (the controller's `clearWarnings`). */
  onDismiss: () => void;
}

/** The warnings as an information notice with a dismiss button (inside Notices' live region). */
export function CartWarnings({ warnings, translate, onDismiss }: CartWarningsProps) {
  const t = translate(CART_WARNING_MESSAGES);
  return (
    <div className="woocommerce-info notice">
      <ul>
        {warnings.map((warning, index) => (
          <li key={index}>{warningText(warning, t)}</li>
        ))}
      </ul>
      <button type="button" className="cw-button" onClick={onDismiss}>
        {t.format('storeNotice.dismiss')}
      </button>
    </div>
  );
}
