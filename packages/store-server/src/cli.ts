/**
 * `cartwright-store`: serve the store on a port.
 *
 *   cartwright-store [--port 8080] [--host 127.0.0.1] [--data-dir .data/store]
 *
 * Environment: PORT, HOST, DATA_DIR, DATABASE_URL (PostgreSQL instead of the embedded PGlite),
 * STORE_API_RATE_LIMIT (`on`, `off` or `<limit>/<seconds>`), STORE_API_RATE_LIMIT_PROXY_SUPPORT.
 * Flags win over the environment. SIGINT/SIGTERM close the server and the database cleanly.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStoreServerError } from './errors';
import type { StoreApiRateLimit } from './http/rate-limit';
import { DEFAULT_DATA_DIR, createStore } from './store';

const USAGE = `Usage: cartwright-store [options]

Serves the Cartwright demo store (WooCommerce Store API) over HTTP.

Options:
  --port <n>        Port to listen on (env PORT, default 8080; 0 picks a free port)
  --host <host>     Interface to bind (env HOST, default 127.0.0.1)
  --data-dir <dir>  PGlite data directory (env DATA_DIR, default ${DEFAULT_DATA_DIR})
  -h, --help        Show this help

Set DATABASE_URL to use PostgreSQL instead of the embedded database.
Set STORE_API_RATE_LIMIT to on, off (default) or <limit>/<seconds> (on is 25/10) for
WooCommerce's Store API rate limiting; STORE_API_RATE_LIMIT_PROXY_SUPPORT=1 keys guests by
the proxy's client address headers.`;

function fail(message: string): never {
  process.stderr.write(`cartwright-store: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** An environment variable, with empty treated as unset (as shells and compose files often leave them). */
function fromEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) {
    fail(`--port must be a whole number from 0 to 65535, got "${value}".`);
  }
  return Number(value);
}

/** `STORE_API_RATE_LIMIT`: `on`, `off`, or `<limit>/<seconds>` (which turns it on). */
function parseStoreApiRateLimit(
  value: string | undefined,
  proxy: string | undefined,
): Partial<StoreApiRateLimit> | undefined {
  const proxySupport =
    proxy === undefined ? {} : { proxy_support: proxy === '1' || proxy === 'true' };
  if (value === undefined) return proxySupport;
  if (value === 'off') return { ...proxySupport, enabled: false };
  if (value === 'on') return { ...proxySupport, enabled: true };
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value);
  if (match === null || Number(match[1]) < 1 || Number(match[2]) < 1) {
    fail(`STORE_API_RATE_LIMIT must be on, off or <limit>/<seconds> (e.g. 25/10), got "${value}".`);
  }
  return { ...proxySupport, enabled: true, limit: Number(match[1]), seconds: Number(match[2]) };
}

async function main(): Promise<void> {
  let values: { port?: string; host?: string; 'data-dir'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const port = parsePort(values.port ?? fromEnv('PORT') ?? '8080');
  const host = values.host ?? fromEnv('HOST') ?? '127.0.0.1';
  const dataDir = values['data-dir'] ?? fromEnv('DATA_DIR') ?? DEFAULT_DATA_DIR;
  const databaseUrl = fromEnv('DATABASE_URL');
  const storeApiRateLimit = parseStoreApiRateLimit(
    fromEnv('STORE_API_RATE_LIMIT'),
    fromEnv('STORE_API_RATE_LIMIT_PROXY_SUPPORT'),
  );

  const store = await createStore({
    dataDir,
    databaseUrl,
    storeApiRateLimit,
    // Only the start that creates the administrator gets here: the password is shown once.
    onAdministratorCreated({ login, password }) {
      process.stdout.write(
        `Administrator created. Login: ${login}  Password: ${password}\n` +
          'This password is shown only once: note it now. Log in at /wp-login.php\n',
      );
    },
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Received ${signal}, closing.\n`);
    store.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`cartwright-store: closing failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  let address: string;
  try {
    address = await store.app.listen({ port, host });
  } catch (error) {
    await store.close();
    throw error;
  }
  const database =
    store.driver === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${path.resolve(dataDir)}`;
  process.stdout.write(
    `Cartwright store listening on ${address} (${database}${store.seeded ? ', demo shop seeded' : ''})\n`,
  );
}

main().catch((error: unknown) => {
  const message = isStoreServerError(error)
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
    : error instanceof Error
      ? error.message
      : String(error);
  process.stderr.write(`cartwright-store: ${message}\n`);
  process.exit(1);
});
