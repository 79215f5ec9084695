import { isStoreApiError } from '@cartwright/store-api-client';
import { getProduct, type StoreProduct } from '@cartwright/store-api-client/store';
import { data, redirect } from 'react-router';
import { readForm } from '../lib/form-body';
import { pagePart } from '../components/PagePart';
import { ProductPage } from '../components/ProductPage';
import { productChoiceOf, selectionFromQuery, type ProductChoice } from '../lib/variations';
import { storeContext } from '../context';
import { currencyOf, productPath } from '../lib/catalog';
import { sanitizeProductHtml } from '../lib/sanitize.server';
import type { Route } from './+types/product';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';
import { catalogT } from '../messages-catalog';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { apiFetch } = context.get(storeContext);
  try {
    const product = await getProduct(apiFetch, params.slug);
    const image = product.images[0];
    const choice = await loadChoice(apiFetch, product);
    const range = product.prices.price_range;
    return {
      choice,
      // `?attribute_pa_size=m` (a cart line's link) opens the page with that choice made.
      initialSelection: choice ? selectionFromQuery(choice, new URL(request.url).searchParams) : {},
      priceRange: range ? { min: range.min_amount, max: range.max_amount } : null,
      id: product.id,
      slug: product.slug,
      // A product with options (variable) cannot be added without choosing them: no plain
      // add-to-cart button that the store would refuse.
      purchasable: product.is_purchasable && product.is_in_stock && !product.has_options,
      maxQuantity: product.add_to_cart.maximum ?? 0,
      name: product.name,
      sku: product.sku,
      amount: product.prices.price,
      regularAmount: product.on_sale ? product.prices.regular_price : null,
      currency: currencyOf(product.prices),
      onSale: product.on_sale,
      inStock: product.is_in_stock,
      lowStockRemaining: product.low_stock_remaining,
      image: image ? { src: image.src, alt: image.alt || product.name } : null,
      shortDescriptionHtml: sanitizeProductHtml(product.short_description),
      descriptionHtml: sanitizeProductHtml(product.description),
      categories: product.categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
    };
  } catch (error) {
    if (isStoreApiError(error) && error.code === 'woocommerce_rest_product_invalid_id') {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

/**
 * A variable product's form without JavaScript: the chosen options (`attribute_…` fields) name
 * a variation, and the shopper is sent on to WooCommerce's own add-to-cart link for it
 * (`?attribute_pa_size=m&variation_id=27&add-to-cart=25&quantity=1`, the variation's
 * `add_to_cart.url`), which the embedded store and a real WooCommerce both handle, with their
 * notices and redirect-after-add. (WooCommerce's classic form needs its script to find the
 * variation id; the Store API's add-item keeps a guest's cart under a Cart-Token, not a cookie.)
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { apiFetch } = context.get(storeContext);
  const rawQuantity = form.get('quantity');
  const quantity = rawQuantity === null || rawQuantity === '' ? 1 : Number(rawQuantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) {
    return data({ error: shopT.format('cartNotice.invalidQuantity') }, { status: 400 });
  }
  const product = await getProduct(apiFetch, params.slug);
  const fields = new Map(
    (product.attributes ?? [])
      .filter((attribute) => attribute.has_variations)
      .map((attribute) => [attribute.name, `attribute_${attribute.taxonomy || attribute.name}`]),
  );
  const chosen = new URLSearchParams();
  for (const field of fields.values()) {
    const value = form.get(field);
    if (typeof value !== 'string' || value === '') {
      return data({ error: catalogT.format('variations.chooseFirst') }, { status: 400 });
    }
    chosen.set(field, value);
  }
  const match = (product.variations ?? []).find((variation) =>
    variation.attributes.every(
      (value) => value.value === '' || chosen.get(fields.get(value.name) ?? '') === value.value,
    ),
  );
  if (match === undefined || fields.size === 0) {
    return data({ error: catalogT.format('variations.noMatch') }, { status: 400 });
  }
  chosen.set('variation_id', String(match.id));
  chosen.set('add-to-cart', String(product.id));
  chosen.set('quantity', String(quantity));
  return redirect(`${productPath(product.slug)}?${chosen.toString()}`, 303);
}

/**
 * A variable product's choice: its attributes and each variation's price, stock and image
 * (`GET products/{id}` of each variation, at once). `null` for other products.
 */
async function loadChoice(
  apiFetch: Parameters<typeof getProduct>[0],
  product: StoreProduct,
): Promise<ProductChoice | null> {
  if (product.type !== 'variable' || !product.variations?.length) return null;
  const refs = product.variations.slice(0, MAX_VARIATIONS);
  const variations = await Promise.all(
    refs.map((ref) => getProduct(apiFetch, String(ref.id)).catch(() => undefined)),
  );
  return productChoiceOf(
    { attributes: product.attributes, variations: refs },
    variations.filter((variation) => variation !== undefined),
  );
}

/** Variations a page reads at most (WooCommerce's own form stops loading them all at 30). */
const MAX_VARIATIONS = 50;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    {
      title: loaderData ? pageTitle(matches, loaderData.name) : catalogT.format('product.notFound'),
    },
  ];
}

/**
 * An island page (decision 0084): the browser hydrates the product's content as one part, from the
 * props the server wrote, when a shopper first comes to it (`product` in
 * `app/islands-hydrate.tsx`), and the layout's live parts; not the router.
 */
export const handle = { islands: 'product' };

const { PagePart: ProductPart } = pagePart('product-page', ProductPage);

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductPart product={loaderData} error={actionData?.error} />;
}
