// @ts-check
import { defineConfig } from 'tsup';

/**
 * The one tsup shape every publishable package uses: ESM + CJS + declarations,
 * tree-shakeable output, React and Node built-ins left to the consumer.
 *
 * @param {{
 *   entry: Record<string, string>,
 *   formats?: Array<'esm' | 'cjs'>,
 *   platform?: 'neutral' | 'node' | 'browser',
 *   external?: string[],
 * }} options
 */
export function defineLibraryConfig({
  entry,
  formats = ['esm', 'cjs'],
  platform = 'neutral',
  external = [],
}) {
  return defineConfig({
    entry,
    format: formats,
    platform,
    target: 'es2022',
    dts: true,
    clean: true,
    sourcemap: true,
    treeshake: true,
    splitting: true,
    shims: formats.includes('cjs'),
    external: ['react', 'react-dom', 'react/jsx-runtime', ...external],
  });
}
