package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every declared {@link OptionRules} rule of every command, from the declarations themselves: its breaking command line
 * is refused with one line naming the option, and the same line without that option runs (so the refusal is the
 * option's, not the example's).
 */
class OptionRulesTest {

    static Stream<OptionRules.Rule<?>> rules() {
        List<OptionRules.Rule<?>> all = new ArrayList<>();
        for (CommandLine sub : Main.commandTree().getSubcommands().values()) {
            OptionRules<?> declared = OptionRules.declaredBy(sub.getCommandSpec().userObject().getClass());
            if (declared != null) {
                all.addAll(declared.rules());
            }
        }
        assertThat(all).hasSizeGreaterThanOrEqualTo(12); // the commands' own options' (files, outputs); the jobs' are DeclaredCommandsTest's
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void anOptionWhereItCannotApplyIsRefusedAndTheLineWithoutItRuns(OptionRules.Rule<?> rule) {
        List<String> line = rule.breaking();
        MainTest.Result refused = MainTest.run(line.toArray(String[]::new));
        assertThat(refused.code()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err()).startsWith("ccopt: " + rule.option() + " applies").doesNotContain("\n ");
        List<String> without = new ArrayList<>(line);
        int at = without.indexOf(rule.option());
        CommandLine.Model.OptionSpec spec = Main.commandTree().getSubcommands().get(line.get(0)).getCommandSpec()
                .findOption(rule.option());
        without.subList(at, at + (spec.arity().max() == 0 ? 1 : 2)).clear();
        // several rules share their line without the option (the four calibrate rules, the schedule solvers'): it is
        // run once
        MainTest.Result ran = RAN.computeIfAbsent(without, w -> MainTest.run(w.toArray(String[]::new)));
        assertThat(ran.code()).as(String.join(" ", without) + ": " + ran.err()).isZero();
    }

    /** What each line run without its option gave, by the line. */
    private static final java.util.Map<List<String>, MainTest.Result> RAN = new java.util.concurrent.ConcurrentHashMap<>();
}
