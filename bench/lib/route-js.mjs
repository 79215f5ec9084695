// JavaScript per route (issue 16, "Halve our JavaScript"): every script a page of the real,
// built storefront loads in headless Chromium, from the first byte until it has hydrated and
// the network is quiet, each measured gzip -9 from the built file, split into the framework
// (React and React DOM: the `framework` chunk the storefront's Vite config makes) and ours
// (everything else). Gated in `bench --ci`: our bytes on each route must stay under that
// route's budget. Reported beside it, never gated: what the page has loaded in all once a
// shopper first comes to one of its live parts (the pointer over the header's cart), when an
// island page loads React and its React half (decision 0088).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readPreviousResults, writeResultsFile } from './results-file.mjs';
import { addToCart, storeFixtures, withStorefront } from './storefront.mjs';
import { runInfo } from './stats.mjs';

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..');
const clientDir = path.join(repoRoot, 'apps', 'storefront', 'build', 'client');

/** The issue's goal: our code on any page at most this many bytes gzipped. */
export const GOAL_GZIP = 13 * 1024;

/**
 * Our scripts' gzip bytes allowed per route: the last measurement plus at most 300 bytes, so
 * our code cannot grow unnoticed; lower them as it shrinks. The goal is {@link GOAL_GZIP}.
 * Every route measured is an island page: /shop/, /my-account/ (decision 0083), /cart/, the
 * category pages (decision 0084), the product pages, search results (decision 0085) and the
 * checkout (decision 0086); since decision 0088 none loads React at load.
 */
export const BUDGETS = {
  shop: 8_370,
  product: 7_060,
  category: 8_370,
  cart: 7_060,
  checkout: 7_060,
  account: 7_060,
  search: 8_370,
  lostPassword: 7_060,
  notFound: 7_060,
  dashboard: 7_060,
  orders: 7_060,
  addresses: 7_060,
  editAddress: 7_060,
  editAccount: 7_060,
};

/**
 * The routes measured. `cart: true` visits with one item in the cart (as a shopper reaches
 * /cart/ and /checkout/); `customer: true` as a customer who has just registered; `status`: the
 * page's answer when it is not 200 (the 404 page).
 * @type {ReadonlyArray<{ id: keyof typeof BUDGETS, label: string, path: (f: any) => string, cart?: boolean, customer?: boolean, status?: number }>}
 */
export const ROUTES = [
  { id: 'shop', label: '/shop/', path: () => '/shop/' },
  { id: 'product', label: 'a product page', path: (f) => `/product/${f.product.slug}/` },
  { id: 'category', label: 'a category page', path: (f) => `/product-category/${f.category}/` },
  { id: 'cart', label: '/cart/ (one item)', path: () => '/cart/', cart: true },
  { id: 'checkout', label: '/checkout/ (one item)', path: () => '/checkout/', cart: true },
  { id: 'account', label: '/my-account/ (logged out)', path: () => '/my-account/' },
  {
    id: 'search',
    label: 'search results',
    path: (f) => `/?s=${encodeURIComponent(f.product.name)}&post_type=product`,
  },
  {
    id: 'lostPassword',
    label: '/my-account/lost-password/',
    path: () => '/my-account/lost-password/',
  },
  { id: 'notFound', label: 'a page not found (404)', path: () => '/no-such-page/', status: 404 },
  {
    id: 'dashboard',
    label: '/my-account/ (a customer)',
    path: () => '/my-account/',
    customer: true,
  },
  { id: 'orders', label: '/my-account/orders/', path: () => '/my-account/orders/', customer: true },
  {
    id: 'addresses',
    label: '/my-account/edit-address/',
    path: () => '/my-account/edit-address/',
    customer: true,
  },
  {
    id: 'editAddress',
    label: '/my-account/edit-address/billing/',
    path: () => '/my-account/edit-address/billing/',
    customer: true,
  },
  {
    id: 'editAccount',
    label: '/my-account/edit-account/',
    path: () => '/my-account/edit-account/',
    customer: true,
  },
];

/** The register form's nonce field (WooCommerce's, apps/storefront/app/lib/account.ts). */
const REGISTER_NONCE = 'woocommerce-register-nonce';

/**
 * Registers a new customer in the browser context whose `request` this is, as the my-account
 * register form posts (its nonce read from the page): the context's cookies are then theirs.
 */
async function registerCustomer(request, baseUrl) {
  const html = await (await request.get(`${baseUrl}/my-account/`)).text();
  const at = html.indexOf(`name="${REGISTER_NONCE}"`);
  const nonce = at === -1 ? null : /value="([^"]*)"/.exec(html.slice(at, at + 200))?.[1];
  if (!nonce) throw new Error('bench: no register nonce on /my-account/');
  const res = await request.post(`${baseUrl}/my-account/`, {
    form: {
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Bench horse 7 battery staple',
      register: 'Register',
      [REGISTER_NONCE]: nonce,
    },
    maxRedirects: 0,
  });
  if (res.status() !== 303) throw new Error(`bench: registering answered ${res.status()}`);
}

