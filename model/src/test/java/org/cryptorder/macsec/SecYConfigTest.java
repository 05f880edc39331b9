package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The withers of {@link SecYConfig}: each changes its own settings and keeps the others. */
class SecYConfigTest {

    @Test
    void withSciChangesTheSciAlone() {
        SecYConfig c = SecYConfig.linuxDefaults(1).withEncrypt(true).withReplay(true, 32).withIcvLen(12);
        SecYConfig other = c.withSci(2);
        assertThat(other.sci()).isEqualTo(2);
        assertThat(other).isNotEqualTo(c);
        assertThat(other.withSci(1)).isEqualTo(c);
    }
}
