#!/bin/sh
# Measures what adding a game cost the rest of the package: the lines a commit changed
# outside the game's own folders (Sources/Games/<Name>, Tests/Games/<Name>, Scenes/<id>,
# Golden/<id>, docs/games). Adding a game should be a folder and a few lines (Package.swift
# and the catalogue): fails when it took more than the limit.
#
#   scripts/new-game-footprint.sh COMMIT [NAME [ID]]
#
# NAME is the game's folder under Sources/Games (found from the commit when it adds one),
# ID its scene id (NAME in lower case). LIMIT (default 6) is the most lines allowed.
# Exit: 0 within the limit, 1 over it, 2 bad arguments.
set -eu

limit="${LIMIT:-6}"
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    echo "usage: $0 COMMIT [NAME [ID]]" >&2
    exit 2
fi
commit="$1"
if ! git rev-parse --verify --quiet "$commit^{commit}" >/dev/null || ! git rev-parse --verify --quiet "$commit~1^{commit}" >/dev/null; then
    echo "$0: $commit is not a commit with a parent in this repository" >&2
    exit 2
fi
name="${2:-$(git diff --name-only --diff-filter=A "$commit~1" "$commit" -- Sources/Games | sed -n 's|^Sources/Games/\([^/]*\)/.*|\1|p' | sort -u | head -n 1)}"
if [ -z "$name" ]; then
    echo "$0: $commit adds no folder under Sources/Games; give the game's NAME" >&2
    exit 2
fi
id="${3:-$(echo "$name" | tr '[:upper:]' '[:lower:]')}"

# numstat: added, deleted, path; a binary file ("-") outside the folders counts as one line.
git diff --numstat "$commit~1" "$commit" | awk -v name="$name" -v id="$id" -v limit="$limit" '
    function inside(path) {
        return index(path, "Sources/Games/" name "/") == 1 || index(path, "Tests/Games/" name "/") == 1 \
            || index(path, "Scenes/" id "/") == 1 || index(path, "Golden/" id "/") == 1 || index(path, "docs/games/") == 1
    }
    {
        path = $3
        for (i = 4; i <= NF; i++) path = path " " $i
        if (inside(path)) { own += ($1 == "-" ? 0 : $1 + $2); next }
        lines = ($1 == "-" ? 1 : $1 + $2)
        outside += lines
        printf "  %4d  %s\n", lines, path
    }
    END {
        printf "%s: %d lines changed outside its folders (limit %d), %d inside\n", name, outside, limit, own
        exit (outside > limit ? 1 : 0)
    }'
