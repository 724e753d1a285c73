#!/bin/sh
# Measures what adding a game cost the rest of the package: the lines a branch changed
# outside the game's own folders. The game is the one the branch adds to the catalogue
# (a `XGameModule(),` line in Sources/Catalogue/Catalogue.swift); its folders are
# Sources/Games/<Name>/ (where XGameModule is declared), Tests/Games/<Name>/, and, by the id
# its GameInfo gives, Scenes/<id>/, Golden/<id>/ and docs/games/<id>.md. Adding a game should
# be its folders and a few lines (Package.swift and the catalogue): fails past the limit.
#
#   scripts/new-game-footprint.sh [--base BASE] [TIP]
#
# Counts every commit of TIP (default HEAD) since it left BASE (default main), as
# `git diff BASE...TIP` does: what main did meanwhile is not counted. For one commit C, give
# `--base C~1 C`. A line counts as git's --numstat counts it (a changed line is one removed
# and one added). LIMIT (default 3) is the most lines allowed outside the folders.
# Exit: 0 within the limit, 1 over it, 2 bad arguments.
set -eu

limit="${LIMIT:-3}"
usage="usage: $0 [--base BASE] [TIP]"
base=main
tip=HEAD
while [ $# -gt 0 ]; do
    case "$1" in
        --base) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; base="$2"; shift 2 ;;
        --base=*) base="${1#--base=}"; shift ;;
        -h|--help) echo "$usage"; exit 0 ;;
        -*) echo "$0: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
        *) [ "$tip" = HEAD ] || { echo "$usage" >&2; exit 2; }; tip="$1"; shift ;;
    esac
done
for rev in "$base" "$tip"; do
    if ! git rev-parse --verify --quiet "$rev^{commit}" >/dev/null; then
        echo "$0: $rev is not a commit in this repository" >&2
        exit 2
    fi
done
if ! git merge-base "$base" "$tip" >/dev/null; then
    echo "$0: $tip and $base have no commit in common" >&2
    exit 2
fi

# The game: the module the branch adds to the catalogue's list.
modules=$(git diff --no-renames "$base...$tip" -- Sources/Catalogue/Catalogue.swift \
    | sed -n 's/^+[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*\)([[:space:]]*)[[:space:]]*,\{0,1\}[[:space:]]*$/\1/p')
count=$(printf '%s' "$modules" | grep -c . || true)
if [ "$count" -eq 0 ]; then
    echo "$0: $base...$tip adds no game to the catalogue (a line such as 'KiteGameModule(),' in Sources/Catalogue/Catalogue.swift)" >&2
    exit 2
fi
if [ "$count" -gt 1 ]; then
    echo "$0: $base...$tip adds $count games to the catalogue ($(echo $modules)); measure one game's branch at a time" >&2
    exit 2
fi
module="$modules"
declared=$(git grep -l -E "(struct|class|enum|actor) $module\\b" "$tip" -- 'Sources/Games/*' | head -n 1)
name=$(printf '%s' "$declared" | sed -n 's|^[^:]*:Sources/Games/\([^/]*\)/.*|\1|p')
if [ -z "$name" ]; then
    echo "$0: the catalogue's $module is declared in no folder under Sources/Games at $tip" >&2
    exit 2
fi
id=$(git grep -h -o -E 'GameInfo\(id: *"[^"]+"' "$tip" -- "Sources/Games/$name/" | head -n 1 | sed 's/.*"\(.*\)"/\1/')
if [ -z "$id" ]; then
    echo "$0: Sources/Games/$name gives no GameInfo(id: \"...\") at $tip" >&2
    exit 2
fi

# numstat: added, deleted, path; a binary file ("-") outside the folders counts as one line.
git diff --no-renames --numstat "$base...$tip" | awk -v name="$name" -v id="$id" -v limit="$limit" '
    function inside(path) {
        return index(path, "Sources/Games/" name "/") == 1 || index(path, "Tests/Games/" name "/") == 1 \
            || index(path, "Scenes/" id "/") == 1 || index(path, "Golden/" id "/") == 1 || path == "docs/games/" id ".md"
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
        printf "%s (%s): %d lines changed outside its folders (limit %d), %d inside\n", name, id, outside, limit, own
        exit (outside > limit ? 1 : 0)
    }'
