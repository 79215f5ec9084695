#!/usr/bin/env node
/**
 * npm run conformance:companion -- --record WOO_URL   record a WooCommerce with the Cartwright
 *                                                     companion plugin (LAB_COMPANION=1
 *                                                     scripts/woocommerce-lab.sh) into
 *                                                     cartwright-companion/transcript.json
 * npm run conformance:companion -- URL                compare any store with the recording
 *
 * The scenario reads the password-reset email the store sends from `--mail DIR`: the lab's mail
 * folder (one JSON file per `wp_mail`, the default `$LAB_DIR/mail`, LAB_DIR defaulting to
 * /var/tmp/cartwright-woo-lab) or a store-server's outbox of `.eml` files (`.data/outbox`).
 */
import { readdir, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { resetLinkIn, runCompanionScenario } from './companion.mjs';
import { answerDifferences } from './scenario.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const DIR = `${HERE}cartwright-companion`;
const TRANSCRIPT = `${DIR}/transcript.json`;

const args = process.argv.slice(2);
const mailAt = args.indexOf('--mail');
const mailDir =
  mailAt >= 0
    ? args.splice(mailAt, 2)[1]
    : path.join(process.env.LAB_DIR ?? '/var/tmp/cartwright-woo-lab', 'mail');
const recording = args[0] === '--record';
const url = recording ? args[1] : args[0];
if (url === undefined || !/^https?:\/\//.test(url) || mailDir === undefined) {
  console.error(
    'usage: npm run conformance:companion -- [--record] http://127.0.0.1:8089 [--mail DIR]',
  );
  process.exit(2);
}
const base = new URL(url).origin;

/** The recipients and text of one mail file: the lab's `wp_mail` JSON or an `.eml` message. */
async function readMail(file) {
  const raw = await readFile(file);
  if (file.endsWith('.json')) {
    const mail = JSON.parse(raw.toString('utf8'));
    const to = Array.isArray(mail.to) ? mail.to.join(',') : String(mail.to ?? '');
    return { to, text: String(mail.message ?? '') };
  }
  const mail = await simpleParser(raw);
  return { to: mail.to?.text ?? '', text: `${mail.text ?? ''}\n${mail.html || ''}` };
}

/** The reset link mailed to `email` after `since` (ms), waiting up to 30 s for it to be written. */
async function resetLinkFromFolder(email, since) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const names = (await readdir(mailDir)).filter((name) => /\.(json|eml)$/.test(name));
    const found = [];
    for (const name of names) {
      const file = path.join(mailDir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs < since) continue;
      const mail = await readMail(file);
      const link = mail.to.toLowerCase().includes(email.toLowerCase()) && resetLinkIn(mail.text);
      if (link) found.push({ mtimeMs, link });
    }
    found.sort((a, b) => b.mtimeMs - a.mtimeMs);
    if (found.length > 0) return found[0].link;
    if (Date.now() > deadline) throw new Error(`no reset link for ${email} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const started = Date.now() - 1000;
const options = { resetLink: (email) => resetLinkFromFolder(email, started) };

if (recording) {
  const index = await (await fetch(`${base}/wp-json/`)).json();
  if (!index.namespaces?.includes('cartwright/v1')) {
    console.error(`${base} has no cartwright/v1 routes: start the lab with LAB_COMPANION=1`);
    process.exit(1);
  }
  const answers = await runCompanionScenario(base, undefined, options);
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
  const ours = new Map(
    (await runCompanionScenario(base, undefined, options)).map((answer) => [answer.id, answer]),
  );
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
