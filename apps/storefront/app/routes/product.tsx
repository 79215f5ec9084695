import { isStoreApiError } from '@cartwright/store-api-client';
import { getProduct } from '@cartwright/store-api-client/store';
import { currencyFromStoreApi, Price, QuantityInput } from '@cartwright/ui-components';
import { data, Link } from 'react-router';
import { categoryPath } from '../components/CatalogFilters';
import { ProductAddToCart } from '../components/ProductAddToCart';
import { storeContext } from '../context';
import { currencyOf, productPath } from '../lib/catalog';
import { sanitizeProductHtml } from '../lib/sanitize.server';
import type { Route } from './+types/product';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { apiFetch } = context.get(storeContext);
  try {
    const product = await getProduct(apiFetch, params.slug);
    const image = product.images[0];
    return {
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    {
      title: loaderData ? pageTitle(matches, loaderData.name) : shopT.format('product.notFound'),
    },
  ];
}

export default function Product({ loaderData: product }: Route.ComponentProps) {
  return (
    <article className="product">
      <nav aria-label={shopT.format('product.breadcrumb')} className="breadcrumb">
        <Link to="/shop/">{shopT.format('shop.title')}</Link> <span aria-hidden="true">/</span>{' '}
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
          {product.image ? (
            <img
              src={product.image.src}
              alt={product.image.alt}
              width={600}
              height={600}
              fetchPriority="high"
            />
          ) : null}
        </div>
        <div className="product-summary">
          <h1>{product.name}</h1>
          {product.onSale ? <p className="badge">{shopT.format('productCard.sale')}</p> : null}
          <p className="product-price">
            <Price
              amount={product.amount}
              regularAmount={product.regularAmount ?? undefined}
              currency={currencyFromStoreApi(product.currency)}
            />
          </p>
          <div
            className="product-short-description"
            dangerouslySetInnerHTML={{ __html: product.shortDescriptionHtml }}
          />
          <p className={product.inStock ? 'stock in-stock' : 'stock out-of-stock'}>
            {product.inStock
              ? product.lowStockRemaining !== null
                ? shopT.format('product.lowStock', { count: product.lowStockRemaining })
                : shopT.format('product.inStock')
              : shopT.format('productCard.outOfStock')}
          </p>
          {product.purchasable ? (
            <div className="product-add-to-cart">
              <ProductAddToCart
                productId={product.id}
                name={product.name}
                sku={product.sku}
                productLink={productPath(product.slug)}
                quantityField={
                  <QuantityInput
                    name="quantity"
                    label={`${product.name} quantity`}
                    min={1}
                    max={product.maxQuantity > 0 ? product.maxQuantity : undefined}
                    defaultValue={1}
                  />
                }
              />
            </div>
          ) : null}
          <dl className="product-meta">
            <dt>{shopT.format('product.sku')}</dt>
            <dd>{product.sku || 'N/A'}</dd>
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
          <h2 id="description-heading">{shopT.format('product.description')}</h2>
          <div dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      ) : null}
    </article>
  );
}
