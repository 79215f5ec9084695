import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectionData, parseCollectionDataQuery } from '../catalog/collection-data';
import { rawQueryOf } from '../catalog/nested-params';
import type { QueryParams } from '../http/query-string';
import { STORE_API, type RouteContext } from './context';

/**
 * `GET /wc/store/v1/products/collection-data`: the price range, stock, rating, attribute and
 * category counts a filter UI shows, over the same filters as `GET /products`.
 */
export function registerCollectionDataRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get(`${STORE_API}/products/collection-data`, async (request: FastifyRequest) => {
    const query = parseCollectionDataQuery(request.query as QueryParams, rawQueryOf(request.url));
    return collectionData(context.db, query);
  });
}
