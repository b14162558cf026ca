#!/usr/bin/env bash
# Installs Debian's Chromium for the web site's browser test (test/web/browser.test.ts), only when it
# is missing. playwright-core drives this system browser; its own browser download is not used.
# Safe to run again and again; uses sudo when not root.
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-browser: chromium is missing and neither root nor sudo is available" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
