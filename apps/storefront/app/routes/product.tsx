import { isStoreApiError } from '@cartwright/store-api-client';
import { getProduct, type StoreProduct } from '@cartwright/store-api-client/store';
import { currencyFromStoreApi, Price, PriceRange } from '@cartwright/ui-components';
import { useEffect, useState } from 'react';
import { data, Link, redirect } from 'react-router';
import { AlertNotice } from '@cartwright/ui-components';
import { readForm } from '../lib/form-body';
import { AddToCartIsland, VariationFormIsland } from '../components/CatalogIslands';
import { StockLine } from '../components/ProductPrice';
import {
  chosenVariation,
  productChoiceOf,
  selectionFromQuery,
  type ProductChoice,
  type Selection,
} from '../lib/variations';
import { storeContext } from '../context';
import { categoryPath, currencyOf, productPath } from '../lib/catalog';
import { sanitizeProductHtml } from '../lib/sanitize.server';
import type { Route } from './+types/product';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';
import { takeEarlyChoices } from '../lib/early-choices';
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

export default function Product({ loaderData: product, actionData }: Route.ComponentProps) {
  const [selection, setSelection] = useState<Selection>(product.initialSelection);
  // Options chosen before the page hydrated: hydration put the selects back (decision 0064).
  // They exist only in the browser, after hydration: a state set once from this mount effect
  // (an initial state would not match the server's markup).
  useEffect(() => {
    const fields = product.choice?.attributes.map((attribute) => attribute.field) ?? [];
    const early = takeEarlyChoices(fields);
    if (Object.keys(early).length === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from outside React
    setSelection((now) => ({ ...now, ...early }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  const variation = product.choice ? chosenVariation(product.choice, selection) : undefined;
  const image = variation?.image ?? product.image;
  const currency = currencyFromStoreApi(product.currency);
  return (
    <article className="product">
      <nav aria-label={catalogT.format('product.breadcrumb')} className="breadcrumb">
        <Link to="/shop/">{catalogT.format('shop.title')}</Link> <span aria-hidden="true">/</span>{' '}
        {product.categories[0] ? (
          <>
            <Link to={categoryPath(product.categories[0].slug)}>{product.categories[0].name}</Link>{' '}
            <span aria-hidden="true">/</span>{' '}
          </>
        ) : null}
        <span aria-current="page">{product.name}</span>
      </nav>
      <div className="product-layout">
        <div className="product-gallery">
          {image ? (
            <img src={image.src} alt={image.alt} width={600} height={600} fetchPriority="high" />
          ) : null}
        </div>
        <div className="product-summary">
          <h1>{product.name}</h1>
          {(variation ? variation.regularAmount !== null : product.onSale) ? (
            <p className="badge">{catalogT.format('productCard.sale')}</p>
          ) : null}
          <p className="product-price">
            {variation ? (
              <Price
                amount={variation.amount}
                regularAmount={variation.regularAmount ?? undefined}
                currency={currency}
              />
            ) : product.priceRange ? (
              <PriceRange
                min={product.priceRange.min}
                max={product.priceRange.max}
                currency={currency}
              />
            ) : (
              <Price
                amount={product.amount}
                regularAmount={product.regularAmount ?? undefined}
                currency={currency}
              />
            )}
          </p>
          <div
            className="product-short-description"
            dangerouslySetInnerHTML={{ __html: product.shortDescriptionHtml }}
          />
          <StockLine
            inStock={variation ? variation.inStock : product.inStock}
            lowStockRemaining={variation ? variation.lowStockRemaining : product.lowStockRemaining}
          />
          {actionData?.error ? (
            <AlertNotice>
              <p>{actionData.error}</p>
            </AlertNotice>
          ) : null}
          {product.choice && product.inStock ? (
            <div className="product-add-to-cart">
              <VariationFormIsland
                version={String(product.id)}
                // The server's form shows the choice it rendered: once the page's choice is
                // another (one made before hydration), its code comes to show this one.
                awake={selection !== product.initialSelection}
                productId={product.id}
                name={product.name}
                sku={product.sku}
                productLink={productPath(product.slug)}
                choice={product.choice}
                selection={selection}
                onSelect={(field, slug) => setSelection((now) => ({ ...now, [field]: slug }))}
                onClear={() => setSelection({})}
              />
            </div>
          ) : null}
          {product.purchasable ? (
            <div className="product-add-to-cart">
              <AddToCartIsland
                version={String(product.id)}
                productId={product.id}
                name={product.name}
                sku={product.sku}
                productLink={productPath(product.slug)}
                quantity={{
                  label: `${product.name} quantity`,
                  max: product.maxQuantity > 0 ? product.maxQuantity : undefined,
                }}
              />
            </div>
          ) : null}
          <dl className="product-meta">
            <dt>{catalogT.format('product.sku')}</dt>
            <dd>{variation?.sku || product.sku || 'N/A'}</dd>
            {product.categories.length > 0 ? (
              <>
                <dt>{product.categories.length === 1 ? 'Category' : 'Categories'}</dt>
                <dd className="posted_in">
                  {product.categories.map((c, index) => (
                    <span key={c.id}>
                      {index > 0 ? ', ' : null}
                      <Link to={categoryPath(c.slug)} rel="tag">
                        {c.name}
                      </Link>
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
      {product.descriptionHtml ? (
        <section className="product-description" aria-labelledby="description-heading">
          <h2 id="description-heading">{catalogT.format('product.description')}</h2>
          <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      ) : null}
    </article>
  );
}
