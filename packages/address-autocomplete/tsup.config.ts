import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({
  entry: {
    index: 'src/index.ts',
    'react/index': 'src/react/index.ts',
    'branding/index': 'src/branding/index.ts',
    'providers/store': 'src/providers/store.ts',
    'providers/photon': 'src/providers/photon.ts',
  },
  external: ['dompurify'],
});
