package org.cryptorder.net;

import java.util.IdentityHashMap;
import java.util.Map;
import org.cryptorder.crypto.AeadRequest;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Policy;
import org.cryptorder.crypto.Tfm;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxSa;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.SecTag;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.TxVerdict;

/**
 * A Linux MACsec net device on top of a {@link Nic}: its {@link SecY}, one crypto transform per SA,
 * and the frame's path in both directions, split where the AEAD request is issued.
 *
 * <p>TX ({@code macsec_start_xmit}): {@link #startTransmit} in the sender's context (PN, SecTAG,
 * AEAD request: inline, cryptd, or refused), {@link #finishTransmit} when that context's work ends;
 * an encrypted frame goes to the TX ring of the CPU that completed it (XPS). RX ({@code
 * macsec_handle_frame}, in the NAPI poll): the same split through {@link FrameHandler}; a delivered
 * frame joins the completing CPU's {@link GroCell}, which takes it up the stack.
 */
public final class MacsecDevice implements FrameHandler {
    private final SecY secy;
    private final CryptoApi crypto;
    private final Nic nic;
    private final StackCosts costs;
    private final GroCell[] groCells;
    private final Tfm txTfm = new Tfm("tx-sa");
    private final Map<RxSa, Tfm> rxTfms = new IdentityHashMap<>();
    private final Map<RxSa, PnResequencer> resequencers = new IdentityHashMap<>();
    private final double resequenceTimeoutNs;
    private Upper[] uppers = new Upper[0];
    private FrameTrace trace;
    private String host = "";
    private long txRingFull;

    /**
     * @param cpuCount            CPUs of the host (one GRO cell each)
     * @param resequenceTimeoutNs how long the PN reorder queue waits for a gap (resequencing policies)
     */
    public MacsecDevice(SecY secy, CryptoApi crypto, Nic nic, StackCosts costs, int cpuCount,
                        double resequenceTimeoutNs) {
        this.resequenceTimeoutNs = resequenceTimeoutNs;
        this.secy = secy;
        this.crypto = crypto;
        this.nic = nic;
        this.costs = costs;
        this.groCells = new GroCell[cpuCount];
        for (int i = 0; i < cpuCount; i++) {
            groCells[i] = new GroCell(this, Nic.DEFAULT_BUDGET);
        }
    }

    /** Narrates the first frames' steps through this device into {@code t}. */
    public void trace(FrameTrace t, String hostName) {
        this.trace = t;
        this.host = hostName;
    }

    FrameTrace trace() {
        return trace;
    }

    String hostName() {
        return host;
    }

    public SecY secy() {
        return secy;
    }

    public CryptoApi crypto() {
        return crypto;
    }

    /** Binds the protocol endpoint of a flow. */
    public void bind(int flow, Upper upper) {
        if (flow >= uppers.length) {
            Upper[] grown = new Upper[flow + 1];
            System.arraycopy(uppers, 0, grown, 0, uppers.length);
            uppers = grown;
        }
        uppers[flow] = upper;
    }

    Upper upper(Packet p) {
        return uppers[p.flow()];
    }

    /** An AEAD request of this device: one frame, one direction. */
    abstract static class Request extends AeadRequest {
        final Packet packet;
        CryptoApi.Route route;

        Request(Tfm tfm, Packet packet, int encBytes, int authBytes) {
            super(tfm, encBytes, authBytes);
            this.packet = packet;
        }
    }

    // ---- transmit ----

