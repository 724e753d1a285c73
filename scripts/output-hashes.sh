#!/usr/bin/env bash
# Prints a SHA-256 of everything a user sees from one build: the default scene's MP4 and, for
# every scene of every game under Scenes/, each PNG frame's pixels (as Pillow decodes them, so
# that a change of compressor alone changes nothing) and its trace. Run it with the build
# before a change and the build after it; the two listings must be the same line for line.
# A scene is named by its path under Scenes/ without the princess game's folder, so a listing
# made before the princess scenes had a folder of their own compares with one made after.
# Usage: scripts/output-hashes.sh ARIA_RENDER_BINARY WORK_FOLDER > hashes.txt
set -euo pipefail
binary="$(realpath "$1")"
work="$2"
cd "$(dirname "$0")/.."
rm -rf "$work" && mkdir -p "$work"

"$binary" render --quiet -o "$work/default.mp4"
echo "default.mp4 $(sha256sum < "$work/default.mp4" | cut -d' ' -f1)"
# Skins (art/, skin.yaml), moves files (moves/) and recordings are inputs of scenes, not scenes.
find Scenes -name '*.yaml' ! -name skin.yaml ! -path '*/art/*' ! -path '*/moves/*' ! -path '*/recordings/*' \
    | sed 's|^Scenes/||; s|\.yaml$||' | sed 's|^princess/||' | LC_ALL=C sort | while read -r name; do
    scene="Scenes/$name.yaml"
    [ -f "$scene" ] || scene="Scenes/princess/$name.yaml"
    out="$work/${name//\//-}"
    # A scene that needs more than its file (a saved profile) is listed with what it said.
    if ! said=$("$binary" render --quiet --no-sound --trace "$out.trace.jsonl" -o "$out/" "$scene" 2>&1); then
        echo "$name refused: ${said//$PWD\//}"
        rm -rf "${out:?}" "$out.trace.jsonl"
        continue
    fi
    frames=$(find "$out" -name 'frame_*.png' | wc -l)
    # One digest over every frame's decoded RGBA pixels, in frame order.
    digest=$(python3 -c '
import hashlib, pathlib, sys
from PIL import Image
digest = hashlib.sha256()
for path in sorted(pathlib.Path(sys.argv[1]).glob("frame_*.png")):
    image = Image.open(path)
    digest.update(f"{path.name} {image.size[0]}x{image.size[1]}\n".encode())
    digest.update(image.convert("RGBA").tobytes())
print(digest.hexdigest())' "$out")
    echo "$name.png $frames frames $digest"
    echo "$name.trace $(sha256sum < "$out.trace.jsonl" | cut -d' ' -f1)"
    rm -rf "${out:?}"
done
