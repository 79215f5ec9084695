import type { StoreCart } from '@cartwright/store-api-client';
import { useCallback, useEffect, useState } from 'react';
import { loadHeaderIslands } from '../lib/chunks';
import { shopT } from '../messages';
import { useCartController, useCartState } from './CartProvider';
import { island } from './Island';

// The panel is server-rendered on every page and hydrated when the shopper comes to the header
// cart or the cart changes in the page (issue 16, decision 0059): until then its remove links
// are plain links, which work without JavaScript.
const MiniCartIsland = island({
  name: 'mini-cart',
  load: async () => (await loadHeaderIslands()).HeaderMiniCart,
  // Imported on the server only: a static import would put the panel's code in the browser's
  // shell chunk too (an app module, unlike ui-components', is not known to be side-effect free).
  server: import.meta.env.SSR ? (await import('./header-islands')).HeaderMiniCart : undefined,
});

/** The subtotal's format on the server (the browser loads it with the panel's code). */
const serverTotal = import.meta.env.SSR
  ? (await import('./header-islands')).formatHeaderTotal
  : undefined;

/**
 * The header's mini-cart: a disclosure (`<details>`, so it opens without JavaScript) whose
 * summary says how many items the cart holds (counting pending adds and changes once) and the
 * subtotal, live from the page's cart; and the mini-cart's panel inside it, an island.
 */
export function HeaderCart() {
  const controller = useCartController();
  const removing = useCartState((snapshot) => snapshot.removing);
  // The page's one cart (the loader's, or the store's latest answer), and the count with
  // every pending change applied once.
  const storeCart = useCartState((snapshot) => snapshot.cart);
  const count = useCartState((snapshot) => snapshot.itemCount ?? 0);
  // The cart the server rendered the panel from: once the page's cart is another one (an add,
  // a quantity, a removal, another tab's change), the server's panel is out of date and the
  // island's code comes to render it afresh.
  const [rendered] = useState(storeCart);
  // Or the shopper came to the header cart: a pointer over it, focus or a touch in it, the
  // disclosure opened (its summary is outside the island, which wakes by itself otherwise).
  const [approached, setApproached] = useState(false);
  const approach = useCallback(() => setApproached(true), []);
  const onRemove = useCallback(
    (key: string, href: string) => void controller.remove(key, { href }),
    [controller],
  );
  const shown = storeCart && storeCart.items.length > 0 ? storeCart : null;
  // The subtotal: the server's text while the cart is the one it rendered; once it is another,
  // formatted by the panel's chunk (decision 0080), which the change wakes anyway. Until that
  // has arrived no subtotal shows, rather than the old one.
  const changed = storeCart !== rendered;
  const [formatTotal, setFormatTotal] = useState(() => serverTotal);
  useEffect(() => {
    if (!changed || formatTotal !== undefined) return;
    let current = true;
    loadHeaderIslands().then(
      (module) => current && setFormatTotal(() => module.formatHeaderTotal),
      // A failed chunk: the panel's island tries again when the shopper comes to it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [changed, formatTotal]);
  return (
    <details
      className="header-cart"
      onPointerOver={approached ? undefined : approach}
      onFocus={approached ? undefined : approach}
      onTouchStart={approached ? undefined : approach}
      onToggle={approached ? undefined : approach}
    >
      <summary>
        <span className="header-cart__label">{shopT.format('headerCart.label')}</span>{' '}
        <span className="header-cart__count">{shopT.format('headerCart.count', { count })}</span>
        {shown ? <HeaderTotal cart={shown} changed={changed} format={formatTotal} /> : null}
      </summary>
      <MiniCartIsland
        className="header-cart__panel"
        awake={approached || storeCart !== rendered}
        cart={storeCart}
        removing={removing}
        onRemove={onRemove}
      />
    </details>
  );
}

/**
 * The summary's subtotal. In the browser, before the cart changes, the server's text stays as it
 * is (React keeps what is inside an element it sets no content of while hydrating).
 */
function HeaderTotal({
  cart,
  changed,
  format,
}: {
  cart: StoreCart;
  changed: boolean;
  format: ((cart: StoreCart) => string) | undefined;
}) {
  if (format !== undefined && (changed || import.meta.env.SSR))
    return <span className="header-cart__total"> {format(cart)}</span>;
  if (changed) return null;
  return (
    <span
      key="server"
      className="header-cart__total"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
