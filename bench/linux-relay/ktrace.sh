#!/usr/bin/env bash
# Runs bench/linux-relay/run.sh once with the kernel's TCP tracepoints on (tcp_probe: every ACK
# the sender takes, with cwnd, ssthresh, srtt, snd_una, snd_nxt; tcp_cong_state_set: Open,
# Disorder, CWR, Recovery, Loss) and writes them to FILE, the connection to port 5201 only.
# usage: bench/linux-relay/ktrace.sh FILE [run.sh options]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 FILE [run.sh options]" >&2; exit 2; }
file="$1"; shift
t=/sys/kernel/tracing
[ -d $t/events/tcp ] || mount -t tracefs nodev $t
echo 0 > $t/tracing_on; echo > $t/trace; echo 32768 > $t/buffer_size_kb
echo 'dport == 5201' > $t/events/tcp/tcp_probe/filter
echo 'dport == 5201' > $t/events/tcp/tcp_cong_state_set/filter
echo 1 > $t/events/tcp/tcp_probe/enable; echo 1 > $t/events/tcp/tcp_cong_state_set/enable
echo 1 > $t/tracing_on
"$here/run.sh" --runs 1 "$@"
echo 0 > $t/tracing_on
echo 0 > $t/events/tcp/tcp_probe/enable; echo 0 > $t/events/tcp/tcp_cong_state_set/enable
cp $t/trace "$file"; echo > $t/trace
echo "ktrace: $(grep -c tcp_probe "$file") tcp_probe and $(grep -c tcp_cong_state_set "$file") tcp_cong_state_set lines in $file" >&2
