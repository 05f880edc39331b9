package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;
import org.cryptorder.crypto.Policy;
import org.junit.jupiter.api.Test;

/** Every crypto policy has a colour of its own, so a policy added to the model cannot borrow another's. */
class PolicyPaletteTest {
    @Test
    void everyPolicyHasItsOwnColour() {
        Set<Color> seen = new HashSet<>();
        for (Policy p : Policy.values()) {
            Color c = PolicyPalette.colour(p.key(), 0);
            assertThat(c).as(p.key()).isNotEqualTo(PolicyPalette.colour(null, 0));
            assertThat(seen.add(c)).as("%s has a colour of its own", p.key()).isTrue();
        }
    }
}
