import { copyFile } from 'node:fs/promises';
import { defineLibraryConfig } from '@cartwright/tooling/tsup';

const base = defineLibraryConfig({
  entry: { index: 'src/index.ts', 'consent-banner': 'src/ConsentBanner.tsx' },
});

export default {
  ...base,
  // Ship the stylesheet as-is: plain CSS, exported as `@cartwright/ui-components/styles.css`.
  async onSuccess() {
    await copyFile('src/styles.css', 'dist/styles.css');
  },
};
