package org.cryptorder.experiment;

import org.cryptorder.host.KernelFpuLoad;

/** The least share of its CPU that any of b's kernel FPU users held the FPU, after the warm-up. */
final class FpuShareMin implements OutputColumns.Recorder {
    private double[] atWarmup;

    @Override
    public void warmupEnded(Datapath d) {
        atWarmup = held(d);
    }

    private static double[] held(Datapath d) {
        return d.receiverFpuLoads().stream().mapToDouble(KernelFpuLoad::heldNs).toArray();
    }

    @Override
    public double value(OutputColumns.End end) {
        double[] now = held(end.datapath());
        double windowNs = (end.measuredS() + Replication.DRAIN_MS / 1e3) * 1e9;
        double min = Double.NaN;
        for (int i = 0; i < now.length; i++) {
            double share = (now[i] - (atWarmup == null ? 0 : atWarmup[i])) / windowNs;
            min = Double.isNaN(min) ? share : Math.min(min, share);
        }
        return min;
    }
}
