package org.cryptorder.experiment;

import java.util.Locale;

/**
 * One thing wrong with an experiment file, as {@code validate} and {@code run} print it: {@code
 * file:line:column: dotted.path: what was expected, what was found}.
 *
 * @param file    the file as the user named it
 * @param line    1-based line of the offending key or value
 * @param column  1-based column
 * @param path    the dotted path of the field
 * @param message what was expected and what was found, with a "did you mean" where one helps
 */
public record Problem(String file, int line, int column, String path, String message) {

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s:%d:%d: %s: %s", file, line, column, path, message);
    }
}
