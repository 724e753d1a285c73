#!/usr/bin/env bash
# Renders a scene on a Slurm cluster: a job array of N shards (`render --shard auto`, one
# slice of the frames each) into a shared folder, then an assemble job that starts only when
# every shard succeeded (--dependency=afterok). Prints the two job ids: "ARRAY ASSEMBLE".
#
#   deploy/slurm/render-array.sh [-n SHARDS] [-p PIECES_DIR] [-o FINAL.mp4] [SCENE] [-- RENDER OPTIONS…]
#
# PIECES_DIR and FINAL must be on a file system every node sees. ARIA_RENDER names the tool
# (default: aria-render on PATH); SBATCH_OPTIONS adds sbatch options (a partition, an account,
# a time limit). A failed shard is re-run alone with `sbatch --array=I …` (docs/farm.md).
set -euo pipefail

shards=4; pieces=""; final=""; scene=()
while (($#)); do
    case "$1" in
        -n) shards="$2"; shift 2 ;;
        -p) pieces="$2"; shift 2 ;;
        -o) final="$2"; shift 2 ;;
        --) shift; break ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        -*) echo "render-array.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) scene=("$1"); shift ;;
    esac
done
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then echo "render-array.sh: -n $shards is not a number of shards" >&2; exit 2; fi
if ! command -v sbatch >/dev/null; then echo "render-array.sh: sbatch not found; is this a Slurm login node?" >&2; exit 3; fi
tool="${ARIA_RENDER:-$(command -v aria-render || true)}"
if [[ -z "$tool" ]]; then echo "render-array.sh: aria-render not found; put it on PATH or set ARIA_RENDER" >&2; exit 3; fi
name="$(basename "${scene[0]:-default}")"; name="${name%.*}"
pieces="${pieces:-$PWD/out/$name-pieces}"
final="${final:-$PWD/out/$name.mp4}"
mkdir -p "$pieces/logs" "$(dirname "$final")"

quote() { printf '%q ' "$@"; }
# One task per shard, one core each: `--shard auto` reads SLURM_ARRAY_TASK_ID and the array's size.
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=aria-render --array=0-$((shards - 1)) --cpus-per-task=1 \
    --output="$pieces/logs/shard-%a.log" \
    --wrap="$(quote "$tool" render "${scene[@]}" "$@" --shard auto -o "$pieces" --quiet)")
array="${array%%;*}"
assemble=$(sbatch --parsable ${SBATCH_OPTIONS:-} --job-name=aria-assemble --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
    --output="$pieces/logs/assemble.log" \
    --wrap="$(quote "$tool" assemble "$pieces" -o "$final")")
echo "${array} ${assemble%%;*}"
