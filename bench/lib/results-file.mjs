// A benchmark's results file (bench/results/*.json): the last one read back, so hand-written
// parts (`notes`, a `before` table) carry over to the next run, and the new one written in the
// repository's Prettier style, so a re-run's diff shows only what changed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

/** The results in `file`, or undefined when there are none yet. */
export async function readPreviousResults(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Writes `results` to `file` as formatted JSON, creating bench/results/ if needed. */
export async function writeResultsFile(file, results) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    await format(JSON.stringify(results), { ...(await resolveConfig(file)), filepath: file }),
  );
}
