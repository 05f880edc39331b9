package org.cryptorder.experiment.records;

import java.util.Locale;

/**
 * One thing wrong with an experiment file, as {@code validate} and {@code run} print it: {@code
 * file:line:column: dotted.path: what was expected, what was found}; a file that is not JSON has
 * no path to name: {@code file:line:column: not valid JSON: ...}.
 *
 * @param file    the file as the user named it
 * @param line    1-based line of the offending key or value; 0 when the value came from the command
 *                line ({@code run --set}), which {@code file} then names
 * @param column  1-based column
 * @param path    the dotted path of the field, or null when there is none (the text is not JSON)
 * @param message what was expected and what was found, with a "did you mean" where one helps
 */
public record Problem(String file, int line, int column, String path, String message) {

    @Override
    public String toString() {
        if (line == 0) {  // no place in a file: a value given on the command line (the file names it)
            return path == null ? file + ": " + message : file + ": " + path + ": " + message;
        }
        return path == null ? String.format(Locale.ROOT, "%s:%d:%d: %s", file, line, column, message)
                : String.format(Locale.ROOT, "%s:%d:%d: %s: %s", file, line, column, path, message);
    }
}
