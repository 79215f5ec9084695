// The real storefront and headless Chromium, started exactly as the storefront's
// end-to-end suite starts them (one copy of that code: apps/storefront/e2e/harness.mjs).
// The storefront must be built (`pnpm --filter @cartwright/storefront build`).
import { chromium } from 'playwright-core';

export { launchBrowser, startStorefront, tempDataDir } from '../../apps/storefront/e2e/harness.mjs';

/**
 * Chromium with the e2e suite's flags and the DevTools port Lighthouse connects to.
 * @param {number} port
 */
export function launchBrowserWithDebuggingPort(port) {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
    ],
  });
}
