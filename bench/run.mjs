// Cartwright benchmarks. Entry point of `npm run bench` at the repository root:
//
//   node bench/run.mjs                 every benchmark (after `pnpm install` and `pnpm turbo run build`)
//   node bench/run.mjs sizes api-fetch only the ones named
//   node bench/run.mjs --ci            the CI form: size budgets and per-route JavaScript budgets, no files written
//
// Each benchmark writes its bench/results/*.json; then docs/benchmarks.md is regenerated
// from all results (lib/docs.mjs). It exits non-zero when the bench dependencies are
// missing, a benchmark fails, or (with --ci) a size budget is exceeded. Timings are
// reported, never gated.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('node_modules/esbuild/package.json', import.meta.url))) {
  console.error(
    'bench: its dependencies are not installed. Run `pnpm install` at the repository root ' +
      '(or `npm run bench`, which installs and builds first).',
  );
  process.exit(1);
}

/**
 * Every benchmark, in the order a full run takes them: name → a function that runs it,
 * writes its results file and resolves with false when it failed. Imported lazily, so a
 * missing install gets the message above, not a stack.
 * @type {Record<string, () => Promise<boolean>>}
 */
const BENCHMARKS = {
  sizes: async () => (await import('./lib/sizes.mjs')).runSizeBenchmark(),
  'api-fetch': async () => (await import('./lib/api-fetch.mjs')).runApiFetchBenchmark(),
  client: async () => (await import('./lib/client.mjs')).runClientBenchmark(),
  pages: async () => (await import('./lib/pages.mjs')).runPagesBenchmark(),
  load: async () => (await import('./lib/load.mjs')).runLoadBenchmark(),
  'route-js': async () => (await import('./lib/route-js.mjs')).runRouteJsBenchmark(),
};

const args = process.argv.slice(2);
if (args.includes('--ci')) {
  const { runSizeBudgets } = await import('./lib/sizes.mjs');
  const { runRouteBudgets } = await import('./lib/route-js.mjs');
  // Both run, so one report shows every budget that fails.
  const cores = await runSizeBudgets();
  const routes = await runRouteBudgets();
  process.exit(cores && routes ? 0 : 1);
}
const unknown = args.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `bench: unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')} (or --ci).`,
  );
  process.exit(1);
}

const started = performance.now();
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (args.length > 0 && !args.includes(name)) continue;
  const t0 = performance.now();
  console.log(`\n=== bench: ${name}`);
  const ok = await run();
  console.log(
    `=== bench: ${name} ${ok ? 'done' : 'FAILED'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (!ok) process.exitCode = 1;
}
const { writeBenchmarksDoc } = await import('./lib/docs.mjs');
await writeBenchmarksDoc();
console.log(
  `\nWrote docs/benchmarks.md; the whole run took ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
