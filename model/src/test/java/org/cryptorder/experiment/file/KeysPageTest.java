package org.cryptorder.experiment.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.experiment.file.KeyTable;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/** {@code docs/experiment-keys.md} is what {@link KeyTable} makes of the declarations, and names every key. */
class KeysPageTest {
    private static final String PAGE = "docs/experiment-keys.md";

    @Test
    void thePageIsTheDeclaredKeysAsTheyAreNow() throws Exception {
        String generated = KeyTable.markdown();
        Path page = ProjectFiles.resolve(PAGE);
        if (Boolean.getBoolean("cryptorder.updateDocs")) {
            Files.writeString(page, generated);
            return;
        }
        assertThat(Files.readString(page)).as("%s is stale: mvn -q -B test -pl model -Dtest=KeysPageTest"
                + " -Dcryptorder.updateDocs=true", PAGE).isEqualTo(generated);
    }

    @Test
    void everyKeyHasADescriptionAndEveryDefaultASource() {
        assertThat(KeyTable.markdown().lines().filter(l -> l.startsWith("| `")))
                .as("rows whose last cell is empty").noneMatch(l -> l.endsWith("|  |"))
                .as("rows with a default but no source").noneMatch(l -> l.matches("\\| `[^`]+` \\| [^|]+ \\| `[^|]*` \\|  \\|.*"))
                .anyMatch(l -> l.startsWith("| `cpus` | integer, CPUs | `4` |"))
                .anyMatch(l -> l.contains("gilbertElliott.p`"));
    }
}
