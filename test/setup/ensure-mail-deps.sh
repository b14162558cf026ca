#!/usr/bin/env bash
# Installs the Dovecot packages the real-mail tests need, only when they are missing.
# Safe to run again and again; uses sudo when not root.
set -euo pipefail

if [[ -x /usr/sbin/dovecot && -d /usr/lib/dovecot ]] && ls /usr/lib/dovecot/imap /usr/lib/dovecot/lmtp >/dev/null 2>&1; then
  exit 0
fi

bash "$(dirname "$0")/apt-install.sh" ensure-mail-deps dovecot-imapd/dovecot-lmtpd dovecot-imapd dovecot-lmtpd
