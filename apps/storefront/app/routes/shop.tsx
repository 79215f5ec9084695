import { getProducts } from '@cartwright/store-api-client/store';
import { currencyFromStoreApi, ProductCard, ProductGrid } from '@cartwright/ui-components';
import { data, Link, redirect } from 'react-router';
import { storeContext } from '../context';
import { PRODUCTS_PER_PAGE, parsePageParam, toCardProduct } from '../lib/catalog';
import type { Route } from './+types/shop';

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = parsePageParam(params.page);
  if (page === null) throw data(null, { status: 404 });
  if (params.page === '1') throw redirect('/shop/', 301);

  const { apiFetch } = context.get(storeContext);
  const list = await getProducts(apiFetch, {
    page,
    per_page: PRODUCTS_PER_PAGE,
    orderby: 'menu_order',
    order: 'asc',
  });
  if (page > 1 && page > list.totalPages) throw data(null, { status: 404 });
  return {
    products: list.items.map(toCardProduct),
    total: list.total,
    totalPages: list.totalPages,
    page,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const suffix = loaderData && loaderData.page > 1 ? ` – Page ${loaderData.page}` : '';
  return [{ title: `Shop${suffix} – Cartwright Demo Store` }];
}

/** WooCommerce's result-count wording (wire contract §5.8). */
function resultCount(total: number, page: number, perPage: number): string {
  if (total === 1) return 'Showing the single result';
  if (total <= perPage) return `Showing all ${total} results`;
  const first = perPage * (page - 1) + 1;
  const last = Math.min(total, perPage * page);
  return `Showing ${first}–${last} of ${total} results`;
}

const pagePath = (n: number) => (n === 1 ? '/shop/' : `/shop/page/${n}/`);

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { products, total, totalPages, page } = loaderData;
  return (
    <>
      <h1>Shop</h1>
      <p className="result-count">{resultCount(total, page, PRODUCTS_PER_PAGE)}</p>
      {products.length === 0 ? (
        <p>No products were found.</p>
      ) : (
        <ProductGrid label="Products">
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
            />
          ))}
        </ProductGrid>
      )}
      {totalPages > 1 ? (
        <nav className="pagination" aria-label="Product pagination">
          <ul>
            {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                {n === page ? (
                  <span aria-current="page">{n}</span>
                ) : (
                  <Link to={pagePath(n)} aria-label={`Page ${n}`}>
                    {n}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
