package org.cryptorder.cli;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.file.JsonSource;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --set PATH=VALUE}, repeatable: values set over the experiment files, for a what-if without editing them. */
final class SetOption {
    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Sets a value over the experiment file(s), by"
            + " dotted path as sweep keys are written, e.g. --set hosts.ksoftirqd=true; VALUE is JSON (a string that is"
            + " not JSON is taken as it is, and a crypto.kernel version stays as written; null unsets a key, e.g."
            + " --set crypto.policy=null). Repeatable.")
    List<String> sets = new ArrayList<>();

    /** The values, read; a malformed one stops the command with status 2. */
    List<JsonSource.SetValue> values(CommandLine cmd) {
        List<JsonSource.SetValue> out = new ArrayList<>();
        for (String s : sets) {
            try {
                out.add(JsonSource.SetValue.parse(s));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd, e.getMessage());
            }
        }
        return out;
    }
}
