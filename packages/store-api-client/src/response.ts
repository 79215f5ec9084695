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
 * message and data when there is one, `unknown_error` otherwise.
 */
export async function toResponseError(
  response: Response,
  parse: boolean,
  signal: AbortSignal | undefined,
): Promise<StoreApiError> {
  let body: { code?: unknown; message?: unknown; data?: unknown } = {};
  try {
    // With parse: false the caller gets the Response itself, so read a clone and leave it unread.
    body = (JSON.parse(await (parse ? response : response.clone()).text()) as typeof body) ?? {};
  } catch (cause) {
    if (isAbort(cause, signal)) throw cause;
  }
  const { code, message, data } = body;
  return typeof code === 'string' && code
    ? new StoreApiError(
        typeof message === 'string' && message ? message : ERROR_MESSAGES.unknown_error,
        {
          code,
          data,
          response,
        },
      )
    : clientError('unknown_error', ERROR_MESSAGES.unknown_error, {
        data: { status: response.status },
        response,
      });
}
