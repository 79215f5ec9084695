/**
 * Codes of {@link AddressAutocompleteError}.
 *
 * - `invalid_suggestions`: a provider's search result is not a list (spec §5, §8).
 * - `invalid_label`: a label to highlight is not a string.
 * - `invalid_options`: a factory got options it cannot work with (the message names them).
 * - `invalid_branding`: `sanitizeBranding` got something other than a string.
 * - `dom_unavailable`: `sanitizeBranding` ran where there is no `window` (SSR) and no
 *   window was given.
 * - `provider_network_error`: a provider's HTTP request got no response (offline, DNS,
 *   refused); the original error is `cause`. An abort is passed through unchanged.
 * - `provider_http_error`: a provider's service answered with a non-2xx status.
 * - `provider_invalid_response`: a provider's service answered with a body of the wrong shape.
 * - `unknown_suggestion`: `select` got an id the provider never returned.
 */
export type AddressAutocompleteErrorCode =
  | 'invalid_suggestions'
  | 'invalid_label'
  | 'invalid_options'
  | 'invalid_branding'
  | 'dom_unavailable'
  | 'provider_network_error'
  | 'provider_http_error'
  | 'provider_invalid_response'
  | 'unknown_suggestion';

/**
 * The error class of this package.
 *
 * @example
 * try {
 *   show(normalizeSuggestions(await provider.search(query, country, type)));
 * } catch (error) {
 *   if (isAddressAutocompleteError(error)) closeSuggestions(); // spec §8: closed silently
 *   else throw error;
 * }
 */
export class AddressAutocompleteError extends Error {
  /** Always `'AddressAutocompleteError'`. */
  override readonly name = 'AddressAutocompleteError' as const;
  // `declare`: set in the constructor, no class field emitted (bytes in the core bundle).
  /** What went wrong. */
  declare readonly code: AddressAutocompleteErrorCode;
  /** The HTTP status, for `provider_http_error` (and `provider_invalid_response` when known). */
  declare readonly status?: number;

  /**
   * @param code - What went wrong.
   * @param message - Names the failing input.
   * @param options - `cause`, the underlying error if any; `status`, an HTTP status.
   */
  constructor(
    code: AddressAutocompleteErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.code = code;
    if (options?.status !== undefined) this.status = options.status;
  }
}

/**
 * Whether `error` is an {@link AddressAutocompleteError}, also across realms or
 * package copies (by `name`).
 */
export function isAddressAutocompleteError(error: unknown): error is AddressAutocompleteError {
  if (error instanceof AddressAutocompleteError) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AddressAutocompleteError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
