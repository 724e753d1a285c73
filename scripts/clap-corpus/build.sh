#!/bin/sh
# Builds the clap corpus of real recordings into OUT (unless it is already there and made by
# these same scripts): fetches the Debian packages, then mixes the recordings.
#   scripts/clap-corpus/build.sh OUT [CACHE_DIR]
# CACHE_DIR (default ~/.cache/aria-render/clap-corpus) keeps the packages between builds.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUT [CACHE_DIR]}
cache=${2:-${HOME:-/tmp}/.cache/aria-render/clap-corpus}
stamp=$(cat "$here"/*.py "$here"/*.sh | sha256sum | cut -c1-16)
if [ -f "$out/truth.json" ] && [ "$(cat "$out/.made-by" 2>/dev/null)" = "$stamp" ]; then
    exit 0
fi
python=""
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import numpy, scipy' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "clap-corpus: python3 with numpy and scipy is needed (apt-get install python3-numpy python3-scipy)" >&2; exit 3; }
command -v sox >/dev/null 2>&1 || { echo "clap-corpus: sox is needed (apt-get install sox libsox-fmt-all)" >&2; exit 3; }
"$here/fetch-sources.sh" "$cache"
mkdir -p "$(dirname "$out")"
rm -rf "$out.partial"
ARIA_CLAP_PKGROOT="$cache/pkgroot" "$python" "$here/build_corpus.py" --out "$out.partial" >&2
echo "$stamp" > "$out.partial/.made-by"
rm -rf "$out"
mv "$out.partial" "$out"
