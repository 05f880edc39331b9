package org.cryptorder.net;

import java.util.Locale;
import org.cryptorder.crypto.AeadRequest;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;

/** The words of the frame trace: why a request went where it went, and what a verdict means. */
final class RouteNarration {
    private RouteNarration() {
    }

    static String of(CryptoApi api, Cpu cpu, AeadRequest r, CryptoApi.Route route, double ns, String op) {
        String cost = String.format(Locale.ROOT, "%.3f us", ns / 1000);
        return switch (route) {
            case INLINE -> switch (api.policy()) {
                case SYNC_FALLBACK -> "synchronous gcm_base(ctr(aes-aesni),ghash-generic): " + op + " inline, "
                        + "one FPU section per 16 octets (" + cost + ")";
                case SYNC_SIMD -> "synchronous AES-NI GCM: " + op + " inline (" + cost + ")";
                case GENERIC -> "generic C AES-GCM: " + op + " inline (" + cost + ")";
                default -> "FPU usable and nothing of this SA in cryptd: AES-NI " + op + " inline (" + cost + ")";
            };
            case QUEUED -> switch (api.policy()) {
                case PCRYPT -> "pcrypt: handed to a padata parallel worker; completions come back in order";
                case OFFLOAD, OFFLOAD_RESEQUENCE -> "handed to the offload device";
                default -> (cpu.simdUsable()
                        ? (r.tfm().inCryptd() - 1) + " earlier requests of this SA still in cryptd"
                        : cpu.inSoftirq() ? "FPU unusable: softirq interrupted a kernel FPU section"
                                : "FPU unusable")
                        + ", so cryptd of " + cpu.name() + ", position " + api.cryptd(cpu.id()).length();
            };
            case REFUSED -> "cryptd of " + cpu.name() + " full: request refused, frame dropped";
        };
    }

    static String verdict(RxVerdict v, MacsecFrame f, long lowest) {
        return switch (v) {
            case OK -> "ICV verified, PN in order: counted InPktsOK, delivered";
            case DELAYED -> "PN " + f.pn() + " is below the lowest acceptable PN " + lowest
                    + " (a later frame was validated first): counted InPktsDelayed, delivered";
            case LATE -> "PN below the replay window: counted InPktsLate, dropped";
            case NOT_VALID -> "ICV does not verify: counted InPktsNotValid, dropped";
            case INVALID -> "ICV does not verify (validate check): counted InPktsInvalid, delivered";
            case UNCHECKED -> "not validated: counted InPktsUnchecked, delivered";
            default -> v.counter() != null ? v + ": counted " + v.counter().linuxName() : v + ": dropped silently";
        };
    }
}
