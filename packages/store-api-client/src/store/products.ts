import { StoreApiError } from '../errors';
import { parseJsonResponse } from '../response';
import type { ApiFetch } from '../types';
import type {
  CollectionDataQuery,
  StoreAttribute,
  StoreAttributeTerm,
  ProductList,
  ProductQuery,
  StoreCollectionData,
  StoreProduct,
  StoreProductCategory,
} from './types';

const PRODUCTS_PATH = '/wc/store/v1/products';

/** Per-call options of the Store API helpers. */
export interface StoreApiRequestInit {
  /** Aborts the request; the promise then rejects with the original `AbortError`. */
  signal?: AbortSignal;
  /**
   * Called with the successful response of a `createStoreApi` cart or checkout call
   * before its body is read, e.g. to read a header the helper does not keep
   * (`Cart-Hash`). The product helpers do not call it.
   */
  onResponse?: (response: Response) => void;
}

function invalidRequest(message: string): StoreApiError {
  return new StoreApiError(message, { code: 'invalid_request' });
}

function scalar(key: string, item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'boolean') return String(item);
  if (typeof item === 'number' && Number.isFinite(item)) return String(item);
  throw invalidRequest(`The product query argument "${key}" has an unsupported value.`);
}

/** Lists of objects go as PHP reads them: `key[0][field]=v`, `key[0][field][]=v`. */
function appendObjects(params: URLSearchParams, key: string, list: unknown): void {
  if (!Array.isArray(list)) {
    throw invalidRequest(`The product query argument "${key}" must be a list of objects.`);
  }
  list.forEach((item: unknown, index) => {
    if (typeof item !== 'object' || item === null) {
      throw invalidRequest(`The product query argument "${key}" must be a list of objects.`);
    }
    for (const [field, value] of Object.entries(item)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        for (const part of value) params.append(`${key}[${index}][${field}][]`, scalar(key, part));
      } else params.append(`${key}[${index}][${field}]`, scalar(key, value));
    }
  });
}

const OBJECT_LISTS = new Set(['attributes', 'calculate_attribute_counts']);

function toQueryString(query: ProductQuery | CollectionDataQuery): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw invalidRequest('The product query must be an object, e.g. { per_page: 12 }.');
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    if (OBJECT_LISTS.has(key)) {
      appendObjects(params, key, value);
      continue;
    }
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const parts = values.map((item) => scalar(key, item));
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

/** GETs a Store API list that must be an array. */
async function getList<T>(
  apiFetch: ApiFetch,
  path: string,
  what: string,
  init: StoreApiRequestInit,
) {
  const body = await apiFetch({
    path: `${PRODUCTS_PATH}/${path}`,
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
  if (!Array.isArray(body)) {
    throw new StoreApiError(`The ${what} response is not a list.`, {
      code: 'invalid_response',
      data: body,
    });
  }
  return body as T[];
}

/**
 * Lists the product categories (`GET /wc/store/v1/products/categories`), with their counts.
 * A category's `description` is HTML from the store: sanitise it before showing it.
 *
 * @throws {StoreApiError} the server's error, a client code from {@link createApiFetch}, or
 * `invalid_response` when the body is not a list.
 */
export function getProductCategories(
  apiFetch: ApiFetch,
  init: StoreApiRequestInit = {},
): Promise<StoreProductCategory[]> {
  return getList(apiFetch, 'categories', 'categories', init);
}

/**
 * Lists the global attributes (`GET /wc/store/v1/products/attributes`).
 *
 * @throws {StoreApiError} the server's error, a client code from {@link createApiFetch}, or
 * `invalid_response` when the body is not a list.
 */
export function getProductAttributes(
  apiFetch: ApiFetch,
  init: StoreApiRequestInit = {},
): Promise<StoreAttribute[]> {
  return getList(apiFetch, 'attributes', 'attributes', init);
}

/**
 * Lists an attribute's terms with their product counts (`…/attributes/{id}/terms`).
 *
 * @throws {StoreApiError} the server's error (`woocommerce_rest_taxonomy_invalid` for an
 * unknown attribute), a client code from {@link createApiFetch}, `invalid_request` for an id
 * that is not a positive integer, or `invalid_response` when the body is not a list.
 */
export async function getAttributeTerms(
  apiFetch: ApiFetch,
  attributeId: number,
  init: StoreApiRequestInit = {},
): Promise<StoreAttributeTerm[]> {
  if (!Number.isSafeInteger(attributeId) || attributeId < 1) {
    throw invalidRequest(`An attribute id is a positive integer, not ${attributeId}.`);
  }
  return getList(apiFetch, `attributes/${attributeId}/terms`, 'terms', init);
}

/**
 * Reads the figures a filter UI shows (`GET /wc/store/v1/products/collection-data`): the price
 * range, stock, rating, attribute and category counts over the given filters.
 *
 * @throws {StoreApiError} the server's error (`rest_invalid_param`), a client code from
 * {@link createApiFetch}, `invalid_request` for a malformed query, or `invalid_response` when
 * the body is not an object.
 *
 * @example
 * const { price_range } = await getCollectionData(apiFetch, { category: 'tea', calculate_price_range: true });
 */
export async function getCollectionData(
  apiFetch: ApiFetch,
  query: CollectionDataQuery,
  init: StoreApiRequestInit = {},
): Promise<StoreCollectionData> {
  const search = toQueryString(query);
  const body = await apiFetch({
    path: `${PRODUCTS_PATH}/collection-data${search === '' ? '' : `?${search}`}`,
    ...(init.signal === undefined ? {} : { signal: init.signal }),
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new StoreApiError('The collection data response is not an object.', {
      code: 'invalid_response',
      data: body,
    });
  }
  return body as StoreCollectionData;
}
