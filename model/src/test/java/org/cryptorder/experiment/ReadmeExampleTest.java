package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/** The README's example of a file with problems prints exactly what the README says it prints. */
class ReadmeExampleTest {
    @Test
    void theReadmesValidateExampleIsTrue() throws Exception {
        String readme = Files.readString(ProjectFiles.resolve("README.md"));
        int at = readme.indexOf("For this `bad.json`");
        assertThat(at).as("the example is in the README").isPositive();
        int jsonStart = readme.indexOf("```json\n", at) + "```json\n".length();
        String json = readme.substring(jsonStart, readme.indexOf("```", jsonStart));
        int outStart = readme.indexOf("```\n", readme.indexOf("it prints", jsonStart)) + "```\n".length();
        List<String> printed = readme.substring(outStart, readme.indexOf("```", outStart)).lines().toList();
        assertThat(printed).hasSizeGreaterThanOrEqualTo(5);
        assertThat(Experiments.problems(json)).isEqualTo(printed);
    }
}
