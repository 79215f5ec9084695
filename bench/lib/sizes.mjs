// Bundle-size benchmark: every public entry point of our packages against its anchor.
// Writes bench/results/sizes.json and docs/benchmarks.md and prints the table. A package
// without a dist/ yet is reported as "not built" instead of failing the run.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ANCHORS, entryCode } from './anchors.mjs';
import { CORES, checkBudgets, coreEntryCode } from './cores.mjs';
import {
  BUNDLE_OPTIONS,
  esbuildVersion,
  exportedNames,
  measureScript,
  measureStylesheet,
} from './measure.mjs';
import { findOurEntries } from './packages.mjs';
import { writeBenchmarksDoc } from './docs.mjs';
import { consoleReport } from './report.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');

const CAVEAT =
  'Our packages are thin foundation slices today: each exports only what already works, ' +
  'while every anchor is a mature, complete library. The ratios are real measurements of ' +
  'what ships now, not yet a like-for-like comparison of features.';

/** @param {string} name */
async function installedVersion(name) {
  const manifest = path.join(benchDir, 'node_modules', name, 'package.json');
  return /** @type {{ version: string }} */ (JSON.parse(await readFile(manifest, 'utf8'))).version;
}

/** @param {string[]} args */
function git(args) {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/** @param {{ raw: number, gzip: number, brotli: number }} ours @param {typeof ours} anchor */
function ratioOf(ours, anchor) {
  const round = (value) => Math.round(value * 100) / 100;
  return {
    raw: round(ours.raw / anchor.raw),
    gzip: round(ours.gzip / anchor.gzip),
    brotli: round(ours.brotli / anchor.brotli),
  };
}

/** @param {string[]} [only]  anchor ids to measure; all when omitted */
async function measureAnchors(only) {
  const anchors = [];
  for (const anchor of ANCHORS) {
    if (only && !only.includes(anchor.id)) continue;
    const measured = await measureScript({
      code: entryCode(anchor),
      resolveDir: benchDir,
      name: anchor.id,
    });
    const parts = [];
    for (const part of anchor.parts ?? []) {
      const partMeasured = await measureScript({
        code: entryCode(part),
        resolveDir: benchDir,
        name: `${anchor.id}-part`,
      });
      parts.push({ label: part.label, sizes: partMeasured.sizes });
    }
    anchors.push({
      id: anchor.id,
      label: anchor.label,
      forPackage: anchor.forPackage,
      packages: await Promise.all(
        anchor.npmPackages.map(async (name) => ({ name, version: await installedVersion(name) })),
      ),
      entry: entryCode(anchor),
      note: anchor.note,
      sizes: measured.sizes,
      bundled: measured.bundled,
      warnings: measured.warnings,
      parts,
    });
  }
  return anchors;
}

async function measureOurs(anchors) {
  const rows = [];
  for (const entry of await findOurEntries(repoRoot)) {
    // Only a package's main entry is compared: the anchors stand for its core job.
    const anchor =
      entry.subpath === '.' ? anchors.find((a) => a.forPackage === entry.packageName) : undefined;
    const row = {
      package: entry.packageName,
      version: entry.version,
      entry: entry.subpath,
      file: entry.file ? path.relative(repoRoot, entry.file) : null,
      status: entry.status,
      stale: entry.stale,
      ...(entry.reason ? { reason: entry.reason } : {}),
      ...(anchor ? { anchor: anchor.id } : {}),
    };
    rows.push(row);
    if (entry.status !== 'ok' || !entry.file) continue;
    try {
      const isStylesheet = entry.file.endsWith('.css');
      const measured = isStylesheet
        ? await measureStylesheet({ file: entry.file })
        : await measureScript({
            code: `import * as m from ${JSON.stringify(entry.file)};\nconsole.log(m);`,
            resolveDir: repoRoot,
            name: `${entry.packageName}${entry.subpath.slice(1)}`,
          });
      Object.assign(row, {
        exports: isStylesheet ? [] : await exportedNames({ file: entry.file }),
        sizes: measured.sizes,
        bundled: measured.bundled,
        warnings: measured.warnings,
        ...(anchor ? { ratio: ratioOf(measured.sizes, anchor.sizes) } : {}),
      });
    } catch (error) {
      Object.assign(row, {
        status: 'error',
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
    }
  }
  return rows;
}

/**
 * Each issue's core against its anchors (lib/cores.mjs), with the budget verdict inputs.
 * @param {any[]} anchors  measured anchors
 */
async function measureCores(anchors) {
  const entries = await findOurEntries(repoRoot);
  const rows = [];
  for (const core of CORES) {
    const entry = entries.find((e) => e.packageName === core.package && e.subpath === core.entry);
    const row = {
      id: core.id,
      issue: core.issue,
      package: core.package,
      entry: core.entry,
      take: core.take,
      label: core.label,
      maxRatio: core.maxRatio,
      ...(core.goalGzip ? { goalGzip: core.goalGzip } : {}),
      ...(core.knownGap ? { knownGap: core.knownGap } : {}),
      status: entry?.status ?? 'missing',
    };
    rows.push(row);
    if (!entry?.file || entry.status !== 'ok') continue;
    try {
      const measured = await measureScript({
        code: coreEntryCode(core, entry.file),
        resolveDir: repoRoot,
        name: `core-${core.id}`,
      });
      Object.assign(row, {
        stale: entry.stale,
        sizes: measured.sizes,
        against: core.anchors.map((id) => {
          const anchor = anchors.find((candidate) => candidate.id === id);
          if (!anchor) throw new Error(`core ${core.id} names an unknown anchor ${id}`);
          return {
            anchor: id,
            label: anchor.label,
            gzip: anchor.sizes.gzip,
            brotli: anchor.sizes.brotli,
            ratio: ratioOf(measured.sizes, anchor.sizes),
          };
        }),
      });
    } catch (error) {
      Object.assign(row, {
        status: 'error',
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
    }
  }
  return rows;
}

/**
 * The quick CI form (`node bench/run.mjs --ci`): only the cores and their anchors, no
 * files written; false when a core is missing, fails to bundle or exceeds its budget.
 * @returns {Promise<boolean>}
 */
export async function runSizeBudgets() {
  const started = performance.now();
  const anchors = await measureAnchors([...new Set(CORES.flatMap((core) => core.anchors))]);
  const { ok, lines } = checkBudgets(await measureCores(anchors));
  console.log(
    `Size budgets (gzip; each core under its anchor by the ratio shown):\n${lines.join('\n')}`,
  );
  console.log(
    `${ok ? 'All size budgets hold' : 'A size budget is exceeded'} (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  return ok;
}

/**
 * Measures every entry point and anchor, writes bench/results/sizes.json and
 * docs/benchmarks.md, and prints the table.
 * @returns {Promise<boolean>} false when a built entry point failed to bundle
 */
export async function runSizeBenchmark() {
  const started = performance.now();
  const anchors = await measureAnchors();
  const packages = await measureOurs(anchors);
  const cores = await measureCores(anchors);
  const budgets = checkBudgets(cores);
  const now = new Date();
  const cpus = os.cpus();
  const results = {
    schema: 1,
    generatedAt: now.toISOString(),
    date: now.toISOString().slice(0, 10),
    command: 'node bench/run.mjs',
    caveat: CAVEAT,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
    },
    git: {
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: git(['status', '--porcelain', '--', 'packages']) !== '',
    },
    esbuild: esbuildVersion,
    bundleOptions: { ...BUNDLE_OPTIONS, gzipLevel: 9, brotliQuality: 11 },
    packages,
    cores,
    budgetsHold: budgets.ok,
    anchors,
  };

  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const resultsFile = path.join(benchDir, 'results', 'sizes.json');
  // Formatted with the repo's Prettier config so the committed file passes `prettier --check`.
  await writeFile(
    resultsFile,
    await format(JSON.stringify(results), {
      ...(await resolveConfig(resultsFile)),
      filepath: resultsFile,
    }),
  );
  await writeBenchmarksDoc();

  console.log(consoleReport(results));
  console.log(`\nSize budgets (gzip):\n${budgets.lines.join('\n')}`);
  console.log(
    `\nWrote bench/results/sizes.json and docs/benchmarks.md in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return !packages.some((row) => row.status === 'error');
}
