package org.cryptorder.experiment.file;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * {@code docs/experiment-keys.md}: every key of an experiment file, a row each, with its type and
 * unit, default and where the default comes from, allowed values and description, made from the
 * components' declarations ({@link ExperimentSchema}), the same declarations the schema file is made
 * from. {@code KeysPageTest} fails when the page is stale.
 */
public final class KeyTable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private KeyTable() {
    }

    /** The page. */
    public static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# Experiment keys\n\n")
                .append("Every key of an experiment file, with its unit, its default and where that default comes from.\n")
                .append("Each component declares the keys it reads beside its code (`net.DeviceParameters`,\n")
                .append("`host.HostParameters`, `crypto.CryptoParameters`, ...), and this page and\n")
                .append("`experiments/experiment.schema.json`, which `validate` and `run` check files against, are made\n")
                .append("from those declarations (`KeysPageTest` fails when this page is stale; rewrite it with\n")
                .append("`mvn -q -B test -pl model -Dtest=KeysPageTest -Dcryptorder.updateDocs=true`). A key left out\n")
                .append("takes its default. [Experiment files](experiment-files.md) explains the format, sweeps and runs.\n");
        Map<ParameterGroup, String> rendered = new HashMap<>();
        List<Row> top = new ArrayList<>();
        List<Section> sections = new ArrayList<>();
        for (Parameter p : ExperimentSchema.FILE.parameters()) {
            if (p.group() != null) {
                sections.add(section(p.key(), p.group(), rendered));
            } else if (p == ExperimentSchema.TRAFFIC) {
                ExperimentSchema.TRAFFIC_KINDS.forEach((kind, group) ->
                        sections.add(section("traffic[] (kind " + kind + ")", group, rendered)));
                top.add(row(p.key(), p));
            } else {
                top.add(row(p.key(), p));
            }
        }
        b.append("\n## The file\n\n");
        table(b, top);
        for (Section s : sections) {
            b.append("\n## `").append(s.path()).append("`\n\n");
            b.append(s.description()).append("\n\n");
            table(b, s.rows());
        }
        return b.toString();
    }

    private record Row(String key, String type, String dflt, String source, String values, String description) {
    }

    private record Section(String path, String description, List<Row> rows) {
    }

    private static Section section(String path, ParameterGroup group, Map<ParameterGroup, String> rendered) {
        List<Row> rows = new ArrayList<>();
        collect("", group, rows, rendered, path);
        return new Section(path, group.description(), rows);
    }

    /** The rows of {@code group}'s keys, nested groups as dotted keys, a second use of one group as a pointer. */
    private static void collect(String prefix, ParameterGroup group, List<Row> rows,
                                Map<ParameterGroup, String> rendered, String sectionPath) {
        for (Parameter p : group.parameters()) {
            String key = prefix + p.key();
            ParameterGroup inner = p.group();
            if (inner == null) {
                rows.add(row(key, p));
                continue;
            }
            String seen = rendered.get(inner);
            if (seen != null) {
                rows.add(new Row("`" + key + "`", "object", "", "", "",
                        inner.description() + " The same keys as `" + seen + "`."));
                continue;
            }
            rendered.put(inner, sectionPath + "." + key);
            rows.add(new Row("`" + key + "`", "object", "", "", "", inner.description()));
            collect(key + ".", inner, rows, rendered, sectionPath);
        }
    }

    private static Row row(String key, Parameter p) {
        String type = p.type().isEmpty() ? "string" : p.type().equals(List.of("array")) ? "list"
                : String.join(" or ", p.type());
        if (!p.unit().isEmpty()) {
            type += ", " + p.unit();
        }
        Object d = p.defaultValue();
        String dflt = d == null ? "" : "".equals(d) ? "empty" : "`" + json(d).replace("\"", "") + "`";
        String description = p.required() ? p.description() + " Required." : p.description();
        return new Row("`" + key + "`", type, dflt, p.source(), values(p), description);
    }

    private static String values(Parameter p) {
        if (!p.values().isEmpty()) {
            List<String> v = new ArrayList<>();
            p.values().forEach(x -> v.add("`" + x + "`"));
            return String.join(", ", v);
        }
        Map<String, Object> l = p.limits();
        String low = l.containsKey("exclusiveMinimum") ? "> " + number(l.get("exclusiveMinimum"))
                : l.containsKey("minimum") ? number(l.get("minimum")) : null;
        String high = l.containsKey("maximum") ? number(l.get("maximum")) : null;
        if (low == null && high == null) {
            return l.get("pattern") instanceof String pattern ? "`" + pattern + "`" : "";
        }
        if (low != null && high != null) {
            return low.startsWith(">") ? low + ", at most " + high : low + " to " + high;
        }
        return low != null ? (low.startsWith(">") ? low : "at least " + low) : "at most " + high;
    }

    private static String number(Object n) {
        if (n instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString(d.longValue());
        }
        return n.toString();
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void table(StringBuilder b, List<Row> rows) {
        b.append("| key | type, unit | default | where the default comes from | values | what it sets |\n")
                .append("|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            b.append("| ").append(r.key()).append(" | ").append(r.type()).append(" | ").append(cell(r.dflt()))
                    .append(" | ").append(cell(r.source())).append(" | ").append(cell(r.values()))
                    .append(" | ").append(cell(r.description())).append(" |\n");
        }
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
