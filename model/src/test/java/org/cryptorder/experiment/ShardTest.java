package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The slices of a sweep: a partition, balanced, and named the same way in file names and comments. */
class ShardTest {
    @Test
    void theShardsOfASweepHoldEveryRunOnceAndDifferInSizeByAtMostOne() {
        int runs = 23;
        int count = 4;
        int[] sizes = new int[count];
        for (long k = 0; k < runs; k++) {
            int holders = 0;
            for (int i = 0; i < count; i++) {
                if (new Shard(i, count).holds(k)) {
                    holders++;
                    sizes[i]++;
                }
            }
            assertThat(holders).as("run %d", k).isEqualTo(1);
        }
        assertThat(sizes).containsExactly(6, 6, 6, 5);
    }

    @Test
    void namesReadBackToTheSameShard() {
        Shard s = new Shard(2, 4);
        assertThat(s.fileName()).isEqualTo("runs.shard-2-of-4.csv");
        assertThat(s.commentLine()).isEqualTo("# shard 2 of 4");
        assertThat(Shard.ofFileName(s.fileName())).contains(s);
        assertThat(Shard.ofCommentLine(s.commentLine())).contains(s);
        assertThat(Shard.ofFileName("runs.csv")).isEmpty();
        assertThat(Shard.ofFileName("runs.shard-4-of-4.csv")).isEqualTo(Optional.empty());
        assertThatThrownBy(() -> new Shard(4, 4)).hasMessageContaining("numbered 0 to 3");
    }
}
