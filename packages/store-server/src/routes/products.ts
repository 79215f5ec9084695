import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadTaxConfig } from '../cart/tax-store';
import { withShopPrices } from '../catalog/tax-display';
import { MAX_INT, cleanText, parseProductQuery } from '../catalog/product-query';
import { findProduct, findProducts } from '../catalog/repository';
import { serializeProduct } from '../catalog/serialize';
import { requestOrigin } from '../http/origin';
import { withPage } from '../http/query-string';
import { RestError } from '../http/rest-error';
import { STORE_API, type RouteContext } from './context';

const DIGITS = /^\d+$/;

function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
}

/** WordPress's pagination `Link` header: prev/next as absolute URLs keeping the other args. */
function linkHeader(
  base: string,
  raw: string,
  page: number,
  totalPages: number,
): string | undefined {
  const links: string[] = [];
  if (page > 1) {
    // Past the end, "prev" points at the last page that exists (as WordPress does).
    const prev = Math.max(1, Math.min(page - 1, totalPages));
    links.push(`<${base}?${withPage(raw, prev)}>; rel="prev"`);
  }
  if (page < totalPages) links.push(`<${base}?${withPage(raw, page + 1)}>; rel="next"`);
  return links.length === 0 ? undefined : links.join(', ');
}

function productNotFound(): RestError {
  return new RestError('woocommerce_rest_product_invalid_id', 'Invalid product ID.', 404);
}

/** `GET /wc/store/v1/products` and `GET /wc/store/v1/products/{id|slug}`. */
export function registerProductRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${STORE_API}/products`, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parseProductQuery(
      request.query as Record<string, string | string[]>,
      rawQuery(request),
    );
    const { total, items } = await findProducts(context.db, query);
    const origin = requestOrigin(request, context.siteUrl);
    const totalPages = Math.ceil(total / query.perPage);
    void reply.header('X-WP-Total', String(total)).header('X-WP-TotalPages', String(totalPages));
    const link = linkHeader(
      `${origin}${STORE_API}/products`,
      rawQuery(request),
      query.page,
      totalPages,
    );
    if (link !== undefined) void reply.header('Link', link);
    const tax = await loadTaxConfig(context.db);
    return items.map((item) => withShopPrices(serializeProduct(item, origin), tax));
  });

  app.get(
    `${STORE_API}/products/:key`,
    async (request: FastifyRequest<{ Params: { key: string } }>) => {
      const key = request.params.key;
      let product;
      if (DIGITS.test(key)) {
        const id = Number(key);
        // Ids beyond PostgreSQL's integer range cannot exist; do not ask the database.
        if (id < 1 || id > MAX_INT) throw productNotFound();
        product = await findProduct(context.db, { id });
      } else {
        const slug = cleanText(key).toLowerCase();
        if (slug === '' || slug !== key.toLowerCase()) throw productNotFound();
        product = await findProduct(context.db, { slug });
      }
      if (product === undefined) throw productNotFound();
      const tax = await loadTaxConfig(context.db);
      return withShopPrices(
        serializeProduct(product, requestOrigin(request, context.siteUrl)),
        tax,
      );
    },
  );
}
