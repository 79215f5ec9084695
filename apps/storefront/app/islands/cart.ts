import type { ComponentType } from 'react';
import { CartPage } from '../components/CartPage';
import { pagePart } from '../components/PagePart';

/**
 * The islands /cart/ hydrates as an island page (decision 0084): its content, as one part (the
 * lines, the coupon form, the totals with the rates and the calculator all follow the cart).
 */
export const ISLANDS = {
  'cart-page': pagePart('cart-page', CartPage).Hydrated,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
