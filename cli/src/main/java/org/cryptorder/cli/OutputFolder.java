package org.cryptorder.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The folder an output option of {@code explain} ({@code --frames-csv}, {@code --perfetto},
 * {@code --tcp-sequence}) writes into: made when missing, and refused as bad usage (one line, exit
 * status 2) before anything runs when it cannot be made or a file in it cannot be written.
 */
final class OutputFolder {
    private OutputFolder() {
    }

    /**
     * Makes the folder of {@code given} and checks that each of {@code files} (in that folder; null
     * ones are skipped) can be written, naming {@code option} in the message when not.
     */
    static void prepare(CommandSpec spec, String option, Path given, Path... files) {
        Path folder = given.toAbsolutePath().getParent();
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), option + ": cannot make the folder " + folder + " ("
                    + (e instanceof FileAlreadyExistsException x ? x.getFile() + " is a file" : e.getMessage()) + ")");
        }
        for (Path p : files) {
            if (p != null && (!Files.isWritable(folder) || (Files.exists(p) && !Files.isWritable(p)))) {
                throw new ParameterException(spec.commandLine(), option + ": cannot write " + p);
            }
        }
    }
}
