import { useState, type FormEvent } from 'react';
import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';

// A cart line's quantity form is server-rendered with the page and its code (with
// ui-components' QuantityInput) loads when a shopper comes to one of the forms: a pointer over
// it, focus in it, a touch (decisions 0057, 0069). Until then each is the plain form post it is
// without JavaScript; a submit made meanwhile is held and sent through the cart queue by the
// live form, with the quantity typed.
const QuantityIsland = island({
  name: 'cart-quantity',
  load: async () =>
    (await loadRouteChunk('cart-quantity', () => import('./cart-quantity-form'))).CartQuantityForm,
  // Imported on the server only: a static import would put the form's code in the route's
  // browser chunk.
  server: import.meta.env.SSR ? (await import('./cart-quantity-form')).CartQuantityForm : undefined,
});

/** A cart line's quantity field and Update button (an island). */
export function CartQuantity({
  quantity,
  ...props
}: {
  lineKey: string;
  label: string;
  quantity: number;
  max: number | undefined;
  onUpdate: (event: FormEvent<HTMLFormElement>) => void;
}) {
  // The quantity the server rendered the form with: another one means its markup is out of
  // date, so the form's code is loaded to show the line's quantity now.
  const [rendered] = useState(quantity);
  return (
    <QuantityIsland
      awake={quantity !== rendered}
      quantity={quantity}
      rendered={rendered}
      {...props}
    />
  );
}
