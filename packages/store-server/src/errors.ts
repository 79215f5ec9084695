/**
 * Why a store could not be created or started.
 * - `invalid_option`: an option passed to {@link createStore} (or a CLI flag) is unusable.
 * - `database_unavailable`: the database could not be opened or reached.
 * - `database_locked`: another running store uses the PGlite data directory.
 * - `migration_failed`: applying the schema migrations failed.
 * - `seed_failed`: writing the demo catalogue failed (nothing was written).
 */
export type StoreServerErrorCode =
  | 'invalid_option'
  | 'database_unavailable'
  | 'database_locked'
  | 'migration_failed'
  | 'seed_failed';

/**
 * The one error class this package throws to its caller. HTTP clients never see it: requests
 * get WordPress-shaped JSON errors instead.
 *
 * @example
 * ```ts
 * try {
 *   await createStore({ databaseUrl: 'postgres://nowhere.invalid/db' });
 * } catch (error) {
 *   if (isStoreServerError(error) && error.code === 'database_unavailable') console.error(error.message);
 * }
 * ```
 */
export class StoreServerError extends Error {
  override readonly name = 'StoreServerError' as const;
  /** What went wrong, from a fixed set. */
  readonly code: StoreServerErrorCode;

  constructor(code: StoreServerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether `value` is a {@link StoreServerError}, also across realms (checks `name`).
 *
 * @example
 * ```ts
 * if (isStoreServerError(error)) process.exitCode = 1;
 * ```
 */
export function isStoreServerError(value: unknown): value is StoreServerError {
  return (
    value instanceof StoreServerError ||
    (value instanceof Error &&
      value.name === 'StoreServerError' &&
      typeof (value as { code?: unknown }).code === 'string')
  );
}
