import { defineLibraryConfig } from '@cartwright/tooling/tsup';

export default defineLibraryConfig({ entry: { index: 'src/index.ts' } });
