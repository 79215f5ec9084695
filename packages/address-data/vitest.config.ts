import { definePackageVitestConfig } from '@cartwright/tooling/vitest';

export default definePackageVitestConfig();
