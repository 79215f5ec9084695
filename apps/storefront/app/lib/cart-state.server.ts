import type { StoreCart } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import type { StoreRequestContext } from '../context';
import {
  hasCartCookie,
  hasNoticesCookie,
  renderedCartHash,
  toNotices,
  type StoreNotice,
} from './cart';

/** What every page renders about the shopper's cart, read on the server. */
export interface CartState {
  /**
   * The Store API cart, or null when there is no cart session (no cart cookie): the page's
   * cart controller starts from it, and the header's mini-cart renders it.
   */
  cart: StoreCart | null;
  /** The cart hash this page shows: the client's sync compares the cookie with it. */
  cartHash: string;
  /** Session notices for this page (shown once), e.g. "“Mug” has been added to your cart." */
  notices: StoreNotice[];
}

/**
 * Reads the cart and the session notices for a page, each only when the cookies say there
 * is something to read (`woocommerce_items_in_cart`, `cartwright_notices`): a shopper with
 * an empty cart and no notices costs the store no request at all.
 */
export async function loadCartState(
  request: Request,
  { apiFetch, setCookies }: StoreRequestContext,
): Promise<CartState> {
  const cookie = request.headers.get('cookie');
  const [cart, notices] = await Promise.all([
    hasCartCookie(cookie) ? createStoreApi(apiFetch).getCart() : null,
    hasNoticesCookie(cookie)
      ? apiFetch<unknown>({ path: 'cartwright/v1/notices' }).then(toNotices, () => [])
      : ([] as StoreNotice[]),
  ]);
  return {
    cart,
    cartHash: renderedCartHash(cookie, setCookies),
    notices,
  };
}
