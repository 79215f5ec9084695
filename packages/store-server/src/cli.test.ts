import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();

// A failed test must not leave a server behind.
afterEach(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
});

/** Runs src/cli.ts (through tsx, so no build is needed) and collects its output. */
function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, PORT: '', HOST: '', DATA_DIR: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      for (;;) {
        const match = pattern.exec(stdout);
        if (match !== null) return match;
        if (child.exitCode !== null) throw new Error(`CLI exited early: ${stdout}${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

describe('the cartwright-store CLI', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cw-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('serves the store on the given port with the given data directory, then stops cleanly on SIGTERM', async () => {
    const dataDir = path.join(dir, 'data');
    const cli = runCli(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir]);
    const [, url] = await cli.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(cli.output().stdout).toContain(`PGlite in ${dataDir}`);

    const response = await fetch(`${url}/wp-json/wc/store/v1/products?per_page=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toMatch(/^\d+$/);
    expect((await response.json()) as unknown[]).toHaveLength(2);

    // The first start made an administrator and printed its password, which logs in.
    const [, login, password] = await cli.waitFor(/Login: (\S+) {2}Password: (\S+)/);
    const loggedIn = await fetch(`${url}/wp-login.php`, {
      method: 'POST',
      body: new URLSearchParams({ log: login!, pwd: password! }),
      redirect: 'manual',
    });
    expect(loggedIn.status).toBe(302);
    expect(
      loggedIn.headers
        .getSetCookie()
        .some((cookie) => /^wordpress_logged_in_[0-9a-f]{32}=/.test(cookie)),
    ).toBe(true);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output().stdout).toContain('Received SIGTERM, closing.');
  });

  test('takes the port and data directory from PORT and DATA_DIR', async () => {
    const dataDir = path.join(dir, 'from-env');
    const cli = runCli([], { PORT: '0', DATA_DIR: dataDir });
    await cli.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(cli.output().stdout).toContain(`PGlite in ${dataDir}`);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  test.each([
    [['--port', 'eighty'], '--port must be a whole number from 0 to 65535, got "eighty".'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['--colour', 'red'], "Unknown option '--colour'"],
  ])('rejects %j with exit code 2 and the usage', async (args, message) => {
    const cli = runCli(args);
    expect(await cli.exited).toBe(2);
    expect(cli.output().stderr).toContain(message);
    expect(cli.output().stderr).toContain('Usage: cartwright-store');
  });

  test('an unreachable DATABASE_URL exits with code 1 and says why', async () => {
    const cli = runCli(['--port', '0'], { DATABASE_URL: 'postgres://ci@127.0.0.1:1/none' });
    expect(await cli.exited).toBe(1);
    expect(cli.output().stderr).toContain(
      'Could not connect to PostgreSQL at postgres://ci@127.0.0.1:1/none',
    );
  });
});
