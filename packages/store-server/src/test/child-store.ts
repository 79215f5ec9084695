/**
 * Test support (not shipped): the store as a separate process — the `cartwright-store` CLI run
 * from source — so a test can SIGKILL it mid-request and start it again on the same data, and a
 * small fetch-based shopper that talks to it over real HTTP with a `Cart-Token`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Where the child keeps its data: a PGlite directory or a PostgreSQL URL. */
export type ChildData = { dataDir: string } | { databaseUrl: string };

export interface ChildStore {
  /** `http://127.0.0.1:PORT`, the address the child printed. */
  url: string;
  process: ChildProcess;
  /** SIGKILL: no shutdown hook runs, the database sees the process vanish mid-write. */
  kill(): Promise<void>;
  /** SIGTERM: the CLI closes the server and the database cleanly. */
  stop(): Promise<void>;
}

/** Starts `cartwright-store --port 0` on `data` and resolves once it prints its address. */
export async function startChildStore(data: ChildData, timeoutMs = 60_000): Promise<ChildStore> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli.ts',
      '--port',
      '0',
      ...('dataDir' in data ? ['--data-dir', data.dataDir] : []),
    ],
    {
      cwd: PACKAGE_DIR,
      env: {
        ...process.env,
        DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '',
        PORT: '',
        HOST: '',
        DATA_DIR: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the store did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the store exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, process: child, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** A Store API answer: status and parsed JSON body. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * A headless shopper over real HTTP: the first add-item fetches a nonce (401 → retry, as
 * WooCommerce's blocks do), then every request carries the session's `Cart-Token`.
 */
export class HttpShopper {
  token: string | undefined;
  private cookie = '';
  private nonce = '';

  constructor(public baseUrl: string) {}

  async send<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<Answer<T>> {
    const request = () =>
      fetch(`${this.baseUrl}/wp-json/wc/store/v1/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.token === undefined
            ? { nonce: this.nonce, cookie: this.cookie }
            : { 'cart-token': this.token }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal === undefined ? {} : { signal }),
      });
    let response = await request();
    if (response.status === 401 && this.token === undefined) {
      this.nonce = response.headers.get('nonce') ?? '';
      this.cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .join('; ');
      await response.arrayBuffer();
      response = await request();
    }
    const token = response.headers.get('cart-token');
    if (token !== null && token !== '') this.token = token;
    return { status: response.status, body: (await response.json()) as T };
  }
}
