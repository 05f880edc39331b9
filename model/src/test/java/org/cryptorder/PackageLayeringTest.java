package org.cryptorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * The packages of the main sources (model, charts, cli) depend on one another one way only: no
 * package reaches, through its imports and qualified names, a package that reaches it back. A
 * reference in a comment does not count; docs/architecture.md lists the layers.
 */
class PackageLayeringTest {
    private static final List<String> MODULES = List.of("model", "charts", "cli");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.cryptorder(?:\\.[a-z]\\w*)+)\\.[A-Z]");

    @Test
    void noPackageDependsOnAPackageThatDependsOnIt() throws IOException {
        Map<String, String> sources = new TreeMap<>();
        for (String module : MODULES) {
            Path root = ProjectFiles.resolve(module + "/src/main/java");
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(p -> p.toString().endsWith(".java")).sorted()
                        .forEach(p -> sources.put(root.relativize(p).toString(), read(p)));
            }
        }
        Set<String> packages = new TreeSet<>();
        Map<String, String> packageOf = new HashMap<>();
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Matcher m = PACKAGE.matcher(s.getValue());
            if (m.find()) {
                packages.add(m.group(1));
                packageOf.put(s.getKey(), m.group(1));
            }
        }
        Map<String, Map<String, String>> uses = new TreeMap<>();
        packages.forEach(p -> uses.put(p, new TreeMap<>()));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            String from = packageOf.get(s.getKey());
            if (from == null) {
                continue;
            }
            Matcher m = REFERENCE.matcher(codeOnly(s.getValue()));
            while (m.find()) {
                String to = m.group(1);
                while (!packages.contains(to) && to.contains(".")) {
                    to = to.substring(0, to.lastIndexOf('.'));
                }
                if (packages.contains(to) && !to.equals(from)) {
                    uses.get(from).putIfAbsent(to, s.getKey());
                }
            }
        }
        List<String> cycles = new ArrayList<>();
        for (Set<String> component : new Components(uses).strong()) {
            if (component.size() > 1) {
                StringBuilder b = new StringBuilder(String.join(" <-> ", component));
                for (String p : component) {
                    for (Map.Entry<String, String> e : uses.get(p).entrySet()) {
                        if (component.contains(e.getKey())) {
                            b.append("\n    ").append(p).append(" -> ").append(e.getKey())
                                    .append(" (").append(e.getValue()).append(")");
                        }
                    }
                }
                cycles.add(b.toString());
            }
        }
        assertThat(packages).as("packages found").hasSizeGreaterThan(10);
        assertThat(cycles).as("packages that depend on each other").isEmpty();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The source with comments, strings and character literals blanked. */
    static String codeOnly(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (s.startsWith("//", i)) {
                int j = s.indexOf('\n', i);
                i = j < 0 ? n : j;
            } else if (s.startsWith("/*", i)) {
                int j = s.indexOf("*/", i + 2);
                i = j < 0 ? n : j + 2;
                b.append(' ');
            } else if (s.startsWith("\"\"\"", i)) {
                int j = s.indexOf("\"\"\"", i + 3);
                i = j < 0 ? n : j + 3;
                b.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && s.charAt(j) != c) {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                i = Math.min(n, j + 1);
                b.append(c).append(c);
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** Tarjan's strongly connected components of the package graph. */
    private static final class Components {
        private final Map<String, Map<String, String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<Set<String>> out = new ArrayList<>();

        Components(Map<String, Map<String, String>> edges) {
            this.edges = edges;
        }

        List<Set<String>> strong() {
            for (String v : edges.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return out;
        }

        private void visit(String v) {
            index.put(v, index.size());
            low.put(v, index.get(v));
            stack.push(v);
            onStack.add(v);
            for (String w : edges.get(v).keySet()) {
                if (!index.containsKey(w)) {
                    visit(w);
                    low.put(v, Math.min(low.get(v), low.get(w)));
                } else if (onStack.contains(w)) {
                    low.put(v, Math.min(low.get(v), index.get(w)));
                }
            }
            if (low.get(v).equals(index.get(v))) {
                Set<String> component = new TreeSet<>();
                String w;
                do {
                    w = stack.pop();
                    onStack.remove(w);
                    component.add(w);
                } while (!w.equals(v));
                out.add(component);
            }
        }
    }
}
