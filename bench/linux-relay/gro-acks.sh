#!/usr/bin/env bash
# How many ACKs a Linux TCP receiver sends per data segment, with receive GRO on or off on the
# receiver's veth. Two network namespaces, cr-a (sender, device va) and cr-b (receiver, device vb),
# joined either through a third namespace, cr-r, that runs bench/linux-relay/relay.c (--path relay:
# the rate, queue and delay of run.sh, no segment held: --every 0) or directly by one veth pair
# (--path veth: as fast as the two CPUs carry it). iperf3 -C cubic runs from cr-a to cr-b.
# Needs root, iproute2, ethtool, iperf3, gcc, python3; bpftrace only for --bpf. Not part of
# `mvn -B verify`. See docs/validation/2026-12-07-linux-gro-acks.md.
#
# usage: bench/linux-relay/gro-acks.sh [--path relay|veth] [--gro on|off] [--mtu N] [--seconds S]
#                                      [--runs N] [--rate-mbps R] [--delay-us D] [--limit N]
#                                      [--netns-cc NAME] [--bpf]
#
# Offloads: the sender's va has tx checksum, TSO and GSO off, so TCP hands the device one skb per
# MSS-sized segment; the relay's ra and rb have tx, TSO, GSO and GRO off (the relay reads and writes
# single frames); the receiver's vb has tx checksum off (its ACKs cross the relay as raw frames,
# so they must leave with their checksum filled in); --gro sets GRO on the receiver's vb only (on a veth, GRO on also gives the device
# its NAPI, Linux 5.13 and later; the header line shows `ethtool -k vb`). --netns-cc (default cubic)
# is the namespaces' default congestion control, what the socket starts with before iperf3's -C
# cubic: a socket that starts with bbr stays paced (docs/tcp.md, "Linux on this path").
#
# One line per run, from `nstat -az` read in both namespaces just before the client starts and just
# after it ends (deltas): the receiver's TcpOutSegs (its ACKs: iperf3's receiver sends no data) and
# TcpInSegs, the wire segments it received (IpExtIn{NoECT,ECT0,ECT1,CE}Pkts, which ip_rcv_core
# counts per GRO segment) and the skbs IP received (IpInReceives, one per GRO skb); their quotients
# acks/in (TcpOutSegs / TcpInSegs), acks/wire (TcpOutSegs / wire segments) and segs/skb (wire
# segments / IpInReceives); the sender's TcpOutSegs and TcpRetransSegs; iperf3's goodput; the
# receiver's TCPBacklogCoalesce (segments merged into the skb before them in the socket's backlog
# while iperf3 held the socket) and DelayedACKs (delayed-ACK timer expiries). --bpf adds
# bpftrace's count of the data skbs vb passes up (tracepoint net:netif_receive_skb, after GRO) and
# the mean of their gso_segs (0 counted as 1), and the frames vb took in through napi_gro_receive
# (its NAPI, GRO on) and through netif_rx (no NAPI: the per-CPU backlog, no GRO).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
path=relay gro=off mtu=1500 seconds=10 runs=5 rate=200 delay=500 limit=100 netns_cc=cubic bpf=0
die() { echo "gro-acks.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --bpf) bpf=1; shift; continue ;;
    --path|--gro|--mtu|--seconds|--runs|--rate-mbps|--delay-us|--limit|--netns-cc)
      [ $# -ge 2 ] || die "$1 wants a value" ;;
    *) die "unknown option $1 (see the usage at the top of $0)" ;;
  esac
  case "$1" in
    --path) path="$2" ;; --gro) gro="$2" ;; --mtu) mtu="$2" ;; --seconds) seconds="$2" ;;
    --runs) runs="$2" ;; --rate-mbps) rate="$2" ;; --delay-us) delay="$2" ;; --limit) limit="$2" ;;
    --netns-cc) netns_cc="$2" ;;
  esac
  shift 2
done
case "$path" in relay|veth) ;; *) die "--path is relay or veth, not '$path'" ;; esac
case "$gro" in on|off) ;; *) die "--gro is on or off, not '$gro'" ;; esac
for v in mtu seconds runs; do [[ "${!v}" =~ ^[0-9]+$ ]] && [ "${!v}" -gt 0 ] || die "--$v wants a positive integer, not '${!v}'"; done
[ "$mtu" -ge 576 ] || die "--mtu $mtu is below 576"
# relay.c keeps frames of at most FRAME_MAX (2048) octets, Ethernet header included
[ "$path" = veth ] || [ "$mtu" -le 2000 ] || die "--path relay carries frames of 2048 octets at most: use --mtu 2000 or less, or --path veth"
tools="ip ethtool iperf3 nstat ping python3"; [ "$path" = relay ] && tools="$tools gcc"; [ "$bpf" = 1 ] && tools="$tools bpftrace"
for tool in $tools; do
  command -v "$tool" >/dev/null || die "$tool is missing (apt-get install iproute2 ethtool iperf3 iputils-ping python3 gcc bpftrace)"
