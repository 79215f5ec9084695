import { isStoreApiError } from '@cartwright/store-api-client';
import { createStoreApi } from '@cartwright/store-api-client/store';
import { data, redirect } from 'react-router';
import { CartPage } from '../components/CartPage';
import { pagePart } from '../components/PagePart';
import { storeContext } from '../context';
import { cartFormAction, isCouponForm } from '../lib/cart-forms';
import { renderedCartHash } from '../lib/cart-summary';
import { readForm } from '../lib/form-body';
import { pageTitle } from '../lib/site-title';
import { shopT } from '../messages';
import { checkoutT } from '../messages-checkout';
import type { Route } from './+types/cart';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { apiFetch, setCookies } = context.get(storeContext);
  const cart = await createStoreApi(apiFetch).getCart();
  // The hash this cart was read with: a cart read before a change's answer is not taken in
  // over that answer (cart-queue's `receive`, decision 0056).
  return { cart, cartHash: renderedCartHash(request.headers.get('cookie'), setCookies) };
}

/**
 * The cart's forms as plain form posts (they work without JavaScript): a quantity, a coupon, a shipping rate, the shipping calculator's address. A change
 * goes back to the cart (303); a refusal renders the page again with it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const store = createStoreApi(context.get(storeContext).apiFetch);
  const intent = form.get('intent');
  if (isCouponForm(form) || intent === 'select-shipping-rate' || intent === 'calculate-shipping') {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    const { answer } = await cartFormAction(form, store);
    if ('coupon' in answer) return data(answer, { status: answer.coupon.ok ? 200 : 400 });
    if ('error' in answer) return data(answer, { status: 400 });
    return redirect('/cart/', 303);
  }
  const key = form.get('key');
  const quantity = Number(form.get('quantity'));
  if (typeof key !== 'string' || key === '' || !Number.isInteger(quantity) || quantity < 0) {
    return data({ error: shopT.format('cartNotice.invalidQuantity') }, { status: 400 });
  }
  try {
    await store.getCart(); // the store's answer carries this session's nonce for the write
    if (quantity === 0) await store.removeItem(key);
    else await store.updateItem(key, quantity);
  } catch (error) {
    if (isStoreApiError(error) && error.code.startsWith('woocommerce_rest_')) {
      return data({ error: error.message }, { status: 409 });
    }
    throw error;
  }
  return redirect('/cart/', 303);
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, checkoutT.format('cart.title')) }];
}

/**
 * An island page (decision 0084): the browser hydrates the cart's content as one part, from the
 * props the server wrote, when a shopper first comes to it (`cart` in `app/islands-hydrate.tsx`),
 * and the layout's live parts; not the router. Its links are page loads; its forms go to the
 * store from the browser.
 */
export const handle = { islands: 'cart' };

const { PagePart: CartPart } = pagePart('cart-page', CartPage);

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CartPart
      cart={loaderData.cart}
      cartHash={loaderData.cartHash}
      error={actionData && 'error' in actionData ? actionData.error : null}
      couponOutcome={actionData && 'coupon' in actionData ? actionData.coupon : undefined}
    />
  );
}
