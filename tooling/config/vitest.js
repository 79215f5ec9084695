// @ts-check
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** The export condition that points workspace packages at their TypeScript source. */
export const SOURCE_CONDITION = '@cartwright/source';

/**
 * Vitest config for a workspace package: tests beside the code, workspace
 * dependencies resolved from source (no build needed first).
 *
 * @param {{
 *   environment?: 'node' | 'jsdom',
 *   setupFiles?: string[],
 *   include?: string[],
 *   testTimeout?: number,
 *   hookTimeout?: number,
 *   plugins?: import('vite').PluginOption[],
 * }} [options]
 */
export function definePackageVitestConfig(options = {}) {
  const {
    environment = 'node',
    setupFiles = [],
    include = ['src/**/*.test.{ts,tsx}'],
    testTimeout = 10_000,
    hookTimeout = 10_000,
    plugins = [],
  } = options;
  return defineConfig({
    plugins,
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      environment,
      setupFiles,
      include,
      testTimeout,
      hookTimeout,
      restoreMocks: true,
    },
  });
}
