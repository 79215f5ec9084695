import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { isStoreServerError } from '../errors';
import { openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cartwright-lock-'));
  dataDir = path.join(root, 'store');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The id of a process that has exited (and been reaped). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function lockError(task: () => unknown) {
  try {
    task();
  } catch (error) {
    return error;
  }
  throw new Error('expected the lock to be refused');
}

describe('the PGlite data directory lock', () => {
  test('a second lock while the first is held is refused as database_locked; after release it is free', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    const refused = lockError(() => lockDataDir(dataDir));
    expect(isStoreServerError(refused) && refused.code).toBe('database_locked');
    expect((refused as Error).message).toContain('another store in this process');
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    lockDataDir(dataDir)();
  });

  test('a lock held by a running process names it', () => {
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    const refused = lockError(() => lockDataDir(dataDir));
    expect(isStoreServerError(refused) && refused.code).toBe('database_locked');
    expect((refused as Error).message).toContain(`process ${process.ppid}`);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  test('a stale lock (its process gone, or unreadable) is taken over', () => {
    for (const stale of [String(deadPid()), 'garbage', '']) {
      writeFileSync(`${dataDir}.lock`, stale);
      const release = lockDataDir(dataDir);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
      release();
    }
  });

  test('a second store on an open data directory is refused and the first keeps working', async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = await openDatabase({ dataDir }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isStoreServerError(second) && second.code).toBe('database_locked');
      expect(await first.db.execute('select 1 as one')).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await first.close();
    }
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);
});
