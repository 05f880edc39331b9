#!/usr/bin/env bash
# bench/cds-same-results.sh: the class-data archive changes no result. Runs each experiment file given (default:
# experiments/quickstart.json and bench/tcp-async.json) twice through ./cryptorder, with the archive
# (CRYPTORDER_CDS=1) and without (CRYPTORDER_CDS=0), and compares the two runs.csv apart from the wall_seconds
# column (the only one that is not a function of the experiment and the seed). Exit status 0: all identical;
# 1: a difference (shown); 2: bad usage.
#
#   bench/cds-same-results.sh [EXPERIMENT.json ...]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -gt 0 ] || set -- "$here/experiments/quickstart.json" "$here/bench/tcp-async.json"
for f in "$@"; do
  [ -f "$f" ] || { echo "$0: no experiment file '$f'" >&2; exit 2; }
done
CRYPTORDER_CDS=1 "$here/cryptorder" --version >/dev/null   # builds the jar and the archive first
[ -f "$here/cli/target/cryptorder.jsa" ] || { echo "$0: the launcher wrote no class-data archive" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
without_wall() {  # runs.csv without its wall_seconds column
  awk -F, -v OFS=, '/^#/ { print; next }
    !c { for (i = 1; i <= NF; i++) if ($i == "wall_seconds") c = i }
    { $c = ""; print }' "$1"
}
status=0
for f in "$@"; do
  name=$(basename "$f" .json)
  for cds in 0 1; do
    CRYPTORDER_CDS=$cds "$here/cryptorder" run --quiet --out "$work/$name-$cds" "$f" >/dev/null
  done
  if diff <(without_wall "$work/$name-0/runs.csv") <(without_wall "$work/$name-1/runs.csv") >"$work/diff"; then
    echo "$name: runs.csv identical with and without the class-data archive ($(grep -vc '^#' "$work/$name-1/runs.csv") lines, wall_seconds aside)"
  else
    echo "$name: runs.csv DIFFERS with and without the class-data archive:"
    cat "$work/diff"
    status=1
  fi
done
exit $status
