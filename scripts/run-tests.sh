#!/usr/bin/env bash
# Runs the built tests (swift build --build-tests first) in one of three lanes:
#   scripts/run-tests.sh parallel    every other suite, side by side
#   scripts/run-tests.sh real-time   the suites that run against the clock (real-time-suites.txt),
#                                    one at a time, so that nothing else crowds them
#   scripts/run-tests.sh fast        the pure suites (fast-suites.txt): no daemon, no browser,
#                                    no clock; the edit-test loop, and in `make test` they fill
#                                    the time the real-time phase leaves idle (in-idle-time.sh)
# `make test` runs all three. Further arguments go to Swift Testing: --skip narrows a lane; a
# further --filter widens it (it runs what matches any of the filters). Every lane runs what
# is built (--skip-build). The fast lane runs the built test program itself rather than
# `swift test`, which holds .build's lock and its build database for the whole run: so it can
# run beside another lane.
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
        exec scripts/with-daemons.sh swift test --skip-build --skip "$(suites real-time-suites.txt)" \
            --skip "$(suites fast-suites.txt)" "$@" ;;
    real-time)
        exec scripts/with-daemons.sh swift test --skip-build --no-parallel --filter "$(suites real-time-suites.txt)" "$@" ;;
    fast)
        tests="$root/.build/debug/aria-renderPackageTests.xctest"
        if [[ ! -x $tests ]]; then
            echo "run-tests: $tests is not built; run 'swift build --build-tests' first" >&2
            exit 3
        fi
        exec "$tests" --testing-library swift-testing --filter "$(suites fast-suites.txt)" --skip "$(suites real-time-suites.txt)" "$@" ;;
    *)
        echo "run-tests: unknown lane '$lane' (parallel, real-time or fast)" >&2
        exit 2 ;;
esac
