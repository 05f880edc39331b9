package org.cryptorder.net;

import java.util.ArrayDeque;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;

/**
 * The per-CPU queue through which a MACsec device hands decrypted frames to the stack ({@code
 * gro_cells_receive}): frames completed inline in the NAPI poll and frames completed by cryptd on
 * this CPU join one FIFO, served by its own NAPI in softirq, so they reach the stack in completion
 * order.
 */
final class GroCell extends NapiPoll {
    private final ArrayDeque<Packet> queue = new ArrayDeque<>();
    private final MacsecDevice device;
    private Packet current;
    private double currentStartNs;

    GroCell(MacsecDevice device, int budget) {
        super(budget);
        this.device = device;
    }

    void receive(Cpu cpu, Packet p) {
        queue.add(p);
        schedule(cpu);
    }

    @Override
    public double start(Cpu cpu) {
        current = queue.poll();
        currentStartNs = cpu.now();
        polledOne();
        if (device.tap() != null) {
            device.tap().frame(currentStartNs, current, false);
        }
        return device.endpoint(current).receiveNs(current);
    }

    @Override
    public void finish(Cpu cpu) {
        Packet p = current;
        current = null;
        MacsecObserver o = device.observer();
        if (o != null) {
            o.deliveredUp(cpu, p, currentStartNs);
        }
        device.endpoint(p).receive(cpu, p);
        afterFrame(cpu, queue.isEmpty());
    }
}
