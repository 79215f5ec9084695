/**
 * What went wrong, as a stable string a caller can switch on.
 *
 * - `invalid_amount`: a price amount is not an integer in minor units
 *   (for example `"19.99"`, `""`, `NaN` or `1.5`).
 * - `invalid_currency`: a currency description is incomplete or malformed
 *   (for example a missing `currency_code` or a negative `minorUnit`).
 * - `invalid_quantity`: a quantity, item count or quantity limit is not a usable
 *   number (for example a negative cart count, `min` above `max`, or a `step` of 0).
 * - `invalid_categories`: the consent banner got no categories or the same category
 *   twice.
 * - `invalid_options`: a component got options it cannot render (for example
 *   `AddressFields` with no countries).
 * - `invalid_messages`: a message catalogue override has a text that is neither a string
 *   nor plural forms with `other`, or (`checkMessages`) a key the catalogue does not have;
 *   or a translator was asked for a key no catalogue added has.
 * - `invalid_locale`: a locale `Intl` does not accept (for example `'en_US!'`).
 * - `invalid_date`: a date to format is not a valid date.
 * - `invalid_announcement`: an announcement's options are unusable (for example a
 *   negative delay or an unknown politeness).
 */
export type UiComponentsErrorCode =
  | 'invalid_amount'
  | 'invalid_currency'
  | 'invalid_quantity'
  | 'invalid_categories'
  | 'invalid_options'
  | 'invalid_messages'
  | 'invalid_locale'
  | 'invalid_date'
  | 'invalid_announcement';

/** Options for {@link UiComponentsError}. */
export interface UiComponentsErrorOptions {
  /** The offending value, kept for logging and debugging. */
  input?: unknown;
  /** The underlying error, if one was caught. */
  cause?: unknown;
}

/**
 * The one error class this package throws. Check `code` to tell failures apart.
 *
 * @example
 * try {
 *   formatPrice('19.99', usd);
 * } catch (error) {
 *   if (isUiComponentsError(error) && error.code === 'invalid_amount') {
 *     // the amount was not in minor units
 *   }
 * }
 */
export class UiComponentsError extends Error {
  override readonly name = 'UiComponentsError' as const;
  /** A stable code for the failure. */
  readonly code: UiComponentsErrorCode;
  /** The value that was rejected. */
  readonly input: unknown;

  constructor(
    code: UiComponentsErrorCode,
    message: string,
    options: UiComponentsErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.input = options.input;
  }
}

/**
 * Whether `value` is a {@link UiComponentsError}. Falls back to the `name`
 * so errors from another copy of this package (another realm or bundle) still match.
 *
 * @example
 * if (isUiComponentsError(error)) console.warn(error.code, error.input);
 */
export function isUiComponentsError(value: unknown): value is UiComponentsError {
  return (
    value instanceof UiComponentsError ||
    (value instanceof Error && value.name === 'UiComponentsError' && 'code' in value)
  );
}
