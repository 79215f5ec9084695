import {
  AddToCartButton,
  addToCartSuccessMessage,
  QuantityInput,
  type AddToCartLinkProps,
} from '@cartwright/ui-components';
import { Link } from '../lib/routing';
import { useCartController, useCartState } from './CartProvider';

export interface ProductAddToCartProps {
  productId: number;
  name: string;
  sku: string;
  /** The product page, where a failed add sends the shopper. */
  productLink: string;
  /**
   * A quantity field before the button (the product page's): its label and the most one order
   * may hold. Without it the form adds one (the listings' buttons).
   */
  quantity?: { label: string; max?: number | undefined } | undefined;
}

/** The "View cart" link after an add: the router's, so following it keeps the page's code. */
export const viewCartLink = ({ href, children, ...props }: AddToCartLinkProps) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);

/**
 * The add-to-cart button: a plain form posting to `?add-to-cart={id}` (the store adds
 * and redirects) until its code is in (an island: components/CatalogIslands.tsx), then the
 * cart queue's behaviour.
 */
export function ProductAddToCart({
  productId,
  name,
  sku,
  productLink,
  quantity,
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
      renderLink={viewCartLink}
      action={`?add-to-cart=${productId}`}
      quantityField={
        quantity ? (
          <QuantityInput
            name="quantity"
            label={quantity.label}
            min={1}
            max={quantity.max}
            defaultValue={1}
          />
        ) : undefined
      }
      onAdd={(data, event) => {
        // Before its code is in there is no handler: the form posts to the store.
        event.preventDefault();
        void controller.add(id, { data: { ...data }, productLink, successMessage });
      }}
    />
  );
}
