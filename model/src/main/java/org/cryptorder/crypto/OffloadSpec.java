package org.cryptorder.crypto;

/**
 * A crypto offload device (policies {@code offload} and {@code offload-resequence}): {@code
 * engines} engines working in parallel off the CPU, each taking a request for a fixed latency plus
 * its octets at a per-engine rate; requests wait in a FIFO when all engines are busy.
 *
 * @param engines       parallel engines
 * @param latencyNs     fixed time per request on an engine
 * @param gbpsPerEngine octets processed per engine, Gbit/s
 * @param inOrder       completions are released in submission order (else as engines finish)
 * @param submitCycles  CPU cost of handing a request to the device (driver, descriptor)
 * @param completionCycles CPU cost of the completion interrupt's softirq work per request
 */
public record OffloadSpec(int engines, double latencyNs, double gbpsPerEngine, boolean inOrder, double submitCycles,
                          double completionCycles) {
    public OffloadSpec {
        if (engines < 1 || !(latencyNs >= 0) || !(gbpsPerEngine > 0) || !(submitCycles >= 0)
                || !(completionCycles >= 0)) {
            throw new IllegalArgumentException("offload: at least one engine, non-negative latency and costs, positive rate");
        }
    }

    /** Time a request of {@code octets} spends on an engine, whole ns. */
    public double serviceNs(int octets) {
        return Math.rint(latencyNs + octets * 8 / gbpsPerEngine);
    }

    /** Four engines, 2 us latency, 10 Gbit/s each, completing out of order (illustrative defaults). */
    public static OffloadSpec defaults() {
        return new OffloadSpec(4, 2000, 10, false, 300, 500);
    }
}
