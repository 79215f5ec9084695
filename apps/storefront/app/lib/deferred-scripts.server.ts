import { Transform } from 'node:stream';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './deferred-scripts';

/**
 * What React Router's `<Scripts />` writes, and what it becomes until the first paint. With a
 * Content-Security-Policy nonce, the entry module script carries it and so does its data block
 * (the loader gives it to the script it restores).
 */
function rewrites(nonce: string | undefined): ReadonlyArray<readonly [string, string]> {
  const attribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  return [
    ['<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD_REL}"`],
    [
      `<script${attribute} type="module" async="">`,
      `<script${attribute} type="${DEFERRED_MODULE_TYPE}">`,
    ],
  ];
}

/**
 * The page's HTML with React Router's module preloads and entry module script held back until
 * the first paint (decision 0027): each `<link rel="modulepreload"` becomes an inert
 * `<link rel="cw-modulepreload"`, and `<script type="module" async="">` a data block; the inline
 * loader (`DEFERRED_SCRIPTS_LOADER` in ./deferred-scripts-loader.ts) restores them once the page has painted. The page is
 * complete and usable without its scripts (every form posts), so the first paint no longer
 * waits behind 130 KB of JavaScript on a slow connection.
 *
 * `headEnd` is markup the server writes at the end of the page's `<head>`, before the first
 * `</head>` only, outside React's tree (React 19 hydrates past elements it did not render
 * there), so the browser bundle does not carry it: the speculation rules (decision 0082).
 *
 * A pattern split across two chunks is still found: the end of a chunk that could begin one is
 * held back until the next chunk (at most one less than the longest pattern).
 */
export function deferScripts(nonce?: string, headEnd = ''): Transform {
  const REWRITES = rewrites(nonce);
  const HEAD_END = '</head>';
  // The longest text held back at the end of a chunk: one less than the longest pattern.
  const HOLD = Math.max(HEAD_END.length, ...REWRITES.map(([from]) => from.length)) - 1;
  const decoder = new TextDecoder();
  let held = '';
  let headOpen = headEnd !== '';
  // What a chunk's end may be the start of: the rewrites, and `</head>` until it has been found.
  const FROMS = REWRITES.map(([from]) => from);
  const FROMS_AND_HEAD_END = [HEAD_END, ...FROMS];
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = held + decoder.decode(chunk, { stream: true });
      for (const [from, to] of REWRITES) text = text.replaceAll(from, to);
      const at = headOpen ? text.indexOf(HEAD_END) : -1;
      if (at !== -1) {
        text = text.slice(0, at) + headEnd + text.slice(at);
        headOpen = false;
      }
      const patterns = headOpen ? FROMS_AND_HEAD_END : FROMS;
      let keep = Math.min(HOLD, text.length);
      while (keep > 0) {
        const tail = text.slice(text.length - keep);
        if (patterns.some((from) => from.startsWith(tail))) break;
        keep--;
      }
      held = text.slice(text.length - keep);
      done(null, text.slice(0, text.length - keep));
    },
    flush(done) {
      done(null, held + decoder.decode());
    },
  });
}
