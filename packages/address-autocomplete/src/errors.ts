/**
 * Codes of {@link AddressAutocompleteError}.
 *
 * - `invalid_suggestions`: a provider's search result is not a list (spec §5, §8).
 * - `invalid_label`: a label to highlight is not a string.
 */
export type AddressAutocompleteErrorCode = 'invalid_suggestions' | 'invalid_label';

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
  /** What went wrong. */
  readonly code: AddressAutocompleteErrorCode;

  /**
   * @param code - What went wrong.
   * @param message - Names the failing input.
   * @param options - `cause`, the underlying error if any.
   */
  constructor(code: AddressAutocompleteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
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
