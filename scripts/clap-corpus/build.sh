#!/bin/sh
# Makes the clap corpus of real recordings available at OUT: fetches the Debian packages, then
# mixes the recordings, once per version of these scripts.
#   scripts/clap-corpus/build.sh OUT [CACHE_DIR]
# CACHE_DIR (default ~/.cache/aria-render/clap-corpus) keeps the packages and the mixed corpus
# between builds and clones (CACHE_DIR/mixed); OUT is a link to it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUT [CACHE_DIR]}
cache=${2:-${HOME:-/tmp}/.cache/aria-render/clap-corpus}
stamp=$(cat "$here"/*.py "$here"/*.sh | sha256sum | cut -c1-16)
mixed="$cache/mixed"
# OUT points at the cached corpus (a folder of an older layout is replaced by the link).
link_out() {
    [ "$(cd "$out" 2>/dev/null && pwd -P)" = "$(cd "$mixed" && pwd -P)" ] && return 0
    mkdir -p "$(dirname "$out")"
    rm -rf "$out"
    ln -s "$mixed" "$out"
}
if [ -f "$mixed/truth.json" ] && [ "$(cat "$mixed/.made-by" 2>/dev/null)" = "$stamp" ]; then
    link_out
    exit 0
fi
python=""
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import numpy, scipy' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "clap-corpus: python3 with numpy and scipy is needed (apt-get install python3-numpy python3-scipy)" >&2; exit 3; }
command -v sox >/dev/null 2>&1 || { echo "clap-corpus: sox is needed (apt-get install sox libsox-fmt-all)" >&2; exit 3; }
"$here/fetch-sources.sh" "$cache"
rm -rf "$mixed.partial"
ARIA_CLAP_PKGROOT="$cache/pkgroot" "$python" "$here/build_corpus.py" --out "$mixed.partial" >&2
echo "$stamp" > "$mixed.partial/.made-by"
rm -rf "$mixed"
mv "$mixed.partial" "$mixed"
link_out
