package org.cryptorder.net;

import java.util.ArrayDeque;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;

/**
 * The per-CPU queue through which a MACsec device hands decrypted frames to the stack ({@code
 * gro_cells_receive}): frames completed inline in the NAPI poll and frames completed by cryptd on
 * this CPU join one FIFO, served by its own NAPI in softirq, so they reach the stack in completion
 * order.
 */
final class GroCell implements Work {
    private final ArrayDeque<Packet> queue = new ArrayDeque<>();
    private final MacsecDevice device;
    private final int budget;
    private boolean scheduled;
    private int polled;
    private Packet current;
    private double currentStartNs;

    GroCell(MacsecDevice device, int budget) {
        this.device = device;
        this.budget = budget;
    }

    void receive(Cpu cpu, Packet p) {
        queue.add(p);
        if (!scheduled) {
            scheduled = true;
            cpu.raiseSoftirq(this);
        }
    }

    @Override
    public double start(Cpu cpu) {
        current = queue.poll();
        currentStartNs = cpu.now();
        polled++;
        return device.upper(current).receiveNs(current);
    }

    @Override
    public void finish(Cpu cpu) {
        Packet p = current;
        current = null;
        if (FrameTrace.follows(device.trace(), p)) {
            device.trace().step(device.hostName(), cpu, p, -1, "up the stack from the GRO cell to the socket");
            device.trace().span(p, p.frame().pn(), device.hostName(), cpu, FrameTrace.Kind.DELIVERY, currentStartNs,
                    cpu.now());
        }
        device.upper(p).deliver(cpu, p);
        if (queue.isEmpty()) {
            scheduled = false;
            polled = 0;
        } else if (polled < budget) {
            cpu.raiseSoftirqNext(this);
        } else {
            polled = 0;
            cpu.raiseSoftirq(this);
        }
    }
}
