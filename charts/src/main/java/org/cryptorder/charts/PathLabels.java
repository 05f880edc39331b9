package org.cryptorder.charts;

import java.util.Locale;
import java.util.Map;

/**
 * Words for the dotted paths of experiment files ({@code contention.kernelFpuBusy}): an axis label
 * with its unit, a short name for legends and sentences, and a value with its unit. Paths the table
 * does not know are spelt out from their camelCase key and the unit in its name.
 */
final class PathLabels {
    /** What a key means and its unit (null: a pure number or a name). */
    private record Label(String name, String unit, String detail) {
    }

    private static final Map<String, Label> KNOWN = Map.ofEntries(
            Map.entry("policy", new Label("crypto policy", null, null)),
            Map.entry("kernel", new Label("kernel", null, null)),
            Map.entry("kernelFpuBusy", new Label("kernel FPU busy", null, "fraction of time on each CPU of b")),
            Map.entry("senderKernelFpuBusy", new Label("sender kernel FPU busy", null, "fraction of time on each CPU of a")),
            Map.entry("meanSectionUs", new Label("mean kernel FPU section", "µs", null)),
            Map.entry("userFpuLoad", new Label("user FPU load", null, null)),
            Map.entry("rateMbps", new Label("offered UDP rate", "Mbit/s", null)),
            Map.entry("packetBytes", new Label("UDP payload", "B", "bytes per datagram")),
            Map.entry("flows", new Label("number of flows", null, null)),
            Map.entry("rateGbps", new Label("link rate", "Gbit/s", null)),
            Map.entry("delayUs", new Label("link delay", "µs", "one way")),
            Map.entry("mtu", new Label("MTU", "B", "bytes")),
            Map.entry("cpus", new Label("CPUs", null, "per host")),
            Map.entry("rxQueues", new Label("RX queues", null, null)),
            Map.entry("txQueues", new Label("TX queues", null, null)),
            Map.entry("rxSteering", new Label("RX steering", null, null)),
            Map.entry("appCpu", new Label("application CPU", null, null)),
            Map.entry("rxUsecs", new Label("NIC interrupt moderation", "µs", "rx-usecs")),
            Map.entry("gro", new Label("GRO at macsec0", null, null)),
            Map.entry("encrypt", new Label("encryption", null, null)),
            Map.entry("cryptdQueueLength", new Label("cryptd queue length", null, "requests")),
            Map.entry("resequenceTimeoutUs", new Label("resequencing timeout", "µs", null)),
            Map.entry("durationS", new Label("run length", "s", null)),
            Map.entry("migrateMeanUs", new Label("mean time between task moves", "µs", null)),
            Map.entry("mode", new Label("TCP mode", null, null)),
            Map.entry("congestionControl", new Label("congestion control", null, null)),
            Map.entry("displacementFrames", new Label("displacement", "frames", "later frames a held frame lets pass")));

    private PathLabels() {
    }

    private static String key(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    private static Label label(String path) {
        String key = key(path);
        Label known = KNOWN.get(key);
        if (known != null) {
            return known;
        }
        String unit = null;
        String stem = key;
        for (String[] u : new String[][] {{"Mbps", "Mbit/s"}, {"Gbps", "Gbit/s"}, {"Us", "µs"}, {"Ns", "ns"},
            {"Bytes", "B"}, {"S", "s"}}) {
            if (key.endsWith(u[0]) && key.length() > u[0].length()) {
                unit = u[1];
                stem = key.substring(0, key.length() - u[0].length());
                break;
            }
        }
        return new Label(words(stem), unit, null);
    }

    /** {@code kernelFpuBusy} as {@code kernel fpu busy}. */
    private static String words(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    /** Which traffic entry a path is about, as a prefix for its name: {@code traffic 2: }. */
    private static String entry(String path) {
        if (path.startsWith("traffic.")) {
            String[] parts = path.split("\\.");
            if (parts.length > 2 && !parts[1].equals("0")) {
                return "traffic " + parts[1] + ": ";
            }
        }
        return "";
    }

    /** A short name: {@code kernel FPU busy}, {@code offered UDP rate}. */
    static String name(String path) {
        return entry(path) + label(path).name();
    }

    /** An axis label with the unit: {@code kernel FPU busy (fraction of time on each CPU of b)}. */
    static String axis(String path) {
        Label l = label(path);
        String inside = l.unit() == null ? l.detail() : l.detail() == null ? l.unit() : l.unit() + ", " + l.detail();
        return name(path) + (inside == null ? "" : " (" + inside + ")");
    }

    /** A value with its unit: {@code 2000 Mbit/s}, {@code 0.3}, {@code async}. */
    static String value(String path, String value) {
        Label l = label(path);
        if (l.unit() == null) {
            return value;
        }
        return value + " " + (l.unit().equals("frames") && value.equals("1") ? "frame" : l.unit());
    }

    /** A legend entry: the policy alone, {@code Linux 5.4}, or {@code offered UDP rate 2000 Mbit/s}. */
    static String legend(String path, String value) {
        String key = key(path);
        if (key.equals("kernel")) {
            return "Linux " + value;
        }
        return key.equals("policy") ? value : name(path) + " " + value(path, value);
    }
}
