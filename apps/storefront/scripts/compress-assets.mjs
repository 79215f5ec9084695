// After `react-router build`: writes a brotli (`.br`) and a gzip (`.gz`) copy next to every
// text asset of the client build, so the host server (sirv with `brotli`/`gzip` on) sends
// compressed bytes without compressing on each request. Run by `pnpm build`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const clientDir = fileURLToPath(new URL('../build/client/', import.meta.url));
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(clientDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  before += bytes.length;
  after += br.length;
}
console.log(
  `compress-assets: ${count} files, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`,
);
