import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    adapters: 'src/adapters.ts',
    'script-loader': 'src/script-loader.ts',
    session: 'src/session.ts',
    'react/index': 'src/react/index.ts',
  },
});
