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
