import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    'store/index': 'src/store/index.ts',
    'media/index': 'src/media/index.ts',
  },
});
