#!/usr/bin/env bash
# npm test: everything that proves Cartwright works, on a machine that has only
# Node >= 20.19 (as root, missing system packages are installed with apt).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-tools.sh
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
step() { printf '\n=== %s (%ss)\n' "$*" "$SECONDS"; }

step "system packages (Chromium, PostgreSQL)"
bash scripts/ensure-system.sh

step "install"
pnpm install --frozen-lockfile --prefer-offline

step "build, typecheck, lint, unit tests, package checks (publint, attw, size-limit)"
# Two tasks at a time: each test runner already uses every core; more only starves them.
pnpm turbo run build typecheck lint test check:package --concurrency=2 --output-logs=errors-only

step "size budgets: each core under half of the anchor it replaces, and our JavaScript per route in Chromium under its budget (bench --ci)"
node bench/run.mjs --ci

step "store-server suite on a real PostgreSQL"
bash scripts/with-postgres.sh pnpm --filter @cartwright/store-server test

step "browser tests: Storybook stories (axe), the XSS corpus through the sanitisers (Chromium)"
pnpm turbo run build-storybook test:storybook test:browser --concurrency=2 --output-logs=errors-only

step "end-to-end in headless Chromium with axe-core"
# Built above; run directly so the test runner's summary closes the output unprefixed.
pnpm --filter @cartwright/storefront run e2e

step "storefront attack suite (issue 13) with the store on a real PostgreSQL"
bash scripts/with-postgres.sh bash -c 'cd apps/storefront && DATABASE_URL="$TEST_DATABASE_URL" node --test e2e/security.e2e.test.mjs'

step "all checks passed"
