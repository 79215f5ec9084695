import { CHECKOUT_COUNTRIES } from '../lib/checkout';
import { loadRouteChunk } from '../lib/chunks';
import type { ShippingView } from '../lib/shipping';
import { checkoutT } from '../messages-checkout';
import { island } from './Island';

// Few shoppers calculate shipping from the cart: the form is server-rendered inside its
// `<details>` and its code (with the states lists of `@cartwright/address-data`) loads when a
// shopper comes to it (a pointer over it, focus in it, a touch; decisions 0057, 0069). Until
// then it is the plain form post it is without JavaScript; a submit made meanwhile is held and
// sent by the live form, and a country changed meanwhile is taken up by it.
const CalculatorIsland = island({
  name: 'shipping-calculator',
  load: async () =>
    (await loadRouteChunk('shipping-calculator', () => import('./shipping-calculator-form')))
      .ShippingCalculatorForm,
  // Imported on the server only: a static import would put the form's code in the route's
  // browser chunk.
  server: import.meta.env.SSR
    ? (await import('./shipping-calculator-form')).ShippingCalculatorForm
    : undefined,
});

/**
 * WooCommerce's cart "Calculate shipping" form in a `<details>` disclosure, so it opens and
 * posts without JavaScript. The disclosure is the page's; the form inside is an island. Keyed
 * by the destination where it is used: a new destination renders it afresh (the code loading
 * at once if it has not yet, as an island does when first rendered in the browser), closed.
 * `recalculated`: rendered for a destination the shopper has just sent (from the live form, so
 * its code is in): the form gives the focus, which was on the form that went, back to the
 * disclosure's summary.
 */
export function ShippingCalculator({
  destination,
  recalculated = false,
  send,
}: {
  destination: ShippingView['destination'];
  recalculated?: boolean;
  /** Sends the form's fields without leaving the page (the page's `useAction`). */
  send?: (form: FormData) => void;
}) {
  return (
    <details className="cw-shipping-calculator">
      <summary>{checkoutT.format('shipping.calculate')}</summary>
      {/* The countries are passed in: the page already has them (with the checkout's texts), and
          the island's chunk then needs nothing of lib/checkout. */}
      <CalculatorIsland
        destination={destination}
        countries={CHECKOUT_COUNTRIES}
        recalculated={recalculated}
        send={send}
      />
    </details>
  );
}
