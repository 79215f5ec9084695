import { AddToCartButton, addToCartSuccessMessage } from '@cartwright/ui-components';
import type { ReactNode } from 'react';
import { useCartController, useCartState } from './CartProvider';

export interface ProductAddToCartProps {
  productId: number;
  name: string;
  sku: string;
  /** The product page, where a failed add sends the shopper. */
  productLink: string;
  quantityField?: ReactNode;
}

/**
 * The add-to-cart button: a plain form posting to `?add-to-cart={id}` (the store adds
 * and redirects) until the page is hydrated, then the cart queue's behaviour.
 */
export function ProductAddToCart({
  productId,
  name,
  sku,
  productLink,
  quantityField,
}: ProductAddToCartProps) {
  const controller = useCartController();
  const id = String(productId);
  const state = useCartState((snapshot) => snapshot.buttons[id]);
  const successMessage = addToCartSuccessMessage(name);
  return (
    <AddToCartButton
      productId={productId}
      name={name}
      sku={sku}
      successMessage={successMessage}
      status={state?.status ?? 'idle'}
      showViewCart={state?.showViewCart ?? false}
      cartUrl="/cart/"
      action={`?add-to-cart=${productId}`}
      quantityField={quantityField}
      onAdd={(data, event) => {
        // Before hydration there is no handler: the form posts to the store.
        event.preventDefault();
        void controller.add(id, { data: { ...data }, productLink, successMessage });
      }}
    />
  );
}
