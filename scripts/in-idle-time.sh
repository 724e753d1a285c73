#!/usr/bin/env bash
# Runs a command and, beside it, others in the time it leaves idle:
#   scripts/in-idle-time.sh --beside 'COMMAND' [--beside 'COMMAND'...] -- MAIN COMMAND...
# The commands given with --beside run one after another, each to its end whatever the
# others' outcome, under the scheduler's idle policy (SCHED_IDLE, and the idle I/O class):
# they get a core only while nothing else wants one. The real-time tests wait on the clock for
# most of their phase; the pure suites, the documented commands, the fuzzer and the golden
# check fill that time without taking any from them. What the commands beside print is kept and shown once the main one has
# ended, so the logs do not mix. Exits with the main command's status, or else the first
# failing status beside it.
set -uo pipefail

usage="usage: in-idle-time.sh --beside 'COMMAND' [--beside 'COMMAND'...] -- MAIN COMMAND..."
beside=()
while (($# > 0)); do
    case "$1" in
        --beside) beside+=("${2:?$usage}"); shift 2 ;;
        --) shift; break ;;
        *) echo "$usage" >&2; exit 64 ;;
    esac
done
if ((${#beside[@]} == 0 || $# == 0)); then echo "$usage" >&2; exit 64; fi

log="$(mktemp /tmp/aria-idle-time.XXXXXX)"
trap 'rm -f "$log"' EXIT

# Each command beside in turn, announced in the log; the first failing status is kept.
script='status=0
for command in "$@"; do
    echo "in idle time: $command"
    bash -c "$command" || { code=$?; ((status == 0)) && status=$code; }
done
exit $status'
launcher=(bash -c "$script" in-idle-time "${beside[@]}")
if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true 2>/dev/null; then launcher=(chrt --idle 0 "${launcher[@]}"); fi
if command -v ionice >/dev/null 2>&1 && ionice -c 3 true 2>/dev/null; then launcher=(ionice -c 3 "${launcher[@]}"); fi

# The commands beside in a process group of their own, so that an interrupt stops all of them.
set -m
"${launcher[@]}" >"$log" 2>&1 &
idle=$!
set +m
# The main command in the background too, so that an interrupt reaches this script at once
# (bash runs a trap only once a foreground command has ended) and is passed on to both.
"$@" &
main=$!
trap 'kill -- "$main" "-$idle" 2>/dev/null; wait; rm -f "$log"; exit 130' INT TERM
wait "$main"
main_status=$?
wait "$idle"
idle_status=$?
cat "$log"
if ((main_status != 0)); then exit "$main_status"; fi
exit "$idle_status"
