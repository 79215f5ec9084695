import { getProducts } from '@cartwright/store-api-client/store';
import {
  CatalogOrdering,
  currencyFromStoreApi,
  Pagination,
  ProductCard,
  ProductGrid,
  ResultCount,
} from '@cartwright/ui-components';
import { data, Link, redirect, useSubmit } from 'react-router';
import { ProductAddToCart } from '../components/ProductAddToCart';
import { storeContext } from '../context';
import { PRODUCTS_PER_PAGE, parsePageParam, toCardProduct } from '../lib/catalog';
import { DEFAULT_ORDERBY, orderingLabel, readOrderBy, storeApiOrdering } from '../lib/ordering';
import type { Route } from './+types/shop';
import { shopT } from '../messages';
import { pageTitle } from '../lib/site-title';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (params.page === '1') throw redirect(`/shop/${url.search}`, 301);

  const orderBy = readOrderBy(url);
  const { apiFetch } = context.get(storeContext);
  const list = await getProducts(apiFetch, {
    page,
    per_page: PRODUCTS_PER_PAGE,
    ...storeApiOrdering(orderBy),
  });
  if (page > 1 && page > list.totalPages) throw data(null, { status: 404 });
  return {
    products: list.items.map(toCardProduct),
    total: list.total,
    totalPages: list.totalPages,
    page,
    orderBy,
    // Only an ordering the shopper chose is announced with the count.
    sorted: url.searchParams.has('orderby'),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const suffix = loaderData && loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [{ title: pageTitle(matches, `Shop${suffix}`) }];
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { products, total, totalPages, page, orderBy, sorted } = loaderData;
  const submit = useSubmit();
  const query = orderBy === DEFAULT_ORDERBY ? '' : `?orderby=${orderBy}`;
  const pagePath = (n: number) => (n === 1 ? `/shop/${query}` : `/shop/page/${n}/${query}`);
  return (
    <>
      <h1>{shopT.format('shop.title')}</h1>
      <div className="shop-toolbar">
        <ResultCount
          total={total}
          page={page}
          perPage={PRODUCTS_PER_PAGE}
          {...(sorted ? { sortedBy: orderingLabel(orderBy) } : {})}
        />
        <CatalogOrdering
          value={orderBy}
          action="/shop/"
          onOrderChange={(_value, form) => void submit(form, { preventScrollReset: true })}
        />
      </div>
      {products.length === 0 ? (
        <p>{shopT.format('shop.noProducts')}</p>
      ) : (
        <ProductGrid label={shopT.format('shop.products')}>
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              name={product.name}
              href={product.href}
              price={{
                amount: product.amount,
                regularAmount: product.regularAmount ?? undefined,
                currency: currencyFromStoreApi(product.currency),
              }}
              image={product.image ?? undefined}
              onSale={product.onSale}
              inStock={product.inStock}
              imageLoading={index < 4 ? 'eager' : 'lazy'}
            >
              {product.purchasable ? (
                <ProductAddToCart
                  productId={product.id}
                  name={product.name}
                  sku={product.sku}
                  productLink={product.href}
                />
              ) : product.needsOptions ? (
                <Link
                  to={product.href}
                  className="button product_type_variable add_to_cart_button cw-button"
                  aria-label={shopT.format('product.selectOptionsFor', { name: product.name })}
                >
                  {shopT.format('product.selectOptions')}
                </Link>
              ) : null}
            </ProductCard>
          ))}
        </ProductGrid>
      )}
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
    </>
  );
}
