// Store-server load benchmark: throughput and p50/p99 latency under load, measured by autocannon
// in this process against the store running as a separate process (the built `cartwright-store`
// CLI) on loopback, on PGlite (on disk) and on PostgreSQL (a throwaway cluster from
// scripts/with-postgres.sh, or BENCH_DATABASE_URL).
//
//   node bench/run.mjs load                 the full run (10 s per measurement)
//   BENCH_QUICK=1 node bench/run.mjs load   a quick run for development (2 s per measurement)
//   BENCH_DRIVERS=pglite|postgres            one driver only
//   BENCH_LOAD_ONLY=catalogue                only the catalogue growth (list, search, by price),
//                                            written to $TMPDIR/cartwright-load-catalogue.json
//
// Measured: the product list, wc-ajax add_to_cart, Store API add-item and checkout at 1, 10 and
// 50 connections; the product list as the catalogue grows from 100 to 10,000 products; the
// Store API cart and add-item as a cart grows from 1 to 100 lines. Every measurement counts
// non-2xx answers and errors: a run that had any is reported as such, not as a speed.
// Writes bench/results/load.json with a "markdown" section for docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { format, resolveConfig } from 'prettier';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');
const serverDir = path.join(repoRoot, 'packages', 'store-server');
const QUICK = process.env.BENCH_QUICK === '1';
/** `catalogue`: measure only the catalogue growth, for before/after runs of a catalogue change. */
const ONLY_CATALOGUE = process.env.BENCH_LOAD_ONLY === 'catalogue';

export const SETTINGS = {
  quick: QUICK,
  durationSeconds: QUICK ? 2 : 10,
  connections: [1, 10, 50],
  checkoutsPerConnection: QUICK ? 4 : 20,
  catalogueSizes: QUICK ? [100, 10_000] : [100, 1_000, 10_000],
  cartLines: QUICK ? [1, 100] : [1, 10, 100],
  growthConnections: 10,
};

const BILLING = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address_1: '1428 Elm Street',
  city: 'Springfield',
  state: 'IL',
  postcode: '62704',
  country: 'US',
  email: 'grace@example.com',
};

// ---------------------------------------------------------------------------------------------
// The store as a child process, and SQL against its database while it is stopped.

