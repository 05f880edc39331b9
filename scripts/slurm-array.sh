#!/usr/bin/env bash
# Runs one experiment file as a Slurm job array, one shard per array task:
#
#   sbatch --array=0-3 scripts/slurm-array.sh experiments/X.json results/X
#   ... when every task is done:
#   ./cryptorder merge results/X
#
# Task I of an array of N (--array=0-(N-1)) runs ./cryptorder run FILE --shard auto/N --out DIR:
# I comes from SLURM_ARRAY_TASK_ID, N from SLURM_ARRAY_TASK_COUNT (give N as a third argument to
# override). DIR must be on a file system every node sees. Each task uses the CPUs Slurm gave it
# (--cpus-per-task, default 1) as --jobs. Build the jar once before submitting (./cryptorder
# --version) so the tasks do not all build it. CRYPTORDER names the launcher to run (default:
# ./cryptorder in the folder sbatch was called from).
#SBATCH --job-name=cryptorder
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: sbatch --array=0-(N-1) $0 FILE DIR [N]" >&2
  exit 2
fi
file=$1
out=$2
: "${SLURM_ARRAY_TASK_ID:?not in a Slurm job array: submit with sbatch --array=0-(N-1)}"
count=${3:-${SLURM_ARRAY_TASK_COUNT:?SLURM_ARRAY_TASK_COUNT is not set: give N as the third argument}}
if [ "${SLURM_ARRAY_TASK_MIN:-0}" != 0 ] || [ "${SLURM_ARRAY_TASK_MAX:-$((count - 1))}" != $((count - 1)) ]; then
  echo "$0: the array must be 0-$((count - 1)) for $count shards, got ${SLURM_ARRAY_TASK_MIN}-${SLURM_ARRAY_TASK_MAX}" >&2
  exit 2
fi
cd "${SLURM_SUBMIT_DIR:-.}"
launcher=${CRYPTORDER:-./cryptorder}
# each task is one command in a fresh JVM: no background process to outlive the job step
export CRYPTORDER_DAEMON=0
exec "$launcher" run "$file" --shard "auto/$count" --out "$out" --quiet --jobs "${SLURM_CPUS_PER_TASK:-1}"
