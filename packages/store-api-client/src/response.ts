import { ERROR_MESSAGES, StoreApiError, clientError } from './errors';

/** @internal Whether `error` is an abort (by name, or because `signal` is aborted). */
export const isAbort = (error: unknown, signal: AbortSignal | undefined | null): boolean =>
  !!signal?.aborted || (error as Error | null)?.name === 'AbortError';

/**
 * Parses a 2xx response body as JSON: 204 gives `null`, anything unparsable an
 * `invalid_json` error (spec §8, api-fetch `parseResponse`). An abort while the
 * body is read passes through unchanged.
 *
 * @example
 * const response = await apiFetch({ path: '/wc/store/v1/products', parse: false });
 * const products = await parseJsonResponse(response);
 */
export async function parseJsonResponse(
  response: Response,
  signal?: AbortSignal | null,
): Promise<unknown> {
  if (response.status === 204) return null;
  try {
    return (await response.json()) as unknown;
  } catch (cause) {
    throw isAbort(cause, signal)
      ? cause
      : clientError('invalid_json', ERROR_MESSAGES.invalid_json, { response, cause });
  }
}

/**
 * @internal The error for a non-2xx response: the WordPress error body's code,
 * message and data when there is one; `invalid_json` when the body is not JSON
 * at all (a theme's HTML 404, a proxy's error page: spec §8, as api-fetch);
 * `unknown_error` for JSON that is no WordPress error.
 */
export async function toResponseError(
  response: Response,
  parse: boolean,
  signal: AbortSignal | undefined,
): Promise<StoreApiError> {
  // With parse: false the caller gets the Response itself, so read a clone and leave it unread.
  let body: { code?: unknown; message?: unknown; data?: unknown } | null;
  try {
    body = (await parseJsonResponse(parse ? response : response.clone(), signal)) as typeof body;
  } catch (error) {
    if ((error as StoreApiError).code !== 'invalid_json') throw error;
    // The status travels in `data` as for every other failure, so retries and callers can read it.
    return clientError('invalid_json', ERROR_MESSAGES.invalid_json, {
      data: { status: response.status },
      response,
      cause: (error as StoreApiError).cause,
    });
  }
  const { code, message, data } = body ?? {};
  const fromServer = typeof code === 'string' && !!code;
  return new StoreApiError(
    (fromServer && typeof message === 'string' && message) || ERROR_MESSAGES.unknown_error,
    fromServer
      ? { code, data, response }
      : { code: 'unknown_error', data: { status: response.status }, response },
  );
}
