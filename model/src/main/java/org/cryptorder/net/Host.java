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

    /** Narrates the first frames' steps through this host into {@code t}. */
    public void trace(FrameTrace t) {
        macsec.trace(t, name);
        nic.trace(t);
        for (Cpu c : cpus) {
            c.observe(t.recordsCpus() ? (cpu, task, work, s, e) -> t.cpuRan(name, cpu, task, work, s, e) : null);
            if (t.recordsCpus()) {
                String queue = c.name() + " cryptd queue";
                crypto.cryptd(c.id()).lengthSignal().subscribe((time, level) -> t.level(name, queue, time, level));
            }
        }
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
