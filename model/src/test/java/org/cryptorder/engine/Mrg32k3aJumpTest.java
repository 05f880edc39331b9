package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.MRG32k3a;

/** The jump-ahead arithmetic against SSJ's own MRG32k3a and its published jump matrices. */
class Mrg32k3aJumpTest {

    private static final long[] SEED = {1, 2, 3, 4, 5, 6};

    @Test
    void oneStepMatchesSsj() {
        MRG32k3a ssj = ssjAt(SEED);
        ssj.nextDouble();
        long[] x = Mrg32k3aJump.A1.apply(new long[] {1, 2, 3});
        long[] y = Mrg32k3aJump.A2.apply(new long[] {4, 5, 6});

        assertThat(ssj.getState()).containsExactly(x[0], x[1], x[2], y[0], y[1], y[2]);
    }

    /** SSJ's A1p76, A2p76, A1p127 and A2p127 (MRG32k3a.java), i.e. L'Ecuyer et al. 2002. */
    @Test
    void powersOfTwoMatchSsjJumpMatrices() {
        assertThat(Mrg32k3aJump.A1_SUBSTREAM).isEqualTo(new ModMatrix(Mrg32k3aJump.M1,
                82758667L, 1871391091L, 4127413238L,
                3672831523L, 69195019L, 1871391091L,
                3672091415L, 3528743235L, 69195019L));
        assertThat(Mrg32k3aJump.A2_SUBSTREAM).isEqualTo(new ModMatrix(Mrg32k3aJump.M2,
                1511326704L, 3759209742L, 1610795712L,
                4292754251L, 1511326704L, 3889917532L,
                3859662829L, 4292754251L, 3708466080L));
        assertThat(Mrg32k3aJump.A1_STREAM).isEqualTo(new ModMatrix(Mrg32k3aJump.M1,
                2427906178L, 3580155704L, 949770784L,
                226153695L, 1230515664L, 3580155704L,
                1988835001L, 986791581L, 1230515664L));
        assertThat(Mrg32k3aJump.A2_STREAM).isEqualTo(new ModMatrix(Mrg32k3aJump.M2,
                1464411153L, 277697599L, 1610723613L,
                32183930L, 1464411153L, 1022607788L,
                2824425944L, 32183930L, 2093834863L));
    }

    @Test
    void powMatchesRepeatedProducts() {
        ModMatrix a = Mrg32k3aJump.A1;
        assertThat(a.pow(0)).isEqualTo(new ModMatrix(Mrg32k3aJump.M1, 1, 0, 0, 0, 1, 0, 0, 0, 1));
        assertThat(a.pow(5)).isEqualTo(a.times(a).times(a).times(a).times(a));
        assertThat(a.pow(1L << 20)).isEqualTo(a.toPowerOfTwo(20));
        assertThat(a.pow(6)).isNotEqualTo(a.pow(5));
    }

    @Test
    void substreamPositionsMatchSsjResetNextSubstream() {
        MRG32k3a ssj = ssjAt(SEED);
        for (int r = 0; r < 5; r++) {
            assertThat(Mrg32k3aJump.position(SEED, 0, r)).as("substream %d", r)
                    .containsExactly(ssj.getState());
            ssj.resetNextSubstream();
        }
    }

    @Test
    void streamAndSubstreamJumpsCompose() {
        long[] streamStart = Mrg32k3aJump.position(SEED, 3, 0);
        assertThat(Mrg32k3aJump.position(SEED, 3, 2))
                .containsExactly(Mrg32k3aJump.position(streamStart, 0, 2));
        assertThat(Mrg32k3aJump.position(SEED, 3, 0))
                .containsExactly(Mrg32k3aJump.position(Mrg32k3aJump.position(SEED, 1, 0), 2, 0));
    }

    private static MRG32k3a ssjAt(long[] seed) {
        MRG32k3a stream = new MRG32k3a();
        stream.setSeed(seed);
        return stream;
    }
}
