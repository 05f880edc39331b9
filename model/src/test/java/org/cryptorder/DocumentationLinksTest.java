package org.cryptorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * Every relative link and image of README.md and docs/ leads somewhere: the file exists inside the
 * project, and an anchor names a heading of the page it points to (as GitHub makes anchors from
 * headings: lower case, punctuation dropped, spaces as hyphens, a repeated heading numbered).
 */
class DocumentationLinksTest {
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        Path root = ProjectFiles.root().toRealPath();
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            String text = FENCE.matcher(Files.readString(page)).replaceAll("");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue;
                }
                links++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                String where = root.relativize(page) + ": " + target;
                if (!to.startsWith(root)) {
                    broken.add(where + " (outside the project)");
                } else if (!Files.exists(to)) {
                    broken.add(where + " (no such file)");
                } else if (hash >= 0 && !anchors(to).contains(target.substring(hash + 1))) {
                    broken.add(where + " (no such heading)");
                }
            }
        }
        assertThat(links).as("links found").isPositive();
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    @Test
    void theReadmeIsAFrontPage() throws IOException {
        assertThat(Files.readAllLines(ProjectFiles.resolve("README.md"))).as("README.md lines").hasSizeLessThanOrEqualTo(250);
    }

    /** The anchors GitHub gives the headings of a Markdown page (fenced code left out). */
    static Set<String> anchors(Path page) {
        if (!page.toString().endsWith(".md")) {
            return Set.of();
        }
        String text;
        try {
            text = FENCE.matcher(Files.readString(page)).replaceAll("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : text.lines().toList()) {
            Matcher h = HEADING.matcher(line);
            if (!h.matches()) {
                continue;
            }
            String slug = h.group(1).toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                    .replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            out.add(n == 0 ? slug : slug + "-" + n);
        }
        return out;
    }
}
