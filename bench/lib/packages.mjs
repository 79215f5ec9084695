// Finds every public entry point of our publishable packages from their package.json
// `exports`, and the built ESM file a browser bundler would pick for it.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Packages that never run in a browser, with the reason they are left out of a browser size table. */
export const SERVER_ONLY = new Map([
  ['@cartwright/store-server', 'Node server (Fastify + PostgreSQL), never shipped to a browser'],
]);

// The conditions a browser ESM bundler honours, in esbuild's order for this configuration.
const CONDITIONS = ['browser', 'import', 'module', 'default'];

/** @param {unknown} target @returns {string | null} */
function pickTarget(target) {
  if (typeof target === 'string') return target;
  if (!target || typeof target !== 'object') return null;
  for (const condition of CONDITIONS) {
    if (condition in target) {
      const picked = pickTarget(/** @type {Record<string, unknown>} */ (target)[condition]);
      if (picked) return picked;
    }
  }
  return null;
}

/** Newest modification time of a package's non-test sources, to flag a stale dist/. */
async function newestSourceTime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return newest;
  }
  for (const entry of entries) {
    if (!entry.isFile() || /\.(test|stories)\.tsx?$/.test(entry.name)) continue;
    const { mtimeMs } = await stat(path.join(entry.parentPath ?? entry.path, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  return newest;
}

/**
 * @typedef {object} OurEntry
 * @property {string} packageName
 * @property {string} version
 * @property {string} subpath  the export key, e.g. `.` or `./react`
 * @property {string | null} file  absolute path of the built file, null if exports names none
 * @property {'ok' | 'not built' | 'server only'} status
 * @property {boolean} stale  src/ changed after this file was built (measured anyway, flagged)
 * @property {string} [reason]
 */

/**
 * @param {string} repoRoot
 * @returns {Promise<OurEntry[]>}
 */
export async function findOurEntries(repoRoot) {
  const packagesDir = path.join(repoRoot, 'packages');
  const dirs = (await readdir(packagesDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  /** @type {OurEntry[]} */
  const entries = [];
  for (const dir of dirs) {
    const root = path.join(packagesDir, dir);
    let manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (manifest.private) continue;
    const base = { packageName: manifest.name, version: manifest.version };
    if (SERVER_ONLY.has(manifest.name)) {
      entries.push({
        ...base,
        subpath: '.',
        file: null,
        status: 'server only',
        stale: false,
        reason: SERVER_ONLY.get(manifest.name),
      });
      continue;
    }
    const exportsField =
      typeof manifest.exports === 'object' && manifest.exports !== null
        ? manifest.exports
        : { '.': manifest.exports ?? manifest.module ?? manifest.main };
    const sourceTime = await newestSourceTime(path.join(root, 'src'));
    for (const [subpath, target] of Object.entries(exportsField)) {
      if (subpath === './package.json') continue;
      const relative = pickTarget(target);
      const file = relative ? path.join(root, relative) : null;
      const built = file ? await stat(file).catch(() => null) : null;
      entries.push(
        built
          ? { ...base, subpath, file, status: 'ok', stale: built.mtimeMs < sourceTime }
          : { ...base, subpath, file, status: 'not built', stale: false },
      );
    }
  }
  return entries;
}
