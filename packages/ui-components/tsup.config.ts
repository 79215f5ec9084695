import { copyFile } from 'node:fs/promises';
import { defineLibraryConfig } from '@cartwright/tooling/tsup';

const base = defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    'consent-banner': 'src/ConsentBanner.tsx',
    // The lazily loaded code of the announcer's queue and of the notices' focus and scroll.
    announcer: 'src/announcer.ts',
    // Live regions already in the page kept in step with an announcer, without React.
    'announcer-attach': 'src/announcer-attach.ts',
    'page-behaviours': 'src/page-behaviours.ts',
  },
});

export default {
  ...base,
  // Ship the stylesheet as-is: plain CSS, exported as `@cartwright/ui-components/styles.css`.
  async onSuccess() {
    await copyFile('src/styles.css', 'dist/styles.css');
  },
};
