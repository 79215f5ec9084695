import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    controller: 'src/controller.ts',
    lazy: 'src/lazy.ts',
    dom: 'src/dom.ts',
    'store-api': 'src/store-api.ts',
    sync: 'src/sync.ts',
    'react/index': 'src/react/index.ts',
  },
});
