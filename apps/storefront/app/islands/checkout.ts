import type { ComponentType } from 'react';
import { CheckoutPage } from '../components/CheckoutPage';
import { pagePart } from '../components/PagePart';

/**
 * The islands /checkout/ hydrates as an island page (decision 0086): its content, as one part (the
 * totals follow the cart the store answers a shipping change with).
 */
export const ISLANDS = {
  'checkout-page': pagePart('checkout-page', CheckoutPage).Hydrated,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
