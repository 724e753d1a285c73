#!/bin/sh
# Renders the cast, room and effect sheets of docs/scene-format.md into FOLDER (cast.png,
# rooms.png, effects.png): each tile is a still of docs/images/sheets/*.yaml with one kind,
# background or effect put in, side by side and labelled; and the easings sheet of
# docs/moves.md (moves.png), the tool's own contact sheet of one move per easing. Usage: doc-sheets.sh FOLDER
# (aria-render from .build/debug unless ARIA_RENDER names one; ImageMagick's montage).
set -eu
out=${1:?usage: doc-sheets.sh FOLDER}
tool=${ARIA_RENDER:-.build/debug/aria-render}
sheets=docs/images/sheets
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# tile TEMPLATE FRAME LABEL SED-EXPRESSION: one still of the template with the expression applied.
tile() {
    sed "$4" "$sheets/$1.yaml" > "$work/$3.yaml"
    "$tool" render "$work/$3.yaml" --frame "$2" -o "$work/$3.png" --quiet
}
# sheet OUT.png COLUMNS GEOMETRY LABEL...: the labelled tiles side by side.
sheet() {
    target=$1 columns=$2 geometry=$3
    shift 3
    set -- $(for label in "$@"; do printf -- '-label %s %s/%s.png ' "$label" "$work" "$label"; done)
    montage "$@" -tile "${columns}x1" -geometry "$geometry" -background white \
        -font /usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf -pointsize 18 -strip \
        -define png:exclude-chunks=date,time "$target"
}

for kind in sparkle luna rosie crystal willow; do
    tile cast 30 "$kind" "s/kind: sparkle,/kind: $kind,/"
done
sheet "$out/cast.png" 5 240x320+4+4 sparkle luna rosie crystal willow

for room in bedroom playroom nursery nightlight; do
    tile room 0 "$room" "s/^background: bedroom /background: $room /"
done
sheet "$out/rooms.png" 4 320x180+4+4 bedroom playroom nursery nightlight

tile effect 45 sparkles "s/{kind: sparkles, target: luna}/{kind: sparkles, target: luna}/"
tile effect 105 snow "s/{kind: sparkles, target: luna}/{kind: snow}/"
tile effect 75 bubbles "s/{kind: sparkles, target: luna}/{kind: bubbles, at: [120, 200]}/"
sheet "$out/effects.png" 3 240x320+4+4 sparkles snow bubbles

# One move per easing, every 6th frame (0.2 s) from just before the moves start to just after they end.
"$tool" render "$sheets/moves.yaml" --frames 12-48 --contact-sheet every=6,columns=1,width=600 -o "$out/moves.png" --quiet
