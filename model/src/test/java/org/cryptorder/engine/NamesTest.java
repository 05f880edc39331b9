package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.cryptorder.crypto.Policy;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.wifi.CcmpSuite;
import org.junit.jupiter.api.Test;

/** Every name users write (policy, cipher suite, CCMP suite, event list) is read the same way. */
class NamesTest {
    @Test
    void spacesAndLetterCaseDoNotMatterForAnyOfThem() {
        assertThat(Policy.fromKey(" Async-Unordered ")).isEqualTo(Policy.ASYNC_UNORDERED);
        assertThat(CipherSuite.fromName("gcm-aes-xpn-256")).isEqualTo(CipherSuite.GCM_AES_XPN_256);
        assertThat(CcmpSuite.fromName("ccmp-256")).isEqualTo(CcmpSuite.CCMP_256);
        assertThat(EventListKind.fromKey("Henriksen")).isEqualTo(EventListKind.HENRIKSEN);
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnesListed() {
        assertThatThrownBy(() -> Policy.fromKey("asnyc")).hasMessageStartingWith("unknown crypto policy 'asnyc': expected one of ")
                .hasMessageContaining("async-unordered");
        assertThatThrownBy(() -> CipherSuite.fromName("GCM-AES-192"))
                .hasMessage("unknown cipher suite 'GCM-AES-192': expected one of GCM-AES-128, GCM-AES-256, GCM-AES-XPN-128,"
                        + " GCM-AES-XPN-256");
        assertThatThrownBy(() -> CcmpSuite.fromName("TKIP")).hasMessage("unknown CCMP suite 'TKIP': expected one of CCMP-128, CCMP-256");
        assertThatThrownBy(() -> EventListKind.fromKey("heap")).hasMessageStartingWith("unknown event list 'heap': expected one of splay-tree, henriksen");
    }
}
