import { definePackageVitestConfig } from '@cartwright/tooling/vitest';

// The integration suite boots the real store server on PGlite (WASM): give hooks room (toolchain.md).
export default definePackageVitestConfig({ hookTimeout: 60_000 });
