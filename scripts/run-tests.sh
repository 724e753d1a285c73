#!/usr/bin/env bash
# Runs the built tests (swift build --build-tests first) in one of four lanes:
#   scripts/run-tests.sh parallel    every other suite, side by side
#   scripts/run-tests.sh real-time   the suites that run against the clock (real-time-suites.txt),
#                                    one at a time, so that nothing else crowds them
#   scripts/run-tests.sh fast        the pure suites of the edit-test loop (fast-suites.txt):
#                                    no daemon, no browser, no clap corpus, no clock
#   scripts/run-tests.sh idle-time   the pure suites and those of idle-time-suites.txt, which
#                                    `make test` runs in the time the real-time phase leaves
#                                    idle (in-idle-time.sh)
# `make test` runs parallel, real-time and idle-time. Further arguments go to Swift Testing:
# --skip narrows a lane; a further --filter widens it (it runs what matches any of the
# filters). Every lane runs what is built (--skip-build). The fast and idle-time lanes run
# the built test program itself rather than `swift test`, which holds .build's lock and its
# build database for the whole run: so they can run beside another lane.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lane="${1:?usage: run-tests.sh parallel|real-time|fast|idle-time [swift test arguments]}"
shift

# The suites listed in a file, as one regular expression over Swift Testing's test names
# ("Target.Suite/test()"), whole names only.
suites() {
    local names
    names="$(grep -v -e '^#' -e '^[[:space:]]*$' "$root/scripts/$1" | paste -sd'|' -)"
    printf '\\.(%s)(/|$)' "$names"
}

# Runs the built test program (Swift Testing's entry point) with the arguments given, or says
# to build it.
run_test_program() {
    local program="$root/.build/debug/aria-renderPackageTests.xctest"
    if [[ ! -x $program ]]; then
        echo "run-tests: $program is not built; run 'swift build --build-tests' first" >&2
        exit 3
    fi
    exec "$program" --testing-library swift-testing "$@"
}

cd "$root"
case "$lane" in
    parallel | real-time | fast | idle-time) ;;
    *)
        echo "run-tests: unknown lane '$lane' (parallel, real-time, fast or idle-time)" >&2
        exit 2 ;;
esac

# The lane's temporary files (the tests' folders, the tools' and daemons' files) go in a folder
# of its own, named by this process (which the lane's program takes over), so that what tests
# leave behind does not pile up run after run: the folders of lanes that have ended are removed
# as the next one starts, and the last one's stay to be looked at.
temporary="${TMPDIR:-/tmp}"
for folder in "$temporary"/aria-tests.*; do
    owner="${folder##*/aria-tests.}"
    owner="${owner%%.*}"
    if [[ -d $folder && -O $folder && $owner =~ ^[0-9]+$ ]] && ! kill -0 "$owner" 2>/dev/null; then
        rm -rf "$folder" || true
    fi
done
TMPDIR="$(mktemp -d "$temporary/aria-tests.$$.XXXXXX")"
export TMPDIR

case "$lane" in
    parallel)
        exec scripts/with-daemons.sh swift test --skip-build --skip "$(suites real-time-suites.txt)" \
            --skip "$(suites fast-suites.txt)" --skip "$(suites idle-time-suites.txt)" "$@" ;;
    real-time)
        exec scripts/with-daemons.sh swift test --skip-build --no-parallel --filter "$(suites real-time-suites.txt)" "$@" ;;
    fast)
        run_test_program --filter "$(suites fast-suites.txt)" --skip "$(suites real-time-suites.txt)" "$@" ;;
    idle-time)
        run_test_program --filter "$(suites fast-suites.txt)" --filter "$(suites idle-time-suites.txt)" \
            --skip "$(suites real-time-suites.txt)" "$@" ;;
esac
