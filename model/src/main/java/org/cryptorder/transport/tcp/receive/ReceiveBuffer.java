package org.cryptorder.transport.tcp.receive;

import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.RingArrays;

/**
 * A receiving socket's memory and the window it makes: {@code sk_rcvbuf}, {@code sk_rmem_alloc}, the
 * receive queue's unread skbs up to {@code copied_seq}, and the window state of {@code tcp_sock}
 * ({@code rcv_ssthresh}, {@code window_clamp}, {@code scaling_ratio}, {@code rcvq_space}), as Linux
 * 6.x keeps them ({@code net/ipv4/tcp_input.c}, {@code tcp_output.c}, {@code include/net/tcp.h}).
 *
 * <ul>
 *   <li>Memory: every data segment queued, in order or out of order, charges its truesize
 *       ({@link org.cryptorder.transport.tcp.SocketLock#RX_TRUESIZE}); a read frees an skb once it is copied whole ({@code
 *       tcp_eat_recv_skb}).
 *   <li>{@code tcp_win_from_space}: space x {@code scaling_ratio} / 256; the ratio starts at {@code
 *       TCP_DEFAULT_SCALING_RATIO} and becomes len / truesize of the segments
 *       ({@code tcp_measure_rcv_mss}), which also resets {@code window_clamp} to the full space.
 *   <li>{@code __tcp_select_window}: the free space ({@code tcp_space}: {@code sk_rcvbuf} less the
 *       backlog and {@code sk_rmem_alloc}) capped by {@code rcv_ssthresh}; below half the full
 *       space quick ACKs stop and below a 16th of it, or an MSS, the window is 0; rounded up to the
 *       window scale. {@code tcp_select_window} never moves the right edge back.
 *   <li>{@code tcp_grow_window}: each in-order segment of 128 octets or more raises {@code
 *       rcv_ssthresh} by at least two of its length, up to the free space and {@code window_clamp},
 *       and asks for a quick ACK ({@code icsk_ack.quick |= 1}).
 *   <li>Receive-buffer autotuning ({@code tcp_rcv_space_adjust}, {@code tcp_rcvbuf_grow}), run on
 *       every read.
 * </ul>
 */
public final class ReceiveBuffer {
    /** {@code TCP_RMEM_TO_WIN_SCALE}. */
    static final int RMEM_TO_WIN_SCALE = 8;
    /** {@code TCP_DEFAULT_SCALING_RATIO}: half of the buffer is window until a segment is measured. */
    static final int DEFAULT_SCALING_RATIO = 1 << (RMEM_TO_WIN_SCALE - 1);

    /** {@code MAX_SKB_FRAGS}: segments one receive-queue skb may gather by coalescing. */
    static final int MAX_SKB_FRAGS = 17;
    /** {@code SKB_DATA_ALIGN(sizeof(struct sk_buff))}: what coalescing frees of a segment's truesize. */
    static final int SK_BUFF_BYTES = 256;

    private final ReadPath path;
    private final int advmss;
    private final int wscale;
    private long rcvbuf;
    private long rmem;
    private int scalingRatio;
    private long windowClamp;
    private long rcvSsthresh;
    private long copiedSeq;
    /** The receive queue: each unread skb's end sequence, truesize and segments, oldest first. */
    private long[] skbEnd = new long[64];
    private int[] skbTruesize = new int[64];
    private int[] skbFrags = new int[64];
    private int head;
    private int count;
    /** {@code rcvq_space}: octets copied per RTT, and where and when its measurement began. */
    private long spaceSpace;
    private long spaceSeq;
    private long spaceTimeNs;
    private final long firstWindow;