/** Starts the built CLI on `data` and resolves with its URL once it listens. */
async function startStore(data) {
  const child = spawn(
    process.execPath,
    [
      path.join(serverDir, 'bin', 'cartwright-store.js'),
      '--port',
      '0',
      ...(data.dataDir ? ['--data-dir', data.dataDir] : []),
    ],
    {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: data.databaseUrl ?? '', PORT: '', HOST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the store exited (${code}):\n${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs SQL statements against the store's database (PGlite dir or PostgreSQL URL). */
async function runSql(data, statements) {
  const code = data.dataDir
    ? `import { PGlite } from '@electric-sql/pglite';
       import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
       // The store's search index uses pg_trgm: writing products needs the extension loaded.
       const db = new PGlite(process.env.SQL_DIR, { extensions: { pg_trgm } });
       for (const s of JSON.parse(process.env.SQL)) await db.exec(s);
       await db.close();`
    : `import pg from 'pg';
       const db = new pg.Client({ connectionString: process.env.SQL_URL });
       await db.connect();
       for (const s of JSON.parse(process.env.SQL)) await db.query(s);
       await db.end();`;
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      cwd: serverDir, // resolves the store-server's own @electric-sql/pglite and pg
      env: {
        ...process.env,
        SQL: JSON.stringify(statements),
        SQL_DIR: data.dataDir ?? '',
        SQL_URL: data.databaseUrl ?? '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (status) =>
      status === 0 ? resolve() : reject(new Error(`SQL failed (${status})`)),
    );
  });
}

/** A throwaway PostgreSQL cluster from scripts/with-postgres.sh, kept until `stop()`. */
async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  }
  const child = spawn(
    'bash',
    [
      path.join(repoRoot, 'scripts', 'with-postgres.sh'),
      process.execPath,
      '-e',
      'console.log("URL=" + process.env.TEST_DATABASE_URL); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /URL=(\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (${code})`)));
  });
  return {
    url,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers for preparing sessions, and autocannon.

async function storeApi(baseUrl, pathname, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/wp-json/wc/store/v1/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'cart-token': token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  await response.arrayBuffer();
  return response;
}

/** A new Store API session holding `lines` (one unit each of the given products): its token. */
async function cartSession(baseUrl, productIds) {
  // The first write fetches a nonce (401), as WooCommerce's blocks do; then the Cart-Token.
  const first = await fetch(`${baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: productIds[0], quantity: 1 }),
  });
  await first.arrayBuffer();
  const cookie = first.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const added = await fetch(`${baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', nonce: first.headers.get('nonce'), cookie },
    body: JSON.stringify({ id: productIds[0], quantity: 1 }),
  });
  await added.arrayBuffer();
  if (added.status !== 201) throw new Error(`add-item answered ${added.status}`);
  const token = added.headers.get('cart-token');
  for (const id of productIds.slice(1)) {
    const response = await storeApi(baseUrl, 'cart/add-item', { token, body: { id, quantity: 1 } });
    if (response.status !== 201) throw new Error(`add-item answered ${response.status}`);
  }
  return token;
}

/** A wc-ajax session cookie (the classic cart's first add starts it). */
async function ajaxSession(baseUrl, productId) {
  const response = await fetch(`${baseUrl}/?wc-ajax=add_to_cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `product_id=${productId}&quantity=1`,
  });
  await response.arrayBuffer();
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One autocannon measurement. `perConnection` gives each connection its own headers (its
 * session); `perRequest` gives each request its own (one prepared cart per checkout).
 */
async function measure(
  url,
  {
    connections,
    duration,
    amount,
    method = 'GET',
    body,
    bodies,
    headers = {},
    perConnection,
    perRequest,
  },
) {
  // Every request is built per connection (autocannon's `context` is one per connection), so a
  // connection keeps its own session while the bodies cycle.
  let nextClient = 0;
  let nextRequest = 0;
  const session = (context) => {
    context.headers ??= perConnection ? perConnection(nextClient++) : {};
    return context.headers;
  };
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    method,
    headers,
    requests: (bodies ?? [body]).map((each) => ({
      method,
      ...(each === undefined ? {} : { body: each }),
      setupRequest(request, context) {
        return {
          ...request,
          headers: {
            ...headers,
            ...session(context),
            ...(perRequest ? perRequest(nextRequest++) : {}),
          },
        };
      },
    })),
  });
  console.log(
    `  ${method} ${new URL(url).pathname}${new URL(url).search} x${connections}: ` +
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  return {
    connections,
    requests: result.requests.total,
    // Total over elapsed time: a fixed-count run (checkout) may last under a second, where
    // autocannon's per-second average would be a partial sample.
    rps: round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------
// One driver.

async function benchDriver(name, data, log) {
  const duration = SETTINGS.durationSeconds;
  const results = { driver: name, endpoints: {}, catalogue: [], cart: [] };
  const growth = SETTINGS.growthConnections;

  // First start: migrations and the demo shop. Then every product's stock is left unmanaged,
  // so the load never runs out of stock (stock-taking checkouts are proven by the suites), and
  // products are added with SQL, while the store is stopped, up to each catalogue size.
  let store = await startStore(data);
  await store.stop();
  for (const [step, size] of SETTINGS.catalogueSizes.entries()) {
    log(`${name}: ${size} products`);
    await runSql(data, [
      `update products set stock_quantity = null, stock_status = 'instock'`,
      // Each product a minute older than the last, as a shop's catalogue grows over time.
      `insert into products (name, slug, sku, description, short_description, regular_price,
                             created_at)
       select 'Bench product ' || g, 'bench-product-' || g, 'BENCH-' || g,
              'A product added by the load benchmark, number ' || g, '', 500 + (g * 37) % 9000,
              now() - g * interval '1 minute'
       from generate_series(
         (select count(*) from products where slug like 'bench-product-%') + 1,
         ${size} - (select count(*) from products
                 where status = 'publish' and slug not like 'bench-product-%')) as g`,
      'analyze',
    ]);
    store = await startStore(data);
    try {
      const productUrl = `${store.url}/wp-json/wc/store/v1/products`;
      const first = await fetch(`${productUrl}?per_page=100&orderby=id&order=asc`);
      const count = Number(first.headers.get('x-wp-total'));
      const ids = (await first.json()).map((product) => product.id);
      results.catalogue.push({
        products: count,
        list: await measure(productUrl, { connections: growth, duration }),
        search: await measure(`${productUrl}?search=product%20number%2042`, {
          connections: growth,
          duration,
        }),
        byPrice: await measure(`${productUrl}?orderby=price&order=asc&page=3`, {
          connections: growth,
          duration,
        }),
      });
      if (step === 0 && !ONLY_CATALOGUE) {
        await endpoints(store.url, ids, results, log, name);
        await carts(store.url, ids, results, log, name);
      }
    } finally {
      await store.stop();
    }
  }
  return results;
}

/** Adds cycle over ten products, so no line reaches WooCommerce's 9999 maximum. */
const TEN = 10;

async function endpoints(baseUrl, ids, results, log, name) {
  const duration = SETTINGS.durationSeconds;
  const productUrl = `${baseUrl}/wp-json/wc/store/v1/products`;
  const row = (key, value) => (results.endpoints[key] ??= []).push(value);
  for (const connections of SETTINGS.connections) {
    log(`${name}: ${connections} connection(s)`);
    row('products', await measure(productUrl, { connections, duration }));

    const cookies = await Promise.all(
      Array.from({ length: connections }, () => ajaxSession(baseUrl, ids[1])),
    );
    row(
      'wcAjaxAddToCart',
      await measure(`${baseUrl}/?wc-ajax=add_to_cart`, {
        connections,
        duration,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        bodies: ids.slice(0, TEN).map((id) => `product_id=${id}&quantity=1`),
        perConnection: (index) => ({ cookie: cookies[index % cookies.length] }),
      }),
    );

    const tokens = [];
    for (let index = 0; index < connections; index++) {
      tokens.push(await cartSession(baseUrl, [ids[2]]));
    }
    row(
      'storeApiAddItem',
      await measure(`${baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
        connections,
        duration,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: ids.slice(0, TEN).map((id) => JSON.stringify({ id, quantity: 1 })),
        perConnection: (index) => ({ 'cart-token': tokens[index % tokens.length] }),
      }),
    );

    // Checkout: one prepared cart (two lines) per request.
    const amount = connections * SETTINGS.checkoutsPerConnection;
    const prepared = [];
    for (let index = 0; index < amount; index++) {
      prepared.push(await cartSession(baseUrl, [ids[3], ids[4]]));
    }
    row(
      'checkout',
      await measure(`${baseUrl}/wp-json/wc/store/v1/checkout`, {
        connections,
        amount,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          billing_address: BILLING,
          shipping_address: BILLING,
          payment_method: 'cod',
        }),
        perRequest: (index) => ({ 'cart-token': prepared[index % prepared.length] }),
      }),
    );
  }
}

