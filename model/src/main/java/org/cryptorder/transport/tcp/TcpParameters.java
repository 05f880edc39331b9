package org.cryptorder.transport.tcp;

import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys TCP reads: a {@code tcp} traffic entry's (connections, congestion control, Linux or
 * textbook behaviour, the application's writes and reads, pacing, direction) and the hosts' GSO
 * switch ({@code hosts.gso}).
 */
public final class TcpParameters {
    private TcpParameters() {
    }

    /** {@code hosts.gso}. */
    public static final Parameter GSO = Parameter.flag("gso",
            "Whether Linux-mode TCP hands the MACsec device GSO skbs of several MSS (net/ipv4/tcp_output.c: "
                    + "tcp_tso_autosize, about 1 ms of data at the pacing rate, from 5.18 up to 64 KB, 46 segments, "
                    + "when the minimum RTT is under 512 us; at least 2 segments; at most half of cwnd), which the "
                    + "MACsec device, having no TSO, cuts into frames in software, each its own MACsec frame and AEAD "
                    + "request. Linux's TCP always does so (sk_setup_caps); false sends one MSS per skb, a switch for "
                    + "teaching. When absent, true. Only with a Linux-mode TCP traffic entry.");

    /** {@code tcpTraffic.flows}. */
    public static final Parameter FLOWS = Parameter.integer("flows", "flows",
            "Connections; 0 makes the entry add nothing, so that a sweep can switch it on and off (a reverse "
                    + "entry, say).")
            .range(0, 1024).byDefault(1, "iperf3's default, one stream (-P 1)");

    /** {@code tcpTraffic.congestionControl}. */
    public static final Parameter CONGESTION_CONTROL = Parameter.choice("congestionControl",
            Parameter.keysOf(CongestionControlKind.values()),
            "cubic, Linux's default with HyStart, or reno.")
            .byDefault("cubic", "Linux's default, CONFIG_DEFAULT_TCP_CONG=cubic");

    /** {@code tcpTraffic.mode}. */
    public static final Parameter MODE = Parameter.choice("mode", Parameter.keysOf(TcpMode.values()),
            "linux: RACK-TLP, D-SACK and undo as Linux 6.x; textbook: fixed dupthresh 3, no undo.")
            .byDefault("linux", "Linux's TCP (net/ipv4/tcp_input.c, tcp_recovery.c of crypto.kernel)");

    /** {@code tcpTraffic.writeBytes}. */
    public static final Parameter WRITE_BYTES = Parameter.integer("writeBytes", "octets",
            "Octets of each write() of the sending application (iperf3 -l; its TCP default is 128 KiB). The "
                    + "write owns the socket (tcp_sendmsg): ACKs arriving meanwhile go to the backlog and are processed"
                    + " on the application's CPU. 0: no application model (a send buffer always full, every segment "
                    + "after the first window sent from softirq).")
            .range(0, 1073741824).byDefault(SendPath.IPERF3_TCP_BLOCK,
                    "iperf3's default TCP block, 128 KiB (-l; DEFAULT_TCP_BLKSIZE in iperf3's src/iperf.h)");

    /** {@code tcpTraffic.pacing}. */
    public static final Parameter PACING = Parameter.choice("pacing", Parameter.keysOf(TcpPacing.values()),
            "Whether TCP paces the sender itself (sk_pacing_status). none: SK_PACING_NONE, a socket that "
                    + "started with CUBIC or Reno. internal: SK_PACING_NEEDED, TCP's own pacing at sk_pacing_rate "
                    + "(tcp_update_skb_after_send, tcp_pacing_check, the pacing hrtimer), and HyStart's ACK-train "
                    + "threshold not halved; Linux has it when BBR initialised the socket (bbr_init) or "
                    + "SO_MAX_PACING_RATE was set, and it stays after a switch to CUBIC: iperf3 sets -C after "
                    + "connect(), so 'iperf3 -C cubic' on a host whose net.ipv4.tcp_congestion_control is bbr runs a "
                    + "paced CUBIC flow. internal needs crypto.kernel 5.6 or later (before it HyStart halved every "
                    + "socket's ACK train).")
            .byDefault("none", 
                    "a socket that starts with CUBIC or Reno does not pace (sk_pacing_status SK_PACING_NONE)");

    /** {@code tcpTraffic.readBytes}. */
    public static final Parameter READ_BYTES = Parameter.integer("readBytes", "octets",
            "Octets each read() of the receiving application asks for (iperf3 -s: its block, 128 KiB). With "
                    + "it, iperf3 -s sleeps in select() until in-order data is readable, then reads the non-blocking "
                    + "socket until it has its block or a read returns EAGAIN; each read owns the socket (segments "
                    + "arriving meanwhile go to the backlog, processed at release_sock), and tcp_cleanup_rbuf may ACK "
                    + "after it. The socket then has Linux's receive memory and window: truesize charged per segment, "
                    + "__tcp_select_window capped by rcv_ssthresh, the immediate ACK held back while unread data would "
                    + "shrink the window, rcv_ssthresh's growth, the measured scaling ratio and receive-buffer "
                    + "autotuning, all by crypto.kernel (4.20 or later, Linux mode; before 6.5 the window is "
                    + "tcp_adv_win_scale's fixed half of the buffer). 0: in-order data is read the moment it arrives "
                    + "and the window is fixed at 3 MiB.")
            .range(0, 1073741824)
            .byDefault(0, "the model's choice: no application reads, so a file that does not ask for the receive "
                    + "path's reads keeps the simpler receiver");

    /** {@code tcpTraffic.reverse}. */
    public static final Parameter REVERSE = Parameter.flag("reverse",
            "Whether the entry's flows go the other way, from host b to host a (iperf3 -R), at the same time "
                    + "as the entries that go from a to b: its sender on b at hosts.appCpu, its receiver on a, sharing "
                    + "both hosts' CPUs, NICs and the SA of each direction. Its own figures are not in the tables, "
                    + "which are of a's traffic to b. Absent: false.");

    /** A {@code tcp} traffic entry (its {@code kind} is the experiment's). */
    public static final ParameterGroup TCP = ParameterGroup.of("tcpTraffic",
            "Bulk TCP flows like iperf3: iperf3 -c on host a, -s on host b, MSS from the link MTU.",
            FLOWS, CONGESTION_CONTROL, MODE, WRITE_BYTES, PACING, READ_BYTES, REVERSE);
}
