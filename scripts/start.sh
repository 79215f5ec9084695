#!/usr/bin/env bash
# npm start: install what is missing, build, and serve the storefront (with the
# embedded store, created and seeded on first run) at http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-tools.sh

echo "› installing dependencies"
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
echo "› building"
pnpm turbo run build --filter=@cartwright/storefront... --output-logs=errors-only
echo "› starting"
NODE_ENV=production exec node apps/storefront/dist/main.js
