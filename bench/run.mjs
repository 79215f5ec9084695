// Cartwright benchmarks. Entry point of `npm run bench` at the repository root:
//
//   node bench/run.mjs                 every benchmark (after `pnpm install` and `pnpm turbo run build`)
//   node bench/run.mjs sizes api-fetch only the ones named
//
// Benchmarks: `sizes` (lib/sizes.mjs, bundle sizes against the anchors) and `api-fetch`
// (lib/api-fetch.mjs, @cartwright/store-api-client against @wordpress/api-fetch: size,
// per-request overhead, fetch-all time). Each writes its bench/results/*.json; then
// docs/benchmarks.md is regenerated from all results. It exits non-zero when the bench
// dependencies are missing or a benchmark fails.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('node_modules/esbuild/package.json', import.meta.url))) {
  console.error(
    'bench: its dependencies are not installed. Run `pnpm install` at the repository root ' +
      '(or `npm run bench`, which installs and builds first).',
  );
  process.exit(1);
}

const BENCHMARKS = ['sizes', 'api-fetch'];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length > 0) {
  console.error(
    `bench: unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}.`,
  );
  process.exit(1);
}
const run = (name) => chosen.length === 0 || chosen.includes(name);

// Imported only after the check above, so a missing install gets that message, not a stack.
if (run('sizes')) {
  const { runSizeBenchmark } = await import('./lib/sizes.mjs');
  if (!(await runSizeBenchmark())) process.exitCode = 1;
}
if (run('api-fetch')) {
  const { runApiFetchBenchmark } = await import('./lib/api-fetch.mjs');
  if (await runApiFetchBenchmark()) {
    const { writeBenchmarksDoc } = await import('./lib/docs.mjs');
    await writeBenchmarksDoc();
    console.log('Wrote bench/results/api-fetch.json and docs/benchmarks.md.');
  } else {
    process.exitCode = 1;
  }
}
