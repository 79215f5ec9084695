/**
 * `cartwright-store`: serve the store on a port.
 *
 *   cartwright-store [--port 8080] [--host 127.0.0.1] [--data-dir .data/store]
 *
 * Environment: PORT, HOST, DATA_DIR, DATABASE_URL (PostgreSQL instead of the embedded PGlite).
 * Flags win over the environment. SIGINT/SIGTERM close the server and the database cleanly.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStoreServerError } from './errors';
import { DEFAULT_DATA_DIR, createStore } from './store';

const USAGE = `Usage: cartwright-store [options]

Serves the Cartwright demo store (WooCommerce Store API) over HTTP.

Options:
  --port <n>        Port to listen on (env PORT, default 8080; 0 picks a free port)
  --host <host>     Interface to bind (env HOST, default 127.0.0.1)
  --data-dir <dir>  PGlite data directory (env DATA_DIR, default ${DEFAULT_DATA_DIR})
  -h, --help        Show this help

Set DATABASE_URL to use PostgreSQL instead of the embedded database.`;

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

  const store = await createStore({
    dataDir,
    databaseUrl,
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
