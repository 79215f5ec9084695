// @cartwright/store-api-client against @wordpress/api-fetch, in one run, on one machine:
//
// 1. size: minified + gzipped bundles (esbuild, as lib/measure.mjs), for the typical import
//    and for the whole public surface;
// 2. per-request overhead over bare fetch: sequential GETs to a node:http server on loopback,
//    the three clients interleaved round by round, median of the rounds;
// 3. fetch-all: `per_page=-1` over 10 pages of 100 items with 50 ms simulated latency per
//    response, median of repeated runs.
//
// Both clients run in Node 20 with its own fetch and no globals added: api-fetch only needs
// `globalThis.fetch` when every request has a url (its root URL middleware gives one) and
// `window`/`navigator` only on paths this benchmark never takes (no url; a network error).
// Writes bench/results/api-fetch.json.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { measureScript } from './measure.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');
const clientDir = path.join(repoRoot, 'packages', 'store-api-client');
const ourCore = path.join(clientDir, 'dist', 'index.js');
const ourMedia = path.join(clientDir, 'dist', 'media', 'index.js');

export const SETTINGS = {
  overhead: { requests: 200, rounds: 9, warmup: 50 },
  fetchAll: { pages: 10, perPage: 100, latencyMs: 50, runs: 7 },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function sizes() {
  const gzip = async (code, name) =>
    (await measureScript({ code, resolveDir: benchDir, name })).sizes.gzip;
  const file = (target) => JSON.stringify(target);
  return {
    ours: {
      createApiFetch: await gzip(
        `import { createApiFetch } from ${file(ourCore)}; console.log(createApiFetch);`,
        'ours-create',
      ),
      core: await gzip(`import * as m from ${file(ourCore)}; console.log(m);`, 'ours-core'),
      coreAndMedia: await gzip(
        `import * as a from ${file(ourCore)}; import * as b from ${file(ourMedia)}; console.log(a, b);`,
        'ours-core-media',
      ),
    },
    apiFetch: {
      default: await gzip(
        `import apiFetch from '@wordpress/api-fetch'; console.log(apiFetch);`,
        'api-fetch',
      ),
    },
  };
}

/** A loopback server: `/wp-json/ping` answers a small JSON; `/wp-json/items` is a paged collection. */
async function startServer({ pages, perPage, latencyMs }) {
  let delay = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/wp-json/ping') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
      return;
    }
    const page = Number(url.searchParams.get('page') ?? '1');
    const headers = {
      'Content-Type': 'application/json',
      'X-WP-Total': String(pages * perPage),
      'X-WP-TotalPages': String(pages),
    };
    if (page < pages) {
      const next = new URL(`http://${request.headers.host}/wp-json/items`);
      next.searchParams.set('per_page', url.searchParams.get('per_page') ?? '10');
      next.searchParams.set('page', String(page + 1));
      headers.Link = `<${next.href}>; rel="next"`;
    }
    const items = Array.from({ length: perPage }, (_, index) => ({
      id: (page - 1) * perPage + index + 1,
      name: `Item ${index}`,
    }));
    setTimeout(() => {
      response.writeHead(200, headers);
      response.end(JSON.stringify(items));
    }, delay);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    setDelay: (ms) => (delay = ms),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
    latencyMs,
  };
}

async function timeLoop(count, request) {
  const started = performance.now();
  for (let index = 0; index < count; index++) await request();
  return (performance.now() - started) / count;
}

/**
 * Runs the api-fetch benchmark and writes bench/results/api-fetch.json.
 * @returns {Promise<boolean>} false when a prerequisite is missing
 */
