import { getProducts } from '@cartwright/store-api-client/store';
import type { ApiFetch, ProductQuery } from '@cartwright/store-api-client';
import {
  CatalogOrdering,
  type CatalogOrderBy,
  currencyFromStoreApi,
  Pagination,
  ProductCard,
  ProductGrid,
  ResultCount,
} from '@cartwright/ui-components';
import type { ReactNode } from 'react';
import { Link } from '../lib/routing';
import { AddToCartIsland } from './CatalogIslands';
import { PRODUCTS_PER_PAGE, toCardProduct, type CardProduct } from '../lib/catalog';
import { DEFAULT_ORDERBY, orderingLabel, readOrderBy, storeApiOrdering } from '../lib/ordering';
import { catalogT } from '../messages-catalog';

/** One page of a product listing (the shop, or a search), as loader data. */
export interface ListingPage {
  products: CardProduct[];
  total: number;
  totalPages: number;
  page: number;
  orderBy: CatalogOrderBy;
  /** Only an ordering the shopper chose is announced with the count. */
  sorted: boolean;
}

/**
 * Reads one page of products, in the URL's ordering, optionally matching a search; `filters`
 * are further Store API arguments (a category, a price range, attributes).
 */
export async function loadListing(
  apiFetch: ApiFetch,
  url: URL,
  page: number,
  search?: string,
  filters?: ProductQuery,
): Promise<ListingPage> {
  const orderBy = readOrderBy(url, search !== undefined);
  const list = await getProducts(apiFetch, {
    ...filters,
    page,
    per_page: PRODUCTS_PER_PAGE,
    ...storeApiOrdering(orderBy),
    ...(search ? { search } : {}),
  });
  return {
    products: list.items.map(toCardProduct),
    total: list.total,
    totalPages: list.totalPages,
    page,
    orderBy,
    sorted: url.searchParams.has('orderby'),
  };
}

/**
 * A product listing: result count, ordering, the grid and pagination. `pagePath` builds the
 * link to page n (the ordering and any search kept); `keep` are the query arguments the
 * ordering form carries along (a search's `s` and `post_type`).
 */
export function ProductListing({
  listing,
  heading,
  action,
  keep,
  pagePath,
  empty,
  orderings,
}: {
  listing: ListingPage;
  heading: ReactNode;
  action: string;
  keep?: Readonly<Record<string, string>>;
  pagePath: (page: number) => string;
  empty: ReactNode;
  /** The orderings offered (search results put relevance first). */
  orderings?: ReadonlyArray<{ value: CatalogOrderBy; label: string }>;
}) {
  const { products, total, totalPages, page, orderBy, sorted } = listing;
  return (
    <>
      {heading}
      {products.length === 0 ? (
        empty
      ) : (
        <>
          <div className="shop-toolbar">
            <ResultCount
              total={total}
              page={page}
              perPage={PRODUCTS_PER_PAGE}
              {...(sorted ? { sortedBy: orderingLabel(orderBy) } : {})}
            />
            {/* A GET form: a sort chosen is sent by the inline loader (decision 0053), a page
                load, with or without the page's scripts. */}
            <CatalogOrdering
              value={orderBy}
              action={action}
              {...(keep ? { keep } : {})}
              {...(orderings ? { options: orderings } : {})}
            />
          </div>
          <ProductGrid label={catalogT.format('shop.products')}>
            {products.map((product, index) => (
              <ProductCard
                key={product.id}
                name={product.name}
                href={product.href}
                price={{
                  amount: product.amount,
                  regularAmount: product.regularAmount ?? undefined,
                  maxAmount: product.maxAmount ?? undefined,
                  currency: currencyFromStoreApi(product.currency),
                }}
                image={product.image ?? undefined}
                onSale={product.onSale}
                inStock={product.inStock}
                imageLoading={index < 4 ? 'eager' : 'lazy'}
              >
                {product.purchasable ? (
                  <AddToCartIsland
                    productId={product.id}
                    name={product.name}
                    sku={product.sku}
                    productLink={product.href}
                  />
                ) : product.needsOptions ? (
                  <Link
                    to={product.href}
                    className="button product_type_variable add_to_cart_button cw-button"
                    aria-label={catalogT.format('product.selectOptionsFor', { name: product.name })}
                  >
                    {catalogT.format('product.selectOptions')}
                  </Link>
                ) : null}
              </ProductCard>
            ))}
          </ProductGrid>
        </>
      )}
      {totalPages > 1 ? (
        // Only with pages to link to: an island with no server markup loads its code at once.
        <Pagination
          page={page}
          totalPages={totalPages}
          href={pagePath}
          renderLink={({ href, children, ...props }) => (
            <Link to={href} {...props}>
              {children}
            </Link>
          )}
        />
      ) : null}
    </>
  );
}

export { DEFAULT_ORDERBY };
