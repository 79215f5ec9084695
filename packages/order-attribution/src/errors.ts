/**
 * Codes of {@link OrderAttributionError}.
 *
 * - `invalid_record`: the record is not an object, or a field holds something other than a string or null.
 * - `invalid_date`: the session start is not a valid `Date`.
 * - `invalid_options`: malformed tracker options, a page view whose `url` or
 *   `referrer` is not a string, or an unknown consent value.
 */
export type OrderAttributionErrorCode = 'invalid_record' | 'invalid_date' | 'invalid_options';

/**
 * The error class of this package.
 *
 * @example
 * try {
 *   fields = toFormFields(record);
 * } catch (error) {
 *   if (isOrderAttributionError(error)) fields = toFormFields({}); // send empty fields instead
 *   else throw error;
 * }
 */
export class OrderAttributionError extends Error {
  /** Always `'OrderAttributionError'`. */
  override readonly name = 'OrderAttributionError' as const;
  /** What went wrong. */
  declare readonly code: OrderAttributionErrorCode;

  /**
   * @param code - What went wrong.
   * @param message - Names the failing input.
   * @param options - `cause`, the underlying error if any.
   */
  constructor(code: OrderAttributionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether `error` is an {@link OrderAttributionError}, also across realms or
 * package copies (by `name`).
 */
export const isOrderAttributionError = (error: unknown): error is OrderAttributionError =>
  (error as OrderAttributionError | null)?.name === 'OrderAttributionError' &&
  typeof (error as OrderAttributionError).code === 'string';

/** An {@link OrderAttributionError} whose message is `Invalid <what>`. */
export const invalid = (code: OrderAttributionErrorCode, what: string) =>
  new OrderAttributionError(code, `Invalid ${what}`);
