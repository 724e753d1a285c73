#!/usr/bin/env bash
# Times the quick start as a new contributor meets it: a fresh clone of this repository in a
# new folder (so a new .build), then
#   make render                      the first render, release build included
#   swift build --build-tests        the debug build
#   scripts/run-tests.sh fast        the quick lane, on that build
#   CI=true bash .ci/run             everything CI runs (its own steps are timed in its log)
# and prints one JSON line per step: {"step": "...", "seconds": N, "status": N}.
# Usage: scripts/setup-times.sh [--fresh-corpus] [--keep FOLDER]
#   --fresh-corpus   move the clap corpus cache aside first, as on a new machine (put back after)
#   --keep FOLDER    clone into FOLDER and keep it (default: a temporary folder, removed)
# Debian packages already installed stay installed: their install time is apt's, not ours.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fresh_corpus=0
folder=""
while (($#)); do
    case "$1" in
        --fresh-corpus) fresh_corpus=1 ;;
        --keep) folder="${2:?--keep takes a folder}"; shift ;;
        *) echo "setup-times: unknown option $1 (--fresh-corpus, --keep FOLDER)" >&2; exit 2 ;;
    esac
    shift
done
keep=1
if [[ -z "$folder" ]]; then folder="$(mktemp -d /tmp/aria-setup.XXXXXX)/clone"; keep=0; fi
if [[ -e "$folder" ]]; then echo "setup-times: $folder exists; name a new folder" >&2; exit 2; fi

cache="${HOME:-/tmp}/.cache/aria-render/clap-corpus"
aside=""
if ((fresh_corpus)) && [[ -d "$cache" ]]; then
    aside="$cache.aside-$$"
    mv "$cache" "$aside"
fi
finish() {
    if [[ -n "$aside" ]]; then rm -rf "$cache"; mv "$aside" "$cache"; fi
    if ((!keep)); then rm -rf "$(dirname "$folder")"; fi
}
trap finish EXIT INT TERM

git clone -q "$root" "$folder" || exit 3
cd "$folder" || exit 3
log="$folder/setup-times.log"
printf '{"machine": "%s cores, %s GiB", "kernel": "%s", "date": "%s", "commit": "%s"}\n' \
    "$(nproc)" "$(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo)" "$(uname -r)" \
    "$(date -u +%Y-%m-%dT%H:%MZ)" "$(git rev-parse --short HEAD)"
failed=0
timed() {
    local name="$1"; shift
    local start status
    start=$(date +%s.%N)
    "$@" >>"$log" 2>&1
    status=$?
    printf '{"step": "%s", "seconds": %s, "status": %d}\n' "$name" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')" "$status"
    ((status == 0)) || failed=1
}
timed "make render" make render
timed "swift build --build-tests" swift build --build-tests
timed "scripts/run-tests.sh fast" scripts/run-tests.sh fast
timed "CI=true bash .ci/run" env CI=true bash .ci/run
grep -a '^ci-step: ' "$log" | sed -E 's/^ci-step: ([0-9]+) s: (.*)$/{"ci-step": "\2", "seconds": \1}/'
((failed == 0)) || { echo "setup-times: a step failed; its output is in $log" >&2; keep=1; exit 1; }
