/**
 * What every view of a cart line shows (its name, quantity, unit price, SKU and chosen options)
 * and its links: its product page (with a variation's choice) and its no-JavaScript remove link.
 * The header mini-cart's island and the cart page's view use them; no page needs them before
 * either is there, so they are not in the code every page loads.
 */
import type { StoreCartItem } from '@cartwright/store-api-client';
import { chosenOptionsOf } from '../components/VariationDetails';
import { productPath } from './catalog';
import { storeLinkPath } from './same-origin';

function slugOf(permalink: string | undefined): string | undefined {
  if (!permalink) return undefined;
  return (storeLinkPath(permalink) ?? '').split('?')[0]?.split('/').filter(Boolean).at(-1);
}

/**
 * A variation's choice from its permalink (`?attribute_pa_size=m`), so the product page opens
 * with it chosen; only `attribute_…` arguments are kept.
 */
function variationQueryOf(permalink: string | undefined): string {
  const index = permalink?.indexOf('?') ?? -1;
  if (permalink === undefined || index === -1 || permalink.length > 2000) return '';
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(permalink.slice(index + 1))) {
    if (name.startsWith('attribute_')) kept.append(name, value);
  }
  const query = kept.toString();
  return query === '' ? '' : `?${query}`;
}

/** A line's product page (with a variation's choice) and its no-JavaScript remove link. */
export function lineLinksOf(item: StoreCartItem): { href: string; removeUrl: string } {
  const extensions = item.extensions as { cartwright?: { remove_url?: string } } | undefined;
  const slug = slugOf(item.permalink);
  return {
    href: slug ? productPath(slug) + variationQueryOf(item.permalink) : '/shop/',
    removeUrl: storeLinkPath(extensions?.cartwright?.remove_url) ?? '/cart/',
  };
}

/**
 * The fields the cart page's lines and the header mini-cart's lines share, from a Store API cart
 * line: each view adds its own (the line total, the quantity limits, the image's text).
 */
export function cartLineBaseOf(item: StoreCartItem) {
  return {
    key: item.key,
    productId: item.id,
    name: item.name,
    quantity: item.quantity,
    price: item.prices.price,
    ...lineLinksOf(item),
    sku: item.sku,
    variation: chosenOptionsOf(item.variation),
  };
}
