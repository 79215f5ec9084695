import { definePackageVitestConfig } from '@cartwright/tooling/vitest';

// PGlite boots a WASM PostgreSQL per test file: give hooks room (toolchain.md).
export default definePackageVitestConfig({ hookTimeout: 60_000, testTimeout: 30_000 });
