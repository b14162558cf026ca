#!/usr/bin/env bash
# Installs Debian's Chromium for the web site's browser test (test/web/browser.test.ts), only when it
# is missing. playwright-core drives this system browser; its own browser download is not used.
# Safe to run again and again; uses sudo when not root.
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" ensure-browser chromium chromium
