#!/usr/bin/env bash
# Reruns the quickstart and puts what it prints into README.md's "What a run prints" sample, so the
# README shows the output of the model as it is. ReadmeSampleTest fails when the two differ.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command_line='./cryptorder run experiments/quickstart.json --out /tmp/qs'
rm -rf /tmp/qs
printed=$(./cryptorder run experiments/quickstart.json --out /tmp/qs 2>/dev/null | sed '/./,$!d')
grep -qxF "\$ $command_line" README.md || { echo "readme-sample: README.md has no line '\$ $command_line'" >&2; exit 2; }
awk -v cmd="\$ $command_line" -v printed="$printed" '
  $0 == cmd { print; print printed; skip = 1; next }
  skip && /^```$/ { skip = 0 }
  !skip { print }
' README.md > README.md.new
mv README.md.new README.md
echo "readme-sample: README.md's sample is the quickstart's output as of now (git diff README.md shows what moved)" >&2
