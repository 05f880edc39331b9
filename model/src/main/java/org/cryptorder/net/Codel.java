package org.cryptorder.net;

/**
 * One flow's CoDel state and its dequeue, as Linux's {@code include/net/codel_impl.h} does them
 * ({@code struct codel_vars}, {@code codel_should_drop}, {@code codel_dequeue}), in Linux's
 * arithmetic: time in {@code codel_time_t} units of 1024 ns held in 32 bits with wrapping
 * compares ({@code codel_get_time}, {@code codel_time_after}), and {@code 1/sqrt(count)} kept as a
 * 16-bit fixed-point value refined by one Newton step per change of {@code count}
 * ({@code codel_Newton_step}), so the drop times are Linux's to the nanosecond of its clock.
 *
 * <p>A packet whose sojourn (now minus its enqueue time) is below {@code target}, or that leaves no
 * more than {@code mtu} bytes in the whole qdisc, resets the clock ({@code first_above_time = 0}).
 * Above target, the first such packet starts an interval; a packet dequeued after the interval
 * ends with the sojourn still above target is dropped, and the flow enters the dropping state.
 * In it, the next drop falls at {@code drop_next = t + interval / sqrt(count)}
 * ({@code codel_control_law}), each drop raising {@code count}, until a packet is below target.
 * Re-entering the dropping state within 16 intervals of the last {@code drop_next} starts
 * {@code count} at the drops of the last cycle ({@code count - lastcount}) when that is above 1.
 * Drops are at dequeue, from the head.
 *
 * <p>ECN: {@code fq_codel} asks CoDel to mark rather than drop ({@code cparams.ecn = true}), but
 * {@code INET_ECN_set_ce} marks only an IPv4 or IPv6 skb that is ECN-capable. No frame of the model
 * is: the lower device sees MACsec frames ({@code skb->protocol} is {@code ETH_P_MACSEC}), and the
 * model's TCP and UDP do not set ECT. So every decision to signal is a drop, as here; the ECN mark
 * and {@code ce_threshold} (off by default) are not modelled.
 */
final class Codel {
    /** {@code CODEL_SHIFT}: a {@code codel_time_t} unit is 2^10 ns. */
    static final int SHIFT = 10;
    /** {@code REC_INV_SQRT_SHIFT}: {@code 32 - 16}, the shift to a Q0.32 number. */
    private static final int REC_INV_SQRT_SHIFT = 16;
    private static final long U32 = 0xFFFF_FFFFL;

    /**
     * CoDel's parameters, in {@code codel_time_t} units and bytes.
     *
     * @param target   acceptable standing sojourn ({@code MS2TIME(5)}, 5 ms, {@code codel_params_init})
     * @param interval the window over which the sojourn must stay above target
     *                 ({@code MS2TIME(100)}, 100 ms)
     * @param mtu      no drop while the qdisc holds at most this many bytes ({@code cparams.mtu =
     *                 psched_mtu(dev)} in {@code fq_codel_init})
     */
    record Params(int target, int interval, int mtu) {
        /** Linux's defaults ({@code codel_params_init}) with the floor {@code mtu} bytes. */
        static Params linux(int mtu) {
            return new Params(time(5e6), time(100e6), mtu);
        }
    }

    /** A flow's FIFO as CoDel sees it: {@code dequeue_func}, {@code drop_func} and the qdisc's backlog. */
    interface Queue {
        /** Removes the head packet and takes it out of the qdisc's counts; null when the flow is empty. */
        Packet dequeue();

        /** {@code codel_get_enqueue_time} of the packet {@link #dequeue} returned last. */
        int enqueueTime();

        /** {@code drop_func}: the packet CoDel dropped. */
        void drop(Packet p);

        /** {@code sch->qstats.backlog}: bytes in the whole qdisc now. */
        long backlog();
    }

    /** {@code codel_get_time}: {@code ns >> CODEL_SHIFT}, wrapping in 32 bits. */
    static int time(double ns) {
        return (int) ((long) ns >> SHIFT);
    }

    private static boolean after(int a, int b) {
        return a - b > 0;
    }

    private static boolean afterEq(int a, int b) {
        return a - b >= 0;
    }

    private final Params params;
    /** How many drops since the flow last entered the dropping state. */
    int count;
    /** {@code count} at the last entry to the dropping state. */
    int lastcount;
    boolean dropping;
    /** {@code 1/sqrt(count)} in Q0.16. */
    int recInvSqrt;
    /** When the sojourn went (or will go) above target for a whole interval; 0 when below. */
    int firstAboveTime;
    /** When the next drop is due, or when the last one was. */
    int dropNext;
    /** Sojourn of the last packet dequeued. */
    int ldelay;

    Codel(Params params) {
        this.params = params;
    }

    /** {@code codel_Newton_step}: one Newton iteration of {@code 1/sqrt(count)}. */
    void newtonStep() {
        long invsqrt = ((long) recInvSqrt) << REC_INV_SQRT_SHIFT;
        long invsqrt2 = (invsqrt * invsqrt) >>> 32;
        long val = (3L << 32) - (count & U32) * invsqrt2;
        val >>>= 2;
        val = (val * invsqrt) >>> (32 - 2 + 1);
        recInvSqrt = (int) (val >>> REC_INV_SQRT_SHIFT) & 0xFFFF;
    }

    /** {@code codel_control_law}: {@code t + interval / sqrt(count)}, by {@code reciprocal_scale}. */
    int controlLaw(int t) {
        return t + (int) (((params.interval() & U32) * ((long) recInvSqrt << REC_INV_SQRT_SHIFT)) >>> 32);
    }

    /** {@code codel_should_drop}: whether {@code p}, dequeued at {@code now}, has been above target an interval. */
    private boolean shouldDrop(Packet p, Queue q, int now) {
        if (p == null) {
            firstAboveTime = 0;
            return false;
        }
        ldelay = now - q.enqueueTime();
        if (after(params.target(), ldelay) || q.backlog() <= params.mtu()) {
            firstAboveTime = 0;
            return false;
        }
        boolean okToDrop = false;
        if (firstAboveTime == 0) {
            firstAboveTime = now + params.interval();
        } else if (after(now, firstAboveTime)) {
            okToDrop = true;
        }
        return okToDrop;
    }

    /** {@code codel_dequeue} at {@code now} (CoDel time): the packet to send, dropping from the head as the law says. */
    Packet dequeue(Queue q, int now) {
        Packet p = q.dequeue();
        if (p == null) {
            dropping = false;
            return null;
        }
        boolean drop = shouldDrop(p, q, now);
        if (dropping) {
            if (!drop) {
                dropping = false;
            } else if (afterEq(now, dropNext)) {
                while (dropping && afterEq(now, dropNext)) {
                    count++;
                    newtonStep();
                    q.drop(p);
                    p = q.dequeue();
                    if (!shouldDrop(p, q, now)) {
                        dropping = false;
                    } else {
                        dropNext = controlLaw(dropNext);
                    }
                }
            }
        } else if (drop) {
            q.drop(p);
            p = q.dequeue();
            shouldDrop(p, q, now);
            dropping = true;
            int delta = count - lastcount;
            if (Integer.compareUnsigned(delta, 1) > 0 && after(16 * params.interval(), now - dropNext)) {
                count = delta;
                newtonStep();
            } else {
                count = 1;
                recInvSqrt = 0xFFFF;
            }
            lastcount = count;
            dropNext = controlLaw(now);
        }
        return p;
    }
}