    /**
     * The state of a passive open ({@code tcp_openreq_init_rwin} with the listener's full space,
     * {@code tcp_select_initial_window}, {@code tcp_create_openreq_child}, {@code
     * tcp_init_buffer_space}) with {@code tcp_rmem[1]} as the buffer and {@code tcp_app_win} 31:
     * for an MSS of 1448 on Linux 6.18, {@code rcv_wnd} 65,160, {@code window_clamp} and {@code
     * rcv_ssthresh} 64,088, {@code rcvq_space.space} 14,480 (64,076 and 14,600 before the timestamps
     * were taken off first, {@link ReadPath#passiveTsSpace}).
     *
     * @param advmss the MSS this end advertised, timestamps taken off ({@code tp->advmss})
     * @param nowNs the time the connection is established
     */
    ReceiveBuffer(ReadPath path, int advmss, long nowNs) {
        this.path = path;
        this.advmss = advmss;
        this.wscale = path.windowScale();
        this.scalingRatio = path.defaultScalingRatio();
        this.rcvbuf = path.rmemDefault();
        long space = fullSpace();
        if (space > advmss) {
            space = space / advmss * advmss;
        }
        this.firstWindow = space;
        long maxwin = fullSpace();
        // tcp_init_buffer_space's tp->advmss: the timestamps' 12 octets are taken off it only after,
        // until cd171461b90a
        long initMss = path.passiveTsSpace() ? advmss : advmss + TCPOLEN_TSTAMP_ALIGNED;
        windowClamp = Math.min(0xffffL << wscale, maxwin);
        if (windowClamp > 2L * initMss && windowClamp + initMss > maxwin) {
            windowClamp = Math.max(2L * initMss, maxwin - initMss);
        }
        rcvSsthresh = Math.min(firstWindow, windowClamp);
        spaceSpace = Math.min(Math.min(rcvSsthresh, firstWindow), 10L * initMss);
        spaceTimeNs = nowNs;
    }

    /** {@code rcvq_space.space}: the octets copied in the last measured receiver RTT, or the first value. */
    long rcvqSpace() {
        return spaceSpace;
    }

    /** The window of the SYN-ACK: the first {@code rcv_wnd}, octets. */
    long initialWindow() {
        return firstWindow;
    }

    /** {@code tcp_win_from_space}. */
    long winFromSpace(long space) {
        return (space * scalingRatio) >> RMEM_TO_WIN_SCALE;
    }

    /** {@code tcp_space}: the window the free buffer makes. */
    long space(long backlogLen) {
        return winFromSpace(rcvbuf - backlogLen - rmem);
    }

    /** {@code tcp_full_space}. */
    long fullSpace() {
        return winFromSpace(rcvbuf);
    }

    /**
     * {@code __tcp_select_window}: the window to offer now, octets (a multiple of the window scale),
     * and whether quick ACKs must stop ({@link #quickOff}).
     *
     * @param rcvMss the receiver's estimate of the sender's MSS ({@code icsk_ack.rcv_mss})
     * @param backlogLen the socket's backlog, octets of truesize
     */
    long selectWindow(int rcvMss, long backlogLen) {
        quickOff = false;
        long freeSpace = space(backlogLen);
        long allowed = fullSpace();
        long full = Math.min(windowClamp, allowed);
        int mss = rcvMss;
        if (mss > full) {
            mss = (int) full;
            if (mss <= 0) {
                return 0;
            }
        }
        if (freeSpace < (full >> 1)) {
            quickOff = true;
            freeSpace = freeSpace >> wscale << wscale;
            if (freeSpace < (allowed >> 4) || freeSpace < mss) {
                return 0;
            }
        }
        if (freeSpace > rcvSsthresh) {
            freeSpace = rcvSsthresh;
        }
        long unit = 1L << wscale;
        return (freeSpace + unit - 1) / unit * unit;
    }

    /** After {@link #selectWindow}: the free space was under half the full space ({@code icsk_ack.quick = 0}). */
    boolean quickOff;

    /**
     * {@code tcp_grow_window} for an in-order segment of {@code len} octets and truesize {@code
     * truesize}: whether {@code rcv_ssthresh} grew (and a quick ACK is asked for).
     */
    boolean growWindow(int len, int truesize, int rcvMss, long backlogLen) {
        long room = Math.min(windowClamp, space(backlogLen)) - rcvSsthresh;
        if (room <= 0) {
            return false;
        }
        long incr;
        if (winFromSpace(truesize) <= len) {
            incr = 2L * advmss;
        } else {
            incr = growWindowSlow(len, truesize, rcvMss);
        }
        if (incr == 0) {
            return false;
        }
        incr = Math.max(incr, 2L * len);
        rcvSsthresh += Math.min(room, incr);
        return true;
    }

    /** {@code __tcp_grow_window}: an skb whose truesize is large for its length grows the window only while it is small. */
    private long growWindowSlow(int len, int truesize, int rcvMss) {
        long truesizeWin = winFromSpace(truesize) >> 1;
        long window = winFromSpace(path.rmemMax()) >> 1;
        while (rcvSsthresh <= window) {
            if (truesizeWin <= len) {
                return 2L * rcvMss;
            }
            truesizeWin >>= 1;
            window >>= 1;
        }
        return 0;
    }

