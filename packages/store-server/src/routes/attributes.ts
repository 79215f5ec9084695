import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listAttributes, listAttributeTerms } from '../catalog/attributes';
import { MAX_INT } from '../catalog/product-query';
import { RestError } from '../http/rest-error';
import { STORE_API, type RouteContext } from './context';

function attributeNotFound(): RestError {
  return new RestError('woocommerce_rest_taxonomy_invalid', 'Attribute does not exist.', 404);
}

/** Only digits name an attribute; a number beyond the integer range cannot exist. */
function attributeId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_INT) {
    throw attributeNotFound();
  }
  return Number(raw);
}

/**
 * `GET /wc/store/v1/products/attributes`, `…/attributes/{id}` and `…/attributes/{id}/terms`, as
 * WooCommerce 10.2.4 answers them (the attribute filter reads its choices from these).
 */
export function registerAttributeRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${STORE_API}/products/attributes`, async () => listAttributes(context.db));

  app.get(
    `${STORE_API}/products/attributes/:id`,
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const [attribute] = await listAttributes(context.db, attributeId(request.params.id));
      if (attribute === undefined) throw attributeNotFound();
      return attribute;
    },
  );

  app.get(
    `${STORE_API}/products/attributes/:id/terms`,
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = attributeId(request.params.id);
      const [attribute] = await listAttributes(context.db, id);
      if (attribute === undefined) throw attributeNotFound();
      return listAttributeTerms(context.db, id);
    },
  );
}
