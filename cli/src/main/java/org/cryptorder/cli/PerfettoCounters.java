package org.cryptorder.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.cryptorder.engine.Names;
import org.cryptorder.net.FrameTrace.Level;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import org.cryptorder.transport.tcp.trace.TcpTraceEvent;

/**
 * The counter tracks ({@code "ph": "C"}) of a {@link PerfettoTrace}, one per level and host, each
 * value written when it changes:
 * <ul>
 *   <li>{@code cpu0 cryptd queue}: requests in the CPU's cryptd queue ({@code length});
 *   <li>{@code eth0.tx0 qdisc backlog} ({@code packets}), {@code eth0.tx0 ring in use} ({@code
 *       descriptors}) and {@code eth0.tx0 BQL limit} ({@code octets}) of each TX queue;
 *   <li>{@code eth0.rx0 ring backlog}: frames waiting in each RX ring for the NAPI poll ({@code frames});
 *   <li>{@code TCP flow 0}: the sender's {@code cwnd} and {@code in_flight} (packets) after each of
 *       its decisions (category {@code tcp}) and after each ACK that changed either (category {@code
 *       tcp ack}).
 * </ul>
 * Perfetto names a track by the event's name and the argument's key: {@code eth0.tx0 qdisc backlog packets}.
 */
final class PerfettoCounters {
    private final PerfettoTracks tracks;

    PerfettoCounters(PerfettoTracks tracks) {
        this.tracks = tracks;
    }

    /** The unit of each kind of level, by how the level's name ends. */
    private static final List<Map.Entry<String, String>> UNITS = List.of(
            Map.entry("qdisc backlog", "packets"),
            Map.entry("ring in use", "descriptors"),
            Map.entry("BQL limit", "octets"),
            Map.entry("ring backlog", "frames"));

    /** The argument key, the unit, of a level's counter: {@code length}, {@code packets}, {@code octets}. */
    static String unit(String level) {
        return Names.byEnding(level, UNITS, "length");
    }

    /** The levels up to {@code toNs}, a counter track per level and host; returns how many values. */
    int levels(JsonGenerator g, List<Level> levels, double toNs) throws IOException {
        int n = 0;
        for (Level l : levels) {
            if (l.timeNs() > toNs) {
                break;
            }
            g.writeStartObject();
            g.writeStringField("name", l.name());
            g.writeStringField("cat", "level");
            g.writeStringField("ph", "C");
            PerfettoTracks.ts(g, l.timeNs());
            g.writeNumberField("pid", tracks.pid("host " + l.host()));
            g.writeObjectFieldStart("args");
            g.writeNumberField(unit(l.name()), (long) l.value());
            g.writeEndObject();
            g.writeEndObject();
            n++;
        }
        return n;
    }

    /**
     * The TCP senders' cwnd and packets in flight after each decision and each ACK that changed them,
     * in time order, the ACKs' up to {@code toNs} or the last decision, whichever is later; returns how
     * many values.
     */
    int tcp(JsonGenerator g, TcpTrace tcp, double toNs) throws IOException {
        if (tcp == null) {
            return 0;
        }
        record Value(int flow, TcpTraceEvent.At at, boolean decision) {
        }
        List<Value> values = new ArrayList<>();
        double until = toNs;
        for (TcpTrace.Line d : tcp.lines()) {
            values.add(new Value(d.flow(), d.event().at(), true));
            until = Math.max(until, d.timeNs());
        }
        for (TcpTrace.Sample s : tcp.samples()) {
            if (s.at().timeNs() <= until) {
                values.add(new Value(s.flow(), s.at(), false));
            }
        }
        values.sort(Comparator.comparingLong(v -> v.at().timeNs()));  // stable: at one instant, as taken
        int pid = tracks.pid("host a");
        for (Value v : values) {
            g.writeStartObject();
            g.writeStringField("name", "TCP flow " + v.flow());
            g.writeStringField("cat", v.decision() ? "tcp" : "tcp ack");
            g.writeStringField("ph", "C");
            PerfettoTracks.ts(g, v.at().timeNs());
            g.writeNumberField("pid", pid);
            g.writeObjectFieldStart("args");
            g.writeNumberField("cwnd", v.at().cwnd());
            g.writeNumberField("in_flight", v.at().inFlight());
            g.writeEndObject();
            g.writeEndObject();
        }
        return values.size();
    }
}
