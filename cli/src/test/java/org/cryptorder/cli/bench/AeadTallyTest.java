package org.cryptorder.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link AeadTally}: counts by shape, through the table's growth. */
class AeadTallyTest {
    @Test
    void countsEveryShapeApartThroughSeveralGrowths() {
        AeadTally t = new AeadTally();
        for (int text = 0; text < 1000; text++) {
            for (int k = 0; k <= text % 3; k++) {
                t.sealed(16, 28, text, 16);
            }
            t.opened(text % 2 == 0 ? 16 : 32, 28, text, 16);
        }
        assertThat(t.shapes()).hasSize(1500);  // odd texts: a 16-octet seal shape and a 32-octet open shape
        assertThat(t.seals()).isEqualTo(333 * (1 + 2 + 3) + 1);  // 1, 2, 3 seals for lengths 0..998 in turn, 1 for 999
        assertThat(t.opens()).isEqualTo(1000);
        AeadTally.Shape s = t.shapes().stream().filter(x -> x.keyBytes() == 16 && x.textLen() == 500).findFirst().orElseThrow();
        assertThat(s).isEqualTo(new AeadTally.Shape(16, 28, 500, 16, 500 % 3 + 1, 1));
        assertThat(t.shapes().get(0)).isEqualTo(new AeadTally.Shape(16, 28, 0, 16, 1, 1));
    }

    @Test
    void octetsCountAadAndTextOfEveryOperation() {
        AeadTally t = new AeadTally();
        t.sealed(16, 28, 1430, 16);
        t.opened(16, 28, 1430, 16);
        t.sealed(16, 60, 0, 8);
        assertThat(t.octets()).isEqualTo(2 * 1458 + 60);
    }

    @Test
    void aShapeOutOfRangeIsRefused() {
        assertThatThrownBy(() -> new AeadTally().sealed(16, 28, 1 << 24, 16)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AeadTally().opened(256, 28, 10, 16)).isInstanceOf(IllegalArgumentException.class);
    }
}
