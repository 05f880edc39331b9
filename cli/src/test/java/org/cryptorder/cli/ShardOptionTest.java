package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.cryptorder.experiment.Shard;
import org.junit.jupiter.api.Test;

/** {@code --shard}: an index given, or taken from Slurm's or Kubernetes' environment. */
class ShardOptionTest {
    @Test
    void anIndexGivenIsTaken() throws Exception {
        assertThat(ShardOption.parse("1/4", Map.of("SLURM_ARRAY_TASK_ID", "3"))).isEqualTo(new Shard(1, 4));
    }

    @Test
    void autoReadsSlurmThenKubernetes() throws Exception {
        assertThat(ShardOption.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "3"))).isEqualTo(new Shard(3, 4));
        assertThat(ShardOption.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "2"))).isEqualTo(new Shard(2, 4));
        assertThat(ShardOption.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "0", "JOB_COMPLETION_INDEX", "2")))
                .isEqualTo(new Shard(0, 4));
    }

    @Test
    void badValuesSayWhatIsWrong() {
        assertThatThrownBy(() -> ShardOption.parse("auto/4", Map.of()))
                .hasMessageContaining("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
        assertThatThrownBy(() -> ShardOption.parse("auto/4", Map.of("JOB_COMPLETION_INDEX", "4")))
                .hasMessageContaining("JOB_COMPLETION_INDEX=4 is not a shard of 4 (0 to 3)");
        assertThatThrownBy(() -> ShardOption.parse("auto/4", Map.of("SLURM_ARRAY_TASK_ID", "x")))
                .hasMessageContaining("is not an index");
        assertThatThrownBy(() -> ShardOption.parse("4/4", Map.of())).hasMessageContaining("numbered 0 to 3");
        assertThatThrownBy(() -> ShardOption.parse("0/0", Map.of())).hasMessageContaining("at least one shard");
        assertThatThrownBy(() -> ShardOption.parse("1-4", Map.of())).hasMessageContaining("expected I/N or auto/N");
    }
}
