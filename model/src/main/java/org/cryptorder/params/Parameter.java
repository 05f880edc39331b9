package org.cryptorder.params;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One key of an experiment file as the component that reads it declares it, beside the component
 * (in the spirit of ns-3's {@code GetTypeId} attributes and an INET module's {@code .ned}
 * parameters): its name, JSON type, unit, default and where that default comes from, the values it
 * may take, and what it sets. The experiment schema ({@code experiments/experiment.schema.json}),
 * the key table ({@code docs/experiment-keys.md}) and the records' defaults are made from these
 * declarations, so each key's contract is written once.
 *
 * <p>A parameter is built by a factory ({@link #integer}, {@link #number}, {@link #flag},
 * {@link #text}, {@link #choice}, {@link #group}) and refined by {@code with}-style methods, each of
 * which returns a new value:
 * <pre>{@code
 * static final Parameter CPUS = Parameter.integer("cpus", "CPUs", "CPU cores per host.")
 *         .range(1, 1024).byDefault(4, "a four-core host, as the seed reports' machines");
 * }</pre>
 *
 * @param key         the key in its object (camelCase, unit last: {@code rateGbps})
 * @param type        the JSON type: {@code integer}, {@code number}, {@code boolean}, {@code string},
 *                    {@code object}, or several (a list); empty for a choice of strings
 * @param unit        the unit of a number (as the docs print it), or empty
 * @param description what the key sets, one or more sentences
 * @param defaultValue the value an absent key takes, or {@code null} when absence means something of
 *                    its own (said in the description)
 * @param source      where the default comes from (a kernel constant, a driver's default, a seed
 *                    report, the model's own choice), or empty when there is no default
 * @param values      the allowed values (an {@code enum}), or empty
 * @param limits      further JSON-schema constraints, in the schema's order ({@code pattern},
 *                    {@code minimum}, {@code exclusiveMinimum}, {@code maximum}, ...)
 * @param group       for an object-valued key, the group of keys it holds, else {@code null}
 * @param required    whether a file must give the key (it then has no default)
 */
public record Parameter(String key, List<String> type, String unit, String description, Object defaultValue,
                        String source, List<Object> values, Map<String, Object> limits, ParameterGroup group,
                        boolean required) {

    public Parameter {
        Objects.requireNonNull(key, "key");
        type = List.copyOf(type);
        unit = unit == null ? "" : unit;
        description = description == null ? "" : description;
        source = source == null ? "" : source;
        values = Collections.unmodifiableList(new ArrayList<>(values));
        limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
    }

    private static Parameter of(String key, List<String> type, String unit, String description) {
        return new Parameter(key, type, unit, description, null, "", List.of(), Map.of(), null, false);
    }

    /** A whole number, in {@code unit} (empty for a count that names its own). */
    public static Parameter integer(String key, String unit, String description) {
        return of(key, List.of("integer"), unit, description);
    }

    /** A number, in {@code unit}. */
    public static Parameter number(String key, String unit, String description) {
        return of(key, List.of("number"), unit, description);
    }

    /** A share, a probability or a correlation: a number from 0 to 1. */
    public static Parameter fraction(String key, String description) {
        return number(key, "fraction", description).range(0, 1);
    }

    /** A switch. */
    public static Parameter flag(String key, String description) {
        return of(key, List.of("boolean"), "", description);
    }

    /** A string (a name, a version). */
    public static Parameter text(String key, String description) {
        return of(key, List.of("string"), "", description);
    }

    /** One of a list of strings (an enum's keys as files write them). */
    public static Parameter choice(String key, List<String> values, String description) {
        return of(key, List.of(), "", description).withValues(values);
    }

    /** A value of several JSON types ({@code "adaptive"} or a number, an index or an object). */
    public static Parameter oneOf(String key, List<String> types, String unit, String description) {
        return of(key, types, unit, description);
    }

    /** An object holding the keys of {@code group} (a section of the file, or a part of one). */
    public static Parameter group(String key, ParameterGroup group) {
        return new Parameter(key, List.of("object"), "", "", null, "", List.of(), Map.of(), group, false);
    }

    /** The same key with a default, and where the default comes from. */
    public Parameter byDefault(Object value, String from) {
        Objects.requireNonNull(value, "default");
        if (from == null || from.isBlank()) {
            throw new IllegalArgumentException(key + ": a default says where it comes from");
        }
        return new Parameter(key, type, unit, description, value, from, values, limits, group, false);
    }

    /** The same key limited to {@code values}. */
    public Parameter withValues(List<?> allowed) {
        return new Parameter(key, type, unit, description, defaultValue, source, new ArrayList<>(allowed), limits,
                group, required);
    }

    /** The same key with one more schema constraint ({@code "pattern"}, {@code "minLength"}, ...). */
    public Parameter with(String constraint, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(limits);
        more.put(constraint, value);
        return new Parameter(key, type, unit, description, defaultValue, source, values, more, group, required);
    }

    /** The same key, which a file must give (it has no default). */
    public Parameter mustBeGiven() {
        return new Parameter(key, type, unit, description, null, "", values, limits, group, true);
    }

    /** From {@code low} to {@code high}, both allowed. */
    public Parameter range(Number low, Number high) {
        return with("minimum", low).with("maximum", high);
    }

    /** More than {@code low}, at most {@code high}. */
    public Parameter above(Number low, Number high) {
        return with("exclusiveMinimum", low).with("maximum", high);
    }

    /** The default, which must be a whole number. */
    public int defaultInt() {
        return ((Number) defaultOrThrow()).intValue();
    }

    /** The default, which must be a whole number. */
    public long defaultLong() {
        return ((Number) defaultOrThrow()).longValue();
    }

    /** The default, which must be a number. */
    public double defaultNumber() {
        return ((Number) defaultOrThrow()).doubleValue();
    }

    /** The default, which must be a switch. */
    public boolean defaultFlag() {
        return (Boolean) defaultOrThrow();
    }

    /** The default, which must be a string. */
    public String defaultText() {
        return (String) defaultOrThrow();
    }

    private Object defaultOrThrow() {
        if (defaultValue == null) {
            throw new IllegalStateException(key + " has no default");
        }
        return defaultValue;
    }

    /** A small JSON object for {@link #with}: names and values in turn, kept in that order. */
    public static Map<String, Object> object(Object... namesAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(out);
    }

    /** The key of an enum value as files write it: its name in lower case, '_' as '-'. */
    public static String keyOf(Enum<?> value) {
        return value.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The keys of {@code values} as files write them ({@link #keyOf}). */
    public static List<String> keysOf(Enum<?>[] values) {
        List<String> out = new ArrayList<>();
        for (Enum<?> v : values) {
            out.add(keyOf(v));
        }
        return out;
    }
}