/** Latency as the cart grows: each connection's own session holds N lines. */
async function carts(baseUrl, ids, results, log, name) {
  const duration = SETTINGS.durationSeconds;
  const connections = SETTINGS.growthConnections;
  for (const lines of SETTINGS.cartLines) {
    log(`${name}: carts of ${lines} line(s)`);
    if (ids.length < lines) throw new Error(`only ${ids.length} products for ${lines} lines`);
    const tokens = [];
    for (let index = 0; index < connections; index++) {
      tokens.push(await cartSession(baseUrl, ids.slice(0, lines)));
    }
    const perConnection = (index) => ({ 'cart-token': tokens[index % tokens.length] });
    results.cart.push({
      lines,
      getCart: await measure(`${baseUrl}/wp-json/wc/store/v1/cart`, {
        connections,
        duration,
        perConnection,
      }),
      addItem: await measure(`${baseUrl}/wp-json/wc/store/v1/cart/add-item`, {
        connections,
        duration,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: ids[0], quantity: 1 }),
        perConnection,
      }),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

const ENDPOINTS = {
  products: 'GET /wp-json/wc/store/v1/products',
  wcAjaxAddToCart: 'POST /?wc-ajax=add_to_cart',
  storeApiAddItem: 'POST /wp-json/wc/store/v1/cart/add-item',
  checkout: 'POST /wp-json/wc/store/v1/checkout',
};

const cell = (m) =>
  m.non2xx || m.errors
    ? `${m.non2xx} non-2xx, ${m.errors} errors`
    : `${m.rps === null ? 'n/a' : `${m.rps} req/s`}, p50 ${m.p50} ms, p99 ${m.p99} ms`;

/** The docs/benchmarks.md section for a load report. */
export function markdown(report) {
  const lines = [
    '## Store server under load',
    '',
    `Measured by autocannon ${report.autocannonVersion} in the benchmark process against \`cartwright-store\` ` +
      `running as a separate process on loopback (Node ${report.node}, ${report.cpus} cores shared with ` +
      `everything else on the machine). ${report.settings.durationSeconds} s per measurement` +
      `${report.settings.quick ? ' (quick mode: indicative only)' : ''}; checkout runs a fixed number of ` +
      `requests, each on its own prepared two-line cart. This run took ${report.durationSeconds} s. ` +
      'Reproduce: `node bench/run.mjs load` after `pnpm turbo run build`.',
    '',
  ];
  for (const driver of report.drivers) {
    lines.push(
      `### ${driver.driver === 'pglite' ? 'PGlite (embedded, on disk)' : 'PostgreSQL'}`,
      '',
    );
    if (Object.keys(driver.endpoints).length > 0) {
      lines.push(
        `| endpoint | ${report.settings.connections.map((c) => `${c} connection${c > 1 ? 's' : ''}`).join(' | ')} |`,
      );
      lines.push(`| --- | ${report.settings.connections.map(() => '---').join(' | ')} |`);
      for (const [key, label] of Object.entries(ENDPOINTS)) {
        lines.push(`| \`${label}\` | ${driver.endpoints[key].map(cell).join(' | ')} |`);
      }
    }
    if (lines.at(-1) !== '') lines.push('');
    lines.push(`Catalogue growth (${report.settings.growthConnections} connections):`, '');
    lines.push(
      '| products | list (page 1) | search | by price, page 3 |',
      '| --- | --- | --- | --- |',
    );
    for (const row of driver.catalogue) {
      lines.push(
        `| ${row.products} | ${cell(row.list)} | ${cell(row.search)} | ${cell(row.byPrice)} |`,
      );
    }
    if (driver.cart.length > 0) {
      lines.push(
        '',
        `Cart growth (${report.settings.growthConnections} connections, one session each):`,
        '',
      );
      lines.push('| lines | GET cart | add-item |', '| --- | --- | --- |');
      for (const row of driver.cart) {
        lines.push(`| ${row.lines} | ${cell(row.getCart)} | ${cell(row.addItem)} |`);
      }
    }
    lines.push('');
  }
  if (report.notes) lines.push(report.notes, '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Runs the load benchmark on both drivers and writes bench/results/load.json. */
export async function runLoadBenchmark({ log = console.log } = {}) {
  const started = Date.now();
  const { default: os } = await import('node:os');
  const drivers = [];
  // BENCH_DRIVERS=pglite (or postgres) measures one driver only, for development.
  const only = process.env.BENCH_DRIVERS;
  if (!only || only === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'cw-load-'));
    try {
      drivers.push(await benchDriver('pglite', { dataDir: path.join(dir, 'store') }, log));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (!only || only === 'postgres') {
    const postgres = await startPostgres();
    try {
      drivers.push(await benchDriver('postgres', { databaseUrl: postgres.url }, log));
    } finally {
      await postgres.stop();
    }
  }
  const { createRequire } = await import('node:module');
  const autocannonVersion = createRequire(import.meta.url)('autocannon/package.json').version;
  const report = {
    schema: 1,
    generatedAt: new Date().toISOString(),
    command: `${QUICK ? 'BENCH_QUICK=1 ' : ''}${ONLY_CATALOGUE ? 'BENCH_LOAD_ONLY=catalogue ' : ''}node bench/run.mjs load`,
    node: process.version,
    cpus: os.cpus().length,
    autocannonVersion,
    settings: SETTINGS,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    drivers,
    notes: process.env.BENCH_LOAD_NOTES ?? '',
  };
  report.markdown = markdown(report);
  await mkdir(path.join(benchDir, 'results'), { recursive: true });
  // A catalogue-only run is for development: kept out of bench/results (and so out of docs).
  const out = ONLY_CATALOGUE
    ? path.join(tmpdir(), 'cartwright-load-catalogue.json')
    : path.join(benchDir, 'results', 'load.json');
  // Formatted as the repository's Prettier wants it, like every other results file.
  await writeFile(
    out,
    await format(JSON.stringify(report), { ...(await resolveConfig(out)), filepath: out }),
  );
  if (ONLY_CATALOGUE) log(`Wrote ${out}`);
  log(report.markdown);
  return drivers.every((driver) =>
    [
      ...Object.values(driver.endpoints).flat(),
      ...driver.catalogue.flatMap((r) => [r.list, r.search, r.byPrice]),
      ...driver.cart.flatMap((r) => [r.getCart, r.addItem]),
    ].every((m) => m.non2xx === 0 && m.errors === 0),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!(await runLoadBenchmark())) process.exitCode = 1;
}
