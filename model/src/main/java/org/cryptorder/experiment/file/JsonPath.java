package org.cryptorder.experiment.file;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a value sits in a JSON document: the keys and array indices leading to it, e.g. {@code
 * traffic, 0, rateMbps}. Written for people as a dotted path ({@code traffic.0.rateMbps}), the way
 * sweep keys name fields; a key that itself contains dots (a sweep key) is not split.
 */
public record JsonPath(List<String> segments) {
    /** The document itself. */
    public static final JsonPath ROOT = new JsonPath(List.of());

    public JsonPath {
        segments = List.copyOf(segments);
    }

    /** Splits a dotted path; numeric segments index arrays. */
    public static JsonPath parse(String dotted) {
        return dotted.isEmpty() ? ROOT : new JsonPath(List.of(dotted.split("\\.", -1)));
    }

    public JsonPath child(String key) {
        List<String> s = new ArrayList<>(segments);
        s.add(key);
        return new JsonPath(s);
    }

    public JsonPath child(int index) {
        return child(Integer.toString(index));
    }

    /** The path one level up (the root's parent is the root). */
    public JsonPath parent() {
        return segments.isEmpty() ? this : new JsonPath(segments.subList(0, segments.size() - 1));
    }

    /** The last key or index, or "" for the root. */
    public String last() {
        return segments.isEmpty() ? "" : segments.get(segments.size() - 1);
    }

    public boolean isRoot() {
        return segments.isEmpty();
    }

    /** Whether {@code other} is this path or below it. */
    public boolean contains(JsonPath other) {
        return other.segments.size() >= segments.size()
                && other.segments.subList(0, segments.size()).equals(segments);
    }

    /** The dotted form, e.g. {@code hosts.cpus}; {@code (top level)} for the root. */
    public String dotted() {
        return segments.isEmpty() ? "(top level)" : String.join(".", segments);
    }

    @Override
    public String toString() {
        return dotted();
    }
}
