import type { FastifyInstance } from 'fastify';
import {
  MAX_ADDRESS_QUERY_LENGTH,
  plainQuery,
  searchAddresses,
  selectAddress,
} from '../address/search';
import { RestError, invalidParams, type InvalidParam } from '../http/rest-error';
import { CARTWRIGHT_API } from './cart';
import { missingParams, requestParams } from './cart-http';

const ADDRESS_TYPES = new Set(['billing', 'shipping']);

/**
 * `GET /wp-json/cartwright/v1/address-autocomplete/search?query&country&type` →
 * `[{id, label, matched_substrings}]` and `…/select?id` → the six address fields, as
 * `@cartwright/address-autocomplete`'s store provider calls them.
 */
export function registerAddressRoutes(app: FastifyInstance): void {
  const headers = { 'Cache-Control': 'public, max-age=3600' };

  app.get(`${CARTWRIGHT_API}/address-autocomplete/search`, async (request, reply) => {
    const params = requestParams(request);
    const missing = ['query', 'country'].filter(
      (name) => typeof params[name] !== 'string' || params[name].trim() === '',
    );
    if (missing.length > 0) throw missingParams(missing);
    const invalid: InvalidParam[] = [];
    const query = plainQuery(params.query as string);
    if (query.length > MAX_ADDRESS_QUERY_LENGTH) {
      invalid.push({
        name: 'query',
        code: 'rest_too_long',
        message: `query must be at most ${MAX_ADDRESS_QUERY_LENGTH} characters long.`,
      });
    }
    const country = (params.country as string).trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) {
      invalid.push({
        name: 'country',
        code: 'rest_invalid_pattern',
        message: 'country is not a two-letter country code.',
      });
    }
    const type = params.type;
    if (type !== undefined && (typeof type !== 'string' || !ADDRESS_TYPES.has(type))) {
      invalid.push({
        name: 'type',
        code: 'rest_not_in_enum',
        message: 'type is not one of billing and shipping.',
      });
    }
    if (invalid.length > 0) throw invalidParams(invalid);
    return reply.headers(headers).send(searchAddresses(query, country));
  });

  app.get(`${CARTWRIGHT_API}/address-autocomplete/select`, async (request, reply) => {
    const { id } = requestParams(request);
    if (typeof id !== 'string' || id.trim() === '') throw missingParams(['id']);
    const address = selectAddress(id.trim());
    if (address === undefined) {
      throw new RestError('cartwright_address_not_found', 'No address has that id.', 404);
    }
    return reply.headers(headers).send(address);
  });
}
