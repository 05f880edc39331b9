package org.cryptorder.params;

import java.util.List;
import java.util.Optional;

/**
 * The keys of one object of an experiment file (a section such as {@code link}, or a part of one
 * such as {@code link.impairments.aToB}), in the order the schema and the key table list them.
 *
 * @param name        the object's definition name in the schema ({@code $defs/<name>}); objects that
 *                    share a group share the definition
 * @param description what the object describes
 * @param parameters  its keys, in order
 * @param absentIsEmpty whether an absent object means the object with every default ({@code {}}), as
 *                    for every section but one whose presence itself is the setting ({@code wifi})
 */
public record ParameterGroup(String name, String description, List<Parameter> parameters, boolean absentIsEmpty) {

    public ParameterGroup {
        parameters = List.copyOf(parameters);
    }

    /** A group of {@code parameters}; an absent object takes every default. */
    public static ParameterGroup of(String name, String description, Parameter... parameters) {
        return new ParameterGroup(name, description, List.of(parameters), true);
    }

    /** A group whose object, when given, switches something on: absent, it is not there at all. */
    public static ParameterGroup whenGiven(String name, String description, Parameter... parameters) {
        return new ParameterGroup(name, description, List.of(parameters), false);
    }

    /** The key named {@code key}, if the group has it. */
    public Optional<Parameter> find(String key) {
        return parameters.stream().filter(p -> p.key().equals(key)).findFirst();
    }
}
