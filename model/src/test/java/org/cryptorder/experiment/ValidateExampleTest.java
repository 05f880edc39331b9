package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/** The manual's example of a file with problems ({@code docs/experiment-files.md}) prints exactly what the manual says it prints. */
class ValidateExampleTest {
    @Test
    void theManualsValidateExampleIsTrue() throws Exception {
        String page = Files.readString(ProjectFiles.resolve("docs/experiment-files.md"));
        int at = page.indexOf("For this `bad.json`");
        assertThat(at).as("the example is in docs/experiment-files.md").isPositive();
        int jsonStart = page.indexOf("```json\n", at) + "```json\n".length();
        String json = page.substring(jsonStart, page.indexOf("```", jsonStart));
        int outStart = page.indexOf("```\n", page.indexOf("it prints", jsonStart)) + "```\n".length();
        List<String> printed = page.substring(outStart, page.indexOf("```", outStart)).lines().toList();
        assertThat(printed).hasSizeGreaterThanOrEqualTo(5);
        assertThat(Experiments.problems(json)).isEqualTo(printed);
    }
}
