#!/usr/bin/env bash
# bench/short-runs.sh: wall and user CPU time of whole `./cryptorder run` invocations of the benchmark's TCP
# async scenario (bench/tcp-async.json), each in a fresh JVM, for launcher variants alternated round by round so
# that a change of machine load hits them all alike. Prints a Markdown table: per variant and simulated duration,
# the median and range of wall and user+sys CPU seconds, and the load average before and after.
#
#   bench/short-runs.sh [-n ROUNDS] [-d "0.5 3"] [VARIANT ...]
#
# A VARIANT is NAME=JAVA_OPTS with the launcher's mode as a prefix: "cds:" (a fresh JVM with the launcher's
# class-data archive), "nocds:" (a fresh JVM, CRYPTORDER_CDS=0) or "daemon:" (the warm background process, started
# before the timings), e.g.  'tiered1=cds:-XX:TieredStopAtLevel=1'. Default variants: no CDS, CDS, daemon.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=5
durations="0.5 3"
while getopts n:d: o; do
  case $o in
    n) rounds=$OPTARG ;;
    d) durations=$OPTARG ;;
    *) echo "usage: $0 [-n ROUNDS] [-d \"0.5 3\"] [NAME=cds:OPTS|nocds:OPTS ...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "no-cds=nocds:" "cds=cds:" "daemon=daemon:"
for v in "$@"; do
  case $v in
    *=cds:*|*=nocds:*|*=daemon:*) ;;
    *) echo "$0: a variant is NAME=cds:JAVA_OPTS, NAME=nocds:JAVA_OPTS or NAME=daemon:JAVA_OPTS, got '$v'" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: -n takes a positive count, got '$rounds'" >&2; exit 2; }

CRYPTORDER_CDS=1 "$here/cryptorder" --version >/dev/null   # builds the jar and the archive first, outside the timings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for v in "$@"; do   # start the background processes the daemon variants use, outside the timings
  spec=${v#*=}
  [ "${spec%%:*}" = daemon ] && CRYPTORDER_DAEMON=1 CRYPTORDER_JAVA_OPTS=${spec#*:} "$here/cryptorder" validate \
    "$here/bench/tcp-async.json" >/dev/null 2>&1
done
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for ((r = 0; r < rounds; r++)); do
  for d in $durations; do
    for v in "$@"; do
      name=${v%%=*}
      spec=${v#*=}
      cds=1
      daemon=0
      [ "${spec%%:*}" = nocds ] && cds=0
      [ "${spec%%:*}" = daemon ] && daemon=1
      opts=${spec#*:}
      CRYPTORDER_DAEMON=$daemon CRYPTORDER_CDS=$cds CRYPTORDER_JAVA_OPTS=$opts /usr/bin/time -f "%e %U %S" -a -o "$work/$name-$d" \
        "$here/cryptorder" run --quiet --out "$work/out" --set run.durationS="$d" "$here/bench/tcp-async.json" >/dev/null
    done
  done
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

stats() {  # file of "wall user sys" lines -> median [min-max] of wall ($1 = 1) or of user+sys ($1 = 2)
  awk -v col="$1" '{ print (col == 1) ? $1 : $2 + $3 }' "$2" | sort -g | awk '{ a[NR] = $1 } END {
    m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    printf "%.2f [%.2f-%.2f]", m, a[1], a[NR] }'
}
echo "| variant | JAVA_OPTS | simulated s | invocations | wall s, median [range] | CPU s (user+sys), median [range] |"
echo "|---|---|---:|---:|---|---|"
for d in $durations; do
  for v in "$@"; do
    name=${v%%=*}
    spec=${v#*=}
    echo "| $name | ${spec#*:} | $d | $rounds | $(stats 1 "$work/$name-$d") | $(stats 2 "$work/$name-$d") |"
  done
done
echo
echo "load average before: $load0; after: $load1; $(nproc) processors; $(java -version 2>&1 | head -1)"
case " $* " in *=daemon:*) echo "daemon variants: the CPU column is the client's alone; the command's CPU is the background process's" ;; esac
