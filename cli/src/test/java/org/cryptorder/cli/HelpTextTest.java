package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * Help text made of whole sentences. Picocli prints each element of a description on a line of its
 * own, wrapped at 80 columns, and lists a subcommand in its parent's help by the first element
 * alone: an element that stops mid-sentence shows as a line cut short, in the command's help and in
 * the list of commands.
 */
class HelpTextTest {
    /** Commands left out of the check: none. */
    private static final Set<String> ELSEWHERE = Set.of();

    private static List<CommandLine> commands(CommandLine c) {
        List<CommandLine> out = new ArrayList<>();
        out.add(c);
        c.getSubcommands().values().stream().distinct().forEach(sub -> out.addAll(commands(sub)));
        return out;
    }

    @Test
    void everyDescriptionIsWholeSentencesAndEveryHelpLineFitsAHundredColumns() {
        List<CommandLine> checked = commands(Main.commandLine()).stream()
                .filter(c -> !ELSEWHERE.contains(c.getCommandSpec().qualifiedName())).toList();
        assertThat(checked).extracting(c -> c.getCommandSpec().qualifiedName()).contains("cryptorder run",
                "cryptorder validate", "cryptorder list", "cryptorder chart", "cryptorder merge",
                "cryptorder frame protect", "cryptorder frame unprotect");
        for (CommandLine c : checked) {
            String name = c.getCommandSpec().qualifiedName();
            List<String> texts = new ArrayList<>(List.of(c.getCommandSpec().usageMessage().description()));
            for (ArgSpec a : c.getCommandSpec().args()) {
                texts.addAll(List.of(a.description()));
            }
            assertThat(texts).as(name).isNotEmpty().allSatisfy(t -> assertThat(t.replace("%n", "").strip()).as(name).endsWith("."));
            String usage = c.getUsageMessage();
            assertThat(usage.lines()).as(name).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
            // picocli may wrap a line after a dot inside a word: report.\nhtml, *.\nsvg, run.\nreplications
            for (String t : texts) {
                Matcher dotted = Pattern.compile("[^\\s(]+\\.[^\\s),;:]+").matcher(t);
                while (dotted.find()) {
                    String word = dotted.group().replaceAll("[.]+$", "");
                    if (!word.contains("%") && !word.contains("$")) {
                        assertThat(usage).as("%s: %s in one piece", name, word).contains(word);
                    }
                }
            }
        }
    }
}
