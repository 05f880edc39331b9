package org.cryptorder.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Finds a constant by the name users write for it (a policy, a cipher suite, an event list), the
 * same way for all of them: surrounding spaces and letter case ignored; an unknown name is refused
 * with the known ones listed. And reads what a name's ending says of it (its unit).
 */
public final class Names {
    private Names() {
    }

    /**
     * The constant among {@code values} whose {@code name} is {@code given}.
     *
     * @param what what the names name, for the message: "crypto policy", "cipher suite"...
     * @throws IllegalArgumentException "unknown WHAT 'given': expected one of a, b, c"
     */
    public static <T> T lookup(T[] values, Function<T, String> name, String given, String what) {
        String wanted = given == null ? "" : given.trim().toLowerCase(Locale.ROOT);
        for (T v : values) {
            if (name.apply(v).toLowerCase(Locale.ROOT).equals(wanted)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + given + "': expected one of "
                + Arrays.stream(values).map(name).collect(Collectors.joining(", ")));
    }

    /**
     * The value of the first of {@code endings} (an ending and its value, in order) that {@code name}
     * ends with, or {@code otherwise} when it ends with none: a unit by the ending of a key or a
     * level's name.
     */
    public static String byEnding(String name, List<Map.Entry<String, String>> endings, String otherwise) {
        for (Map.Entry<String, String> e : endings) {
            if (name.endsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return otherwise;
    }
}
