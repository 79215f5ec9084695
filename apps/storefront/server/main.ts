import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionApp, startStorefront } from './app';
import { ConfigError, readConfig } from './config';

// dist/main.js → the app directory; the repo root holds the default data directory.
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(appDir, '../..');

async function main() {
  const config = readConfig(process.env, path.join(repoRoot, '.data/store'));
  const started = Date.now();
  const shop = await startStorefront(config, await productionApp(appDir));
  const store = config.storeUrl
    ? `proxying the store paths to ${config.storeUrl.origin}`
    : `embedded store, ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `data in ${config.dataDir}`}`;
  console.log(`Cartwright storefront ready in ${Date.now() - started} ms (${store})`);
  console.log(`  ${shop.url}/shop/`);
  if (shop.mail !== null) console.log(`  ${shop.mail}`);
  for (const note of shop.features.notes) console.log(`  note: ${note}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing…`);
    shop.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