    /**
     * The sending context's part of {@code macsec_start_xmit}: PN, SecTAG and the AEAD request.
     * Returns the CPU time it costs that context, ns (the inline AEAD included).
     */
    public double startTransmit(Cpu cpu, Packet p) {
        if (trace != null) {
            trace.admit(p);
            p.traceStartNs = cpu.now();
        }
        MacsecFrame f = p.frame();
        TxVerdict v = secy.transmit(f);
        double ns = costs.ns(costs.macsecTxCycles());
        if (v != TxVerdict.NEEDS_CRYPTO) {
            p.request = null;
            p.verdict = null;
            p.txVerdict = v;
            if (FrameTrace.follows(trace, p)) {
                trace.step(host, cpu, p, -1, "MACsec TX: " + v);
            }
            return ns;
        }
        int hdr = SecTag.headerLen(f.hasSci());
        int icv = secy.config().icvLen();
        boolean encrypt = secy.config().encrypt();
        TxRequest r = new TxRequest(p, encrypt ? f.length() - hdr - icv : 0, encrypt ? hdr : f.length() - icv);
        r.route = crypto.submit(cpu, r);
        p.request = r;
        double cryptoNs = crypto.callerNs(cpu, r, r.route);
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, f.pn(), "MACsec TX: PN taken, SecTAG written; "
                    + RouteNarration.of(crypto, cpu, r, r.route, cryptoNs, "encrypt"));
        }
        return ns + cryptoNs;
    }

    /** The end of the sending context's work: completes an inline request, drops a refused one. */
    public void finishTransmit(Cpu cpu, Packet p) {
        Request r = p.request;
        p.request = null;
        if (FrameTrace.follows(trace, p)) {
            trace.span(p, r == null ? -1 : p.frame().pn(), host, cpu, r != null && r.route == CryptoApi.Route.INLINE
                    ? FrameTrace.Kind.ENCRYPT_INLINE : FrameTrace.Kind.SEND, p.traceStartNs, cpu.now());
        }
        if (r == null) {
            if (p.txVerdict == TxVerdict.SENT_UNTAGGED) {
                toWire(cpu, p);
            } else {
                p.release();
            }
            return;
        }
        switch (r.route) {
            case INLINE -> crypto.completeInline(cpu, r);
            case REFUSED -> r.failed(cpu);
            case QUEUED -> { }
        }
    }

    private void toWire(Cpu cpu, Packet p) {
        if (!nic.transmit(cpu.id() % nic.txRingCount(), p)) {
            txRingFull++;
            p.release();
        }
    }

    private final class TxRequest extends Request {
        TxRequest(Packet p, int enc, int auth) {
            super(txTfm, p, enc, auth);
        }

        @Override
        public void perform(GcmEngine engine) {
            secy.encrypt(packet.frame(), engine);
        }

        @Override
        public void complete(Cpu cpu) {
            traceCryptd(this, cpu);
            secy.transmitted(packet.frame());
            if (FrameTrace.follows(trace, packet)) {
                trace.step(host, cpu, packet, packet.frame().pn(), "encrypted; dev_queue_xmit to TX ring "
                        + cpu.id() % nic.txRingCount());
            }
            toWire(cpu, packet);
        }

        @Override
        public void failed(Cpu cpu) {
            secy.transmitFailed(packet.frame());
            packet.release();
        }
    }

    // ---- receive ----

    @Override
    public double start(Cpu cpu, Packet p) {
        MacsecFrame f = p.frame();
        RxVerdict v = secy.receive(f);
        double ns = costs.ns(costs.macsecRxCycles());
        if (FrameTrace.follows(trace, p)) {
            p.traceStartNs = cpu.now();
        }
        if (v != RxVerdict.NEEDS_CRYPTO) {
            p.request = null;
            p.verdict = v;
            if (FrameTrace.follows(trace, p)) {
                trace.step(host, cpu, p, -1, "MACsec RX: " + RouteNarration.verdict(v, f, -1));
                if (v == RxVerdict.DELAYED) {
                    trace.delayed(p);
                }
            }
            return ns;
        }
        int hdr = SecTag.headerLen(f.hasSci());
        int icv = secy.config().icvLen();
        boolean encrypted = (SecTag.tciAn(f.bytes(), f.offset()) & SecTag.TCI_E) != 0;
        RxRequest r = new RxRequest(rxTfm(f.rxSa()), p,
                encrypted ? f.length() - hdr - icv : 0, encrypted ? hdr : f.length() - icv);
        r.route = crypto.submit(cpu, r);
        p.request = r;
        double cryptoNs = crypto.callerNs(cpu, r, r.route);
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, f.pn(), "MACsec RX (NAPI poll): SecTAG ok, RX SA " + f.rxSa().an() + "; "
                    + RouteNarration.of(crypto, cpu, r, r.route, cryptoNs, "decrypt"));
        }
        return ns + cryptoNs;
    }

    @Override
    public void finish(Cpu cpu, Packet p) {
        Request r = p.request;
        p.request = null;
        if (FrameTrace.follows(trace, p)) {
            trace.span(p, p.frame().pn(), host, cpu, r != null && r.route == CryptoApi.Route.INLINE
                    ? FrameTrace.Kind.DECRYPT_INLINE : FrameTrace.Kind.SOFTIRQ_RX, p.traceStartNs, cpu.now());
        }
        if (r == null) {
            if (p.verdict.delivered()) {
                groCells[cpu.id()].receive(cpu, p);
            }
            return;
        }
        switch (r.route) {
            case INLINE -> crypto.completeInline(cpu, r);
            case REFUSED -> r.failed(cpu);
            case QUEUED -> { }
        }
    }

    /** {@code macsec_post_decrypt}, then delivery through {@code cpu}'s GRO cell. */
    void postDecrypt(Request r, Cpu cpu) {
        boolean traced = FrameTrace.follows(trace, r.packet);
        long lowest = traced ? r.packet.frame().rxSa().nextPn() - secy.config().replayWindow() : 0;
        RxVerdict v = secy.completeReceive(r.packet.frame());
        r.packet.verdict = v;
        if (traced) {
            trace.step(host, cpu, r.packet, r.packet.frame().pn(), "decrypted; "
                    + RouteNarration.verdict(v, r.packet.frame(), lowest));
            if (v == RxVerdict.DELAYED) {
                trace.delayed(r.packet);
            }
        }
        if (v.delivered()) {
            groCells[cpu.id()].receive(cpu, r.packet);
        }
    }

    /**
     * The cryptd part of a followed frame's path, when its request went through cryptd: the wait in
     * the queue and the worker's run (padata's and the offload device's queues are not drawn).
     */
    private void traceCryptd(Request r, Cpu cpu) {
        if (FrameTrace.follows(trace, r.packet) && r.route == CryptoApi.Route.QUEUED && r.startedAt() >= 0
                && crypto.policy() != Policy.PCRYPT) {
            long pn = r.packet.frame().pn();
            trace.span(r.packet, pn, host, cpu, FrameTrace.Kind.QUEUED, r.enqueuedAt(), r.startedAt());
            trace.span(r.packet, pn, host, cpu, FrameTrace.Kind.CRYPTD_WORKER, r.startedAt(), cpu.now());
        }
    }

    private PnResequencer resequencer(RxSa sa, Cpu cpu) {
        PnResequencer q = resequencers.get(sa);
        if (q == null) {
            q = new PnResequencer(cpu, this, sa.nextPn(), resequenceTimeoutNs);
            resequencers.put(sa, q);
        }
        return q;
    }

    /** Gaps the PN reorder queues gave up on. */
    public long resequencerTimeouts() {
        return resequencers.values().stream().mapToLong(PnResequencer::timeouts).sum();
    }

    private Tfm rxTfm(RxSa sa) {
        return rxTfms.computeIfAbsent(sa, s -> new Tfm("rx-sa" + s.an()));
    }

    private final class RxRequest extends Request {
        RxRequest(Tfm tfm, Packet p, int enc, int auth) {
            super(tfm, p, enc, auth);
        }

        @Override
        public void perform(GcmEngine engine) {
            secy.decrypt(packet.frame(), engine);
        }

        @Override
        public void complete(Cpu cpu) {
            traceCryptd(this, cpu);
            if (crypto.policy().resequences()) {
                resequencer(packet.frame().rxSa(), cpu).offer(this);
            } else {
                postDecrypt(this, cpu);
            }
        }

        @Override
        public void failed(Cpu cpu) {
            secy.receiveFailed(packet.frame());
        }
    }

    /**
     * Frames dropped because the lower device's TX queue (a ring here, the qdisc included) was full
     * when MACsec handed them down ({@code dev_queue_xmit} in {@code macsec_start_xmit} or {@code
     * macsec_encrypt_done}). Linux counts such a frame among the qdisc's drops ({@code tc -s qdisc
     * show dev <lower>}), not in the MACsec device's counters: {@code count_tx} only skips it.
     */
    public long txRingFull() {
        return txRingFull;
    }
}
