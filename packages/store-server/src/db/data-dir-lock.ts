import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { StoreServerError } from '../errors';

/** Whether a process with this id is running (a process we may not signal still counts). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the PGlite data directory for this process: `{dataDir}.lock`, beside the directory,
 * holding the process id (as PostgreSQL's `postmaster.pid` does for a server; PGlite takes no
 * such lock, and two processes writing one directory leave it unreadable). A lock whose process
 * is gone (a crash, SIGKILL) is taken over. Returns the release function, also run when the
 * process exits.
 *
 * @throws {StoreServerError} `database_locked` while another running process (or another store
 * in this one) holds the directory.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StoreServerError(
          'database_unavailable',
          `Could not lock the PGlite data directory ${dataDir} (${file}).`,
          { cause: error },
        );
      }
      const holder = holderOf(file);
      if (holder !== undefined && isRunning(holder)) {
        throw new StoreServerError(
          'database_locked',
          `The PGlite data directory ${dataDir} is in use by ${holder === process.pid ? 'another store in this process' : `process ${holder}`}. ` +
            `Stop that store first, or give this one another data directory (delete ${file} only if no store is running).`,
        );
      }
      // The holder is gone: its lock is stale.
      try {
        unlinkSync(file);
      } catch {
        // Another starter removed it first; try again.
      }
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const release = () => {
      process.off('exit', release);
      try {
        if (holderOf(file) === process.pid) unlinkSync(file);
      } catch {
        // Already gone.
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new StoreServerError(
    'database_locked',
    `Could not take the lock on the PGlite data directory ${dataDir} (${file}).`,
  );
}
