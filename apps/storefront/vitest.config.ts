import { definePackageVitestConfig } from '@cartwright/tooling/vitest';

export default definePackageVitestConfig({
  include: ['server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
});
