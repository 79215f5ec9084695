import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { deferScripts } from './deferred-scripts.server';

const HTML =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="stylesheet" href="/a.css"/>' +
  '</head><body><p>Grüße – ☕ <script type="module"></p>' +
  '<script type="module" async="">import "/assets/root.js";</script></body></html>';

const EXPECTED =
  '<!DOCTYPE html><html><head><link rel="cw-modulepreload" href="/assets/entry.client.js"/>' +
  '<link rel="cw-modulepreload" href="/assets/root.js"/><link rel="stylesheet" href="/a.css"/>' +
  '</head><body><p>Grüße – ☕ <script type="module"></p>' +
  '<script type="text/cw-module">import "/assets/root.js";</script></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferScripts()));
}

describe('deferScripts', () => {
  test('module preloads and the entry module script are held back; nothing else changes', async () => {
    expect(await through([Buffer.from(HTML)])).toBe(EXPECTED);
  });

  test('patterns and multi-byte characters split at every chunk boundary come out whole', async () => {
    const bytes = Buffer.from(HTML);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(EXPECTED);
    }
  });

  test('a page streamed a byte at a time comes out the same', async () => {
    const bytes = Buffer.from(HTML);
    const chunks = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
    expect(await through(chunks)).toBe(EXPECTED);
  });

  test('the end of a chunk that only looks like the start of a pattern is released at the end', async () => {
    expect(await through([Buffer.from('<p>a</p><scri')])).toBe('<p>a</p><scri');
  });

  test('with a nonce, the entry module script keeps it on its data block; others are left', async () => {
    const html =
      '<script nonce="n0+/=" type="module" async="">import "/a.js";</script>' +
      '<script type="module" async="">import "/b.js";</script>';
    const out = await text(Readable.from([Buffer.from(html)]).pipe(deferScripts('n0+/=')));
    expect(out).toBe(
      '<script nonce="n0+/=" type="text/cw-module">import "/a.js";</script>' +
        '<script type="module" async="">import "/b.js";</script>',
    );
  });

  test('markup for the end of the head goes before the first </head> only, wherever the chunks are cut', async () => {
    const page =
      '<html><head><title>a</title></head><body><p>&lt;/head&gt;</head></p></body></html>';
    const expected =
      '<html><head><title>a</title><script type="speculationrules">{}</script></head>' +
      '<body><p>&lt;/head&gt;</head></p></body></html>';
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const out = await text(
        Readable.from(chunks).pipe(
          deferScripts(undefined, '<script type="speculationrules">{}</script>'),
        ),
      );
      expect(out, `cut at byte ${cut}`).toBe(expected);
    }
  });
});
