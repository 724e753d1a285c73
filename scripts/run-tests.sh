#!/usr/bin/env bash
# Runs the built tests (swift build --build-tests first) in one of three lanes:
#   scripts/run-tests.sh parallel    every suite but the real-time ones, side by side
#   scripts/run-tests.sh real-time   the suites that run against the clock (real-time-suites.txt),
#                                    one at a time, so that nothing else crowds them
#   scripts/run-tests.sh fast        the pure suites of the edit-test loop (fast-suites.txt):
#                                    no daemon, no browser, no clap corpus
# Further arguments go to `swift test`: --skip narrows a lane; a further --filter widens it
# (Swift Testing runs what matches any of the filters).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lane="${1:?usage: run-tests.sh parallel|real-time|fast [swift test arguments]}"
shift

# The suites listed in a file, as one regular expression over Swift Testing's test names
# ("Target.Suite/test()"), whole names only.
suites() {
    local names
    names="$(grep -v -e '^#' -e '^[[:space:]]*$' "$root/scripts/$1" | paste -sd'|' -)"
    printf '\\.(%s)(/|$)' "$names"
}

cd "$root"
case "$lane" in
    parallel)
        exec scripts/with-daemons.sh swift test --skip-build --skip "$(suites real-time-suites.txt)" "$@" ;;
    real-time)
        exec scripts/with-daemons.sh swift test --skip-build --no-parallel --filter "$(suites real-time-suites.txt)" "$@" ;;
    fast)
        exec swift test --skip-build --filter "$(suites fast-suites.txt)" --skip "$(suites real-time-suites.txt)" "$@" ;;
    *)
        echo "run-tests: unknown lane '$lane' (parallel, real-time or fast)" >&2
        exit 2 ;;
esac
