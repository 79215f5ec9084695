import type { ProductQuery } from '@cartwright/store-api-client';
import {
  CATALOG_ORDERINGS,
  isCatalogOrderBy,
  type CatalogOrderBy,
} from '@cartwright/ui-components';

/** The shop's default ordering (WooCommerce's `woocommerce_default_catalog_orderby`). */
export const DEFAULT_ORDERBY: CatalogOrderBy = 'menu_order';

/** WooCommerce's catalogue `orderby` values as Store API ordering. */
const TO_STORE_API: Record<CatalogOrderBy, Pick<ProductQuery, 'orderby' | 'order'>> = {
  menu_order: { orderby: 'menu_order', order: 'asc' },
  popularity: { orderby: 'popularity', order: 'desc' },
  rating: { orderby: 'rating', order: 'desc' },
  date: { orderby: 'date', order: 'desc' },
  price: { orderby: 'price', order: 'asc' },
  'price-desc': { orderby: 'price', order: 'desc' },
};

/** Reads `?orderby=`; anything unknown falls back to the default, as WooCommerce does. */
export function readOrderBy(url: URL): CatalogOrderBy {
  const raw = url.searchParams.get('orderby');
  return isCatalogOrderBy(raw) ? raw : DEFAULT_ORDERBY;
}

export function storeApiOrdering(orderBy: CatalogOrderBy) {
  return TO_STORE_API[orderBy];
}

export function orderingLabel(orderBy: CatalogOrderBy): string {
  return CATALOG_ORDERINGS.find((o) => o.value === orderBy)?.label ?? '';
}
