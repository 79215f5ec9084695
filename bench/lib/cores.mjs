// The issue-specific comparisons: each of our cores (what a page that uses the package
// really ships) against the anchor or anchors it replaces, with the budget CI holds it
// to and the goal its issue sets. `node bench/run.mjs --ci` checks the budgets.

/**
 * @typedef {object} Core
 * @property {string} id
 * @property {string} issue  the issue that asks for the row
 * @property {string} package
 * @property {string} entry  the export key of the package, e.g. `.`
 * @property {'*' | string[]} take  `*` is every export; a list is what a page imports
 * @property {string} label  what the core is, in a few words
 * @property {string[]} anchors  ids in ANCHORS; the budget applies to each
 * @property {number} maxRatio  budget: ours ÷ anchor (gzip) must stay below this for every anchor
 * @property {number} [goalGzip]  the issue's goal in gzipped bytes (reported, not gated)
 * @property {string} [knownGap]  why maxRatio is looser than the rule of one half (the gap is reported)
 */

/** Every core must weigh under half of its anchor (issue #8), unless a known gap says otherwise. */
export const HALF = 0.5;

/** @type {Core[]} */
export const CORES = [
  {
    id: 'cart-queue',
    issue: '#4',
    package: '@cartwright/cart-queue',
    entry: '.',
    take: '*',
    label: 'cart-queue core (the queue: add/remove, refresh, wc-ajax; every export of `.`)',
    anchors: ['classic-cart-stack'],
    maxRatio: HALF,
    goalGzip: 2000,
  },
  {
    id: 'address-autocomplete',
    issue: '#5',
    package: '@cartwright/address-autocomplete',
    entry: '.',
    // The core as issue #5 defines it: registry, search rules, combobox state (the same
    // list as the package's own size-limit entry).
    take: [
      'createAddressAutocompleteRegistry',
      'toPlainText',
      'normalizeSuggestions',
      'highlightLabel',
      'addressAutocompleteReducer',
      'initialAddressAutocompleteState',
      'getInputAttributes',
      'getListAttributes',
      'getItemAttributes',
      'getAnnouncement',
    ],
    label: 'address-autocomplete core (registry, search rules, combobox state)',
    anchors: ['dompurify', 'downshift-combobox'],
    maxRatio: HALF,
    goalGzip: 2000,
  },
  {
    id: 'order-attribution',
    issue: '#7',
    package: '@cartwright/order-attribution',
    entry: '.',
    // What a checkout page imports (see the package README's usage).
    take: ['createAttributionTracker', 'toExtensionData', 'toFormFields'],
    label: 'order-attribution tracker + checkout fields',
    anchors: ['sourcebuster'],
    maxRatio: 0.7,
    goalGzip: 2000,
    knownGap:
      'The tracker is about 0.69 of sourcebuster alone, still above half (and above the 2 KB goal ' +
      'of issue #7): 0.64 after the size rewrite, then readable code and the spec\u2019s click ids ' +
      'and URL forms (issue 16, decision 0043) cost about 250 B. What is left is the behaviour the ' +
      'issues require (sourcebuster-exact rules and cookies, consent hold, reasons, checkout ' +
      'fields); CI holds it ' +
      'below 0.7. WooCommerce\u2019s own order-attribution.js is not on npm, so the anchor here is ' +
      'smaller than the real one.',
  },
  {
    id: 'consent-analytics',
    issue: '#7',
    package: '@cartwright/consent-analytics',
    entry: '.',
    take: '*',
    label: 'consent-analytics core (every export)',
    anchors: ['vanilla-cookieconsent'],
    maxRatio: HALF,
  },
  {
    id: 'store-api-client',
    issue: '#3',
    package: '@cartwright/store-api-client',
    entry: '.',
    take: ['createApiFetch'],
    label: 'store-api-client createApiFetch',
    anchors: ['wordpress-api-fetch'],
    maxRatio: HALF,
  },
];

/**
 * The entry source that keeps a core's imports alive through tree-shaking.
 * @param {Core} core
 * @param {string} file  the built entry file
 */
export function coreEntryCode(core, file) {
  const from = JSON.stringify(file);
  if (core.take === '*') return `import * as m from ${from};\nconsole.log(m);`;
  return `import { ${core.take.join(', ')} } from ${from};\nconsole.log(${core.take.join(', ')});`;
}

/**
 * The budget verdicts of measured cores: one line per core and anchor.
 * @param {any[]} cores  results.cores
 * @returns {{ ok: boolean, lines: string[] }}
 */
export function checkBudgets(cores) {
  const lines = [];
  let ok = true;
  for (const core of cores) {
    if (core.status !== 'ok') {
      ok = false;
      lines.push(
        `✗ ${core.package} ${core.entry}: ${core.status}${core.error ? ` (${core.error})` : ''}`,
      );
      continue;
    }
    for (const against of core.against) {
      const pass = against.ratio.gzip < core.maxRatio;
      ok &&= pass;
      lines.push(
        `${pass ? '✓' : '✗'} ${core.label}: ${core.sizes.gzip} B gzip = ${against.ratio.gzip.toFixed(2)} × ${against.label} (${against.gzip} B); budget < ${core.maxRatio.toFixed(2)}${core.knownGap ? ' (known gap)' : ''}`,
      );
    }
  }
  return { ok, lines };
}
