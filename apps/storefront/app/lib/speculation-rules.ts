// Speculation rules (decision 0082): the browser fetches the page behind a link the shopper is
// about to follow, so that document load shows in about half the time of a client-side
// navigation (`node bench/run.mjs navigation`).

/**
 * The links whose page is prefetched: the product cards' links, which are document loads (the
 * cards are ui-components' plain links) to a product's page, whose URLs carry no query string.
 * Nothing else is selected: no link with a nonce or an action in its URL (a logout, a remove) is
 * ever fetched ahead of a click, and the links the router follows fetch their data themselves.
 */
export const PREFETCHED_LINKS = 'a.cw-product-card__link';

/**
 * The rules' JSON. `moderate`: when a pointer rests on the link (Chromium: 200 ms) or presses
 * it, never for every link on the screen. Only same-origin pages: `href_matches` is relative to
 * the page.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [{ selector_matches: PREFETCHED_LINKS }, { href_matches: '/*' }],
      },
      eagerness: 'moderate',
    },
  ],
});

/** The rules as the script element the server writes into every page, with its nonce. */
export const speculationRulesScript = (nonce: string): string =>
  `<script type="speculationrules" nonce="${nonce}">${SPECULATION_RULES}</script>`;
