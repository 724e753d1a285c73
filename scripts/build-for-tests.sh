#!/usr/bin/env bash
# What `make test` needs before its first test: the debug build with the tests, the release
# tool, and the clap corpus (scripts/clap-corpus/build.sh). The corpus is mostly downloading
# and one core of Python, so it is made beside the builds, which leave a core idle while they
# link; its output goes to .build/clap-corpus.log and is shown only if it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus="${1:?usage: build-for-tests.sh CLAP_CORPUS_FOLDER}"
swift="${SWIFT:-swift}"
mkdir -p .build
log=.build/clap-corpus.log
echo "build-for-tests: making the clap corpus in $corpus beside the builds (log: $log)"
scripts/clap-corpus/build.sh "$corpus" > "$log" 2>&1 &
maker=$!
# A build that fails stops the corpus too: its error is the one to read.
trap 'kill "$maker" 2>/dev/null || true' EXIT
"$swift" build --build-tests
"$swift" build -c release --product aria-render
trap - EXIT
wait "$maker" || {
    status=$?
    cat "$log" >&2
    echo "build-for-tests: the clap corpus could not be made (its log is above)" >&2
    exit "$status"
}
echo "build-for-tests: the clap corpus is ready"
