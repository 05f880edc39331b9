package org.cryptorder.net;

import java.util.IdentityHashMap;
import java.util.Map;
import org.cryptorder.macsec.RxVerdict;

/**
 * Finds where {@code explain --around-first-reordered} starts: tapped on both hosts' MACsec devices
 * ({@link Host#capture}), it notes the first frame delivered with {@link RxVerdict#DELAYED}
 * (counted InPktsDelayed) and gives the instant the frame {@code lead} frames before it entered
 * MACsec TX, counting the frames of both directions in the order they entered.
 */
public final class FirstDelayedTap implements FrameTap {
    private final double[] starts;
    private final Map<Packet, Double> leadOf = new IdentityHashMap<>();
    private long entered;
    private double found = -1;

    /** @param lead how many frames before the first delayed one to start, at least 0 */
    public FirstDelayedTap(int lead) {
        if (lead < 0) {
            throw new IllegalArgumentException("lead must not be negative");
        }
        this.starts = new double[lead + 1];
    }

    @Override
    public void frame(double timeNs, Packet p, boolean sent) {
        if (found >= 0) {
            return;
        }
        if (sent) {
            starts[(int) (entered % starts.length)] = timeNs;
            entered++;
            // the oldest of the last lead + 1 entries, or the first frame's when fewer entered
            leadOf.put(p, starts[entered >= starts.length ? (int) (entered % starts.length) : 0]);
            return;
        }
        Double lead = leadOf.remove(p);
        if (p.verdict() == RxVerdict.DELAYED) {
            found = lead != null ? lead : p.createdAt();
            leadOf.clear();
        }
    }

    /** The instant to start from, ns, or -1 when no frame was counted InPktsDelayed. */
    public double startNs() {
        return found;
    }
}
