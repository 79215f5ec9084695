// Regenerates docs/benchmarks.md from the last results of every benchmark, so running
// one benchmark keeps the other sections as they were last measured.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownReport } from './report.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');

/** @param {string} name */
async function readResults(name) {
  const file = path.join(benchDir, 'results', name);
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : undefined;
}

/** Writes docs/benchmarks.md from bench/results/*.json; needs sizes.json. */
export async function writeBenchmarksDoc() {
  const sizes = await readResults('sizes.json');
  if (!sizes)
    throw new Error('bench: results/sizes.json is missing; run `node bench/run.mjs sizes`.');
  await writeFile(
    path.join(repoRoot, 'docs', 'benchmarks.md'),
    markdownReport(sizes, await readResults('api-fetch.json')),
  );
}
