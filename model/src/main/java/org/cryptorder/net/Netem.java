package org.cryptorder.net;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.ToLongFunction;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.engine.Streams;
import org.cryptorder.engine.Time;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.metrics.Column;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A network emulator on one link direction, after Linux's {@code sch_netem}: it takes each frame
 * as the wire delivers it (after the sender's MACsec TX, serialisation and propagation) and, as
 * its {@link Impairment} says, loses, duplicates, corrupts, delays or reorders it before the
 * receiving NIC sees it. Real bits are flipped, so a corrupted frame fails the receiving SecY's
 * ICV check for real, and the receiver's MACsec counters see every effect.
 *
 * <h2>Per frame, in netem's order ({@code netem_enqueue()}, Linux 6.x)</h2>
 * <ol>
 *   <li><b>Duplicate?</b> A correlated uniform below {@code duplicateProbability} makes two copies.
 *   <li><b>Lost?</b> Random loss (a correlated uniform below {@code lossProbability}) or one step
 *       of the Gilbert-Elliott chain. A frame both duplicated and lost goes through once, and
 *       counts as neither, as in netem ({@code count} goes 1, 2, 1).
 *   <li><b>Copy.</b> The duplicate is a byte copy of the frame taken before the original's
 *       corruption check; it keeps the original's id, flow and creation time.
 *   <li><b>Corrupt?</b> A correlated uniform below {@code corruptProbability} flips one bit:
 *       a uniform octet of the frame, then a uniform bit of it.
 *   <li><b>Limit.</b> With {@code limitFrames > 0}, a frame that finds that many frames in the
 *       delay queue is dropped, and its copy with it.
 *   <li><b>The copy enters</b> the stage as a new frame that cannot itself be duplicated (netem
 *       re-enqueues the clone at the root qdisc with {@code tc_depth} raised): it takes its own
 *       loss, corruption, limit, reorder and delay decisions, all before the original's reorder
 *       and delay decision. Without delay the copy arrives just before the original.
 *   <li><b>Reorder or delay.</b> netem keeps a counter of frames since the last reordered one. If
 *       reordering is on and {@code counter >= gap - 1}, a correlated uniform below
 *       {@code reorderProbability} sends the frame at once, ahead of everything waiting, and
 *       resets the counter (netem puts it at the head of its queue with
 *       {@code time_to_send = now}). Otherwise the frame waits {@code delay}, with
 *       {@code jitter} drawn from its distribution, and the counter grows. So {@code gap 5}
 *       makes frames 5, 10, 15... the candidates, and with {@code reorder 100% gap 5} every
 *       fifth frame overtakes the four before it, provided the delay exceeds their spacing.
 *   <li><b>Time-ordered queue.</b> Waiting frames leave in order of {@code time_to_send}, as in
 *       netem's tfifo: a frame whose time is not earlier than the last one queued is appended to
 *       a linear queue, any other one goes to a search tree (ties after their equals), and the
 *       head is the tree's first if strictly earlier, else the linear queue's. Hence <b>jitter
 *       reorders</b> frames whose spacing is smaller than the variation, exactly as netem does
 *       without {@code rate}; a constant delay never reorders. A negative draw (jitter larger
 *       than the delay) means "due already" and is ordered by its time among the others.
 *   <li><b>Rate.</b> With {@code rateMbps > 0}, as {@code netem_enqueue()} does under
 *       {@code q->rate}: the reference is the latest {@code time_to_send} of the frames queued
 *       ({@code last}, the tail of the linear queue or the tree's last); the delay is shortened
 *       by {@code last - now} (not below 0) and counted from {@code last}, and the frame's own
 *       transmission time {@code packet_time_ns()} = (length + {@code rateOverheadBytes}) x 8 /
 *       rate is added. So {@code time_to_send = max(now + delay, last) + packet_time}: with a
 *       constant delay, exactly a drop-tail FIFO served at the rate followed by the delay, and
 *       frames never overtake one another. The length is the frame as the stage holds it
 *       (Ethernet header, SecTAG, payload, ICV; no FCS), netem's {@code qdisc_pkt_len()}; the
 *       overhead argument adds the rest (24 for FCS, preamble and gap). The {@code limit} check
 *       above counts every frame still waiting for its time ({@code q->t_len >= sch->limit}
 *       drops), the one being sent included, so a stage with a rate and no delay is a router's
 *       drop-tail queue of {@code limitFrames} frames.
 * </ol>
 * When every knob is off but loss, duplication or corruption, a frame that nothing holds leaves
 * at the instant it arrived, so the receiver's timing is exactly that of the bare link.
 *
 * <h2>Correlation</h2>
 * netem's {@code get_crandom()}: the next uniform is {@code (1 - rho) U + rho * last}, the first
 * {@code last} being random (here the impairment's first draw). This is a moving average, not a Markov chain with the configured
 * marginal: with a correlation above 0 the uniforms concentrate around 1/2, so a probability below
 * 1/2 is reached less often than configured ({@code loss 10% 25%} loses about 1.7% of the frames,
 * {@code loss 2% 25%} almost none; the netem wiki calls the correlation "not true statistical
 * correlation, but an approximation", and the Gilbert-Elliott model is the way to get bursts at a
 * known rate). The model keeps netem's arithmetic so its figures match netem's, not the nominal
 * percentages.
 *
 * <h2>After netem: the deterministic rule</h2>
 * Frames leaving the netem part (in the order netem lets them go) are counted from 0 and, if an
 * {@link Impairment.DeterministicReorder} is set, every {@code everyK}-th one from
 * {@code offset} is held until {@code displacementFrames} later frames have been delivered, or for
 * {@code holdUs}. Without netem knobs on, a constant-rate stream therefore reaches the receiver
 * with a known permutation.
 *
 * <p><b>Where the rule acts.</b> After everything netem does: after the link's propagation delay
 * ({@code link.delayUs}, which is before the stage), netem's {@code delay}, and the queue and
 * transmission time of its {@code rate}; it holds frames at the point where the receiving NIC takes
 * them. This is where a user-space relay that displaces segments holds them when its bottleneck
 * queue and delay come first. A held frame occupies no place in netem's queue (it has left it), so
 * it neither counts against {@code limit} nor delays the frames behind it at the rate.
 *
 * <h2>Random numbers</h2>
 * Each impairment draws from its own stream, asked from {@link Streams} by purpose when the
 * stage is built, and only if that impairment is on: {@code delay} (jitter), {@code loss} (random
 * or Gilbert-Elliott), {@code duplicate}, {@code corrupt} (decision and bit position),
 * {@code reorder}. A draw is taken only where netem takes one (no jitter, no draw). Switching one
 * impairment on therefore changes neither the other impairments' decisions nor any other random
 * number of the run. One exception follows from netem's semantics: a duplicate takes its own
 * loss, corruption, reorder and delay draws, so turning duplication on shifts those streams.
 *
 * <h2>Simplifications</h2>
 * <ul>
 *   <li>Where it sits: netem is a qdisc on the sender's egress; here the stage is at the far end
 *       of the wire, like a netem bridge in the middle of the link whose output is
 *       rate-limited only by {@code rate}: the delayed frames reach the receiving NIC at their {@code time_to_send},
 *       several in the same nanosecond if so drawn, with no second serialisation. The sender's
 *       transmitter is never held up by the impairment (netem's own backpressure through
 *       {@code limit} and the device queue is not modelled).
 *   <li>The delay tables are evaluated as functions rather than 4096-entry tables (see
 *       {@link Impairment.DelayDistribution}).
 *   <li>{@code limit} counts the frames waiting for their time; a frame netem reorders leaves at
 *       once, so it never occupies the queue.
 *   <li>No FCS: the flipped bit is in the frame the receiver checks, as when netem corrupts on
 *       the sender before the NIC adds the FCS.
 *   <li>Not offered: {@code rate}'s cell size and cell overhead, {@code slot},
 *       {@code loss state} (4-state model), {@code ecn}, GSO segmentation before corruption.
 * </ul>
 *
 * <h2>Observations</h2>
 * {@link #effects} emits every action with its {@link Effect}; {@link #counts()} sums them.
 *
 * <h2>Validation</h2>
 * {@code NetemTest}: exact delays and orders for constant delay, gap reordering and the
 * deterministic rule; loss, duplication and reorder rates within their 95% binomial intervals;
 * the Gilbert-Elliott mean burst length within its interval around {@code 1/r}; jitter reorders,
 * constant delay does not. {@code ImpairedUdpTest}: the same rules through the whole MACsec
 * datapath, exact RFC 4737 figures at the UDP sink, and common random numbers.
 */
public final class Netem implements Link.Receiver {

    /** The impairments' columns of {@code runs.csv}, summed over the impaired directions. */
    public static final List<Column<Netem>> COLUMNS = List.of(
            count("impairment_lost", "lost", "Frames the link impairments lost, both directions.", Counts::lost),
            count("impairment_duplicated", "duplicated", "Frames the link impairments duplicated, both directions.",
                    Counts::duplicated),
            count("impairment_corrupted", "corrupted", "Frames the link impairments corrupted, both directions.",
                    Counts::corrupted),
            count("impairment_reordered", "reordered",
                    "Frames the link impairments reordered, both directions: netem's reorder knob and the"
                            + " deterministic rule's held frames.",
                    n -> n.reordered() + n.held()));

    /** What the stage did to a frame. */
    public enum Effect {
        /** Given a positive delay. */
        DELAYED,
        /** Dropped by random or Gilbert-Elliott loss. */
        LOST,
        /** Copied: the copy is the observed frame, and enters the stage after this emission. */
        DUPLICATED,
        /** One bit flipped. */
        CORRUPTED,
        /** Sent at once by netem reordering, skipping the delay. */
        REORDERED,
        /** Held back by the deterministic rule. */
        HELD,
        /** Dropped because the delay queue held {@code limitFrames} frames. */
        OVER_LIMIT
    }

    /** How many frames the stage touched, by effect, since it was built. */
    public record Counts(long arrived, long delivered, long delayed, long lost, long duplicated, long corrupted,
                         long reordered, long held, long overLimit) {
        /** Frames still inside the stage (delayed or held). */
        public long inside() {
            return arrived + duplicated - delivered - lost - overLimit;
        }
    }

    /** Emits every action on a frame, with the effect. */
    public final ReasonSignal<Packet, Effect> effects;

    private final Simulator sim;
    private final String name;
    private final Impairment config;
    private final Link.Receiver out;
    private final double latencyNs;
    private final double jitterNs;
    private final double holdNs;
    private final CorrelatedUniform delay;
    private final CorrelatedUniform loss;
    private final CorrelatedUniform duplicate;
    private final CorrelatedUniform corrupt;
    private final CorrelatedUniform reorder;
    private final Impairment.GilbertElliott ge;
    private final Impairment.DeterministicReorder rule;
    private boolean geBad;
    private long counter;

    private final ArrayDeque<Pending> linear = new ArrayDeque<>();
    private final PriorityQueue<Pending> tree = new PriorityQueue<>(
            Comparator.comparingDouble(Pending::at).thenComparingLong(Pending::order));
    private long enqueued;
    /** The latest {@code time_to_send} among the frames queued: netem's {@code last} under {@code rate}. */
    private double lastQueuedAt;
    private final Event release;
    private boolean releaseArmed;
    private double releaseAt;

    private long leftNetem;
    private final List<Held> heldBack = new ArrayList<>();
    private final ArrayDeque<Pending> heldForTime = new ArrayDeque<>();
    private final Event holdExpired;

    private long arrived;
    private long delivered;
    private long delayed;
    private long lost;
    private long duplicated;
    private long corrupted;
    private long reordered;
    private long held;
    private long overLimit;

    /**
     * @param name    the stage's name, e.g. {@code "a->b.impairment"} (its signal is
     *                {@code name + ".effect"})
     * @param streams where the enabled impairments get their random streams
     * @param out     where frames go after the stage (the receiving NIC)
     */
    public Netem(Simulator sim, String name, Impairment config, Streams streams, Link.Receiver out) {
        this.sim = sim;
        this.name = name;
        this.config = config;
        this.out = out;
        this.effects = new ReasonSignal<>(name + ".effect");
        this.latencyNs = Time.us(config.delayUs());
        this.jitterNs = Time.us(config.jitterUs());
        this.ge = config.gilbertElliott();
        this.rule = config.deterministicReorder();
        this.holdNs = rule == null ? 0 : Time.us(rule.holdUs());
        this.delay = jitterNs > 0 ? new CorrelatedUniform(streams.stream("delay"), config.delayCorrelation()) : null;
        this.loss = config.losesFrames() ? new CorrelatedUniform(streams.stream("loss"), config.lossCorrelation()) : null;
        this.duplicate = config.duplicateProbability() > 0
                ? new CorrelatedUniform(streams.stream("duplicate"), config.duplicateCorrelation()) : null;
        this.corrupt = config.corruptProbability() > 0
                ? new CorrelatedUniform(streams.stream("corrupt"), config.corruptCorrelation()) : null;
        this.reorder = config.reorderProbability() > 0
                ? new CorrelatedUniform(streams.stream("reorder"), config.reorderCorrelation()) : null;
        this.release = new Release(sim);
        this.holdExpired = new HoldExpired(sim);
    }

    public String name() {
        return name;
    }

    public Impairment config() {
        return config;
    }

    /** A frame whose last bit has just left the wire. */
    @Override
    public void arrive(Packet p) {
        arrived++;
        enqueue(p, false);
    }

    private void enqueue(Packet p, boolean isCopy) {
        int count = 1;
        if (duplicate != null && !isCopy && duplicate.next() < config.duplicateProbability()) {
            count++;
        }
        if (loss != null && lossEvent()) {
            count--;
        }
        if (count == 0) {
            lost++;
            effects.emit(sim.time(), p, Effect.LOST);
            return;
        }
        Packet copy = count > 1 ? copyOf(p) : null;
        if (corrupt != null && corrupt.next() < config.corruptProbability()) {
            flipOneBit(p);
        }
        if (config.limitFrames() > 0 && linear.size() + tree.size() >= config.limitFrames()) {
            overLimit++;
            effects.emit(sim.time(), p, Effect.OVER_LIMIT);
            return;
        }
        if (copy != null) {
            duplicated++;
            effects.emit(sim.time(), copy, Effect.DUPLICATED);
            enqueue(copy, true);
        }
        if (reorder != null && counter >= config.reorderGap() - 1
                && !(config.reorderProbability() < reorder.next())) {
            counter = 0;
            reordered++;
            effects.emit(sim.time(), p, Effect.REORDERED);
            leaveNetem(p);
            return;
        }
        double d = delayNs();
        counter++;
        if (d > 0) {
            delayed++;
            effects.emit(sim.time(), p, Effect.DELAYED);
        }
        double at = sim.time() + d;
        if (config.rateMbps() > 0) {
            if (!linear.isEmpty() || !tree.isEmpty()) {
                at = Math.max(at, lastQueuedAt);
            }
            at += config.packetTimeNs(p.frame().length());
        }
        if (at <= sim.time() && linear.isEmpty() && tree.isEmpty()) {
            leaveNetem(p);
            return;
        }
        Pending w = new Pending(p, at, enqueued++);
        lastQueuedAt = linear.isEmpty() && tree.isEmpty() ? at : Math.max(lastQueuedAt, at);
        if (linear.isEmpty() || at >= linear.peekLast().at()) {
            linear.add(w);
        } else {
            tree.add(w);
        }
        armRelease();
    }

    private boolean lossEvent() {
        if (ge == null) {
            return loss.next() < config.lossProbability();
        }
        RandomStream s = loss.stream;
        if (!geBad) {
            if (s.nextDouble() < ge.p()) {
                geBad = true;
            }
            return s.nextDouble() < ge.oneMinusK();
        }
        if (s.nextDouble() < ge.r()) {
            geBad = false;
        }
        return s.nextDouble() < ge.oneMinusH();
    }

    private double delayNs() {
        if (jitterNs == 0) {
            return latencyNs;
        }
        double u = delay.next();
        if (config.delayDistribution() == Impairment.DelayDistribution.UNIFORM) {
            return latencyNs - jitterNs + Math.floor(u * 2 * jitterNs);
        }
        return latencyNs + Math.rint(jitterNs * config.delayDistribution().quantile(u));
    }

    private static Packet copyOf(Packet p) {
        MacsecFrame f = p.frame();
        Packet c = new Packet(p.id(), p.flow(), p.createdAt(), MacsecFrame.copyOf(f.bytes(), f.offset(), f.length()));
        c.arrivesAt = p.arrivesAt;
        return c;
    }

    private void flipOneBit(Packet p) {
        MacsecFrame f = p.frame();
        int octet = corrupt.stream.nextInt(0, f.length() - 1);
        int bit = corrupt.stream.nextInt(0, 7);
        f.bytes()[f.offset() + octet] ^= (byte) (1 << bit);
        corrupted++;
        effects.emit(sim.time(), p, Effect.CORRUPTED);
    }

    /** The next frame due: the tree's first if strictly earlier than the linear queue's head. */
    private Pending head() {
        Pending t = tree.peek();
        Pending l = linear.peekFirst();
        if (t == null) {
            return l;
        }
        return l == null || t.at() < l.at() ? t : l;
    }

    private void armRelease() {
        Pending h = head();
        if (h == null) {
            return;
        }
        double now = sim.time();
        double when = Math.max(now, h.at());
        if (!releaseArmed) {
            release.schedule(when - now);
            releaseArmed = true;
            releaseAt = when;
        } else if (when < releaseAt) {
            release.reschedule(when - now);
            releaseAt = when;
        }
    }

    private final class Release extends Event {
        Release(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            releaseArmed = false;
            for (Pending h = head(); h != null && h.at() <= sim.time(); h = head()) {
                if (h == linear.peekFirst()) {
                    linear.pollFirst();
                } else {
                    tree.poll();
                }
                leaveNetem(h.packet());
            }
            armRelease();
        }
    }

    /** A frame leaves the netem part: the deterministic rule, if any, then the receiver. */
    private void leaveNetem(Packet p) {
        long n = leftNetem++;
        if (rule == null || !rule.displaces(n)) {
            deliver(p, n);
            releaseDue();
            return;
        }
        held++;
        effects.emit(sim.time(), p, Effect.HELD);
        if (rule.displacementFrames() > 0) {
            heldBack.add(new Held(p, n, rule.displacementFrames()));
        } else {
            heldForTime.add(new Pending(p, sim.time() + holdNs, n));
            if (heldForTime.size() == 1) {
                holdExpired.schedule(holdNs);
            }
        }
    }

    /** Hands {@code p} (frame number {@code n} out of netem) to the receiver; it passes the older held frames. */
    private void deliver(Packet p, long n) {
        delivered++;
        out.arrive(p);
        for (Held h : heldBack) {
            if (h.number < n) {
                h.remaining--;
            }
        }
    }

    /** Delivers the held frames passed by enough later ones, oldest first. */
    private void releaseDue() {
        for (int i = 0; i < heldBack.size(); ) {
            Held h = heldBack.get(i);
            if (h.remaining <= 0) {
                heldBack.remove(i);
                deliver(h.packet, h.number);
                i = 0;
            } else {
                i++;
            }
        }
    }

    private final class HoldExpired extends Event {
        HoldExpired(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            Pending h = heldForTime.pollFirst();
            if (!heldForTime.isEmpty()) {
                schedule(heldForTime.peekFirst().at() - sim.time());
            }
            delivered++;
            out.arrive(h.packet());
        }
    }

    /** The counts so far. */
    public Counts counts() {
        return new Counts(arrived, delivered, delayed, lost, duplicated, corrupted, reordered, held, overLimit);
    }

    /** A frame waiting in the time-ordered queue, or held for a time. */
    private record Pending(Packet packet, double at, long order) {
    }

    /** A frame held back until {@code remaining} later frames have passed it. */
    private static final class Held {
        final Packet packet;
        final long number;
        int remaining;

        Held(Packet packet, long number, int remaining) {
            this.packet = packet;
            this.number = number;
            this.remaining = remaining;
        }
    }

    /** netem's {@code get_crandom()}: {@code (1 - rho) U + rho * last}, the first {@code last} random. */
    private static final class CorrelatedUniform {
        final RandomStream stream;
        private final double rho;
        private double last = Double.NaN;

        CorrelatedUniform(RandomStream stream, double rho) {
            this.stream = stream;
            this.rho = rho;
        }

        double next() {
            if (rho == 0) {
                return stream.nextDouble();
            }
            if (Double.isNaN(last)) {
                last = stream.nextDouble();
            }
            last = (1 - rho) * stream.nextDouble() + rho * last;
            return last;
        }
    }

    private static Column<Netem> count(String name, String heading, String description, ToLongFunction<Counts> read) {
        return Column.count(name, "frames", heading, description, n -> read.applyAsLong(n.counts()));
    }
}
