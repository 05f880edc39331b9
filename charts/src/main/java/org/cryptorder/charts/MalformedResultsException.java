package org.cryptorder.charts;

/**
 * A results folder that cannot be charted: a table missing, or a table that does not read as the
 * runner writes it. The message is one line that names the file (and the line, when there is one)
 * and what is wrong.
 */
public final class MalformedResultsException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedResultsException(String message) {
        super(message);
    }
}
