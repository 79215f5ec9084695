/**
 * The page's real cart controller (decision 0008, 0051, 0056): cart-queue's queue and state
 * machines over its wc-ajax adapter with a Store API session. `CartProvider` shows the cart
 * without it (cart-queue's lazy controller) and loads this module with the first cart change
 * (`loadPageCart` in `lib/chunks.ts`): the wire client (`lib/rest-client.ts`) comes in the same
 * load, so a page nobody changes the cart on carries none of it.
 */
import { createCartController, type CartController } from '@cartwright/cart-queue/controller';
import type { CartControllerSeed } from '@cartwright/cart-queue/lazy';
import { createCartTransport } from './rest-client';

/** The app's one rule for what is the store's (`CartProvider`'s navigate asks it after an add). */
export { isStorePath } from './store-paths';

/** The controller's warnings' view and texts: only its answers make one (`Notices` shows them). */
export { CartWarnings } from '../components/cart-warnings';

/** What the page was rendered with, for the cart's transport. */
export interface PageCartWire {
  wcAjaxUrl: string;
  /** The Store API nonce the page was rendered with, for the first quantity change. */
  storeApiNonce?: string | undefined;
}

/**
 * The controller, with the cart and options the page's lazy controller holds by now (the
 * add-to-cart veto among them: `CartProvider` sets it, and it is asked at the click). The
 * transport is made with the first `wcAjaxUrl` and nonce: the site's URL does not change, and
 * the session keeps every newer nonce the store sends.
 */
export function createPageCart(
  { wcAjaxUrl, storeApiNonce }: PageCartWire,
  { cart, options }: CartControllerSeed,
): CartController {
  return createCartController({
    cartUrl: '/cart/',
    ...options,
    transport: createCartTransport(wcAjaxUrl, storeApiNonce),
    ...(cart ? { initialCart: cart } : {}),
  });
}
