import type { ComponentType } from 'react';
import { AddToCartIsland } from '../components/CatalogIslands';

/**
 * The islands a product listing hydrates as an island page (decision 0082): the cards' add-to-cart
 * forms. Sorting, filters and page links stay the forms and links they are without JavaScript.
 */
export const ISLANDS = {
  'add-to-cart': AddToCartIsland,
} as unknown as Record<string, ComponentType<Record<string, unknown>>>;
