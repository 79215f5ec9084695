// Cartwright benchmarks. Entry point of `npm run bench` at the repository root:
//
//   node bench/run.mjs          (after `pnpm install` and `pnpm turbo run build`)
//
// Today it runs the bundle-size benchmark (lib/sizes.mjs). It exits non-zero when the
// bench dependencies are missing or a built entry point or an anchor fails to bundle.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('node_modules/esbuild/package.json', import.meta.url))) {
  console.error(
    'bench: its dependencies are not installed. Run `pnpm install` at the repository root ' +
      '(or `npm run bench`, which installs and builds first).',
  );
  process.exit(1);
}

// Imported only after the check above, so a missing install gets that message, not a stack.
const { runSizeBenchmark } = await import('./lib/sizes.mjs');
if (!(await runSizeBenchmark())) process.exitCode = 1;
