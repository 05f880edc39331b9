package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/** {@code docs/experiment-keys.md} is what {@link KeyTable} makes of the schema, and names every key. */
class KeysPageTest {
    private static final String PAGE = "docs/experiment-keys.md";

    @Test
    void thePageIsTheSchemasKeysAsTheyAreNow() throws Exception {
        JsonNode schema = new ObjectMapper().readTree(ProjectFiles.resolve("experiments/experiment.schema.json").toFile());
        String generated = KeyTable.markdown(schema);
        Path page = ProjectFiles.resolve(PAGE);
        if (Boolean.getBoolean("cryptorder.updateDocs")) {
            Files.writeString(page, generated);
            return;
        }
        assertThat(Files.readString(page)).as("%s is stale: mvn -q -B test -pl model -Dtest=KeysPageTest"
                + " -Dcryptorder.updateDocs=true", PAGE).isEqualTo(generated);
    }

    @Test
    void everyKeyHasADescription() throws Exception {
        JsonNode schema = new ObjectMapper().readTree(ProjectFiles.resolve("experiments/experiment.schema.json").toFile());
        assertThat(KeyTable.markdown(schema).lines().filter(l -> l.startsWith("| `")))
                .as("rows whose last cell is empty").noneMatch(l -> l.endsWith("|  |"))
                .anyMatch(l -> l.startsWith("| `hosts.cpus`") || l.startsWith("| `cpus`"))
                .anyMatch(l -> l.contains("gilbertElliott.p`"));
    }
}
