import type { StoreCart } from '@cartwright/store-api-client';
import { useCallback, useEffect, useState } from 'react';
import { loadHeaderIslands, loadHeaderTotal } from '../lib/chunks';
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

/** The subtotal's text, on the server from the start, in the browser once its chunk is in. */
let headerTotal: ((cart: StoreCart) => string) | null = import.meta.env.SSR
  ? (await import('../lib/header-total')).headerTotal
  : null;

/**
 * The header's cart subtotal. While the page's cart is the one the server rendered (`stale`
 * false), its text stays as the server wrote it; after that it is formatted by `lib/header-total`,
 * or left out while that code is on its way.
 */
function HeaderTotal({ cart, stale }: { cart: StoreCart; stale: boolean }) {
  if (headerTotal !== null) return <span className="header-cart__total">{headerTotal(cart)}</span>;
  if (stale) return null;
  return (
    <span
      className="header-cart__total"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}

/**
 * Loads the subtotal's formatting (`lib/header-total`, with the currency rules) once a change
 * of the cart begins (the count moves when an add is clicked, before the store answers), so the
 * new total shows with the answer; until then pages that show no price do not load it.
 */
function useHeaderTotal(changing: boolean): void {
  const [, setReady] = useState(headerTotal !== null);
  useEffect(() => {
    if (changing && headerTotal === null)
      void loadHeaderTotal().then((module) => {
        headerTotal = module.headerTotal;
        setReady(true);
      }, noop);
  }, [changing]);
}

const noop = () => {};

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
  const [renderedCount] = useState(count);
  useHeaderTotal(storeCart !== rendered || count !== renderedCount);
  // Or the shopper came to the header cart: a pointer over it, focus or a touch in it, the
  // disclosure opened (its summary is outside the island, which wakes by itself otherwise).
  const [approached, setApproached] = useState(false);
  const approach = useCallback(() => setApproached(true), []);
  const onRemove = useCallback(
    (key: string, href: string) => void controller.remove(key, { href }),
    [controller],
  );
  const shown = storeCart && storeCart.items.length > 0 ? storeCart : null;
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
        {shown ? <HeaderTotal cart={shown} stale={storeCart !== rendered} /> : null}
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