/**
 * True for a framework file: the chunk of React and React DOM (`framework-*.js`,
 * apps/storefront/vite.config.ts), and React Router's route manifest (`manifest-*.js`), which no
 * page has loaded since decision 0088. React Router's own chunk (`router-*.js`) is not: no page
 * may load it, and if one did, its bytes would count as ours and break the route's budget.
 * @param {string} file  the asset's file name
 */
export function isFramework(file) {
  return /^(?:framework|manifest)-[\w-]+\.js$/.test(file);
}

/** gzip -9 bytes of a built client asset, by its URL path. */
const gzipCache = new Map();
async function gzipBytes(pathname) {
  if (!gzipCache.has(pathname)) {
    const file = path.join(clientDir, decodeURIComponent(pathname));
    if (!file.startsWith(clientDir + path.sep)) throw new Error(`not a client asset: ${pathname}`);
    gzipCache.set(pathname, gzipSync(await readFile(file), { level: 9 }).length);
  }
  return gzipCache.get(pathname);
}

/**
 * Loads one route in a fresh context and lists its scripts.
 * @returns {Promise<{ scripts: Array<{ file: string, gzip: number, framework: boolean }>, framework: number, ours: number, approached: { scripts: number, gzip: number } }>}
 */
async function measureRoute(browser, baseUrl, route, f) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (route.cart) await addToCart(page.request, baseUrl, f.product);
    if (route.customer) await registerCustomer(page.request, baseUrl);
    const urls = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.add(request.url());
    });
    const response = await page.goto(`${baseUrl}${route.path(f)}`);
    if (response?.status() !== (route.status ?? 200)) {
      throw new Error(`${route.label} answered ${response?.status()}`);
    }
    // Not sent elsewhere (a customer's page sends a guest to /my-account/).
    const { pathname, search } = new URL(page.url());
    if (`${pathname}${search}` !== route.path(f)) {
      throw new Error(`${route.label} ended on ${pathname}${search}`);
    }
    await page.locator('html[data-cw-hydrated]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const atLoad = [...urls];
    // A shopper comes to a live part: the layout's, on every page.
    await page.locator('[data-part="header-cart"]').hover();
    await page
      .locator('[data-part="header-cart"] [data-live]')
      .first()
      .waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    let approachedBytes = 0;
    for (const url of urls) approachedBytes += await gzipBytes(new URL(url).pathname);
    const scripts = [];
    for (const url of atLoad) {
      const { origin, pathname } = new URL(url);
      if (origin !== baseUrl) throw new Error(`${route.label} loads a script from ${origin}`);
      const file = path.posix.basename(pathname);
      scripts.push({ file, gzip: await gzipBytes(pathname), framework: isFramework(file) });
    }
    scripts.sort((a, b) => b.gzip - a.gzip);
    const sum = (list) => list.reduce((total, s) => total + s.gzip, 0);
    return {
      scripts,
      framework: sum(scripts.filter((s) => s.framework)),
      ours: sum(scripts.filter((s) => !s.framework)),
      approached: { scripts: urls.size, gzip: approachedBytes },
    };
  } finally {
    await context.close();
  }
}

