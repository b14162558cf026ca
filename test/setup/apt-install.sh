#!/usr/bin/env bash
# Installs Debian packages for a test setup script: `apt-install.sh <who> <what is missing> <package>...`.
# Uses sudo when not root; says plainly when neither is available. Shared by ensure-*.sh.
set -euo pipefail

who=$1 missing=$2
shift 2
if [[ $(id -u) -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "$who: $missing is missing and neither root nor sudo is available" >&2
  exit 1
fi

"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
