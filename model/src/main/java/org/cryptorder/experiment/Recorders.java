package org.cryptorder.experiment;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.cryptorder.crypto.CryptdWaits;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.engine.Time;
import org.cryptorder.net.Host;
import org.cryptorder.transport.TcpSocket;
import org.cryptorder.transport.UdpSink;

/**
 * The kinds of recorder the column catalog ({@link OutputColumns}) builds its columns from: counts
 * read at the warm-up's and the drain's ends, ratios of growing readings over the window, drop
 * signals counted by reason, statistics at the traffic's end, goodput, reordering and cryptd's wait.
 */
final class Recorders {
    private Recorders() {
    }

    /** A count: the reading at the drain's end less the reading at the end of the warm-up, over a divisor (ns to s). */
    static final class Count implements OutputColumns.Recorder {
        private final ToDoubleFunction<Datapath> read;
        private final double divisor;
        private double atWarmup;

        Count(ToDoubleFunction<Datapath> read, double divisor) {
            this.read = read;
            this.divisor = divisor;
        }

        @Override
        public void warmupEnded(Datapath d) {
            atWarmup = read.applyAsDouble(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            double now = read.applyAsDouble(end.datapath());
            return divisor == 1 ? now - atWarmup : (now - atWarmup) / divisor;
        }
    }

    /** The growth of one reading over another's, from the warm-up's end (or the start) to the traffic's end. */
    static final class CountRatio implements OutputColumns.Recorder {
        private final ToDoubleFunction<Datapath> numerator;
        private final ToDoubleFunction<Datapath> denominator;
        private double num0;
        private double den0;
        private double num1 = Double.NaN;
        private double den1 = Double.NaN;

        CountRatio(ToDoubleFunction<Datapath> numerator, ToDoubleFunction<Datapath> denominator) {
            this.numerator = numerator;
            this.denominator = denominator;
        }

        @Override
        public void warmupEnded(Datapath d) {
            num0 = numerator.applyAsDouble(d);
            den0 = denominator.applyAsDouble(d);
        }

        @Override
        public void trafficEnded(Datapath d) {
            num1 = numerator.applyAsDouble(d);
            den1 = denominator.applyAsDouble(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            double n = Double.isNaN(num1) ? numerator.applyAsDouble(end.datapath()) : num1;
            double m = Double.isNaN(den1) ? denominator.applyAsDouble(end.datapath()) : den1;
            return m - den0 <= 0 ? Double.NaN : (n - num0) / (m - den0);
        }
    }

    /** Drops emitted for one reason, after the warm-up: a count of signal emissions. */
    static final class DropCount<T, R extends Enum<R>> implements OutputColumns.Recorder {
        private final Function<Datapath, List<ReasonSignal<T, R>>> signals;
        private final R reason;
        private long total;
        private long atWarmup;

        DropCount(Function<Datapath, List<ReasonSignal<T, R>>> signals, R reason) {
            this.signals = signals;
            this.reason = reason;
        }

        @Override
        public void attach(Datapath d) {
            for (ReasonSignal<T, R> s : signals.apply(d)) {
                s.subscribe((time, subject, why) -> {
                    if (why == reason) {
                        total++;
                    }
                });
            }
        }

        @Override
        public void warmupEnded(Datapath d) {
            atWarmup = total;
        }

        @Override
        public double value(OutputColumns.End end) {
            return total - atWarmup;
        }
    }

    /** A window statistic taken when the traffic stops. */
    static final class AtTrafficEnd implements OutputColumns.Recorder {
        private final ToDoubleFunction<Datapath> read;
        private double value;

        AtTrafficEnd(ToDoubleFunction<Datapath> read) {
            this.read = read;
        }

        @Override
        public void trafficEnded(Datapath d) {
            value = read.applyAsDouble(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            return value;
        }
    }

    /**
     * UDP payload and TCP's in-order octets delivered from the warm-up's end to the traffic's, over
     * that window: iperf3's interval. What arrives in the drain is left out, as it is from the
     * divisor; counting it over the window alone gave rates above the link's.
     */
    static final class Goodput implements OutputColumns.Recorder {
        private long octets;

        @Override
        public void trafficEnded(Datapath d) {
            octets = OutputColumns.deliveredOctets(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            return octets * 8.0 / end.measuredS();
        }
    }


    /** Reordered over first copies: the TCP receivers' when the traffic stops, the UDP sinks' at the drain's end. */
    static final class ReorderedRatio implements OutputColumns.Recorder {
        private long tcpPackets;
        private long tcpReordered;

        @Override
        public void trafficEnded(Datapath d) {
            for (TcpSocket r : d.tcpReceivers()) {
                tcpPackets += r.reordering().packets();
                tcpReordered += r.reordering().reordered();
            }
        }

        @Override
        public double value(OutputColumns.End end) {
            long packets = 0;
            long reordered = 0;
            for (UdpSink s : end.datapath().sinks()) {
                packets += s.reordering().packets();
                reordered += s.reordering().reordered();
            }
            packets += tcpPackets;
            reordered += tcpReordered;
            return packets == 0 ? 0 : (double) reordered / packets;
        }
    }

    /** The cryptd waits of both hosts since the warm-up: their sum over their number. */
    static final class CryptdWaitMean implements OutputColumns.Recorder {
        private CryptdWaits atWarmup = CryptdWaits.NONE;

        private static CryptdWaits read(Datapath d) {
            CryptdWaits w = CryptdWaits.NONE;
            for (Host h : d.hosts()) {
                for (int c = 0; c < h.cpuCount(); c++) {
                    w = w.plus(CryptdWaits.of(h.cryptd(c)));
                }
            }
            return w;
        }

        @Override
        public void warmupEnded(Datapath d) {
            atWarmup = read(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            return Time.toUs(read(end.datapath()).minus(atWarmup).meanNs());
        }
    }
}
