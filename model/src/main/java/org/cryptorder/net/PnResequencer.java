package org.cryptorder.net;

import java.util.PriorityQueue;
import org.cryptorder.host.Cpu;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The driver-side reorder queue proposed in the seed thread, one per RX SA: decrypted frames are
 * released to MACsec's post-processing in PN order. A frame whose predecessor has not completed
 * waits; when a frame has waited {@code timeoutNs}, the queue gives up on the gap and releases from
 * its lowest PN on. Frames with a PN already passed are released at once (MACsec then counts them).
 *
 * <p>Released frames all go up the stack through one CPU's backlog (the CPU that completed the
 * SA's first frame), since frames handed to different CPUs' backlogs could overtake each other
 * again on their way to the socket.
 */
final class PnResequencer {
    private final PriorityQueue<MacsecRequest> held =
            new PriorityQueue<>((x, y) -> Long.compareUnsigned(x.packet.frame().pn(), y.packet.frame().pn()));
    private final MacsecRx rx;
    private final Cpu home;
    private final double timeoutNs;
    private final Event timeout;
    private long nextPn;
    private long timeouts;

    PnResequencer(Cpu home, MacsecRx rx, long firstPn, double timeoutNs) {
        this.rx = rx;
        this.home = home;
        this.nextPn = firstPn;
        this.timeoutNs = timeoutNs;
        this.timeout = new Timeout(home.simulator());
    }

    void offer(MacsecRequest r) {
        long pn = r.packet.frame().pn();
        if (Long.compareUnsigned(pn, nextPn) < 0) {
            rx.postDecrypt(r, home);
            return;
        }
        held.add(r);
        drain();
        if (!held.isEmpty() && timeout.time() < 0) {
            timeout.schedule(timeoutNs);
        }
    }

    private void drain() {
        while (!held.isEmpty() && held.peek().packet.frame().pn() == nextPn) {
            nextPn++;
            rx.postDecrypt(held.poll(), home);
        }
        if (held.isEmpty() && timeout.time() >= 0) {
            timeout.cancel();
        }
    }

    private final class Timeout extends Event {
        Timeout(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            timeouts++;
            MacsecRequest first = held.poll();
            nextPn = first.packet.frame().pn() + 1;
            rx.postDecrypt(first, home);
            drain();
            if (!held.isEmpty()) {
                schedule(timeoutNs);
            }
        }
    }

    long timeouts() {
        return timeouts;
    }
}
