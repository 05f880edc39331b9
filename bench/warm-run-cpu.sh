#!/usr/bin/env bash
# bench/warm-run-cpu.sh: the CPU time the warm background process spends on whole `./cryptorder run` invocations of
# the benchmark's TCP async scenario (bench/tcp-async.json), which bench/short-runs.sh cannot see (its CPU column
# for the daemon is the client's). Starts this checkout's background process (a `validate`, untimed), runs ROUNDS
# rounds of one `run` per simulated duration, each followed by a `chart` of its folder (the charts and report
# alone), and prints per command the background process's CPU seconds from /proc/<pid>/stat (all its threads,
# also those that ended), the part of its JIT compiler threads and of its collector threads, and the wall time.
#
#   bench/warm-run-cpu.sh [-n ROUNDS] [-d "0.5 3"] [-s] [CHECKOUT ...]
#
# CHECKOUT: a directory holding a ./cryptorder, its built jar and data/ (default: this one); with several, each
# round runs them one after the other, each in its own background process, so that before and after a change meet
# the same load. -s: stop their background processes first (by pid), so that the first round meets fresh ones.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=5
durations="0.5 3"
stop=0
while getopts n:d:s o; do
  case $o in
    n) rounds=$OPTARG ;;
    d) durations=$OPTARG ;;
    s) stop=1 ;;
    *) echo "usage: $0 [-n ROUNDS] [-d \"0.5 3\"] [-s]" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: -n takes a positive count, got '$rounds'" >&2; exit 2; }

shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "$here"
abs=()
for c in "$@"; do
  [ -x "$c/cryptorder" ] || { echo "$0: no ./cryptorder in '$c'" >&2; exit 2; }
  abs+=("$(cd "$c" && pwd)")
done
set -- "${abs[@]}"
daemon_pid() {  # the background process of checkout $1, by its command line (jar path and main class)
  pgrep -f -- "-cp $1/cli/target/cryptorder.jar org.cryptorder.cli.daemon.DaemonServer" | head -1
}
declare -A pids
for c in "$@"; do
  (cd "$c" && ./cryptorder --version >/dev/null)   # builds the jar and the archive first, outside the timings
  if [ "$stop" = 1 ] && pid=$(daemon_pid "$c") && [ -n "$pid" ]; then
    kill "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  fi
  (cd "$c" && ./cryptorder validate bench/tcp-async.json >/dev/null 2>&1)
  pids[$c]=$(daemon_pid "$c")
  [ -n "${pids[$c]}" ] || { echo "$0: no background process of $c" >&2; exit 1; }
done
tck=$(getconf CLK_TCK)

cpu() {  # utime+stime in ticks of process $1: all of it ($2 = all), or its live threads whose name matches $2
  if [ "$2" = all ]; then
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
  else
    local sum=0 t
    for t in /proc/"$1"/task/*; do
      grep -qE "$2" "$t/comm" 2>/dev/null || continue
      sum=$((sum + $(awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "$t/stat" 2>/dev/null || echo 0)))
    done
    echo "$sum"
  fi
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() {  # label, checkout, command...: one line of the table
  local label=$1 c=$2 p a0 c0 g0 a1 c1 g1 t0 t1
  shift 2
  p=${pids[$c]}
  a0=$(cpu "$p" all); c0=$(cpu "$p" '^C[12] Compiler'); g0=$(cpu "$p" '^(GC Thread|G1 )')
  t0=$(date +%s.%N)
  (cd "$c" && "$@" >/dev/null 2>&1)
  t1=$(date +%s.%N)
  a1=$(cpu "$p" all); c1=$(cpu "$p" '^C[12] Compiler'); g1=$(cpu "$p" '^(GC Thread|G1 )')
  awk -v l="$label" -v a=$((a1 - a0)) -v c=$((c1 - c0)) -v g=$((g1 - g0)) -v w="$(echo "$t1 - $t0" | bc)" -v k="$tck" \
    'BEGIN { printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", l, a / k, c / k, g / k, (a - c - g) / k, w }'
}
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| checkout, round, command | daemon CPU s | of which JIT compilers | of which collector | the rest | wall s |"
echo "|---|---:|---:|---:|---:|---:|"
for ((r = 1; r <= rounds; r++)); do
  for d in $durations; do
    for c in "$@"; do
      n=$(basename "$c")
      measure "$n, $r, run $d s" "$c" ./cryptorder run --quiet --out "$work/$n-$d" --set run.durationS="$d" \
        bench/tcp-async.json
      measure "$n, $r, chart ($d s)" "$c" ./cryptorder chart "$work/$n-$d"
    done
  done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
echo
echo "load average before: $load0; after: $load1; $(nproc) processors; $(java -version 2>&1 | head -1); background processes: ${pids[*]}"
