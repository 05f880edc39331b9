package org.cryptorder.experiment.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Policy;
import org.cryptorder.net.Host;
import org.cryptorder.net.InterfaceCapture;
import org.cryptorder.net.MacsecDrop;
import org.cryptorder.net.Packet;
import org.cryptorder.net.TxDrop;

/**
 * What the model has to say of one host's frames in its pcapng captures ({@link RunCapture}), heard
 * from the host's drop signals while the replication runs:
 * <ul>
 *   <li>on a received frame counted InPktsDelayed or dropped by MACsec (InPktsLate among them): how
 *       it was decrypted (inline, or the worker's CPU and its wait in the queue), what overtook it,
 *       and what was counted;</li>
 *   <li>on a frame this host sent that the peer's RX ring dropped (full: {@code rx_missed}): the drop,
 *       since the peer's captures never see it;</li>
 *   <li>as comments on the {@code eth0} file, the frames that are not in it: those its TX queues
 *       dropped before the wire (qdisc full, TX ring full), and those its RX rings dropped.</li>
 * </ul>
 * Each kind keeps at most {@code max} frames (the captures' bound); counts are kept whole.
 */
final class CaptureNotes {
    /** How many PNs a file comment lists before it says how many more. */
    static final int PNS_LISTED = 20;

    /** A frame one of the host's components dropped: its PN, the reason in words, where. */
    private record Dropped(long pn, String why) {
    }

    private final String host;
    private final String worker;
    private final int max;
    private final Map<Long, String> rxDropped = new TreeMap<>();
    private final List<Dropped> txDropped = new ArrayList<>();
    private final List<Dropped> ringDropped = new ArrayList<>();
    private long txDrops;
    private long ringDrops;

    /** Listens to {@code h}'s drop signals, keeping at most {@code max} frames of each kind. */
    CaptureNotes(Host h, int max) {
        this.host = h.name();
        this.worker = h.crypto().policy() == Policy.PCRYPT ? "padata" : "cryptd";
        this.max = max;
        h.macsec().drops.subscribe((time, p, reason) -> {
            if (reason.name().startsWith("RX_") && rxDropped.size() < max) {
                rxDropped.putIfAbsent(p.frame().pn(), dropWords(p, reason));
            }
        });
        h.nic().txDrops.subscribe((time, p, reason) -> {
            txDrops++;
            if (txDropped.size() < max) {
                txDropped.add(new Dropped(p.frame().pn(), txWords(reason)));
            }
        });
        for (int i = 0; i < h.nic().rxQueueCount(); i++) {
            String cpu = "RX ring " + i;
            h.nic().rxRing(i).drops.subscribe((time, p, reason) -> {
                ringDrops++;
                if (ringDropped.size() < max) {
                    ringDropped.add(new Dropped(p.frame().pn(), cpu));
                }
            });
        }
    }

    /**
     * How the peer encrypted a frame, in words, when it queued it to a worker: {@code encrypted by a's
     * cryptd on cpu0, waited 38.978 us}; "" when inline or unknown.
     */
    String sentRoute(Packet.Crypto c) {
        if (c == null || c.route() == CryptoApi.Route.INLINE) {
            return "";
        }
        String peer = host.equals("a") ? "b" : "a";
        return c.waitNs() >= 0 ? String.format(Locale.ROOT, "encrypted by %s's %s on %s, waited %.3f us", peer, worker,
                c.cpu(), c.waitNs() / 1e3) : "encrypted by " + peer + "'s offload device";
    }

    /** How a received frame was decrypted, in words: {@code decrypted by cryptd on cpu1, waited 44.100 us}; "" when unknown. */
    String route(Packet.Crypto c) {
        if (c == null) {
            return "";
        }
        if (c.route() == CryptoApi.Route.INLINE) {
            return "decrypted inline on " + c.cpu();
        }
        return c.waitNs() >= 0 ? String.format(Locale.ROOT, "decrypted by %s on %s, waited %.3f us", worker, c.cpu(),
                c.waitNs() / 1e3) : "decrypted by the offload device, completed on " + c.cpu();
    }

