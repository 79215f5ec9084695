import type { ComponentProps } from 'react';
import { loadRouteChunk } from '../lib/chunks';
import { island } from './Island';
import type { SuggestingAddressFields } from './SuggestingAddressFields';

/**
 * The checkout's billing and shipping address fields as islands (decisions 0057, 0069): rendered
 * with the page, their code (`SuggestingAddressFields`: ui-components' `AddressFields` and the
 * states lists of `@cartwright/address-data`) loaded when a shopper comes to them (a pointer over
 * them, focus in them, a touch) or the page asks (`awake`: an order on its way, whose refusal
 * renders the form again). Until then they are the server's plain fields, posted with the form
 * as without JavaScript; the checkout hears their changes with native listeners, and the live
 * fields take up a country changed and a street typed meanwhile.
 */
export const CheckoutAddressFields = island<ComponentProps<typeof SuggestingAddressFields>>({
  name: 'address-fields',
  load: async () =>
    (await loadRouteChunk('address-fields', () => import('./checkout-islands')))
      .SuggestingAddressFields,
  // Imported on the server only: a static import would put the fields' code in the route's
  // browser chunk.
  server: import.meta.env.SSR
    ? (await import('./SuggestingAddressFields')).SuggestingAddressFields
    : undefined,
});
