import { defineConfig } from 'tsup';

// The host server (one origin for the app and the store paths). Dependencies stay
// external; the React Router build is loaded at run time from ./build/server.
export default defineConfig({
  entry: { main: 'server/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
});