    /**
     * {@code tcp_measure_rcv_mss}'s ratio: a segment of {@code len} octets whose length differs from
     * the MSS estimate sets {@code scaling_ratio} to len / truesize; if it changed, {@code
     * window_clamp} becomes the full space ({@code tcp_set_window_clamp}) and {@code rcvq_space}
     * is kept within it (commit f5da7c45188e).
     *
     * @param rcvWnd the window offered last ({@code tp->rcv_wnd})
     */
    void measureRatio(int len, int truesize, long rcvWnd) {
        if (path.drs() == ReadPath.Drs.ADV_WIN_SCALE) {
            return;
        }
        int ratio = (int) (((long) len << RMEM_TO_WIN_SCALE) / truesize);
        if (ratio == 0) {
            ratio = 1;
        }
        if (ratio != scalingRatio) {
            scalingRatio = ratio;
            setWindowClamp(fullSpace(), rcvWnd);
            if (windowClamp < spaceSpace) {
                spaceSpace = windowClamp;
            }
        }
    }

    /**
     * {@code tcp_set_window_clamp}: a smaller clamp lowers {@code rcv_ssthresh} to it, a larger one
     * raises {@code rcv_ssthresh} to at most the window offered.
     */
    private void setWindowClamp(long val, long rcvWnd) {
        long v = Math.max(SOCK_MIN_RCVBUF / 2, val);
        if (v < windowClamp) {
            rcvSsthresh = Math.min(rcvSsthresh, v);
        } else {
            rcvSsthresh = Math.max(rcvSsthresh, Math.min(rcvWnd, v));
        }
        windowClamp = v;
    }

    /** {@code TCPOLEN_TSTAMP_ALIGNED}: the timestamp option's octets in every segment. */
    private static final int TCPOLEN_TSTAMP_ALIGNED = 12;

    /** {@code SOCK_MIN_RCVBUF}: 2 x (2048 + the sk_buff's 256), the floor of a clamp. */
    private static final long SOCK_MIN_RCVBUF = 2 * (2048 + SK_BUFF_BYTES);

    /**
     * {@code tcp_rcv_space_adjust}, after a copy: once a receiver RTT ({@code rcvRtt8Ns} / 8) has
     * passed since the last measurement, the octets copied meanwhile size the buffer ({@link
     * ReadPath.Drs}); {@code sk_rcvbuf} and {@code window_clamp} only grow, up to {@code
     * tcp_rmem[2]}.
     *
     * @param rcvNxt RCV.NXT, for what is still queued
     * @param ofoSpan octets from RCV.NXT to the end of the out-of-order queue (0 if empty)
     */
    void spaceAdjust(long nowNs, long rcvRtt8Ns, long rcvNxt, long ofoSpan) {
        long time = nowNs - spaceTimeNs;
        if (rcvRtt8Ns == 0 || time < rcvRtt8Ns >> 3) {
            return;
        }
        long copied = copiedSeq - spaceSeq;
        if (path.inqAware()) {
            copied -= rcvNxt - copiedSeq;
        }
        if (copied > spaceSpace) {
            long old = spaceSpace;
            spaceSpace = copied;
            long rcvwin;
            if (path.drs() == ReadPath.Drs.CUSHION || path.drs() == ReadPath.Drs.ADV_WIN_SCALE) {
                rcvwin = 2 * copied + 16L * advmss;
                rcvwin += 2 * (rcvwin * (copied - old) / old);
            } else {
                rcvwin = copied << 1;
                if (path.drs() == ReadPath.Drs.TWICE_COPIED_AND_GROWTH) {
                    rcvwin += 2 * (rcvwin * (copied - old) / old);
                    rcvwin += ofoSpan;
                }
            }
            growRcvbuf(rcvwin);
        }
        spaceSeq = copiedSeq;
        spaceTimeNs = nowNs;
    }

    /**
     * {@code tcp_rcvbuf_grow(sk, rcvq_space.space)} from {@code tcp_data_queue_ofo} (6.16 on): the
     * buffer covers twice the last RTT's copy and the out-of-order span.
     */
    void ofoGrow(long ofoSpan) {
        if (path.drs() == ReadPath.Drs.TWICE_COPIED || path.drs() == ReadPath.Drs.TWICE_COPIED_AND_GROWTH) {
            growRcvbuf((spaceSpace << 1) + (path.drs() == ReadPath.Drs.TWICE_COPIED_AND_GROWTH ? ofoSpan : 0));
        }
    }

