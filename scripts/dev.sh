#!/usr/bin/env bash
# npm run dev: the storefront with Vite (HMR) on the same host server and store.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-tools.sh
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
pnpm turbo run build --filter=@cartwright/storefront^... --output-logs=errors-only
NODE_ENV=development exec pnpm --filter @cartwright/storefront dev