/** Measures every route: the storefront must be built. */
export function measureRoutes() {
  return withStorefront(async ({ baseUrl, browser }) => {
    const f = await storeFixtures(baseUrl);
    const rows = [];
    for (const route of ROUTES) {
      const measured = await measureRoute(browser, baseUrl, route, f);
      rows.push({ id: route.id, label: route.label, path: route.path(f), ...measured });
    }
    return rows;
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Each route's verdict against its budget, and the gap to the goal. */
export function checkRouteBudgets(rows) {
  let ok = true;
  const lines = rows.map((row) => {
    const budget = BUDGETS[row.id];
    const holds = row.ours <= budget;
    if (!holds) ok = false;
    const gap = row.ours - GOAL_GZIP;
    return (
      `  ${holds ? 'ok  ' : 'OVER'} ${row.label.padEnd(26)} ours ${kb(row.ours).padStart(8)} ` +
      `(budget ${kb(budget)}, goal ${kb(GOAL_GZIP)}${gap > 0 ? `, ${kb(gap)} over the goal` : ''}) ` +
      `framework ${kb(row.framework)}, ${row.scripts.length} scripts`
    );
  });
  return { ok, lines };
}

/** The `bench --ci` form: measure, print, false when a route is over its budget. */
export async function runRouteBudgets() {
  const started = performance.now();
  const rows = await measureRoutes();
  const { ok, lines } = checkRouteBudgets(rows);
  console.log(
    `JavaScript per route (gzip -9, ours under each route's budget):\n${lines.join('\n')}`,
  );
  console.log(
    `${ok ? 'All route budgets hold' : 'A route budget is exceeded'} (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  return ok;
}

/** The docs section (the `markdown` contract of lib/docs.mjs). */
function markdown(results) {
  const table = (rows, budgets = true) =>
    [
      `| Route | Scripts | Framework | Ours | Total |${budgets ? ' Budget (ours) |' : ''} Goal gap |${budgets ? ' Once approached (all) |' : ''}`,
      `| --- | ---: | ---: | ---: | ---: |${budgets ? ' ---: |' : ''} ---: |${budgets ? ' ---: |' : ''}`,
      ...rows.map((row) => {
        const gap = row.ours - GOAL_GZIP;
        const budget = budgets ? ` ${kb(BUDGETS[row.id])} |` : '';
        const approached =
          budgets && row.approached
            ? ` ${kb(row.approached.gzip)} in ${row.approached.scripts} |`
            : budgets
              ? ' – |'
              : '';
        return `| ${row.label} | ${row.scripts.length} | ${kb(row.framework)} | ${kb(row.ours)} | ${kb(row.framework + row.ours)} |${budget} ${gap > 0 ? `+${kb(gap)}` : 'met'} |${approached}`;
      }),
    ].join('\n');
  const files = (rows) =>
    rows
      .map(
        (row) =>
          `- ${row.label}: ${row.scripts
            .filter((s) => !s.framework)
            .map((s) => `${s.file.replace(/-[\w-]{8}\.js$/, '')} ${kb(s.gzip)}`)
            .join(', ')}`,
      )
      .join('\n');
  const change = results.before
    ? [
        '',
        `Our bytes before (${results.before.commit}) and now:`,
        '',
        '| Route | Ours before | Ours now | Change | Scripts before → now |',
        '| --- | ---: | ---: | ---: | ---: |',
        ...results.routes.map((row) => {
          const then = results.before.routes.find((old) => old.id === row.id);
          if (!then) return `| ${row.label} | – | ${kb(row.ours)} | – | ${row.scripts.length} |`;
          const delta = row.ours - then.ours;
          return `| ${row.label} | ${kb(then.ours)} | ${kb(row.ours)} | ${delta > 0 ? '+' : '−'}${kb(Math.abs(delta))} (${delta > 0 ? '+' : '−'}${Math.abs(Math.round((delta / then.ours) * 100))} %) | ${then.scripts.length} → ${row.scripts.length} |`;
        }),
      ]
    : [];
  const notes = results.notes ? ['', results.notes.trim()] : [];
  const before = results.before
    ? [
        '',
        `### Before (${results.before.note})`,
        '',
        table(results.before.routes, false),
        '',
        'Our scripts per route, before:',
        '',
        files(results.before.routes),
      ]
    : [];
  return [
    '## JavaScript per route',
    '',
    `Every script each page loads in headless Chromium until it has hydrated and the network is quiet, gzip -9 of the built file; the framework is React and React DOM (the storefront's \`framework\` chunk; before decision 0088 React Router and its route manifest too), ours is everything else (KB = 1024 bytes). Since decision 0088 a page loads no React at load: the last column is every script (framework and ours) the page has loaded once a shopper has first come to a live part (the pointer over the header's cart), never gated. The goal (issue 16) is our code ≤ ${kb(GOAL_GZIP)} on every page; \`node bench/run.mjs --ci\` fails when a route's own bytes exceed its budget. Measured ${results.date} at ${results.git.commit}${results.git.dirty ? ' (uncommitted changes)' : ''} with \`${results.command}\`.`,
    '',
    table(results.routes),
    ...change,
    ...notes,
    '',
    'Our scripts per route:',
    '',
    files(results.routes),
    ...before,
    '',
  ].join('\n');
}

/** The full form: measures, writes bench/results/route-js.json (keeping its `before` and `notes`). */
export async function runRouteJsBenchmark() {
  const resultsFile = path.join(benchDir, 'results', 'route-js.json');
  const previous = await readPreviousResults(resultsFile);
  const routes = await measureRoutes();
  const { ok, lines } = checkRouteBudgets(routes);
  console.log(lines.join('\n'));
  const results = {
    schema: 1,
    ...(await runInfo()),
    command: 'node bench/run.mjs route-js',
    goalGzip: GOAL_GZIP,
    budgets: BUDGETS,
    routes,
    ...(previous?.before ? { before: previous.before } : {}),
    // Written by hand: what was cut and what stands between the figures and the goal.
    ...(previous?.notes ? { notes: previous.notes } : {}),
  };
  results.markdown = markdown(results);
  await writeResultsFile(resultsFile, results);
  return ok;
}