done
[ "$(id -u)" = 0 ] || die "needs root (network namespaces, ethtool -K)"
if [ "$bpf" = 1 ] && [ ! -d /sys/kernel/tracing/events/net ]; then
  mount -t tracefs nodev /sys/kernel/tracing || die "--bpf needs tracefs on /sys/kernel/tracing"
fi

A=cr-a B=cr-b R=cr-r
relay=/tmp/cryptorder-relay-gro
work=$(mktemp -d /tmp/gro-acks.XXXXXX)
allowed_before=$(sysctl -n net.ipv4.tcp_allowed_congestion_control)
# a namespace may only default to an algorithm the host allows (tcp_set_default_congestion_control)
case " $allowed_before " in *" $netns_cc "*) ;; *) sysctl -q -w net.ipv4.tcp_allowed_congestion_control="$allowed_before $netns_cc" ;; esac
teardown() {
  for p in ${bpf_pid:-} ${relay_pid:-} ${server_pid:-}; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  bpf_pid= relay_pid= server_pid=
  for ns in $A $B $R; do ip netns del "$ns" 2>/dev/null || true; done
}
trap 'teardown; sysctl -q -w net.ipv4.tcp_allowed_congestion_control="$allowed_before"; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
[ "$path" = relay ] && gcc -O2 -Wall -o "$relay" "$here/relay.c"

setup() {
  teardown
  for ns in $A $B; do ip netns add "$ns"; ip -n "$ns" link set lo up; done
  if [ "$path" = relay ]; then
    ip netns add $R; ip -n $R link set lo up
    ip link add va netns $A type veth peer name ra netns $R
    ip link add vb netns $B type veth peer name rb netns $R
  else
    ip link add va netns $A type veth peer name vb netns $B
  fi
  ip -n $A addr add 10.77.0.1/24 dev va
  ip -n $B addr add 10.77.0.2/24 dev vb
  ip netns exec $A ethtool -K va tx off tso off gso off gro off >/dev/null 2>&1
  # vb's tx checksum off: its ACKs cross the relay as raw frames and must carry their checksum
  ip netns exec $B ethtool -K vb tx off gro "$gro" >/dev/null 2>&1
  local devs="$A:va $B:vb"
  if [ "$path" = relay ]; then
    for d in ra rb; do ip netns exec $R ethtool -K $d tx off tso off gso off gro off >/dev/null 2>&1; done
    devs="$devs $R:ra $R:rb"
  fi
  for nd in $devs; do ip -n "${nd%%:*}" link set "${nd#*:}" mtu "$mtu" up; done
  for ns in $A $B; do
    ip netns exec $ns sysctl -q -w net.ipv4.tcp_no_metrics_save=1
    ip netns exec $ns sysctl -q -w net.ipv4.tcp_congestion_control="$netns_cc"
  done
  if [ "$path" = relay ]; then
    ip netns exec $R "$relay" ra rb --rate-mbps "$rate" --limit "$limit" --delay-us "$delay" --every 0 \
        > "$work/relay.out" 2> "$work/relay.err" &
    relay_pid=$!
    sleep 0.3
  fi
}

feature() { ip netns exec $B ethtool -k vb | awk -v k="$1:" '$1 == k { print $2 }'; }
setup
hz=$(zcat /proc/config.gz 2>/dev/null | sed -n 's/^CONFIG_HZ=//p')
[ -n "$hz" ] || hz=$(sed -n 's/^CONFIG_HZ=//p' "/boot/config-$(uname -r)" 2>/dev/null || true)
what="veth pair, unlimited"; [ "$path" = relay ] && what="relay $rate Mbit/s, limit $limit, one-way $delay us, nothing held"
echo "# $(uname -r), HZ ${hz:-?}, load $(cut -d' ' -f1-3 /proc/loadavg); $what; MTU $mtu; iperf3 -C cubic, namespace default $netns_cc; ${seconds} s x $runs"
echo "# receiver vb: generic-receive-offload $(feature generic-receive-offload), rx-gro-list $(feature rx-gro-list); sender va: tcp-segmentation-offload $(ip netns exec $A ethtool -k va | awk '$1 == "tcp-segmentation-offload:" { print $2 }'), generic-segmentation-offload $(ip netns exec $A ethtool -k va | awk '$1 == "generic-segmentation-offload:" { print $2 }')"

