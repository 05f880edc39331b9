package org.cryptorder.experiment.records;

import java.util.List;

/** An experiment file that cannot be run, with every problem found in it, in file order. */
public final class InvalidExperimentException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<Problem> problems;

    public InvalidExperimentException(List<Problem> problems) {
        super(problems.isEmpty() ? "invalid experiment" : problems.get(0).toString());
        this.problems = List.copyOf(problems);
    }

    /** The problems, one per line of output. */
    public List<Problem> problems() {
        return problems;
    }
}