    /** {@code sk_rcvbuf} for window {@code rcvwin} ({@code tcp_space_from_win}), if larger; {@code window_clamp} with it. */
    private void growRcvbuf(long rcvwin) {
        long want = path.drs() == ReadPath.Drs.ADV_WIN_SCALE
                ? Math.min(rcvwin / advmss * rcvmem(), path.rmemMax())
                : Math.min((rcvwin << RMEM_TO_WIN_SCALE) / scalingRatio, path.rmemMax());
        if (want > rcvbuf) {
            rcvbuf = want;
            windowClamp = winFromSpace(rcvbuf);
        }
    }

    /**
     * {@code MAX_TCP_HEADER} on x86-64 with the usual tunnels configured: {@code L1_CACHE_ALIGN(128 +
     * MAX_HEADER)}, {@code MAX_HEADER} = {@code LL_MAX_HEADER} 128 + 48 (assumed: it depends on the
     * build's options; only its remainder modulo 128 can move {@link #rcvmem}).
     */
    private static final int MAX_TCP_HEADER = 320;
    /** {@code SKB_DATA_ALIGN(sizeof(struct skb_shared_info))} on x86-64. */
    private static final int SHARED_INFO_BYTES = 320;

    /**
     * {@code rcvmem} of {@code tcp_rcv_space_adjust} before 6.5: {@code SKB_TRUESIZE(advmss +
     * MAX_TCP_HEADER)}, raised by 128 until {@code tcp_win_from_space} of it holds an MSS.
     */
    private long rcvmem() {
        long m = advmss + MAX_TCP_HEADER + SK_BUFF_BYTES + SHARED_INFO_BYTES;
        while (winFromSpace(m) < advmss) {
            m += 128;
        }
        return m;
    }

    // ---- the receive queue ----

    /**
     * {@code tcp_queue_rcv}: an in-order segment ending at {@code end} joins the receive queue,
     * coalesced into the unread tail skb while that has fewer than {@link #MAX_SKB_FRAGS} segments
     * ({@code tcp_try_coalesce}: its head is stolen as a fragment, so only the sk_buff is freed and
     * {@code truesize - 256} charged), else as an skb of its own, charged its whole truesize
     * ({@code skb_set_owner_r}). Returns the octets charged.
     */
    int queueSegment(long end, int truesize) {
        if (count > 0 && skbFrags[tail()] < MAX_SKB_FRAGS) {
            int t = tail();
            int delta = truesize - SK_BUFF_BYTES;
            skbEnd[t] = end;
            skbTruesize[t] += delta;
            skbFrags[t]++;
            rmem += delta;
            return delta;
        }
        add(end, truesize, 1);
        rmem += truesize;
        return truesize;
    }

    /**
     * {@code tcp_ofo_queue}: out-of-order data up to {@code end}, charged when it was queued ({@code
     * truesize} octets in {@code segments} skbs), moves to the receive queue as it is.
     */
    void queueFromOfo(long end, int truesize, int segments) {
        add(end, truesize, Math.min(segments, MAX_SKB_FRAGS));
    }

    private int tail() {
        return (head + count - 1) % skbEnd.length;
    }

    private void add(long end, int truesize, int frags) {
        if (count == skbEnd.length) {
            skbEnd = RingArrays.doubled(skbEnd, head);
            skbTruesize = RingArrays.doubled(skbTruesize, head);
            skbFrags = RingArrays.doubled(skbFrags, head);
            head = 0;
        }
        int i = (head + count) % skbEnd.length;
        skbEnd[i] = end;
        skbTruesize[i] = truesize;
        skbFrags[i] = frags;
        count++;
    }

    /** Charges an out-of-order segment's {@code truesize} to {@code sk_rmem_alloc} ({@code skb_set_owner_r}). */
    void chargeOfo(int truesize) {
        rmem += truesize;
    }

    /** {@code sk_rmem_alloc}, octets. */
    public long rmemAlloc() {
        return rmem;
    }

    /** {@code copied_seq}. */
    long copiedSeq() {
        return copiedSeq;
    }

    /**
     * Copies up to {@code n} octets of in-order data below {@code rcvNxt} to the application: skbs
     * copied whole are freed. Returns the octets copied.
     */
    long read(long n, long rcvNxt) {
        long copied = Math.min(n, rcvNxt - copiedSeq);
        copiedSeq += copied;
        while (count > 0 && skbEnd[head] <= copiedSeq) {
            rmem -= skbTruesize[head];
            head = (head + 1) % skbEnd.length;
            count--;
        }
        return copied;
    }

    public long rcvbuf() {
        return rcvbuf;
    }

    long rcvSsthresh() {
        return rcvSsthresh;
    }

    long windowClamp() {
        return windowClamp;
    }

    int scalingRatio() {
        return scalingRatio;
    }

    public int wscale() {
        return wscale;
    }
}
