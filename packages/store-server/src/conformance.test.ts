/**
 * Conformance: the scenario recorded against a real WooCommerce 10.2.4
 * (`conformance/woocommerce-10.2.4/transcript.json`, `npm run conformance -- --record`) is replayed
 * against this store over real HTTP, on PGlite and on PostgreSQL. Every difference must be listed,
 * with its reason, in `allow-list.json`; a listed difference that no longer happens fails too, so
 * the list only ever shrinks to what is explained.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerDifferences, runScenario, type Answer } from '../conformance/scenario.mjs';
import { drivers, type TestStore } from './test/drivers';

const DIR = new URL('../conformance/woocommerce-10.2.4/', import.meta.url);
const transcript = JSON.parse(readFileSync(new URL('transcript.json', DIR), 'utf8')) as {
  answers: Answer[];
};
const allowList = JSON.parse(readFileSync(new URL('allow-list.json', DIR), 'utf8')) as Record<
  string,
  { reason: string; differences: string[] }
>;

describe.each(drivers)('the recorded WooCommerce 10.2.4 answers, replayed on $name', (driver) => {
  let t: TestStore;
  let ours: Map<string, Answer>;

  beforeAll(async () => {
    t = await driver.open();
    await t.store.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.store.app.server.address() as AddressInfo;
    ours = new Map((await runScenario(`http://127.0.0.1:${port}`)).map((a) => [a.id, a]));
    if (process.env.CONFORMANCE_PRINT === '1') {
      const found: Record<string, string[]> = {};
      for (const woo of transcript.answers) {
        const lines = answerDifferences(woo, ours.get(woo.id));
        if (lines.length > 0) found[woo.id] = lines;
      }
      writeFileSync(process.env.CONFORMANCE_OUT ?? '/dev/stdout', JSON.stringify(found, null, 2));
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('every allow-list entry names a recorded request and gives a reason', () => {
    const ids = new Set(transcript.answers.map((answer) => answer.id));
    for (const [id, entry] of Object.entries(allowList)) {
      expect(ids.has(id), id).toBe(true);
      expect(entry.reason.length, id).toBeGreaterThan(20);
    }
  });

  test.each(transcript.answers.map((answer) => [answer.id, answer] as const))('%s', (id, woo) => {
    const differences = answerDifferences(woo, ours.get(id)).sort();
    expect(differences).toEqual([...(allowList[id]?.differences ?? [])].sort());
  });
});
