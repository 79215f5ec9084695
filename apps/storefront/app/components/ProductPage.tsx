import { AlertNotice, currencyFromStoreApi, Price, PriceRange } from '@cartwright/ui-components';
import { useEffect, useState } from 'react';
import { AddToCartIsland, VariationFormIsland } from './CatalogIslands';
import { StockLine } from './ProductPrice';
import { categoryPath, productPath } from '../lib/catalog';
import { takeEarlyChoices } from '../lib/early-choices';
import { Link } from '../lib/routing';
import { chosenVariation, type Selection } from '../lib/variations';
import { catalogT } from '../messages-catalog';
import type { loader } from '../routes/product';

/** What the product route's loader gives the page. */
export type ProductData = Awaited<ReturnType<typeof loader>>;

/** What a product page shows, as its route's loader and action give it. */
export interface ProductPageProps {
  product: ProductData;
  /** A refusal the action answered a variable product's plain form post with. */
  error?: string | undefined;
}

/**
 * A product page's content: the gallery, the price, the stock, the add-to-cart or option form,
 * the meta and the description. A variable product's chosen options are the page's state: the
 * price, image, badge, stock and SKU follow them. Rendered by the router on a client-side
 * navigation; on an island page (decision 0084) hydrated whole, from the props the server wrote,
 * when a shopper first comes to it.
 */
export function ProductPage({ product, error }: ProductPageProps) {
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
          {error ? (
            <AlertNotice>
              <p>{error}</p>
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
