#!/usr/bin/env bash
# Stops the Dovecot started by dovecot-up.sh DIR: SIGTERM, then after GRACE seconds SIGKILL to the
# master's process group (Dovecot daemonises with setsid, so every child shares pgid = master pid).
#   dovecot-down.sh DIR [GRACE=2]
set -uo pipefail

DIR=${1:?usage: dovecot-down.sh DIR [GRACE]}
GRACE=${2:-2}
PIDFILE=$DIR/run/master.pid
[[ -s $PIDFILE ]] || exit 0
PID=$(cat "$PIDFILE")

alive() {
  # A zombie waiting for PID 1 to reap it counts as gone.
  local state
  state=$(ps -o stat= -p "$1" 2>/dev/null | tr -d ' ')
  [[ -n $state && $state != Z* ]]
}

if [[ $GRACE == 0 ]]; then
  kill -KILL -- "-$PID" 2>/dev/null || kill -KILL "$PID" 2>/dev/null
else
  kill -TERM "$PID" 2>/dev/null
  deadline=$(( $(date +%s%N) + GRACE * 1000000000 ))
  while alive "$PID" && (( $(date +%s%N) < deadline )); do sleep 0.05; done
  if alive "$PID"; then kill -KILL -- "-$PID" 2>/dev/null || kill -KILL "$PID" 2>/dev/null; fi
fi
for _ in $(seq 1 40); do alive "$PID" || break; sleep 0.05; done
rm -f "$PIDFILE"
exit 0