    private String dropWords(Packet p, MacsecDrop reason) {
        String how = route(p.rxCrypto());
        String why = switch (reason) {
            case RX_LATE -> "below the replay window: dropped, counted InPktsLate";
            case RX_CRYPTO_FAILED -> "the decryption request was refused, " + worker + " full: dropped";
            case RX_GRO_CELL_FULL -> "decrypted, but the GRO cell was full: dropped (rx_dropped)";
            case RX_NOT_VALID -> "the ICV failed: dropped, counted InPktsNotValid";
            default -> "dropped by MACsec on receive: " + reason.name();
        };
        return "PN " + p.frame().pn() + ": " + (how.isEmpty() ? "" : how + "; ") + why;
    }

    private static String txWords(TxDrop reason) {
        return switch (reason) {
            case QDISC_FULL -> "qdisc full";
            case RING_FULL -> "TX queue stopped, noqueue";
            case FQ_OVERLIMIT -> "fq_codel over its limit";
            case CODEL -> "CoDel";
        };
    }

    /**
     * The comments on the frames the host received, by PN: counted InPktsDelayed (as its MACsec
     * device's capture {@code delayed} saw them) or dropped by MACsec.
     */
    Map<Long, String> received(Map<Long, InterfaceCapture.Delayed> delayed) {
        Map<Long, String> notes = new TreeMap<>(rxDropped);
        delayed.forEach((pn, d) -> {
            String how = route(d.crypto());
            String overtaken = d.overtakers() == 0 ? "" : "overtaken by " + (d.overtakers() == 1 ? "1 frame, PN "
                    : d.overtakers() + " frames, PN ") + (d.overtakers() <= d.listed().size() ? String.join(", ",
                    d.listed().stream().map(String::valueOf).toList()) : d.firstPn() + " to " + d.lastPn());
            String said = String.join(", ", List.of(sentRoute(d.sent()), how, overtaken).stream()
                    .filter(s -> !s.isEmpty()).toList());
            notes.put(pn, "PN " + pn + ": " + (said.isEmpty() ? "" : said + "; ") + "validated after a later PN: counted"
                    + " InPktsDelayed");
        });
        return notes;
    }

    /** The comments on the frames {@code peer}'s RX rings dropped, for the sender's (this host's) capture. */
    static Map<Long, String> sentAndLost(CaptureNotes peer) {
        Map<Long, String> notes = new TreeMap<>();
        for (Dropped d : peer.ringDropped) {
            notes.put(d.pn(), "PN " + d.pn() + ": dropped at " + peer.host + "'s " + d.why() + ": full (rx_missed);"
                    + " not in " + peer.host + "'s captures");
        }
        return notes;
    }

    /** The {@code eth0} file's comments: the frames that are not in it, and why (none when none). */
    List<String> missing() {
        List<String> out = new ArrayList<>();
        if (txDrops > 0) {
            out.add("Not in this capture: " + txDrops + (txDrops == 1 ? " frame" : " frames") + " host " + host
                    + "'s TX queues dropped before the wire (" + reasons(txDropped) + "): " + pns(txDropped, txDrops));
        }
        if (ringDrops > 0) {
            out.add("Not in this capture: " + ringDrops + (ringDrops == 1 ? " frame" : " frames") + " host " + host
                    + "'s RX rings dropped, full (rx_missed): " + pns(ringDropped, ringDrops) + "; the sender's eth0"
                    + (ringDrops == 1 ? " capture has it, with a comment" : " capture has them, as far as its bound reaches, each with a"
                    + " comment"));
        }
        return out;
    }

    private static String reasons(List<Dropped> drops) {
        Map<String, Integer> by = new TreeMap<>();
        drops.forEach(d -> by.merge(d.why(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        by.forEach((why, n) -> parts.add(why + ": " + n));
        return String.join(", ", parts);
    }

    private static String pns(List<Dropped> drops, long all) {
        List<String> listed = drops.stream().limit(PNS_LISTED).map(d -> Long.toString(d.pn())).toList();
        return "PN " + String.join(", ", listed) + (all > listed.size() ? " and " + (all - listed.size()) + " more" : "");
    }
}
