#!/usr/bin/env bash
# Times the quick start as a new contributor meets it: a fresh clone of this repository in a
# new folder (so a new .build), then
#   make render                      the first render, release build included
#   swift build --build-tests        the debug build
#   scripts/run-tests.sh fast        the quick lane, on that build
#   CI=true bash .ci/run             everything CI runs (its own steps are timed in its log)
# and prints one JSON line per step: {"step": "...", "seconds": N, "status": N}.
# Usage: scripts/setup-times.sh [--fresh-corpus] [--keep FOLDER]
#        scripts/setup-times.sh --render-against COMMIT [--pairs N]
#   --fresh-corpus   move the clap corpus cache aside first, as on a new machine (put back after)
#   --keep FOLDER    clone into FOLDER and keep it (default: a temporary folder, removed)
#   --render-against COMMIT   only `make render`, on fresh clones of this commit and of COMMIT in
#                    turn (COMMIT, this, this, COMMIT, ... N pairs, default 2): machines of one kind
#                    differ by 2x from day to day, so the ratio of the medians is the figure
# Debian packages already installed stay installed: their install time is apt's, not ours.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fresh_corpus=0
folder=""
against=""
pairs=2
while (($#)); do
    case "$1" in
        --fresh-corpus) fresh_corpus=1 ;;
        --keep) folder="${2:?--keep takes a folder}"; shift ;;
        --render-against) against="${2:?--render-against takes a commit}"; shift ;;
        --pairs) pairs="${2:?--pairs takes a number}"; shift ;;
        *) echo "setup-times: unknown option $1 (--fresh-corpus, --keep FOLDER, --render-against COMMIT, --pairs N)" >&2; exit 2 ;;
    esac
    shift
done
if [[ -n "$against" ]]; then
    [[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "setup-times: --pairs takes a whole number from 1, not '$pairs'" >&2; exit 2; }
    reference=$(git -C "$root" rev-parse --verify --quiet "$against^{commit}") || { echo "setup-times: no commit '$against' in $root" >&2; exit 2; }
    current=$(git -C "$root" rev-parse HEAD)
    work="$(mktemp -d /tmp/aria-render-against.XXXXXX)"
    trap 'rm -rf "$work"' EXIT INT TERM
    render_once() {  # label commit: prints {"render": label, "seconds": N, "status": N}
        local clone="$work/$1" start status
        rm -rf "$clone"
        git clone -q "$root" "$clone" && git -C "$clone" checkout -q "$2" || exit 3
        start=$(date +%s.%N)
        (cd "$clone" && make render) >>"$work/$1.log" 2>&1
        status=$?
        local seconds
        seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
        printf '{"render": "%s", "commit": "%s", "seconds": %s, "status": %d}\n' "$1" "${2:0:7}" "$seconds" "$status"
        ((status == 0)) || { echo "setup-times: make render failed for $1 ($2); its output:" >&2; tail -20 "$work/$1.log" >&2; exit 1; }
        echo "$seconds" >>"$work/$1.seconds"
    }
    for ((i = 0; i < pairs; i++)); do
        if ((i % 2 == 0)); then render_once reference "$reference"; render_once this "$current"
        else render_once this "$current"; render_once reference "$reference"; fi
    done
    median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
    this_median=$(median "$work/this.seconds")
    reference_median=$(median "$work/reference.seconds")
    printf '{"make_render_seconds": %s, "reference_seconds": %s, "ratio": %s}\n' "$this_median" "$reference_median" \
        "$(awk -v a="$this_median" -v b="$reference_median" 'BEGIN { printf "%.2f", a / b }')"
    exit 0
fi
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