for run in $(seq 1 "$runs"); do
  setup
  ip netns exec $A ping -q -c 3 -i 0.1 10.77.0.2 >/dev/null
  ip netns exec $B iperf3 -s -1 >/dev/null 2>&1 &
  server_pid=$!
  if [ "$bpf" = 1 ]; then
    # every skb vb hands to the stack (after GRO, if any) that carries data: len is the IP packet
    bpftrace -e 'tracepoint:net:netif_receive_skb /str(args->name) == "vb" && args->len > 100/ {
          $s = (struct sk_buff *)args->skbaddr;
          $g = ((struct skb_shared_info *)($s->head + $s->end))->gso_segs;
          @skbs = count(); @segs = sum($g > 0 ? $g : 1); }
        tracepoint:net:napi_gro_receive_entry /str(args->name) == "vb"/ { @gro_entry = count(); }
        tracepoint:net:netif_rx /str(args->name) == "vb"/ { @netif_rx = count(); }' > "$work/bpf.out" 2>&1 &
    bpf_pid=$!
    for _ in $(seq 1 100); do grep -q Attaching "$work/bpf.out" 2>/dev/null && break; sleep 0.1; done
    sleep 0.5
  fi
  sleep 0.3
  ip netns exec $A nstat -azs > "$work/a0"; ip netns exec $B nstat -azs > "$work/b0"
  ip netns exec $A iperf3 -c 10.77.0.2 -t "$seconds" -C cubic -J > "$work/iperf.json"
  ip netns exec $A nstat -azs > "$work/a1"; ip netns exec $B nstat -azs > "$work/b1"
  sleep 0.2; kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=
  if [ "$bpf" = 1 ]; then kill -INT "$bpf_pid"; wait "$bpf_pid" 2>/dev/null || true; bpf_pid=; fi
  [ -n "${relay_pid:-}" ] && { kill "$relay_pid"; wait "$relay_pid" 2>/dev/null || true; relay_pid=; }
  python3 - "$work" "$run" "$bpf" <<'PY'
import json, sys
work, run, bpf = sys.argv[1:]
def read(name):
    return {l.split()[0]: int(l.split()[1]) for l in open(f"{work}/{name}") if l[:1].isalpha() and len(l.split()) >= 2}
a0, a1, b0, b1 = (read(n) for n in ("a0", "a1", "b0", "b1"))
da = lambda k: a1.get(k, 0) - a0.get(k, 0)
db = lambda k: b1.get(k, 0) - b0.get(k, 0)
acks, tcp_in, skbs = db("TcpOutSegs"), db("TcpInSegs"), db("IpInReceives")
wire = sum(db("IpExtIn" + k + "Pkts") for k in ("NoECT", "ECT0", "ECT1", "CE"))
report = json.load(open(f"{work}/iperf.json"))
if "error" in report:
    sys.exit(f"run {run}: iperf3: {report['error']}")
end = report["end"]
line = (f"run {run}: goodput {end['sum_received']['bits_per_second'] / 1e6:.1f} Mbit/s; receiver TcpOutSegs {acks} "
        f"TcpInSegs {tcp_in} wire {wire} IpInReceives {skbs}; acks/in {acks / max(tcp_in, 1):.3f} "
        f"acks/wire {acks / max(wire, 1):.3f} segs/skb {wire / max(skbs, 1):.2f}; sender TcpOutSegs {da('TcpOutSegs')} "
        f"TcpRetransSegs {da('TcpRetransSegs')}; receiver TCPBacklogCoalesce {db('TcpExtTCPBacklogCoalesce')} "
        f"DelayedACKs {db('TcpExtDelayedACKs')}")
if bpf == "1":
    text = open(f"{work}/bpf.out").read()
    vals = {l.split(":")[0].strip("@ "): int(l.split(":")[1]) for l in text.splitlines() if l.startswith("@")}
    n = vals.get("skbs", 0)
    line += (f"; bpftrace netif_receive_skb data skbs {n}, mean gso_segs {vals.get('segs', 0) / max(n, 1):.2f}, "
             f"frames into napi_gro_receive {vals.get('gro_entry', 0)}, into netif_rx {vals.get('netif_rx', 0)}")
try:
    relay = "; ".join(l.strip() for l in open(f"{work}/relay.out") if l.strip())
    if relay: line += "; relay: " + relay
except FileNotFoundError:
    pass
print(line, flush=True)
PY
  rm -f "$work/relay.out"
done
