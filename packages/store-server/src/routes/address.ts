import type { FastifyInstance } from 'fastify';
import {
  MAX_ADDRESS_QUERY_LENGTH,
  plainQuery,
  searchAddresses,
  selectAddress,
} from '../address/search';
import { defineArgs } from '../http/args';
import { RestError } from '../http/rest-error';
import { CARTWRIGHT_API } from './cart';
import { requestParams } from './cart-http';

/**
 * `GET /wp-json/cartwright/v1/address-autocomplete/search?query&country&type` →
 * `[{id, label, matched_substrings}]` and `…/select?id` → the six address fields, as
 * `@cartwright/address-autocomplete`'s store provider calls them.
 */
/** The address search's arguments (the store provider of `@cartwright/address-autocomplete`). */
const SEARCH_ARGS = defineArgs({
  query: {
    type: 'string',
    required: true,
    emptyIsAbsent: true,
    maxLength: MAX_ADDRESS_QUERY_LENGTH,
  },
  country: {
    type: 'string',
    required: true,
    emptyIsAbsent: true,
    pattern: '^\\s*[A-Za-z]{2}\\s*$',
    message: 'country is not a two-letter country code.',
  },
  type: {
    type: 'string',
    enum: ['billing', 'shipping'],
    message: 'type is not one of billing and shipping.',
  },
});
const SELECT_ARGS = defineArgs({ id: { type: 'string', required: true, emptyIsAbsent: true } });

export function registerAddressRoutes(app: FastifyInstance): void {
  const headers = { 'Cache-Control': 'public, max-age=3600' };

  app.get(`${CARTWRIGHT_API}/address-autocomplete/search`, async (request, reply) => {
    const args = SEARCH_ARGS.read(requestParams(request));
    const query = plainQuery(args.query);
    const country = args.country.trim().toUpperCase();
    return reply.headers(headers).send(searchAddresses(query, country));
  });

  app.get(`${CARTWRIGHT_API}/address-autocomplete/select`, async (request, reply) => {
    const { id } = SELECT_ARGS.read(requestParams(request));
    const address = selectAddress(id.trim());
    if (address === undefined) {
      throw new RestError('cartwright_address_not_found', 'No address has that id.', 404);
    }
    return reply.headers(headers).send(address);
  });
}
