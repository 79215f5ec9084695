// `npm run dev`: the same host server, with the app served by Vite in middleware
// mode (HMR, source maps) instead of the production build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { startStorefront } from './app';
import { readConfig } from './config';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(appDir, '../..');

const vite = await createViteServer({ root: appDir, server: { middlewareMode: true } });
const shop = await startStorefront(readConfig(process.env, path.join(repoRoot, '.data/store')), {
  mode: 'development',
  getBuild: () =>
    vite.ssrLoadModule(
      'virtual:react-router/server-build',
    ) as Promise<unknown> as Promise<ServerBuild>,
  serveClientFiles: (req, res, next) => vite.middlewares(req, res, next),
  close: () => vite.close(),
});
console.log(`Cartwright storefront (development) at ${shop.url}/shop/`);
