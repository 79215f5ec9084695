import type { ComponentProps } from 'react';
import { loadRouteChunk } from '../lib/chunks';
import type { OrderNotes, TermsAcceptance } from './CheckoutExtras';
import { island } from './Island';

// The order note and the terms box are plain fields that post with the checkout's form; few
// shoppers write a note, and the box needs no code to be ticked. They are islands (decision
// 0071): rendered with the page, their code loaded when a shopper comes to one (a pointer, the
// focus, a touch) or the page asks (`awake`: an order on its way, whose refusal renders the form
// again with its key, where an island without its code would have no server markup to show).
const loadExtras = () =>
  loadRouteChunk('checkout-extras', () => import('./checkout-extras-islands'));

/** The "Additional information" section with the order note (an island). */
export const OrderNotesIsland = island<ComponentProps<typeof OrderNotes>>({
  name: 'order-notes',
  load: async () => (await loadExtras()).OrderNotes,
  // Imported on the server only: a static import would put the code in the route's chunk.
  server: import.meta.env.SSR ? (await import('./CheckoutExtras')).OrderNotes : undefined,
});

/** The shop's terms box (an island). */
export const TermsIsland = island<ComponentProps<typeof TermsAcceptance>>({
  name: 'terms',
  load: async () => (await loadExtras()).TermsAcceptance,
  server: import.meta.env.SSR ? (await import('./CheckoutExtras')).TermsAcceptance : undefined,
});
