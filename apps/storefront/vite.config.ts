import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// Workspace packages are compiled from their source (decision 0004), in the browser
// bundle and the server bundle alike.
const SOURCE = '@cartwright/source';

/**
 * React, React DOM, React Router and what they import, in one `framework` chunk of the browser
 * build: it changes only when they are upgraded (so a deploy of ours leaves it cached), and
 * bench measures our bytes per route apart from it (bench/lib/route-js.mjs, issue 16).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
          },
        },
      },
    },
  },
});