export async function runApiFetchBenchmark() {
  if (!existsSync(ourCore) || !existsSync(ourMedia)) {
    console.error(
      'bench api-fetch: build @cartwright/store-api-client first (pnpm --filter @cartwright/store-api-client build).',
    );
    return false;
  }
  const startedAt = performance.now();
  const { createApiFetch } = await import(pathToFileURL(ourCore).href);
  const { default: wpApiFetch } = await import('@wordpress/api-fetch');
  const server = await startServer(SETTINGS.fetchAll);
  const root = `${server.origin}/wp-json/`;
  // Concurrent page fetching is opt-in (the default follows each rel=next, as the spec and api-fetch do).
  const ours = createApiFetch({ root, fetchAll: { concurrency: 6 } });
  wpApiFetch.use(wpApiFetch.createRootURLMiddleware(root));

  const clients = {
    bare: () =>
      fetch(`${root}ping?_locale=user`, { headers: { Accept: 'application/json' } }).then((r) =>
        r.json(),
      ),
    ours: () => ours({ path: '/ping' }),
    apiFetch: () => wpApiFetch({ path: '/ping' }),
  };
  for (const request of Object.values(clients)) await timeLoop(SETTINGS.overhead.warmup, request);
  const perRound = { bare: [], ours: [], apiFetch: [] };
  for (let roundIndex = 0; roundIndex < SETTINGS.overhead.rounds; roundIndex++) {
    // Rotate the order each round so no client always runs on a warmer or colder machine.
    const names = Object.keys(clients);
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(roundIndex + offset) % names.length];
      perRound[name].push(await timeLoop(SETTINGS.overhead.requests, clients[name]));
    }
  }
  const overheadUs = (name) =>
    median(perRound[name].map((ms, index) => (ms - perRound.bare[index]) * 1000));
  const overhead = {
    bareMedianMs: round(median(perRound.bare), 4),
    oursMedianMs: round(median(perRound.ours), 4),
    apiFetchMedianMs: round(median(perRound.apiFetch), 4),
    oursOverheadUs: round(overheadUs('ours'), 1),
    apiFetchOverheadUs: round(overheadUs('apiFetch'), 1),
  };

  server.setDelay(SETTINGS.fetchAll.latencyMs);
  const fetchAllRuns = { ours: [], apiFetch: [] };
  let checked = false;
  for (let run = 0; run < SETTINGS.fetchAll.runs; run++) {
    for (const [name, request] of [
      ['ours', () => ours({ path: '/items?per_page=-1' })],
      ['apiFetch', () => wpApiFetch({ path: '/items?per_page=-1' })],
    ]) {
      const started = performance.now();
      const items = await request();
      fetchAllRuns[name].push(performance.now() - started);
      const expected = SETTINGS.fetchAll.pages * SETTINGS.fetchAll.perPage;
      if (items.length !== expected || items.some((item, index) => item.id !== index + 1)) {
        throw new Error(
          `bench api-fetch: ${name} fetch-all returned a wrong list (${items.length} items)`,
        );
      }
      checked = true;
    }
  }
  await server.close();
  const fetchAll = {
    oursMedianMs: round(median(fetchAllRuns.ours), 1),
    apiFetchMedianMs: round(median(fetchAllRuns.apiFetch), 1),
    listsChecked: checked,
  };

  const size = await sizes();
  const results = {
    schema: 1,
    generatedAt: new Date().toISOString(),
    command: 'node bench/run.mjs api-fetch',
    node: process.version,
    apiFetchVersion: JSON.parse(
      await readFile(
        path.join(benchDir, 'node_modules', '@wordpress', 'api-fetch', 'package.json'),
        'utf8',
      ),
    ).version,
    settings: SETTINGS,
    size,
    overhead,
    fetchAll,
    ratios: {
      sizeGzipTypicalImport: round(size.ours.createApiFetch / size.apiFetch.default),
      sizeGzipWholeSurfaceWithMedia: round(size.ours.coreAndMedia / size.apiFetch.default),
      fetchAllSpeedup: round(fetchAll.apiFetchMedianMs / fetchAll.oursMedianMs),
      requestOverhead:
        overhead.apiFetchOverheadUs > 0
          ? round(overhead.oursOverheadUs / overhead.apiFetchOverheadUs)
          : null,
    },
  };
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  const resultsFile = path.join(benchDir, 'results', 'api-fetch.json');
  await writeFile(
    resultsFile,
    await format(JSON.stringify(results), {
      ...(await resolveConfig(resultsFile)),
      filepath: resultsFile,
    }),
  );
  console.log(
    [
      `store-api-client vs @wordpress/api-fetch ${results.apiFetchVersion} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`,
      `  size gzip: createApiFetch ${size.ours.createApiFetch} B, core+media ${size.ours.coreAndMedia} B; api-fetch ${size.apiFetch.default} B`,
      `  per-request overhead over bare fetch (median): ours ${overhead.oursOverheadUs} µs, api-fetch ${overhead.apiFetchOverheadUs} µs`,
      `  fetch-all 10 × 100 items, 50 ms latency (median): ours ${fetchAll.oursMedianMs} ms, api-fetch ${fetchAll.apiFetchMedianMs} ms → ${results.ratios.fetchAllSpeedup}× faster`,
    ].join('\n'),
  );
  return true;
}
