package org.cryptorder.experiment.wiring;

import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SaKey;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Link;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Simulator;

/**
 * Two hosts joined by a full-duplex link, each with a MACsec SecY whose TX SA is the other's RX
 * SA (one static key per direction, as {@code ip macsec} sets up by hand), the way the seed
 * reports ran iperf3 between two servers.
 */
public final class BackToBack {
    private final Host a;
    private final Host b;
    private final Link aToB;
    private final Link bToA;

    /**
     * @param secy the SecY settings both hosts use (their SCI is replaced by each host's own)
     * @param keyA the key of A's transmit direction, keyB of B's (lengths as the suite needs)
     */
    public BackToBack(Simulator sim, HostSpec specA, HostSpec specB, SecYConfig secy, byte[] keyA, byte[] keyB,
                      double rateBitsPerSecond, double delayNs, GcmEngine engine) {
        byte[] macA = {0x02, 0, 0, 0, 0, 0x0a};
        byte[] macB = {0x02, 0, 0, 0, 0, 0x0b};
        long sciA = 0x02000000000a0001L;
        long sciB = 0x02000000000b0001L;
        a = new Host(sim, "a", macA, specA, secy.withSci(sciA), engine);
        b = new Host(sim, "b", macB, specB, secy.withSci(sciB), engine);
        SaKey ka = key(secy.suite(), keyA, 1);
        SaKey kb = key(secy.suite(), keyB, 2);
        a.macsec().secy().addTxSa(secy.encodingSa(), ka, 1, true);
        b.macsec().secy().addTxSa(secy.encodingSa(), kb, 1, true);
        b.macsec().secy().addRxSc(sciA);
        b.macsec().secy().addRxSa(sciA, secy.encodingSa(), ka, 1, true);
        a.macsec().secy().addRxSc(sciB);
        a.macsec().secy().addRxSa(sciB, secy.encodingSa(), kb, 1, true);
        aToB = new Link(sim, "a->b", rateBitsPerSecond, delayNs);
        bToA = new Link(sim, "b->a", rateBitsPerSecond, delayNs);
        aToB.connect(b.nic());
        bToA.connect(a.nic());
        a.nic().connect(aToB, a.macsec());
        b.nic().connect(bToA, b.macsec());
    }

    /**
     * Two hosts whose two SA keys are drawn from {@code keys} (A's key first, then B's, one octet
     * per draw).
     */
    public static BackToBack randomlyKeyed(Simulator sim, HostSpec specA, HostSpec specB, SecYConfig secy,
                                           RandomStream keys, double rateBitsPerSecond, double delayNs,
                                           GcmEngine engine) {
        byte[] keyA = randomKey(keys, secy.suite().keyBytes());
        byte[] keyB = randomKey(keys, secy.suite().keyBytes());
        return new BackToBack(sim, specA, specB, secy, keyA, keyB, rateBitsPerSecond, delayNs, engine);
    }

    /** A key of {@code n} octets drawn from {@code s} (each octet 0 to 255 as SSJ's nextInt(0, 255) gives them). */
    static byte[] randomKey(RandomStream s, int n) {
        byte[] k = new byte[n];
        for (int i = 0; i < n; i++) {
            k[i] = (byte) s.nextInt(0, 255);
        }
        return k;
    }

    private static SaKey key(CipherSuite suite, byte[] key, int ssci) {
        return suite.xpn() ? SaKey.ofXpn(suite, key, ssci, new byte[SaKey.SALT_LEN]) : SaKey.of(suite, key);
    }

    public Host a() {
        return a;
    }

    public Host b() {
        return b;
    }

    public Link aToB() {
        return aToB;
    }

    public Link bToA() {
        return bToA;
    }
}
