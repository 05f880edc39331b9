package org.cryptorder.net;

import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import umontreal.ssj.simevents.Simulator;

/**
 * A simulated machine: its CPUs (each with a cryptd), its NIC, the crypto API with the host's
 * policy, and a MACsec device on the NIC. Endpoints and load generators are attached from outside.
 */
public final class Host {
    private final String name;
    private final HostSpec spec;
    private final Cpu[] cpus;
    private final CryptoApi crypto;
    private final Nic nic;
    private final MacsecDevice macsec;
    private final byte[] mac;

    public Host(Simulator sim, String name, byte[] mac, HostSpec spec, SecYConfig secy, GcmEngine engine) {
        this.name = name;
        this.spec = spec;
        this.mac = mac.clone();
        this.cpus = new Cpu[spec.cpus()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Cpu(sim, i, spec.scheduler(), spec.fpuSectionsDisableBh());
        }
        this.crypto = new CryptoApi(spec.policy(), spec.crypto(), cpus, spec.cryptdQueueLength(), spec.offload(),
                engine);
        Cpu[] rxCpus = new Cpu[spec.rxQueues()];
        for (int q = 0; q < rxCpus.length; q++) {
            rxCpus[q] = cpus[q % cpus.length];
        }
        this.nic = new Nic(sim, name + ".eth0", spec.tx(), spec.txQueues(), cpus, rxCpus, spec.rxRingSize(),
                spec.stack().ns(spec.stack().driverRxCycles()), spec.napiBudget(), spec.rxSteering(),
                spec.rx().moderation());
        this.macsec = new MacsecDevice(name + ".macsec0", new SecY(secy), crypto, nic, spec.stack(), cpus.length,
                spec.resequenceTimeoutNs(), spec.rx().gro(), spec.tx().hz());
    }

    /**
     * Narrates the first frames' steps through this host into {@code t}; when it records CPU time,
     * also the levels of the host's queues (each cryptd queue, each TX queue's qdisc backlog, ring
     * occupancy and BQL limit, each RX ring's backlog) and every frame dropped, with its reason.
     */
    public void trace(FrameTrace t) {
        macsec.trace(t, name);
        nic.trace(t);
        for (Cpu c : cpus) {
            c.observe(t.recordsCpus() ? (cpu, task, work, s, e) -> t.cpuRan(name, cpu, task, work, s, e) : null);
        }
        if (t.recordsCpus()) {
            observeQueues(t);
        }
    }

    /** The queues' levels and the drops, for {@link #trace}. */
    private void observeQueues(FrameTrace t) {
        for (Cpu c : cpus) {
            String queue = c.name() + " cryptd queue";
            crypto.cryptd(c.id()).lengthSignal().subscribe((time, level) -> t.level(name, queue, time, level));
        }
        for (int i = 0; i < nic.txQueueCount(); i++) {
            TxQueue q = nic.txQueue(i);
            String tx = "eth0.tx" + i;
            q.qdiscLength().subscribe((time, level) -> t.level(name, tx + " qdisc backlog", time, level));
            q.ringLength().subscribe((time, level) -> t.level(name, tx + " ring in use", time, level));
            q.bqlLimit().subscribe((time, level) -> t.level(name, tx + " BQL limit", time, level));
        }
        nic.txDrops.subscribe((time, p, reason) -> t.dropped(name, "eth0.tx" + nic.txQueueOf(p), reason, time, p));
        for (int i = 0; i < nic.rxQueueCount(); i++) {
            String rx = "eth0.rx" + i;
            nic.rxRing(i).length().subscribe((time, level) -> t.level(name, rx + " ring backlog", time, level));
            nic.rxRing(i).drops.subscribe((time, p, reason) -> t.dropped(name, rx, reason, time, p));
        }
        macsec.drops.subscribe((time, p, reason) -> {
            if (reason != MacsecDrop.LOWER_QUEUE_FULL) {  // the TX queue's drop says why
                t.dropped(name, "macsec0", reason, time, p);
            }
        });
    }

    /** Taps the host's lower device ({@code eth0}) and its MACsec device ({@code macsec0}); null: no tap there. */
    public void capture(FrameTap eth0, FrameTap macsec0) {
        nic.tap(eth0);
        macsec.tap(macsec0);
    }

    public String name() {
        return name;
    }

    public HostSpec spec() {
        return spec;
    }

    public Cpu cpu(int i) {
        return cpus[i];
    }

    public int cpuCount() {
        return cpus.length;
    }

    public Cryptd cryptd(int i) {
        return crypto.cryptd(i);
    }

    public CryptoApi crypto() {
        return crypto;
    }

    public Nic nic() {
        return nic;
    }

    public MacsecDevice macsec() {
        return macsec;
    }

    public byte[] mac() {
        return mac.clone();
    }
}
