/**
 * Codes of {@link ConsentAnalyticsError}.
 *
 * - `invalid_category`: not one of the WP Consent API categories.
 * - `invalid_state`: not `'granted'` or `'denied'`.
 * - `invalid_options`: malformed options or arguments.
 * - `invalid_event`: an analytics event name that is not `snake_case` ASCII.
 * - `script_error`: a script failed to load.
 * - `script_timeout`: a script did not load within the timeout (120 s by default).
 */
export type ConsentAnalyticsErrorCode =
  | 'invalid_category'
  | 'invalid_state'
  | 'invalid_options'
  | 'invalid_event'
  | 'script_error'
  | 'script_timeout';

/**
 * The error class of this package.
 *
 * @example
 * try {
 *   store.set(category, 'granted');
 * } catch (error) {
 *   if (isConsentAnalyticsError(error) && error.code === 'invalid_category') reportBadBanner(error);
 *   else throw error;
 * }
 */
export class ConsentAnalyticsError extends Error {
  /** Always `'ConsentAnalyticsError'`. */
  override readonly name = 'ConsentAnalyticsError' as const;
  /** What went wrong. */
  readonly code: ConsentAnalyticsErrorCode;

  /**
   * @param code - What went wrong.
   * @param message - Names the failing input.
   * @param options - `cause`, the underlying error if any.
   */
  constructor(code: ConsentAnalyticsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether `error` is a {@link ConsentAnalyticsError}, also across realms or
 * package copies (by `name`).
 */
export function isConsentAnalyticsError(error: unknown): error is ConsentAnalyticsError {
  if (error instanceof ConsentAnalyticsError) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ConsentAnalyticsError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
