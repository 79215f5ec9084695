import { AddressAutocompleteError } from '../errors';

/** The `fetch` the providers call; inject one in tests or on a server. */
export type FetchLike = (
  input: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<Response>;

/**
 * GETs `url` and parses JSON. An abort rejects with the original abort error; a
 * missing response is `provider_network_error`, a non-2xx status
 * `provider_http_error` (message from a WordPress error body when there is one) and
 * a body that is not JSON `provider_invalid_response`.
 */
export async function getJson(
  fetchImpl: FetchLike | undefined,
  url: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const doFetch: FetchLike = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(url, { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AddressAutocompleteError('provider_network_error', `No response from ${url}`, {
      cause: error,
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    if (response.ok) {
      throw new AddressAutocompleteError(
        'provider_invalid_response',
        `The response from ${url} is not JSON`,
        {
          cause: error,
          status: response.status,
        },
      );
    }
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new AddressAutocompleteError(
      'provider_http_error',
      typeof message === 'string' ? message : `${url} answered ${response.status}`,
      { status: response.status },
    );
  }
  return body;
}

/** The request's URL with `params` appended, keeping any query string already there. */
export function withParams(base: string, params: Record<string, string>): string {
  return base + (base.includes('?') ? '&' : '?') + new URLSearchParams(params).toString();
}

/** A `canSearch` from a list of country codes (or any country when there is none). */
export function countryFilter(
  countries: readonly string[] | undefined,
): (country: string) => boolean {
  return (country) => /^[A-Z]{2}$/.test(country) && (!countries || countries.includes(country));
}

/**
 * Sends a provider's GET through a REST client of your own instead of `fetch`: called with the
 * path below the REST root (`cartwright/v1/address-autocomplete/search?query=…`) and the search's
 * `signal`, it resolves with the parsed JSON body and rejects on a failure.
 * `@cartwright/store-api-client`'s `apiFetch` fits: `(path, { signal }) => apiFetch({ path, signal })`.
 */
export type ProviderRequest = (path: string, init: { signal?: AbortSignal }) => Promise<unknown>;

/** The HTTP status an error carries (`status`, `data.status` or `response.status`), if any. */
function statusOf(error: unknown): number | undefined {
  const { status, data, response } = (error ?? {}) as {
    status?: unknown;
    data?: { status?: unknown } | null;
    response?: { status?: unknown } | null;
  };
  for (const value of [status, data?.status, response?.status]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/**
 * GETs `path` through `request`, with this package's errors: an abort rejects with the original
 * abort error; a failure that carries an HTTP status is `provider_http_error` (with the
 * client's message), a body that is not JSON (`invalid_json`) `provider_invalid_response`, and
 * anything else `provider_network_error`; the client's error is the `cause`.
 */
export async function requestJson(
  request: ProviderRequest,
  path: string,
  signal?: AbortSignal,
): Promise<unknown> {
  try {
    return await request(path, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if ((error as { code?: unknown } | null)?.code === 'invalid_json') {
      throw new AddressAutocompleteError('provider_invalid_response', message, {
        cause: error,
        ...(status === undefined ? {} : { status }),
      });
    }
    if (status !== undefined && status >= 300) {
      throw new AddressAutocompleteError('provider_http_error', message, { cause: error, status });
    }
    throw new AddressAutocompleteError('provider_network_error', `No response for ${path}`, {
      cause: error,
    });
  }
}
