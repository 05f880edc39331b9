package org.cryptorder.net;

import java.util.ArrayDeque;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;

/**
 * The per-CPU queue through which a MACsec device hands decrypted frames to the stack ({@code
 * gro_cells_receive}): frames completed inline in the NAPI poll and frames completed by cryptd on
 * this CPU join one FIFO, served by its own NAPI in softirq, so they reach the stack in completion
 * order. Once the endpoint has taken a frame, the frame is done with: its buffer goes back to
 * where it came from ({@link org.cryptorder.macsec.MacsecFrame#recycle}; the endpoints keep no
 * reference to a frame's bytes).
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
        p.frame().recycle();
        afterFrame(cpu, queue.isEmpty());
    }
}
