import type { ProductQuery } from '@cartwright/store-api-client';
import {
  CATALOG_ORDERINGS,
  isCatalogOrderBy,
  SEARCH_ORDERINGS,
  type CatalogOrderBy,
} from '@cartwright/ui-components';

/** The shop's default ordering (WooCommerce's `woocommerce_default_catalog_orderby`). */
export const DEFAULT_ORDERBY: CatalogOrderBy = 'menu_order';
/** Search results' default: relevance, as WooCommerce orders a product search. */
export const SEARCH_ORDERBY: CatalogOrderBy = 'relevance';

/**
 * WooCommerce's catalogue `orderby` values as Store API ordering. Relevance sends none: the
 * Store API has no relevance ordering, so a search comes in the store's own order for it
 * (WooCommerce's and the embedded store's: newest first).
 */
const TO_STORE_API: Record<CatalogOrderBy, Pick<ProductQuery, 'orderby' | 'order'>> = {
  relevance: {},
  menu_order: { orderby: 'menu_order', order: 'asc' },
  popularity: { orderby: 'popularity', order: 'desc' },
  rating: { orderby: 'rating', order: 'desc' },
  date: { orderby: 'date', order: 'desc' },
  price: { orderby: 'price', order: 'asc' },
  'price-desc': { orderby: 'price', order: 'desc' },
};

/**
 * Reads `?orderby=`; anything unknown falls back to the default, as WooCommerce does. On search
 * results the choices are relevance and the others but "Default sorting".
 */
export function readOrderBy(url: URL, search = false): CatalogOrderBy {
  const raw = url.searchParams.get('orderby');
  if (search) {
    return SEARCH_ORDERINGS.find((option) => option.value === raw)?.value ?? SEARCH_ORDERBY;
  }
  return isCatalogOrderBy(raw) ? raw : DEFAULT_ORDERBY;
}

export function storeApiOrdering(orderBy: CatalogOrderBy) {
  return TO_STORE_API[orderBy];
}

export function orderingLabel(orderBy: CatalogOrderBy): string {
  return [...SEARCH_ORDERINGS, ...CATALOG_ORDERINGS].find((o) => o.value === orderBy)?.label ?? '';
}
