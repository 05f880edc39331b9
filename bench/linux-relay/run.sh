#!/usr/bin/env bash
# Measures Linux TCP (this machine's kernel) through bench/linux-relay/relay.c: two network
# namespaces joined through a third that runs the relay, iperf3 between them, nstat and ss
# read in the sender's namespace. Needs root, iproute2, ethtool, iperf3 and gcc; not part of
# `mvn -B verify`. See docs/tcp.md, "Linux on this path".
#
# usage: bench/linux-relay/run.sh [--delay-us D] [--every K] [--hold H] [--seconds S] [--runs N]
#                                 [--rate-mbps R] [--limit N] [--cc cubic] [--trace FILE]
#                                 [--netns-default-cc NAME] [--log FILE] [--relay "OPTIONS"] [--iperf "OPTIONS"]
# prints one line per run: goodput, retransmits, min_rtt, the TcpExt counters of issue 18, and
# tp->reordering read by ss 0.3 s before the end. --trace FILE: ss -tin of the flow every 10 ms
# (time, cwnd, ssthresh, rtt, reordering, unacked, retrans) into FILE, for the last run. --log FILE:
# the relay's record of every a->b data segment (received, dropped, held, delivered; relay.c).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
delay=500 every=100 hold=100 seconds=10 runs=1 rate=200 limit=100 cc=cubic trace= netns_cc= seglog= relay_opts= iperf_opts=
while [ $# -gt 0 ]; do
  case "$1" in
    --delay-us) delay="$2" ;; --every) every="$2" ;; --hold) hold="$2" ;; --seconds) seconds="$2" ;;
    --runs) runs="$2" ;; --trace) trace="$2" ;; --netns-default-cc) netns_cc="$2" ;; --log) seglog="$2" ;; --relay) relay_opts="$2" ;; --iperf) iperf_opts="$2" ;; --rate-mbps) rate="$2" ;; --limit) limit="$2" ;; --cc) cc="$2" ;;
    *) echo "run.sh: unknown option $1 (see the usage at the top of $0)" >&2; exit 2 ;;
  esac
  shift 2
done
for tool in ip ethtool iperf3 gcc nstat ss ping python3; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool is missing (apt-get install iproute2 ethtool iperf3 gcc iputils-ping python3)" >&2; exit 2; }
done
[ "$(id -u)" = 0 ] || { echo "run.sh: needs root (network namespaces)" >&2; exit 2; }
relay=/tmp/cryptorder-relay
allowed_before=$(sysctl -n net.ipv4.tcp_allowed_congestion_control)
if [ -n "$netns_cc" ]; then
  # a namespace may only default to an algorithm the host allows (tcp_set_default_congestion_control)
  case " $allowed_before " in *" $netns_cc "*) ;; *) sysctl -q -w net.ipv4.tcp_allowed_congestion_control="$allowed_before $netns_cc" ;; esac
fi
gcc -O2 -Wall -o "$relay" "$here/relay.c"

A=cr-a B=cr-b R=cr-r
teardown() {
  [ -n "${relay_pid:-}" ] && kill "$relay_pid" 2>/dev/null && wait "$relay_pid" 2>/dev/null || true
  relay_pid=
  for ns in $A $B $R; do ip netns del "$ns" 2>/dev/null || true; done
}
trap 'teardown; sysctl -q -w net.ipv4.tcp_allowed_congestion_control="$allowed_before"' EXIT

setup() {
  teardown
  for ns in $A $B $R; do ip netns add "$ns"; ip -n "$ns" link set lo up; done
  ip link add va netns $A type veth peer name ra netns $R
  ip link add vb netns $B type veth peer name rb netns $R
  ip -n $A addr add 10.77.0.1/24 dev va
  ip -n $B addr add 10.77.0.2/24 dev vb
  for pair in "$A va" "$B vb" "$R ra" "$R rb"; do
    set -- $pair
    ip netns exec "$1" ethtool -K "$2" tx off tso off gso off gro off >/dev/null 2>&1 || true
    ip -n "$1" link set "$2" up
  done
  for ns in $A $B; do
    ip netns exec $ns sysctl -q -w net.ipv4.tcp_no_metrics_save=1
    # iperf3 -C sets the flow's algorithm; the namespace's default is what the socket starts with
    # (inherited from the host, bbr on some kernels), and a socket that started with bbr stays
    # paced (SK_PACING_NEEDED) after the switch: --netns-default-cc cubic starts it with cubic
    [ -n "$netns_cc" ] && ip netns exec $ns sysctl -q -w net.ipv4.tcp_congestion_control="$netns_cc"
  done
  ip netns exec $R "$relay" ra rb --rate-mbps "$rate" --limit "$limit" --delay-us "$delay" --every "$every" --hold "$hold" ${seglog:+--log "$seglog"} $relay_opts \
      > /tmp/cryptorder-relay.out 2>/tmp/cryptorder-relay.err &
  relay_pid=$!
  sleep 0.3
}

