// Regenerates docs/benchmarks.md from the last results of every benchmark, so running
// one benchmark keeps the other sections as they were last measured.
//
// Contract for other benchmarks (e.g. the store-server load benchmark, lib/load*.mjs):
// any bench/results/*.json may carry a top-level `"markdown"` string, one section that
// starts with `## `. The page includes it verbatim, after the sections rendered here,
// in file-name order. Files without it are left to their own renderer (or ignored).
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { markdownReport } from './report.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

/** @param {string} name */
async function readResults(name) {
  const file = path.join(resultsDir, name);
  return existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : undefined;
}

/**
 * The verbatim `markdown` sections of every results file that has one, in file-name order.
 * A `markdown` value that is not a string starting with `## ` is a broken result: it throws
 * rather than publishing a page with a hole in it.
 * @returns {Promise<string[]>}
 */
export async function extraSections() {
  if (!existsSync(resultsDir)) return [];
  const names = (await readdir(resultsDir)).filter((name) => name.endsWith('.json')).sort();
  const sections = [];
  for (const name of names) {
    const results = await readResults(name);
    if (results === undefined || !('markdown' in results)) continue;
    const { markdown } = results;
    if (typeof markdown !== 'string' || !markdown.startsWith('## ')) {
      throw new Error(
        `bench: results/${name} has a "markdown" field that is not a section starting with "## ".`,
      );
    }
    sections.push(markdown.trimEnd());
  }
  return sections;
}

/** Writes docs/benchmarks.md from bench/results/*.json; needs sizes.json. */
export async function writeBenchmarksDoc() {
  const sizes = await readResults('sizes.json');
  if (!sizes)
    throw new Error('bench: results/sizes.json is missing; run `node bench/run.mjs sizes`.');
  const extra = await extraSections();
  const page = markdownReport(sizes, await readResults('api-fetch.json'), {
    client: await readResults('client.json'),
    pages: await readResults('pages.json'),
  });
  await writeFile(
    path.join(repoRoot, 'docs', 'benchmarks.md'),
    extra.length === 0 ? page : `${page.trimEnd()}\n\n${extra.join('\n\n')}\n`,
  );
}
