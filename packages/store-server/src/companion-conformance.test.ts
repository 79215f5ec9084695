/**
 * Companion conformance: the `cartwright/v1` requests the storefront sends, recorded against a
 * WooCommerce with the Cartwright companion WordPress plugin
 * (`conformance/cartwright-companion/transcript.json`, `npm run conformance:companion -- --record`),
 * replayed against this store over real HTTP on PGlite and on PostgreSQL. Status, content type,
 * headers, cookies, error contract and body shape are compared as in the main scenario, plus the
 * recorded facts (who is logged in, how many orders and whose addresses a customer sees). Every
 * difference must be listed with its reason in `allow-list.json`; a listed difference that no
 * longer happens fails too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  resetLinkIn,
  runCompanionScenario,
  type CompanionAnswer,
} from '../conformance/companion.mjs';
import { answerDifferences } from '../conformance/scenario.mjs';
import { drivers, type TestStore } from './test/drivers';
import { startSmtp, type TestSmtp } from './test/smtp';

const DIR = new URL('../conformance/cartwright-companion/', import.meta.url);
const transcript = JSON.parse(readFileSync(new URL('transcript.json', DIR), 'utf8')) as {
  answers: CompanionAnswer[];
};
const allowList = JSON.parse(readFileSync(new URL('allow-list.json', DIR), 'utf8')) as Record<
  string,
  { reason: string; differences: string[] }
>;

/** Every difference between the plugin's recorded answer and ours, facts included. */
function differences(woo: CompanionAnswer, ours: CompanionAnswer | undefined): string[] {
  const lines = answerDifferences(woo, ours);
  if (ours !== undefined && JSON.stringify(woo.facts) !== JSON.stringify(ours.facts)) {
    lines.push(`facts ${JSON.stringify(woo.facts)} vs ${JSON.stringify(ours.facts)}`);
  }
  return lines.sort();
}

describe.each(drivers)('the companion plugin answers, replayed on $name', (driver) => {
  let t: TestStore;
  let smtp: TestSmtp;
  let ours: Map<string, CompanionAnswer>;

  beforeAll(async () => {
    // The reset email is read as the lab's was: from the mail the store really sends.
    smtp = await startSmtp();
    t = await driver.open({ mail: { smtpUrl: smtp.url } });
    await t.store.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.store.app.server.address() as AddressInfo;
    const resetLink = async (email: string) => {
      const mail = await smtp.next(email, 'Reset your password');
      const link = resetLinkIn(mail.text ?? '');
      if (link === null) throw new Error(`the reset email to ${email} has no link`);
      return link;
    };
    const answers = await runCompanionScenario(`http://127.0.0.1:${port}`, undefined, {
      resetLink,
    });
    ours = new Map(answers.map((a) => [a.id, a]));
    if (process.env.CONFORMANCE_PRINT === '1') {
      const found: Record<string, string[]> = {};
      for (const woo of transcript.answers) {
        const lines = differences(woo, ours.get(woo.id));
        if (lines.length > 0) found[woo.id] = lines;
      }
      writeFileSync(process.env.CONFORMANCE_OUT ?? '/dev/stdout', JSON.stringify(found, null, 2));
    }
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  test('the recording holds every step of the scenario', () => {
    expect(transcript.answers.map((answer) => answer.id)).toEqual([...ours.keys()]);
  });

  test('every allow-list entry names a recorded request and gives a reason', () => {
    const ids = new Set(transcript.answers.map((answer) => answer.id));
    for (const [id, entry] of Object.entries(allowList)) {
      expect(ids.has(id), id).toBe(true);
      expect(entry.reason.length, id).toBeGreaterThan(20);
    }
  });

  test.each(transcript.answers.map((answer) => [answer.id, answer] as const))('%s', (id, woo) => {
    expect(differences(woo, ours.get(id))).toEqual([...(allowList[id]?.differences ?? [])].sort());
  });
});