counter() { awk -v k="$1" '$1 == k { print $2; f = 1 } END { if (!f) print 0 }' "$2"; }

echo "# $(uname -r), namespace default ${netns_cc:-$(sysctl -n net.ipv4.tcp_congestion_control)}, HZ $(zcat /proc/config.gz 2>/dev/null | sed -n 's/^CONFIG_HZ=//p'), $cc, ${rate} Mbit/s, limit $limit, one-way ${delay} us, every ${every} held for ${hold}, ${seconds} s; load $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq 1 "$runs"); do
  setup
  ping_rtt=$(ip netns exec $A ping -q -c 20 -i 0.05 10.77.0.2 | sed -n 's|.*= \([0-9.]*\)/\([0-9.]*\)/.*|\1 \2|p')
  ip netns exec $B iperf3 -s -1 >/dev/null 2>&1 &
  server=$!
  sleep 0.3
  out=$(mktemp)
  ip netns exec $A iperf3 -c 10.77.0.2 -t "$seconds" -C "$cc" $iperf_opts -J > "$out.json" &
  client=$!
  if [ -n "$trace" ]; then
    ( t0=$(date +%s.%N); : > "$trace"
      while kill -0 $client 2>/dev/null; do
        line=$(ip netns exec $A ss -tin dst 10.77.0.2 dport = 5201 2>/dev/null | tail -n +2 | grep -v '^ESTAB\|^State' | tr '\n' ' ') || true
        [ -n "$line" ] && echo "$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN { printf "%.3f", a - b }') $line" >> "$trace"
        sleep 0.01
      done ) &
  fi
  sleep "$(awk -v s="$seconds" 'BEGIN { print s - 0.3 + 0.1 }')"
  ip netns exec $A ss -tin dst 10.77.0.2 > "$out.ss" || true
  wait $client; wait $server 2>/dev/null || true
  ip netns exec $A nstat -az > "$out.nstat"
  teardown
  reord=$( (grep -o 'reordering:[0-9]*' "$out.ss" || true) | cut -d: -f2 | sort -n | tail -1)
  python3 - "$out.json" "$out.nstat" "$run" "$ping_rtt" "${reord:-3}" /tmp/cryptorder-relay.out <<'PY'
import json, sys
report, nstat, run, ping, reordering, relay = sys.argv[1:]
end = json.load(open(report))["end"]
counters = dict(line.split()[:2] for line in open(nstat) if line.startswith("TcpExt"))
names = ["TCPTSReorder", "TCPPartialUndo", "TCPDSACKUndo", "TCPSackRecovery", "TCPLossProbes",
         "TCPSACKReorder", "TCPDSACKRecv", "TCPFullUndo", "TCPLossUndo", "TCPTimeouts",
         "TCPHystartTrainDetect", "TCPHystartTrainCwnd", "TCPHystartDelayDetect", "TCPHystartDelayCwnd"]
ping_min, ping_avg = (ping.split() + ["?", "?"])[:2]
print(f"run {run}: ping min/avg {ping_min}/{ping_avg} ms; goodput {end['sum_received']['bits_per_second'] / 1e6:.1f} Mbit/s, "
      f"retransmits {end['sum_sent']['retransmits']}, min_rtt {end['streams'][0]['sender']['min_rtt'] / 1000:.2f} ms, "
      + ", ".join(f"{n} {counters.get('TcpExt' + n, '0')}" for n in names)
      + f", reordering {reordering}; relay: " + "; ".join(l.strip() for l in open(relay)))
PY
  rm -f "$out" "$out.json" "$out.ss" "$out.nstat"
done
