#!/usr/bin/env node
/**
 * npm run conformance:companion -- --record WOO_URL   record a WooCommerce with the Cartwright
 *                                                     companion plugin (LAB_COMPANION=1
 *                                                     scripts/woocommerce-lab.sh) into
 *                                                     cartwright-companion/transcript.json
 * npm run conformance:companion -- URL                compare any store with the recording
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runCompanionScenario } from './companion.mjs';
import { answerDifferences } from './scenario.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const DIR = `${HERE}cartwright-companion`;
const TRANSCRIPT = `${DIR}/transcript.json`;

const args = process.argv.slice(2);
const recording = args[0] === '--record';
const url = recording ? args[1] : args[0];
if (url === undefined || !/^https?:\/\//.test(url)) {
  console.error('usage: npm run conformance:companion -- [--record] http://127.0.0.1:8089');
  process.exit(2);
}
const base = new URL(url).origin;

if (recording) {
  const index = await (await fetch(`${base}/wp-json/`)).json();
  if (!index.namespaces?.includes('cartwright/v1')) {
    console.error(`${base} has no cartwright/v1 routes: start the lab with LAB_COMPANION=1`);
    process.exit(1);
  }
  const answers = await runCompanionScenario(base);
  await mkdir(DIR, { recursive: true });
  const transcript = {
    store:
      'WooCommerce 10.2.4 on WordPress 6.8.8 with the Cartwright companion plugin (LAB_COMPANION=1 scripts/woocommerce-lab.sh)',
    recorded: new Date().toISOString().slice(0, 10),
    answers,
  };
  await writeFile(TRANSCRIPT, `${JSON.stringify(transcript, null, 2)}\n`);
  console.log(`recorded ${answers.length} answers from ${base} into ${TRANSCRIPT}`);
} else {
  const transcript = JSON.parse(await readFile(TRANSCRIPT, 'utf8'));
  const ours = new Map((await runCompanionScenario(base)).map((answer) => [answer.id, answer]));
  let differing = 0;
  for (const woo of transcript.answers) {
    const mine = ours.get(woo.id);
    const lines = answerDifferences(woo, mine);
    if (mine && JSON.stringify(woo.facts) !== JSON.stringify(mine.facts)) {
      lines.push(`facts ${JSON.stringify(woo.facts)} vs ${JSON.stringify(mine.facts)}`);
    }
    if (lines.length > 0) differing++;
    console.log(`${lines.length === 0 ? '✓' : '✗'} ${woo.id}`);
    for (const line of lines) console.log(`    ${line}`);
  }
  console.log(`${transcript.answers.length - differing} passed, ${differing} failed`);
}
