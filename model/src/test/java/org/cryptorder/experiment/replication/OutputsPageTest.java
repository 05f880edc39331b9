package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/outputs.md} lists the columns exactly as the catalog ({@link OutputColumns}) has them,
 * and every column is named, backquoted, in the docs. With {@code -Dcryptorder.updateDocs=true} the
 * table is written from the catalog instead.
 */
class OutputsPageTest {
    private static final String PAGE = "docs/outputs.md";
    private static final String BEGIN_END = "-->\n";
    private static final String END = "<!-- end of the generated table -->";

    @Test
    void theColumnTableIsTheCatalogs() throws IOException {
        Path page = ProjectFiles.resolve(PAGE);
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int marker = text.indexOf("<!-- generated from the column catalog");
        assertThat(marker).as("%s has the generated table's marker", PAGE).isPositive();
        int start = text.indexOf(BEGIN_END, marker) + BEGIN_END.length();
        int end = text.indexOf(END, start);
        assertThat(end).as("%s has the end marker", PAGE).isGreaterThanOrEqualTo(start);
        String generated = OutputColumns.markdownTable();
        if (Boolean.getBoolean("cryptorder.updateDocs")) {
            Files.writeString(page, text.substring(0, start) + generated + text.substring(end), StandardCharsets.UTF_8);
            return;
        }
        assertThat(text.substring(start, end))
                .as("the table in %s, generated from the catalog (regenerate: mvn -q -B -o test -pl model"
                        + " -Dtest=OutputsPageTest -Dcryptorder.updateDocs=true -Dsurefire.failIfNoSpecifiedTests=false)",
                        PAGE)
                .isEqualTo(generated);
    }

    @Test
    void everyColumnIsNamedInTheDocs() throws IOException {
        if (Boolean.getBoolean("cryptorder.updateDocs")) {
            return;  // the table may not be written yet
        }
        StringBuilder docs = new StringBuilder();
        try (Stream<Path> s = Files.walk(ProjectFiles.resolve("docs"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".md")).toList()) {
                docs.append(Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        for (String name : OutputColumns.names()) {
            assertThat(docs.toString()).as("`%s` in docs/", name).contains("`" + name + "`");
        }
    }
}
