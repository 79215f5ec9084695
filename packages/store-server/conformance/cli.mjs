#!/usr/bin/env node
/**
 * npm run conformance -- --record WOO_URL   record a real WooCommerce's answers (the lab:
 *                                           scripts/woocommerce-lab.sh) into woocommerce-10.2.4/
 * npm run conformance -- URL                compare any store (ours, or a WooCommerce behind the
 *                                           storefront's STORE_URL proxy) with the recording
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { answerDifferences, runScenario } from './scenario.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const TRANSCRIPT = `${HERE}woocommerce-10.2.4/transcript.json`;

const args = process.argv.slice(2);
const recording = args[0] === '--record';
const url = recording ? args[1] : args[0];
if (url === undefined || !/^https?:\/\//.test(url)) {
  console.error('usage: npm run conformance -- [--record] http://127.0.0.1:8089');
  process.exit(2);
}
const base = new URL(url).origin;

if (recording) {
  const index = await (await fetch(`${base}/wp-json/`)).json();
  const answers = await runScenario(base);
  await mkdir(`${HERE}woocommerce-10.2.4`, { recursive: true });
  const transcript = {
    store: 'WooCommerce 10.2.4 on WordPress 6.8.8 (scripts/woocommerce-lab.sh)',
    namespaces: index.namespaces,
    recorded: new Date().toISOString().slice(0, 10),
    answers,
  };
  await writeFile(TRANSCRIPT, `${JSON.stringify(transcript, null, 2)}\n`);
  console.log(`recorded ${answers.length} answers from ${base} into ${TRANSCRIPT}`);
} else {
  const transcript = JSON.parse(await readFile(TRANSCRIPT, 'utf8'));
  const ours = new Map((await runScenario(base)).map((answer) => [answer.id, answer]));
  let differing = 0;
  for (const woo of transcript.answers) {
    const lines = answerDifferences(woo, ours.get(woo.id));
    if (lines.length > 0) differing++;
    console.log(`${lines.length === 0 ? '✓' : '✗'} ${woo.id}`);
    for (const line of lines) console.log(`    ${line}`);
  }
  console.log(`${transcript.answers.length - differing} passed, ${differing} failed`);
}
