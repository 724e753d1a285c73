#!/bin/sh
# Renders the strip of docs/scene-format.md: snow from 3 to 8 s with a 1 s fade, one still
# at 2, 5, 7, 7.5, 7.9 and 8 s, side by side and labelled. Usage: effect-end-strip.sh OUT.png
# (aria-render from .build/debug unless ARIA_RENDER names one; ImageMagick's montage).
set -eu
out=${1:?usage: effect-end-strip.sh OUT.png}
tool=${ARIA_RENDER:-.build/debug/aria-render}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set --
for pair in 60:2s 150:5s 210:7s 225:7.5s 237:7.9s 240:8s; do
    frame=${pair%%:*}
    "$tool" render docs/images/effect-end-snow.yaml --frame "$frame" -o "$work/$frame.png" 2>/dev/null
    set -- "$@" -label "${pair#*:}" "$work/$frame.png"
done
montage "$@" -tile 6x1 -geometry 180x320+4+4 -font /usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf -pointsize 18 -strip \
    -define png:exclude-chunks=date,time "$out"
