import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listCategories } from '../catalog/categories';
import { MAX_INT } from '../catalog/product-query';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import { STORE_API, type RouteContext } from './context';

function categoryNotFound(): RestError {
  return new RestError('woocommerce_rest_category_invalid_id', 'Invalid category ID.', 404);
}

/** `GET /wc/store/v1/products/categories` and `…/categories/{id}`, as WooCommerce answers them. */
export function registerCategoryRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${STORE_API}/products/categories`, async (request: FastifyRequest) =>
    listCategories(context.db, requestOrigin(request, context.siteUrl)),
  );

  app.get(
    `${STORE_API}/products/categories/:id`,
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const raw = request.params.id;
      // Only digits name a category; a number beyond the integer range cannot exist.
      if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_INT) {
        throw categoryNotFound();
      }
      const [category] = await listCategories(
        context.db,
        requestOrigin(request, context.siteUrl),
        Number(raw),
      );
      if (category === undefined) throw categoryNotFound();
      return category;
    },
  );
}
