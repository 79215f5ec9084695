import type { ComponentType } from 'react';
import { ProductPage } from '../components/ProductPage';
import { pagePart } from '../components/PagePart';

/**
 * The islands a product page hydrates as an island page (decision 0084): its content, as one part
 * (a variable product's price, image, stock and SKU follow the options chosen in its form).
 */
export const ISLANDS = {
  'product-page': pagePart('product-page', ProductPage).Hydrated,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
