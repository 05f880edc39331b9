#!/usr/bin/env bash
# bench/ns3-side-by-side.sh: cryptorder and ns-3 on the same TCP point-to-point scenario, in data packets per
# CPU-second. ns-3: bench/ns3-tcp-p2p.cc (one TCP CUBIC bulk flow, 256 KB buffers, 20 us, 1500-octet MTU; no
# MACsec, no CPUs), built against Debian's libns3-dev. cryptorder: bench/tcp-async.json at the same link rate
# (the same flow over GCM-AES-128 MACsec with real AES-GCM, CPUs, cryptd and NICs), a whole `./cryptorder run`
# in a fresh JVM, JIT warm-up included. CPU: user + system seconds of the simulation (ns-3: of Simulator::Run,
# getrusage; cryptorder: of the whole process, /usr/bin/time). At 10 Gbit/s, also cryptorder warmed up: `bench
# datapath --scenario tcp --policy async` (the same scenario, after JIT warm-up, CPU of the simulating thread),
# and the same `./cryptorder run` through the warm background process (CPU: the client's and the background
# process's, from /proc, for the one command).
# Not part of mvn verify.
#
#   bench/ns3-side-by-side.sh [-s SIM_SECONDS] [-r "10 1"] [-i]
#     -s  simulated seconds of each run (default 1)
#     -r  link rates, Gbit/s (default "10 1")
#     -i  install ns-3 first if missing (apt-get install -y libns3-dev g++ pkg-config; needs root)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=1
rates="10 1"
install=0
while getopts s:r:i o; do
  case $o in
    s) seconds=$OPTARG ;;
    r) rates=$OPTARG ;;
    i) install=1 ;;
    *) echo "usage: $0 [-s SIM_SECONDS] [-r \"10 1\"] [-i]" >&2; exit 2 ;;
  esac
done
[[ $seconds =~ ^[0-9]*\.?[0-9]+$ ]] || { echo "$0: -s takes simulated seconds, got '$seconds'" >&2; exit 2; }
for r in $rates; do
  [[ $r =~ ^[0-9]*\.?[0-9]+$ ]] || { echo "$0: -r takes link rates in Gbit/s, got '$r'" >&2; exit 2; }
done

if ! pkg-config --exists ns3-point-to-point ns3-applications ns3-internet 2>/dev/null; then
  if [ $install = 1 ]; then
    apt-get install -y libns3-dev g++ pkg-config >&2
  else
    echo "$0: ns-3 is not installed (Debian: apt-get install libns3-dev g++ pkg-config, or run with -i)" >&2
    exit 2
  fi
fi
command -v g++ >/dev/null || { echo "$0: g++ is needed (Debian: apt-get install g++)" >&2; exit 2; }

build="$here/bench/target"
mkdir -p "$build"
binary="$build/ns3-tcp-p2p"
if [ ! -x "$binary" ] || [ "$here/bench/ns3-tcp-p2p.cc" -nt "$binary" ]; then
  # Debian's .pc files name libgsl.so, which only libgsl-dev installs and ns-3's core does not need to link
  flags=()
  for a in $(pkg-config --cflags --libs ns3-core ns3-network ns3-internet ns3-point-to-point ns3-applications); do
    case $a in
      /*) [ -e "$a" ] && flags+=("$a") ;;
      *) flags+=("$a") ;;
    esac
  done
  echo "building $binary ..." >&2
  g++ -O2 -std=c++17 -o "$binary" "$here/bench/ns3-tcp-p2p.cc" "${flags[@]}"
fi
"$here/cryptorder" --version >/dev/null   # builds the jar first, outside the timings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# starts the background process, and warms it with one short run as a user's earlier command would have
CRYPTORDER_DAEMON=1 "$here/cryptorder" run --quiet --out "$work/warm" --set run.durationS=0.1 \
  "$here/bench/tcp-async.json" >/dev/null 2>&1
daemon_cpu() {  # CPU seconds the background process of this checkout has used so far
  local pid
  for pid in $(pgrep -f org.cryptorder.cli.daemon.DaemonServer); do
    if [ "$(readlink "/proc/$pid/cwd")" = "$here" ]; then
      awk -v hz="$(getconf CLK_TCK)" '{ printf "%.3f", ($14 + $15) / hz }' "/proc/$pid/stat"
      return
    fi
  done
  echo 0
}

field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }
column() {  # value of column $1 in the first row of runs.csv $2
  grep -v '^#' "$2" | awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i } NR == 2 { print $c }'
}
load0=$(cut -d' ' -f1-3 /proc/loadavg)
echo "| link | simulator | simulated s | data packets | CPU s | data packets per CPU-s | cryptorder / ns-3 |"
echo "|---|---|---:|---:|---:|---:|---:|"
for r in $rates; do
  line=$("$binary" --rate="${r}Gbps" --seconds="$seconds")
  ns3_packets=$(echo "$line" | field data_packets)
  ns3_cpu=$(echo "$line" | field cpu_seconds)
  CRYPTORDER_DAEMON=0 /usr/bin/time -f "%U %S" -o "$work/time" "$here/cryptorder" run --quiet --out "$work/out" \
    --set run.durationS="$seconds" --set link.rateGbps="$r" "$here/bench/tcp-async.json" >/dev/null
  cr_cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$work/time")
  cr_packets=$(column frames_tx "$work/out/runs.csv")
  awk -v r="$r" -v s="$seconds" -v np="$ns3_packets" -v nc="$ns3_cpu" -v cp="$cr_packets" -v cc="$cr_cpu" 'BEGIN {
    printf "| %s Gbit/s | ns-3 | %s | %d | %.2f | %.0f | |\n", r, s, np, nc, np / nc
    printf "| %s Gbit/s | cryptorder, fresh JVM | %s | %d | %.2f | %.0f | %.2f |\n", r, s, cp, cc, cp / cc, (cp / cc) / (np / nc) }'
  before=$(daemon_cpu)
  CRYPTORDER_DAEMON=1 /usr/bin/time -f "%U %S" -o "$work/time" "$here/cryptorder" run --quiet --out "$work/daemon" \
    --set run.durationS="$seconds" --set link.rateGbps="$r" "$here/bench/tcp-async.json" >/dev/null
  after=$(daemon_cpu)
  dm_cpu=$(awk -v b="$before" -v a="$after" '{ printf "%.3f", $1 + $2 + a - b }' "$work/time")
  dm_packets=$(column frames_tx "$work/daemon/runs.csv")
  awk -v r="$r" -v s="$seconds" -v np="$ns3_packets" -v nc="$ns3_cpu" -v cp="$dm_packets" -v cc="$dm_cpu" 'BEGIN {
    printf "| %s Gbit/s | cryptorder, warm background process | %s | %d | %.2f | %.0f | %.2f |\n", r, s, cp, cc, cp / cc, (cp / cc) / (np / nc) }'
  if [ "$r" = 10 ]; then
    row=$("$here/cryptorder" bench datapath --scenario tcp --policy async --sim-seconds "$seconds" --runs 1 \
          | grep '^| tcp | async |')
    awk -F'|' -v s="$seconds" -v np="$ns3_packets" -v nc="$ns3_cpu" '{
      frames = $4 + 0; rate = $5 + 0
      printf "| 10 Gbit/s | cryptorder, warmed up (bench datapath) | %s | %d | %.2f | %.0f | %.2f |\n", s, frames,
             frames / rate, rate, rate / (np / nc) }' <<<"$row"
  fi
done
echo
echo "load average before: $load0; after: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) processors;" \
  "ns-3 $(pkg-config --modversion ns3-core); $(java -version 2>&1 | head -1)"
