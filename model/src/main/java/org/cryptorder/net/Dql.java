package org.cryptorder.net;

/**
 * Byte queue limits of one TX queue: the dynamic queue limit algorithm of Linux's
 * {@code lib/dynamic_queue_limits.c} ({@code dql_queued}, {@code dql_avail}, {@code dql_completed}),
 * as {@code netdev_tx_sent_queue} and {@code netdev_tx_completed_queue} call it
 * ({@code include/linux/netdevice.h}).
 *
 * <p>The limit is the octets the driver may hold unfinished. At each completion, the queue was
 * starved if it was over the limit and is now empty (or was over the limit in the previous
 * interval and all of that has completed): the limit then grows by what was queued and completed
 * in the interval plus the previous excess. Otherwise, when it was busy the whole interval, the
 * slack (the limit plus the previous excess less twice what completed, or the part of the last
 * queued object beyond the excess) is noted, and after {@code slack_hold_time} the limit sheds the
 * least slack seen. The hold time is {@code HZ} jiffies ({@code netdev_queue_init} calls
 * {@code dql_init(&queue->dql, HZ)}), so one second on the experiment's tick ({@code hosts.hz}).
 * Bounds: 0 and {@code DQL_MAX_LIMIT}. Counters are 64-bit here (32-bit and wrapping in Linux).
 *
 * <p>Not modelled: the stall detector of 6.9 on ({@code stall_thrs}), a fixed
 * {@code limit_min}/{@code limit_max} from sysfs.
 */
public final class Dql {
    /** {@code DQL_MAX_LIMIT}: {@code UINT_MAX / 2 - DQL_MAX_OBJECT}. */
    public static final long MAX_LIMIT = 0xFFFF_FFFFL / 2 - 0xFFFF_FFFFL / 16;

    private final double jiffyNs;
    private final long slackHoldJiffies;
    private long numQueued;
    private long adjLimit;
    private long lastObjCnt;
    private long limit;
    private long numCompleted;
    private long prevOvlimit;
    private long prevNumQueued;
    private long prevLastObjCnt;
    private long lowestSlack = Long.MAX_VALUE;
    private long slackStartTime;
    private double limitArea;
    private double lastLimitChange;

    /** A queue limit on a kernel with tick {@code hz} (hold time {@code HZ} jiffies), as {@code dql_reset} leaves it. */
    public Dql(int hz) {
        if (hz < 1) {
            throw new IllegalArgumentException("HZ must be positive, got " + hz);
        }
        this.jiffyNs = 1e9 / hz;
        this.slackHoldJiffies = hz;
    }

    private static long posdiff(long a, long b) {
        return a > b ? a - b : 0;
    }

    /** {@code dql_queued}: {@code count} octets handed to the device. */
    public void queued(long count) {
        lastObjCnt = count;
        numQueued += count;
    }

    /** {@code dql_avail}: octets that may still be queued; negative when over the limit (the queue stops). */
    public long avail() {
        return adjLimit - numQueued;
    }

    /** {@code dql_completed}: {@code count} octets finished at {@code now} (ns); recomputes the limit. */
    public void completed(long count, double now) {
        if (count > numQueued - numCompleted) {
            throw new IllegalStateException("BQL: " + count + " octets completed with " + (numQueued - numCompleted)
                    + " in flight");
        }
        long jiffies = (long) Math.floor(now / jiffyNs);
        long completed = numCompleted + count;
        long newLimit = limit;
        long ovlimit = posdiff(numQueued - numCompleted, newLimit);
        long inprogress = numQueued - completed;
        long prevInprogress = prevNumQueued - numCompleted;
        long allPrevCompleted = posdiff(completed, prevNumQueued);
        if ((ovlimit != 0 && inprogress == 0) || (prevOvlimit != 0 && allPrevCompleted != 0)) {
            newLimit += posdiff(completed, prevNumQueued) + prevOvlimit;
            slackStartTime = jiffies;
            lowestSlack = Long.MAX_VALUE;
        } else if (inprogress != 0 && prevInprogress != 0 && allPrevCompleted == 0) {
            long slack = posdiff(newLimit + prevOvlimit, 2 * (completed - numCompleted));
            long slackLastObjs = prevOvlimit != 0 ? posdiff(prevLastObjCnt, prevOvlimit) : 0;
            slack = Math.max(slack, slackLastObjs);
            lowestSlack = Math.min(lowestSlack, slack);
            if (jiffies > slackStartTime + slackHoldJiffies) {
                newLimit = posdiff(newLimit, lowestSlack);
                slackStartTime = jiffies;
                lowestSlack = Long.MAX_VALUE;
            }
        }
        newLimit = Math.min(Math.max(newLimit, 0), MAX_LIMIT);
        if (newLimit != limit) {
            limitArea += limit * (now - lastLimitChange);
            lastLimitChange = now;
            limit = newLimit;
            ovlimit = 0;
        }
        adjLimit = newLimit + completed;
        prevOvlimit = ovlimit;
        prevLastObjCnt = lastObjCnt;
        numCompleted = completed;
        prevNumQueued = numQueued;
    }

    /** The limit now, octets. */
    public long limit() {
        return limit;
    }

    /** Octets queued and not yet completed. */
    public long inFlight() {
        return numQueued - numCompleted;
    }

    /** The integral of the limit over [0, now], octet-ns (a time average's numerator). */
    public double limitArea(double now) {
        return limitArea + limit * (now - lastLimitChange);
    }
}
