package org.cryptorder.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.cli.PerfettoTracks.Track;
import org.cryptorder.net.FrameTrace.Drop;
import org.cryptorder.net.FrameTrace.Step;
import org.cryptorder.transport.tcp.trace.TcpTrace;

/**
 * The instants ({@code "ph": "i"}) of a {@link PerfettoTrace}: a followed frame counted
 * InPktsDelayed, on the CPU that validated it; every frame dropped in the window, followed or not,
 * on the track of the component that dropped it ({@code eth0.tx0}: the qdisc or the TX ring,
 * {@code eth0.rx0}: the RX ring, {@code macsec0}: late, cryptd full, ...) and named by its reason;
 * and the TCP senders' decisions ({@code explain --tcp}) on a track per flow.
 */
final class PerfettoInstants {
    private final PerfettoTracks tracks;

    PerfettoInstants(PerfettoTracks tracks) {
        this.tracks = tracks;
    }

    /** What a drop's reason is called on the trace: {@code qdisc full}, {@code RX ring full}, {@code late}. */
    static String words(Drop d) {
        return switch (d.reason()) {
            case "QDISC_FULL" -> "qdisc full";
            case "RING_FULL" -> d.where().contains(".rx") ? "RX ring full" : "TX ring full (noqueue)";
            case "FQ_OVERLIMIT" -> "fq_codel over its limit";
            case "CODEL" -> "CoDel";
            case "RX_LATE" -> "late (InPktsLate)";
            case "RX_CRYPTO_FAILED", "TX_CRYPTO_FAILED" -> "cryptd full";
            case "RX_GRO_CELL_FULL" -> "GRO cell full";
            default -> d.reason();
        };
    }

    /**
     * The instants from {@code fromNs} to {@code toNs}, as events to write, making their tracks (call
     * before the metadata is written): InPktsDelayed from the narration, the drops, the decisions.
     */
    List<Map<String, Object>> collect(List<Step> steps, List<Drop> drops, List<TcpTrace.Line> decisions,
                                      double fromNs, double toNs) {
        List<Map<String, Object>> out = new ArrayList<>();
        Map<Long, Step> saidDropped = new LinkedHashMap<>();  // a followed frame's narrated drop (at its work's start)
        for (Step s : steps) {
            if (s.what().contains("InPktsDelayed")) {
                out.add(delayed(s));
            }
            if (s.what().contains("dropped") || s.what().contains("InPktsLate")) {
                saidDropped.put(s.frame(), s);
            }
        }
        for (Drop d : drops) {
            if (d.timeNs() >= fromNs && d.timeNs() <= toNs) {
                out.add(drop(d, d.frame() < 0 ? null : saidDropped.get(d.frame())));
            }
        }
        for (TcpTrace.Line d : decisions) {
            out.add(decision(d));
        }
        return out;
    }

    /** A followed frame counted InPktsDelayed, on the track of the CPU that validated it. */
    private Map<String, Object> delayed(Step s) {
        String host = s.host().contains(".") ? s.host().substring(0, s.host().indexOf('.')) : s.host();
        Track t = s.cpu() == null ? null : tracks.track("host " + host, s.cpu(),
                Integer.parseInt(s.cpu().substring("cpu".length())) * 100);
        Map<String, Object> e = event("InPktsDelayed" + (s.pn() >= 0 ? " PN " + s.pn() : " frame " + s.frame()),
                "counter", s.timeNs());
        e.put("pid", t == null ? tracks.pid(tracks.hasProcess("host " + host) ? "host " + host : s.host()) : t.pid);
        if (t != null) {
            e.put("tid", t.tid);
        }
        e.put("s", t == null ? "p" : "t");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("frame", s.frame());
        args.put("pn", s.pn());
        args.put("narration", s.format().strip());
        e.put("args", args);
        return e;
    }

    /** A drop on its component's track, with the narration of it when the frame is followed. */
    private Map<String, Object> drop(Drop d, Step said) {
        Track t = tracks.track("host " + d.host(), d.where(), sortIndex(d.where()));
        Map<String, Object> e = event("dropped: " + words(d), "drop", d.timeNs());
        e.put("pid", t.pid);
        e.put("tid", t.tid);
        e.put("s", "t");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("where", d.host() + " " + d.where());
        args.put("reason", d.reason());
        args.put("pn", d.pn());
        if (d.frame() >= 0) {
            args.put("frame", d.frame());
        }
        if (said != null) {
            args.put("narration", said.format().strip());
        }
        e.put("args", args);
        return e;
    }

    /** Components after the CPUs: the TX queues, the RX queues, then the MACsec device. */
    private static int sortIndex(String where) {
        boolean queue = where.contains(".tx") || where.contains(".rx");
        int n = queue ? Integer.parseInt(where.substring(where.lastIndexOf('x') + 1)) : 0;
        return PerfettoTracks.COMPONENT_SORT + (where.contains(".tx") ? n : where.contains(".rx") ? 1000 + n : 2000);
    }

    /** A TCP decision: an instant named by its Linux function on the flow's track. */
    private Map<String, Object> decision(TcpTrace.Line d) {
        Track t = tracks.track("host a", "TCP flow " + d.flow(), PerfettoTracks.TCP_SORT + d.flow());
        String what = d.event().describe();
        int colon = what.indexOf(':');
        Map<String, Object> e = event(colon > 0 ? what.substring(0, colon) : what, "tcp", d.timeNs());
        e.put("s", "t");
        e.put("pid", t.pid);
        e.put("tid", t.tid);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("flow", d.flow());
        args.put("state", d.event().at().state());
        args.put("decision", what);
        e.put("args", args);
        return e;
    }

    private static Map<String, Object> event(String name, String cat, double timeNs) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("name", name);
        e.put("cat", cat);
        e.put("ph", "i");
        e.put("ts", PerfettoTracks.us(timeNs));
        return e;
    }
}
