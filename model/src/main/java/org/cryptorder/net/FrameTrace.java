package org.cryptorder.net;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;

/**
 * A narrated record of the first frames of a run: every step each followed frame takes, with the
 * time, host, CPU, context and the reason for what happened ("FPU unusable: softirq interrupted a
 * kernel FPU section, so cryptd of cpu1, position 3"). Components hold an optional trace and
 * report to it only for followed frames, so a run without a trace pays one null check per step.
 */
public final class FrameTrace {
    /** One step of one frame. */
    public record Step(double timeNs, String host, String cpu, Context context, long frame, long pn, String what) {
        /** One line of narration. */
        public String format() {
            String where = cpu == null ? host : host + " " + cpu + " " + (context == null ? "" : contextName(context));
            String pnText = pn >= 0 ? " PN " + pn : "";
            return String.format(Locale.ROOT, "%12.3f us  %-22s frame %d%s: %s", timeNs / 1000, where.strip(), frame,
                    pnText, what);
        }
    }

    private final int maxFrames;
    private final List<Step> steps = new ArrayList<>();
    private int admitted;

    /** Follows the first {@code maxFrames} frames created. */
    public FrameTrace(int maxFrames) {
        if (maxFrames < 0) {
            throw new IllegalArgumentException("frame count must not be negative");
        }
        this.maxFrames = maxFrames;
    }

    static String contextName(Context c) {
        return switch (c) {
            case HARDIRQ -> "hardirq";
            case SOFTIRQ -> "softirq";
            case KERNEL_WORKER -> "kworker";
            case USER_TASK -> "task";
        };
    }

    /** Starts following a newly created frame if fewer than the maximum are followed. */
    public void admit(Packet p) {
        if (admitted < maxFrames) {
            p.traceNo = admitted++;
        }
    }

    /** Whether a frame is followed. */
    public static boolean follows(FrameTrace t, Packet p) {
        return t != null && p.traceNo >= 0;
    }

    /** Records a step of a followed frame, where {@code cpu} is (or null for the wire). */
    public void step(String host, Cpu cpu, Packet p, long pn, String what) {
        double now = cpu != null ? cpu.now() : p.arrivesAt;
        steps.add(new Step(now, host, cpu == null ? null : cpu.name(), cpu == null ? null : cpu.context(),
                p.traceNo, pn, what));
    }

    /** Records a step at a given time (for events outside any CPU, such as the wire). */
    public void stepAt(double timeNs, String host, Packet p, long pn, String what) {
        steps.add(new Step(timeNs, host, null, null, p.traceNo, pn, what));
    }

    /** The steps in the order they happened. */
    public List<Step> steps() {
        List<Step> sorted = new ArrayList<>(steps);
        sorted.sort((x, y) -> Double.compare(x.timeNs(), y.timeNs()));
        return sorted;
    }

    public int followed() {
        return admitted;
    }
}
