#!/usr/bin/env bash
# Makes sure the package manager this repo pins (package.json "packageManager") is on
# PATH, on a machine that has only Node >= 20.19. Sourced or run by every entry script.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("Cartwright needs Node >= 20.19 (found " + process.version + ")"); process.exit(1) }'

export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
# This registry serves no dist.signatures; corepack's signature check cannot pass here.
export COREPACK_INTEGRITY_KEYS=0
export TURBO_TELEMETRY_DISABLED=1 STORYBOOK_DISABLE_TELEMETRY=1 DO_NOT_TRACK=1

PNPM_VERSION="$(node -p 'require("./package.json").packageManager.split("@")[1]')"
if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  echo "› installing pnpm $PNPM_VERSION"
  if ! { corepack enable pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null || true)" = "$PNPM_VERSION" ]; }; then
    npm install -g --silent --no-fund --no-audit "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || npm install -g "pnpm@$PNPM_VERSION"
  fi
fi
