// The anchors: what a WooCommerce shop (or a team building one) would otherwise ship for
// the job each Cartwright package does. Versions come from bench/package.json via the
// catalog in pnpm-workspace.yaml; the installed version is read back at run time.

/**
 * @typedef {object} AnchorImport
 * @property {string} specifier  the module to import
 * @property {'*' | 'side-effect' | string[]} take  `*` keeps the whole module, a list keeps
 *   those named exports, `side-effect` is a plugin that only patches a global
 */

/**
 * @typedef {object} Anchor
 * @property {string} id
 * @property {string} label
 * @property {string} forPackage  the Cartwright package it is compared with
 * @property {string[]} npmPackages  packages whose installed versions are reported
 * @property {string[]} [preludes]  modules evaluated first (relative to bench/)
 * @property {AnchorImport[]} imports
 * @property {string} note  what the anchor stands for, and what it leaves out
 * @property {AnchorPart[]} [parts]  its libraries measured one by one, for the breakdown table
 */

/**
 * @typedef {object} AnchorPart
 * @property {string} label
 * @property {string[]} [preludes]
 * @property {AnchorImport[]} imports
 */

/** @type {Anchor[]} */
export const ANCHORS = [
  {
    id: 'wordpress-api-fetch',
    label: '@wordpress/api-fetch',
    forPackage: '@cartwright/store-api-client',
    npmPackages: ['@wordpress/api-fetch'],
    imports: [{ specifier: '@wordpress/api-fetch', take: '*' }],
    note:
      'The REST client of WordPress and WooCommerce Blocks (nonce, root URL, ' +
      'preloading and error middlewares), with its @wordpress/i18n and @wordpress/url dependencies.',
  },
  {
    id: 'dompurify-downshift-combobox',
    label: 'dompurify + downshift (useCombobox)',
    forPackage: '@cartwright/address-autocomplete',
    npmPackages: ['dompurify', 'downshift'],
    imports: [
      { specifier: 'dompurify', take: '*' },
      { specifier: 'downshift', take: ['useCombobox'] },
    ],
    parts: [
      { label: 'dompurify', imports: [{ specifier: 'dompurify', take: '*' }] },
      {
        label: 'downshift (useCombobox)',
        imports: [{ specifier: 'downshift', take: ['useCombobox'] }],
      },
    ],
    note:
      'WooCommerce sanitises provider branding with DOMPurify (wc-dompurify); downshift ' +
      'useCombobox is the accessible combobox a React team would reach for. React is external.',
  },
  {
    id: 'vanilla-cookieconsent',
    label: 'vanilla-cookieconsent',
    forPackage: '@cartwright/consent-analytics',
    npmPackages: ['vanilla-cookieconsent'],
    imports: [{ specifier: 'vanilla-cookieconsent', take: '*' }],
    note: 'A widely used consent manager; its JavaScript only (its stylesheet is not counted).',
  },
  {
    id: 'sourcebuster',
    label: 'sourcebuster',
    forPackage: '@cartwright/order-attribution',
    npmPackages: ['sourcebuster'],
    imports: [{ specifier: 'sourcebuster', take: '*' }],
    note:
      'npm `sourcebuster` (upstream sourcebuster-js). WooCommerce ships its own fork, pinned ' +
      'by git commit, plus its order-attribution.js; neither is on npm (nor any other WooCommerce ' +
      'plugin asset), so sourcebuster is measured alone and the real WooCommerce cost is higher ' +
      '(issue #7 puts it at 5.9 KB gzipped).',
  },
  {
    id: 'classic-cart-stack',
    label: 'jquery + jquery-migrate + block-ui + js-cookie',
    forPackage: '@cartwright/cart-queue',
    npmPackages: ['jquery', 'jquery-migrate', 'block-ui', 'js-cookie'],
    preludes: ['./anchors/jquery-global.mjs'],
    imports: [
      { specifier: 'jquery', take: '*' },
      { specifier: 'jquery-migrate', take: 'side-effect' },
      { specifier: 'block-ui', take: 'side-effect' },
      { specifier: 'js-cookie', take: '*' },
    ],
    parts: [
      { label: 'jquery', imports: [{ specifier: 'jquery', take: '*' }] },
      {
        label: 'jquery + jquery-migrate',
        preludes: ['./anchors/jquery-global.mjs'],
        imports: [
          { specifier: 'jquery', take: '*' },
          { specifier: 'jquery-migrate', take: 'side-effect' },
        ],
      },
      {
        label: 'jquery + block-ui',
        preludes: ['./anchors/jquery-global.mjs'],
        imports: [
          { specifier: 'jquery', take: '*' },
          { specifier: 'block-ui', take: 'side-effect' },
        ],
      },
      { label: 'js-cookie', imports: [{ specifier: 'js-cookie', take: '*' }] },
    ],
    note:
      'The libraries under WooCommerce\u2019s classic add-to-cart and cart-fragments scripts, at ' +
      'the versions WordPress and WooCommerce register (jQuery 3.7.1, jQuery Migrate 3.4.1, ' +
      'BlockUI 2.70, js-cookie 2.1.4). WooCommerce\u2019s own add-to-cart.js, cart-fragments.js ' +
      'and woocommerce.js are not published on npm (no package ships the plugin\u2019s assets), so ' +
      'they are not counted: the real classic stack is larger (issue #4 puts the cart part at ' +
      'about 42.7 KB gzipped, issue #8 the listing page at about 49 KB).',
  },
  {
    id: 'dompurify',
    label: 'dompurify',
    forPackage: '',
    npmPackages: ['dompurify'],
    imports: [{ specifier: 'dompurify', take: '*' }],
    note:
      'WooCommerce registers it as wc-dompurify and loads it with its address-autocomplete ' +
      'script to sanitise provider branding; that script itself is not on npm. Ours loads it too, ' +
      'but only on pages where a provider has branding (`./branding`).',
  },
  {
    id: 'downshift-combobox',
    label: 'downshift (useCombobox)',
    forPackage: '',
    npmPackages: ['downshift'],
    imports: [{ specifier: 'downshift', take: ['useCombobox'] }],
    note: 'The accessible combobox hook a React team would reach for. React is external.',
  },
];

/**
 * Source text for an entry that keeps every import alive through tree-shaking.
 * @param {{ preludes?: string[], imports: AnchorImport[] }} anchor
 */
export function entryCode({ preludes = [], imports }) {
  const lines = preludes.map((prelude) => `import ${JSON.stringify(prelude)};`);
  const kept = [];
  imports.forEach(({ specifier, take }, index) => {
    const from = JSON.stringify(specifier);
    if (take === 'side-effect') {
      lines.push(`import ${from};`);
    } else if (take === '*') {
      lines.push(`import * as m${index} from ${from};`);
      kept.push(`m${index}`);
    } else {
      const names = take.map((name) => `${name} as m${index}_${name}`);
      lines.push(`import { ${names.join(', ')} } from ${from};`);
      kept.push(...take.map((name) => `m${index}_${name}`));
    }
  });
  lines.push(`console.log(${kept.join(', ')});`);
  return lines.join('\n');
}
