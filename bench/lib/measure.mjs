// Bundles one entry with esbuild exactly the way a shop's build would ship it to a
// browser, then measures the bytes on the wire: raw, gzip -9 and brotli q11.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build, version as esbuildVersion } from 'esbuild';

/** React is the host app's, never counted against a package: it is external everywhere. */
export const EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*'];

/** The options every bundle in this benchmark shares, recorded in results/sizes.json. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  external: EXTERNAL,
  // What a production app build defines; without it dev-only branches would be counted.
  define: { 'process.env.NODE_ENV': '"production"' },
};

export { esbuildVersion };

/**
 * Byte counts of one output file.
 * @param {Uint8Array} bytes
 * @returns {{ raw: number, gzip: number, brotli: number }}
 */
export function sizesOf(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: 9 }).byteLength,
    brotli: brotliCompressSync(buffer, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.byteLength,
      },
    }).byteLength,
  };
}

/**
 * The npm packages (outside our own dist/) that ended up in a bundle, from esbuild's metafile.
 * @param {import('esbuild').Metafile} metafile
 * @returns {string[]}
 */
function bundledPackages(metafile) {
  const names = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(
      input,
    );
    if (match) names.add(match[1]);
  }
  return [...names].sort();
}

/**
 * Bundles a JavaScript entry given as source text (so `import * as x` keeps the whole
 * public surface alive) and measures it.
 * @param {{ code: string, resolveDir: string, name: string }} entry
 */
export async function measureScript({ code, resolveDir, name }) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    stdin: { contents: code, resolveDir, sourcefile: `${name}.entry.mjs`, loader: 'js' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return finish(result);
}

/**
 * The names a built ESM entry exports: its public surface as a consumer sees it.
 * @param {{ file: string }} entry
 * @returns {Promise<string[]>}
 */
export async function exportedNames({ file }) {
  const result = await build({
    ...BUNDLE_OPTIONS,
    minify: false,
    entryPoints: [file],
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs).find((candidate) => candidate.entryPoint);
  return [...(output?.exports ?? [])].sort();
}

/**
 * Bundles a stylesheet entry (a package's exported `.css`) and measures it.
 * @param {{ file: string }} entry
 */
export async function measureStylesheet({ file }) {
  const result = await build({
    bundle: true,
    minify: true,
    entryPoints: [file],
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return finish(result);
}

/** @param {import('esbuild').BuildResult & { outputFiles: import('esbuild').OutputFile[] }} result */
function finish(result) {
  const outputs = result.outputFiles.filter((file) => !file.path.endsWith('.map'));
  if (outputs.length !== 1) {
    throw new Error(`expected one output file, esbuild wrote ${outputs.length}`);
  }
  return {
    sizes: sizesOf(outputs[0].contents),
    bundled: bundledPackages(result.metafile),
    warnings: result.warnings.map((warning) => warning.text),
  };
}
