package org.cryptorder.transport.tcp;

/**
 * How a sender's application writes and the kernel rules of the socket layer that vary by version.
 *
 * @param writeBytes octets of each {@code write()} of the application: iperf3's TCP block ({@code
 *     -l}), 128 KiB by default; 0 for no application model (the first window is sent from the
 *     task, every later segment from softirq, a send buffer of {@link TcpConfig#sendBufferBytes}
 *     always full, no socket lock)
 * @param copyCyclesPerByte CPU cycles per octet the write copies from user space into skbs
 *     ({@code skb_copy_to_page_nocache}), from the CPU profile
 * @param ghz the CPU's clock, to turn cycles into ns
 * @param smallSkbHeads whether skb heads come from the small-head cache of Linux 6.3 and later
 *     (commit bf9f1baa279f): 896 octets of truesize per skb rather than 1280
 * @param flushRunsReleaseCb whether {@code __sk_flush_backlog} calls {@code tcp_release_cb} after
 *     the backlog, as Linux does from 6.7 (commit 4505dc2a5228); before, deferred work waits for
 *     {@code release_sock}
 *
 * <p>Built by name: {@link #writing} gives the application and the newest kernel's rules, and
 * {@link #withSmallSkbHeads} and {@link #withFlushRunsReleaseCb} set an older kernel's (which
 * kernel has which is {@code experiment.records.KernelRules}' to say).
 */
public record SendPath(long writeBytes, double copyCyclesPerByte, double ghz, boolean smallSkbHeads,
                       boolean flushRunsReleaseCb) {

    /** iperf3's default TCP block, octets ({@code DEFAULT_TCP_BLKSIZE}, 128 KiB). */
    public static final long IPERF3_TCP_BLOCK = 128 << 10;

    public SendPath {
        if (writeBytes < 0 || !(copyCyclesPerByte >= 0) || !(ghz > 0)) {
            throw new IllegalArgumentException("bad send path: writeBytes=" + writeBytes
                    + " copyCyclesPerByte=" + copyCyclesPerByte + " ghz=" + ghz);
        }
    }

    /** No application model: the sender's segments go as before the socket lock was modelled. */
    public static final SendPath ALWAYS_FULL = writing(0, 0, 1);

    /**
     * An application writing {@code writeBytes} at a time, its copy costing {@code
     * copyCyclesPerByte} on a CPU of {@code ghz}, on the socket layer of Linux 6.7 and later
     * (small skb heads, {@code tcp_release_cb} in the backlog flush).
     */
    public static SendPath writing(long writeBytes, double copyCyclesPerByte, double ghz) {
        return new SendPath(writeBytes, copyCyclesPerByte, ghz, true, true);
    }

    /** The same with skb heads from the small-head cache (6.3 on) or from kmalloc. */
    public SendPath withSmallSkbHeads(boolean on) {
        return new SendPath(writeBytes, copyCyclesPerByte, ghz, on, flushRunsReleaseCb);
    }

    /** The same with {@code __sk_flush_backlog} running {@code tcp_release_cb} (6.7 on) or not. */
    public SendPath withFlushRunsReleaseCb(boolean on) {
        return new SendPath(writeBytes, copyCyclesPerByte, ghz, smallSkbHeads, on);
    }

    /** Whether the application's writes are modelled. */
    public boolean modelled() {
        return writeBytes > 0;
    }

    /** CPU time to copy {@code n} octets, ns. */
    public double copyNs(long n) {
        return n * copyCyclesPerByte / ghz;
    }
}
