package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "What a run prints" is what the quickstart prints now: the sample is rerun and
 * compared line by line. When the model moves it, {@code scripts/readme-sample.sh} rewrites it.
 */
@Tag("extensive")
class ReadmeSampleTest {
    private static final String COMMAND = "$ ./cryptorder run experiments/quickstart.json --out /tmp/qs";

    @TempDir
    Path tmp;

    @Test
    void theReadmesSampleIsWhatTheQuickstartPrints() throws Exception {
        List<String> readme = Files.readAllLines(ProjectFiles.resolve("README.md"));
        int from = readme.indexOf(COMMAND);
        assertThat(from).as("README.md has the line %s", COMMAND).isNotNegative();
        int to = from + 1;
        while (to < readme.size() && !readme.get(to).equals("```")) {
            to++;
        }
        List<String> sample = readme.subList(from + 1, to);

        Path out = tmp.resolve("qs");
        CliRun r = CliRun.of("run", "--out", out.toString(),
                ProjectFiles.resolve("experiments/quickstart.json").toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> printed = r.out().replace(out.toString(), "/tmp/qs").strip().lines().toList();
        assertThat(printed).as("README.md's sample against the quickstart's output; if the change is meant,"
                + " run scripts/readme-sample.sh and say in the commit what moved").isEqualTo(sample);
    }
}
