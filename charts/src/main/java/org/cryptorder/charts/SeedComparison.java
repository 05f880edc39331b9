package org.cryptorder.charts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The model beside the measurements that started the project: each row of
 * {@code data/seed-comparisons.csv} names a seed figure (an expression over the ids of
 * {@code data/measurements.csv}), the experiment that reproduces it, and an expression over that
 * experiment's {@code summary.csv} means that gives the model's value; the model's 95% half-width
 * follows to first order from the half-widths of the means it uses.
 *
 * <p>A row says whether a profile parameter was fitted to the figure or the figure is a
 * prediction, and what band docs/calibration.md claims for it: {@code 10%}, {@code 25%} (model/measured
 * within 1 plus or minus that), {@code x3} (within a factor), {@code zero} (a measured zero the model
 * must give exactly), or nothing (shown, not claimed). A row without experiment and model shows a
 * figure the model gives no value for (S14's tcrypt rates, to which the CPU profile is fitted), and
 * {@link #uncompared} adds every other measured figure no row names, so that the table has them all.
 */
public final class SeedComparison {
    /** The band of a figure measured as zero that the model must give as exactly zero. */
    public static final String ZERO = "zero";
    /** The band of a figure whose report leaves the set-up open: the measurement within the range over the readings. */
    public static final String RANGE = "range";
    /** The role of a measured figure no comparison names. */
    public static final String SHOWN = "shown";

    /** One comparison as the file states it. */
    public record Spec(String figure, String role, String band, String experiment, String model, String measured,
                       String notes, int line) {
    }

    /** A value with its 95% half-width (NaN when there is no interval). */
    public record Value(double value, double halfWidth) {
        static Value exact(double v) {
            return new Value(v, 0);
        }
    }

    /**
     * The model's value on one reading of what a report leaves open: {@code key=value} of a sweep, or
     * several such joined with {@code ", "} when more than one key is open.
     */
    public record Reading(String key, String value, Value model) {
        /** The reading in words: {@code key=value}, or the keys' values joined. */
        public String label() {
            return key.isEmpty() ? value : key + "=" + value;
        }
    }

    /**
     * One comparison evaluated. {@code model} is the value on the most probable reading; {@code
     * readings} holds the value on each reading the model expression lists ({@code key=a|b}: a, the
     * first, the most probable), empty when it lists none.
     */
    public record Result(Spec spec, double measured, Value model, List<Reading> readings) {
        public Result(Spec spec, double measured, Value model) {
            this(spec, measured, model, List.of());
        }

        /** The smallest of the readings' values (the model's value without readings). */
        public double low() {
            return readings.isEmpty() ? model.value()
                    : readings.stream().mapToDouble(r -> r.model().value()).min().orElse(Double.NaN);
        }

        /** The largest of the readings' values (the model's value without readings). */
        public double high() {
            return readings.isEmpty() ? model.value()
                    : readings.stream().mapToDouble(r -> r.model().value()).max().orElse(Double.NaN);
        }

        /** Whether the measurement lies within the range over the readings (false without readings). */
        public boolean measuredWithinReadings() {
            return !readings.isEmpty() && measured >= low() && measured <= high();
        }

        /** The model's value over the measured one (NaN when the measurement is zero). */
        public double ratio() {
            return measured == 0 ? Double.NaN : model.value() / measured;
        }

        /** Whether a band is claimed for this figure. */
        public boolean claimed() {
            return !spec.band().isEmpty();
        }

        /** Whether the model is within the claimed band (false when nothing is claimed). */
        public boolean withinBand() {
            if (spec.band().equals(ZERO)) {
                return model.value() == 0;
            }
            if (spec.band().equals(RANGE)) {
                return measuredWithinReadings();
            }
            return claimed() && within(spec.band(), ratio());
        }
    }

    private SeedComparison() {
    }

    /** The comparisons of {@code data/seed-comparisons.csv}. */
    public static List<Spec> read(Path file) throws MalformedResultsException {
        CsvTable t = CsvTable.read(file);
        List<String> expected = List.of("figure", "role", "band", "experiment", "model", "measured", "notes");
        if (!t.header().equals(expected)) {
            throw new MalformedResultsException(t.name() + ": expected the columns " + String.join(",", expected)
                    + ", found " + String.join(",", t.header()));
        }
        List<Spec> out = new ArrayList<>();
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> r = t.rows().get(i);
            Spec s = new Spec(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), r.get(6), t.lines().get(i));
            String at = t.name() + ":" + s.line() + ": ";
            if (!s.role().equals("fitted") && !s.role().equals("predicted")) {
                throw new MalformedResultsException(at + "role: expected fitted or predicted, found \"" + s.role() + "\"");
            }
            if (s.experiment().isEmpty() != s.model().isEmpty()) {
                throw new MalformedResultsException(at + "expected an experiment and a model expression, or neither"
                        + " (a figure shown without a model figure)");
            }
            if (s.model().isEmpty() && !s.band().isEmpty()) {
                throw new MalformedResultsException(at + "band: a figure without a model figure claims no band");
            }
            if (!s.band().isEmpty() && !validBand(s.band())) {
                throw new MalformedResultsException(at + "band: expected such as 10%, 25%, x3, zero or range, found \""
                        + s.band() + "\"");
            }
            out.add(s);
        }
        return out;
    }

    /** The measured figures of {@code data/measurements.csv} by id (rows without a number left out). */
    public static Map<String, Double> measurements(Path file) throws MalformedResultsException {
        CsvTable t = CsvTable.read(file);
        int id = t.header().indexOf("id");
        int value = t.header().indexOf("value");
        if (id < 0 || value < 0) {
            throw new MalformedResultsException(t.name() + ": expected the columns id and value");
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (List<String> r : t.rows()) {
            if (!r.get(value).isBlank()) {
                try {
                    out.put(r.get(id), Double.parseDouble(r.get(value)));
                } catch (NumberFormatException e) {
                    throw new MalformedResultsException(t.name() + ": " + r.get(id) + ": value \"" + r.get(value)
                            + "\" is not a number");
                }
            }
        }
        return out;
    }

    /** The experiment files the comparisons need, each once, in order of first use. */
    public static List<String> experiments(List<Spec> specs) {
        Set<String> out = new LinkedHashSet<>();
        specs.stream().filter(s -> !s.experiment().isEmpty()).forEach(s -> out.add(s.experiment()));
        return List.copyOf(out);
    }

    /**
     * Evaluates every comparison.
     *
     * @param resultsOf the results folder of each experiment named in the comparisons
     */
    public static List<Result> evaluate(List<Spec> specs, Map<String, Double> measured,
                                        Function<String, Path> resultsOf) throws MalformedResultsException {
        Map<String, ResultTables> tables = new LinkedHashMap<>();
        List<Result> out = new ArrayList<>();
        for (Spec s : specs) {
            String at = "seed-comparisons.csv:" + s.line() + ": " + s.figure() + ": ";
            ResultTables t = tables.get(s.experiment());
            if (t == null && !s.experiment().isEmpty()) {
                t = ResultTables.read(resultsOf.apply(s.experiment()));
                tables.put(s.experiment(), t);
            }
            ResultTables table = t;
            Value m = new Expression(s.measured(), at + "measured: ", ref -> {
                Double v = measured.get(ref);
                if (v == null) {
                    throw new MalformedResultsException(at + "measured: no measurement \"" + ref + "\" in measurements.csv");
                }
                return Value.exact(v);
            }).evaluate();
            if (s.model().isEmpty()) {
                out.add(new Result(s, m.value(), new Value(Double.NaN, Double.NaN)));
                continue;
            }
            Map<String, List<String>> open = readings(s.model(), at);
            if (s.band().equals(RANGE) && open == null) {
                throw new MalformedResultsException(at + "band: range needs a model expression that lists readings"
                        + " (key=a|b)");
            }
            if (open == null) {
                Value model = new Expression(s.model(), at + "model: ", ref -> modelValue(table, ref, at)).evaluate();
                out.add(new Result(s, m.value(), model));
                continue;
            }
            List<Reading> values = new ArrayList<>();
            List<String> keys = List.copyOf(open.keySet());
            int[] pick = new int[keys.size()];
            while (true) {
                String one = s.model();
                List<String> chosen = new ArrayList<>();
                for (int k = 0; k < keys.size(); k++) {
                    List<String> alts = open.get(keys.get(k));
                    one = one.replace(keys.get(k) + "=" + String.join("|", alts), keys.get(k) + "=" + alts.get(pick[k]));
                    chosen.add(keys.size() == 1 ? alts.get(pick[k]) : keys.get(k) + "=" + alts.get(pick[k]));
                }
                values.add(new Reading(keys.size() == 1 ? keys.get(0) : "", String.join(", ", chosen),
                        new Expression(one, at + "model: ", ref -> modelValue(table, ref, at)).evaluate()));
                int k = keys.size() - 1;
                while (k >= 0 && ++pick[k] == open.get(keys.get(k)).size()) {
                    pick[k--] = 0;
                }
                if (k < 0) {
                    break;
                }
            }
            out.add(new Result(s, m.value(), values.get(0).model(), List.copyOf(values)));
        }
        return out;
    }

    /**
     * The rows of {@code data/measurements.csv} that no comparison names in its measured
     * expression, each as a result without a model figure (role {@code shown}, no band), in the
     * file's order: so that the table shows every measured figure, compared or not.
     */
    public static List<Result> uncompared(List<Spec> specs, Path measurementsFile) throws MalformedResultsException {
        Set<String> named = new LinkedHashSet<>();
        for (Spec s : specs) {
            new Expression(s.measured(), "", ref -> {
                named.add(ref);
                return Value.exact(1);
            }).evaluate();
        }
        CsvTable t = CsvTable.read(measurementsFile);
        int id = t.header().indexOf("id");
        int value = t.header().indexOf("value");
        int notes = t.header().indexOf("notes");
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> r = t.rows().get(i);
            if (named.contains(r.get(id))) {
                continue;
            }
            String note = notes < 0 || r.get(notes).isBlank() ? "" : ": " + r.get(notes);
            Spec s = new Spec(r.get(id), SHOWN, "", "", "", r.get(id), "no model figure" + note, t.lines().get(i));
            out.add(new Result(s, r.get(value).isBlank() ? Double.NaN : Double.parseDouble(r.get(value)),
                    new Value(Double.NaN, Double.NaN)));
        }
        return out;
    }

    private static final Pattern READING =
            Pattern.compile("([A-Za-z0-9_.]+)=([^;{}]*\\|[^;{}]*)");

    /**
     * The readings a model expression leaves open, {@code key=a|b|...} inside its references (each key
     * listed alike in every one), as each key's values, the most probable first; null when none. The
     * figure is evaluated on every combination, the first values of each key the most probable.
     */
    static Map<String, List<String>> readings(String model, String at) throws MalformedResultsException {
        Matcher m = READING.matcher(model);
        Map<String, String> listed = new LinkedHashMap<>();
        while (m.find()) {
            String before = listed.putIfAbsent(m.group(1), m.group(2));
            if (before != null && !before.equals(m.group(2))) {
                throw new MalformedResultsException(at + "model: expected each open reading listed alike in every"
                        + " reference, found " + m.group(1) + "=" + before + " and " + m.group(1) + "=" + m.group(2));
            }
        }
        if (listed.isEmpty()) {
            return null;
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : listed.entrySet()) {
            List<String> list = new ArrayList<>();
            for (String v : e.getValue().split("\\|")) {
                if (v.isBlank()) {
                    throw new MalformedResultsException(at + "model: an empty value among " + e.getKey() + "="
                            + e.getValue());
                }
                list.add(v.trim());
            }
            out.put(e.getKey(), List.copyOf(list));
        }
        return out;
    }

    /** {@code column{path=value;...}}: that column's mean and half-width in the one matching configuration. */
    private static Value modelValue(ResultTables t, String ref, String at) throws MalformedResultsException {
        int brace = ref.indexOf('{');
        String column = brace < 0 ? ref : ref.substring(0, brace);
        Map<String, String> where = new LinkedHashMap<>();
        if (brace >= 0) {
            String inside = ref.substring(brace + 1, ref.length() - 1);
            for (String pair : inside.split(";")) {
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw new MalformedResultsException(at + "model: expected path=value in \"" + pair + "\"");
                }
                where.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        if (!t.has(column)) {
            throw new MalformedResultsException(at + "model: the summary has no column " + column);
        }
        for (String key : where.keySet()) {
            if (!t.sweepKeys().contains(key)) {
                throw new MalformedResultsException(at + "model: " + key + " is not swept in that experiment (swept: "
                        + String.join(", ", t.sweepKeys()) + ")");
            }
        }
        SummaryRow match = null;
        for (SummaryRow r : t.rows()) {
            boolean all = true;
            for (Map.Entry<String, String> w : where.entrySet()) {
                all &= w.getValue().equals(r.swept().get(w.getKey()));
            }
            if (all) {
                if (match != null) {
                    throw new MalformedResultsException(at + "model: " + ref + " matches more than one configuration");
                }
                match = r;
            }
        }
        if (match == null) {
            throw new MalformedResultsException(at + "model: no configuration matches " + ref);
        }
        Estimate e = match.estimate(column);
        return new Value(e.mean(), e.halfWidth());
    }

    static boolean validBand(String band) {
        if (band.equals(ZERO) || band.equals(RANGE)) {
            return true;
        }
        try {
            bandLimit(band);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static double bandLimit(String band) {
        double v = band.startsWith("x") ? Double.parseDouble(band.substring(1))
                : band.endsWith("%") ? Double.parseDouble(band.substring(0, band.length() - 1)) : Double.NaN;
        if (!(v > 0) || band.startsWith("x") && v <= 1) {
            throw new NumberFormatException(band);
        }
        return v;
    }

    /** Whether {@code ratio} (model over measured) is within {@code band}. */
    static boolean within(String band, double ratio) {
        double v = bandLimit(band);
        if (band.startsWith("x")) {
            return ratio >= 1 / v && ratio <= v;
        }
        return Math.abs(ratio - 1) <= v / 100;
    }

    /** The role and claim of a result in words, for tables. */
    public static String verdict(Result r) {
        if (r.spec().model().isEmpty()) {
            return "no model figure";
        }
        if (!r.claimed()) {
            return "not claimed";
        }
        if (r.spec().band().equals(ZERO)) {
            return r.withinBand() ? "zero, as measured" : "OUTSIDE: not zero";
        }
        if (r.spec().band().equals(RANGE)) {
            return r.withinBand() ? "within the readings' range" : "OUTSIDE the readings' range";
        }
        return (r.withinBand() ? "within " : "OUTSIDE ") + r.spec().band();
    }

    /** A number for a table: three significant figures, or an exponent for small values. */
    public static String format(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        if (a != 0 && (a < 0.01 || a >= 1e6)) {
            return String.format(Locale.ROOT, "%.2e", v);
        }
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.3g", v);
    }

    /** Looks up the value of a reference in an expression. */
    private interface Lookup {
        Value of(String ref) throws MalformedResultsException;
    }

    /**
     * Arithmetic (+ - * / and parentheses) over numbers and references; a reference is a name
     * of letters, digits, dots and underscores, optionally followed by {@code {...}}.
     * Half-widths combine to first order as for independent estimates.
     */
    private static final class Expression {
        private final String text;
        private final String at;
        private final Lookup lookup;
        private int pos;

        Expression(String text, String at, Lookup lookup) {
            this.text = text;
            this.at = at;
            this.lookup = lookup;
        }

        Value evaluate() throws MalformedResultsException {
            Value v = sum();
            skipSpaces();
            if (pos != text.length()) {
                throw error("unexpected \"" + text.substring(pos) + "\"");
            }
            return v;
        }

        /** {@code sum = product (('+' | '-') product)*}. */
        private Value sum() throws MalformedResultsException {
            return leftAssociative(this::product, '+', '-', Expression::addOrSubtract);
        }

        /** {@code product = atom (('*' | '/') atom)*}. */
        private Value product() throws MalformedResultsException {
            return leftAssociative(this::atom, '*', '/', Expression::multiplyOrDivide);
        }

        /** Operands read by {@code operand}, joined left to right by the operators {@code a} and {@code b}. */
        private Value leftAssociative(Operand operand, char a, char b, Operator join) throws MalformedResultsException {
            Value v = operand.read();
            while (true) {
                skipSpaces();
                if (!peek(a) && !peek(b)) {
                    return v;
                }
                char op = text.charAt(pos++);
                v = join.apply(op, v, operand.read());
            }
        }

        /** The next operand of a level of the grammar. */
        private interface Operand {
            Value read() throws MalformedResultsException;
        }

        /** Two operands joined by {@code op}. */
        private interface Operator {
            Value apply(char op, Value v, Value w);
        }

        private static Value addOrSubtract(char op, Value v, Value w) {
            double hw = Math.hypot(v.halfWidth(), w.halfWidth());
            return new Value(op == '+' ? v.value() + w.value() : v.value() - w.value(), hw);
        }

        private static Value multiplyOrDivide(char op, Value v, Value w) {
            double value = op == '*' ? v.value() * w.value() : v.value() / w.value();
            double rel = Math.hypot(relative(v), relative(w));
            return new Value(value, Math.abs(value) * rel);
        }

        private static double relative(Value v) {
            return v.halfWidth() == 0 ? 0 : v.halfWidth() / Math.abs(v.value());
        }

        private Value atom() throws MalformedResultsException {
            skipSpaces();
            if (pos >= text.length()) {
                throw error("expected a number, a name or \"(\" at the end");
            }
            char c = text.charAt(pos);
            if (c == '(') {
                pos++;
                Value v = sum();
                skipSpaces();
                if (!peek(')')) {
                    throw error("expected \")\"");
                }
                pos++;
                return v;
            }
            int start = pos;
            if (Character.isDigit(c) || c == '.') {
                while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.'
                        || text.charAt(pos) == 'e' || text.charAt(pos) == 'E'
                        || (text.charAt(pos) == '-' || text.charAt(pos) == '+')
                        && (text.charAt(pos - 1) == 'e' || text.charAt(pos - 1) == 'E'))) {
                    pos++;
                }
                try {
                    return Value.exact(Double.parseDouble(text.substring(start, pos)));
                } catch (NumberFormatException e) {
                    throw error("\"" + text.substring(start, pos) + "\" is not a number");
                }
            }
            if (!Character.isLetter(c)) {
                throw error("unexpected \"" + c + "\"");
            }
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || "._".indexOf(text.charAt(pos)) >= 0)) {
                pos++;
            }
            if (peek('{')) {
                int close = text.indexOf('}', pos);
                if (close < 0) {
                    throw error("expected \"}\"");
                }
                pos = close + 1;
            }
            return lookup.of(text.substring(start, pos));
        }

        private boolean peek(char c) {
            return pos < text.length() && text.charAt(pos) == c;
        }

        private void skipSpaces() {
            while (pos < text.length() && text.charAt(pos) == ' ') {
                pos++;
            }
        }

        private MalformedResultsException error(String what) {
            return new MalformedResultsException(at + what + " in \"" + text + "\"");
        }
    }
}
