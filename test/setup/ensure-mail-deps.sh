#!/usr/bin/env bash
# Installs the Dovecot packages the real-mail tests need, only when they are missing.
# Safe to run again and again; uses sudo when not root.
set -euo pipefail

if [[ -x /usr/sbin/dovecot && -d /usr/lib/dovecot ]] && ls /usr/lib/dovecot/imap /usr/lib/dovecot/lmtp >/dev/null 2>&1; then
  exit 0
fi

if [[ $(id -u) -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "ensure-mail-deps: dovecot-imapd/dovecot-lmtpd are missing and neither root nor sudo is available" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends dovecot-imapd dovecot-lmtpd
