import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// Workspace packages are compiled from their source (decision 0004), in the browser
// bundle and the server bundle alike.
const SOURCE = '@cartwright/source';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  build: { assetsInlineLimit: 0 },
});
