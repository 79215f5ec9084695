import { StoreApiError } from '../errors';
import { parseJsonResponse } from '../response';
import type { ApiFetch } from '../types';
import type { ProductList, ProductQuery, StoreProduct } from './types';

const PRODUCTS_PATH = '/wc/store/v1/products';

/** Per-call options of the Store API helpers. */
export interface StoreApiRequestInit {
  /** Aborts the request; the promise then rejects with the original `AbortError`. */
  signal?: AbortSignal;
}

function invalidRequest(message: string): StoreApiError {
  return new StoreApiError(message, { code: 'invalid_request' });
}

function toQueryString(query: ProductQuery): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw invalidRequest('The product query must be an object, e.g. { per_page: 12 }.');
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const parts = values.map((item) => {
      if (typeof item === 'string') return item;
      if (typeof item === 'boolean') return String(item);
      if (typeof item === 'number' && Number.isFinite(item)) return String(item);
      throw invalidRequest(`The product query argument "${key}" has an unsupported value.`);
    });
    // WordPress parses comma-separated strings as lists (wp_parse_list); an empty list means "no filter".
    if (parts.length > 0) params.set(key, parts.join(','));
  }
  return params.toString();
}

function readCount(response: Response, header: string): number {
  const raw = response.headers.get(header)?.trim();
  if (raw === undefined || !/^\d+$/.test(raw)) {
    throw new StoreApiError(
      `The products response has no valid ${header} header (got ${raw === undefined ? 'none' : `"${raw}"`}).`,
      { code: 'invalid_response', response },
    );
  }
  return Number(raw);
}

/**
 * Lists products (`GET /wc/store/v1/products`), with the totals the store sends
 * in `X-WP-Total` and `X-WP-TotalPages`.
 *
 * @throws {StoreApiError} the server's error (e.g. `rest_invalid_param`), a
 * client code from {@link createApiFetch}, `invalid_request` for a malformed
 * query, or `invalid_response` when the body is not a list or the total headers
 * are missing.
 *
 * @example
 * const { items, total, totalPages } = await getProducts(apiFetch, { per_page: 12, orderby: 'price', order: 'asc' });
 */
export async function getProducts(
  apiFetch: ApiFetch,
  query: ProductQuery = {},
  init: StoreApiRequestInit = {},
): Promise<ProductList> {
  const search = toQueryString(query);
  const response = await apiFetch({
    path: search === '' ? PRODUCTS_PATH : `${PRODUCTS_PATH}?${search}`,
    parse: false,
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
  const body = await parseJsonResponse(response, init.signal);
  if (!Array.isArray(body)) {
    throw new StoreApiError('The products response is not a list.', {
      code: 'invalid_response',
      data: body,
      response,
    });
  }
  return {
    items: body as StoreProduct[],
    total: readCount(response, 'X-WP-Total'),
    totalPages: readCount(response, 'X-WP-TotalPages'),
  };
}

/**
 * Reads one product by id or slug (`GET /wc/store/v1/products/{id|slug}`).
 *
 * @throws {StoreApiError} the server's error (`woocommerce_rest_product_invalid_id`
 * for an unknown product), a client code from {@link createApiFetch},
 * `invalid_request` for an id that is not a positive integer or an empty slug,
 * or `invalid_response` when the body is not an object.
 *
 * @example
 * const product = await getProduct(apiFetch, 'beanie');
 */
export async function getProduct(
  apiFetch: ApiFetch,
  idOrSlug: number | string,
  init: StoreApiRequestInit = {},
): Promise<StoreProduct> {
  const valid =
    typeof idOrSlug === 'number'
      ? Number.isSafeInteger(idOrSlug) && idOrSlug > 0
      : typeof idOrSlug === 'string' && idOrSlug.trim() !== '';
  if (!valid) {
    throw invalidRequest(
      `A product is read by a positive integer id or a non-empty slug, not ${JSON.stringify(idOrSlug) ?? String(idOrSlug)}.`,
    );
  }
  const body = await apiFetch({
    path: `${PRODUCTS_PATH}/${encodeURIComponent(String(idOrSlug).trim())}`,
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new StoreApiError('The product response is not an object.', {
      code: 'invalid_response',
      data: body,
    });
  }
  return body as StoreProduct;
}
