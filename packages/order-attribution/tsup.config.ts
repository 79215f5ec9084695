import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    extended: 'src/extended.ts',
    'react/index': 'src/react/index.ts',
  },
});
