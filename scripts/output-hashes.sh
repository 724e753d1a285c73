#!/usr/bin/env bash
# Prints a SHA-256 of everything a user sees from one build: the default scene's MP4 and, for
# every scene in Scenes/, each PNG frame and its trace. Run it with the build before a change
# and the build after it; the two listings must be the same line for line.
# Usage: scripts/output-hashes.sh ARIA_RENDER_BINARY WORK_FOLDER > hashes.txt
set -euo pipefail
binary="$(realpath "$1")"
work="$2"
cd "$(dirname "$0")/.."
rm -rf "$work" && mkdir -p "$work"

"$binary" render --quiet -o "$work/default.mp4"
echo "default.mp4 $(sha256sum < "$work/default.mp4" | cut -d' ' -f1)"
for scene in Scenes/*.yaml; do
    name="$(basename "$scene" .yaml)"
    "$binary" render --quiet --no-sound --trace "$work/$name.trace.jsonl" -o "$work/$name/" "$scene"
    frames=$(find "$work/$name" -name 'frame_*.png' | wc -l)
    # One digest over every frame's digest, in frame order.
    digest=$(cd "$work/$name" && sha256sum frame_*.png | sha256sum | cut -d' ' -f1)
    echo "$name.png $frames frames $digest"
    echo "$name.trace $(sha256sum < "$work/$name.trace.jsonl" | cut -d' ' -f1)"
    rm -rf "${work:?}/$name"
done
