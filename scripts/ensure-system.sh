#!/usr/bin/env bash
# System packages the test run needs: Debian's Chromium (browser tests) and
# PostgreSQL server binaries (the store-server suite on a real PostgreSQL).
# Installs them with apt when running as root; otherwise says what is missing.
set -euo pipefail
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"

pg_bin_dir() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

missing=()
[ -x "$CHROME_PATH" ] || missing+=(chromium)
[ -n "$(pg_bin_dir)" ] || missing+=(postgresql)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "› apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "Missing system packages: ${missing[*]}. Install them (Debian: apt-get install ${missing[*]}) or run as root." >&2
    exit 1
  fi
fi
