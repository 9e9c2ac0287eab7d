package org.ccopt.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class JobOptionsTest {

    /** A job's options with one of each kind: a required text, ranges, a default, a flag and a rule. */
    private static final JobOptions OPTIONS = JobOptions.of("demo", List.of(
            JobOption.text("topology", "SPEC", "Network").withShortName("t").asRequired(),
            JobOption.whole("limit", 16, "Most paths").withRange(1, 100),
            JobOption.whole("procs", "P", "Processes (default: all)"),
            JobOption.wholeLong("seed", 1, "Seed"),
            JobOption.real("rate", 0.25, "Offered load"),
            JobOption.flag("exact", "Prove optimality"),
            JobOption.whole("budget", 10, "Nodes searched").withApplies(new JobOption.Applies("with --exact",
                    v -> v.flag("exact"), Map.of("topology", "ring:4", "budget", "5"))),
            JobOption.text("method", "NAME", "Search").withDefault("ga"),
            JobOption.whole("population", 50, "Chromosomes").withApplies(new JobOption.Applies("to the GA",
                    v -> v.text("method").equals("ga"), Map.of("topology", "x", "method", "greedy", "population", "5"),
                    v -> "--method " + v.text("method")))));

    @Test
    void valuesLeftOutTakeTheirDefaultsAndGivenOnesTheirText() {
        JobOptions.Values v = OPTIONS.read(Map.of("topology", "ring:4", "limit", "7"));
        assertThat(v.text("topology")).isEqualTo("ring:4");
        assertThat(v.whole("limit")).isEqualTo(7);
        assertThat(v.wholeOrNull("procs")).isNull();
        assertThat(v.wholeLong("seed")).isEqualTo(1L);
        assertThat(v.real("rate")).isEqualTo(0.25);
        assertThat(v.flag("exact")).isFalse();
        assertThat(v.given("limit")).isTrue();
        assertThat(v.given("seed")).isFalse();
        assertThat(OPTIONS.read(Map.of("topology", "x", "exact", "false")).given("exact")).isFalse();
    }

    @Test
    void eachFaultIsOneLineNamingTheOptionAndWhatIsAccepted() {
        assertRefused(Map.of("limit", "3"), "missing --topology; expected SPEC");
        assertRefused(Map.of("topology", "x", "colour", "red"), "--colour is not an option of demo; expected one of --topology, --limit,");
        assertRefused(Map.of("topology", "x", "limit", "many"), "--limit 'many' is invalid; expected a whole number");
        assertRefused(Map.of("topology", "x", "limit", "0"), "--limit 0 is invalid; expected 1 to 100");
        assertRefused(Map.of("topology", "x", "limit", "101"), "--limit 101 is invalid; expected 1 to 100");
        assertRefused(Map.of("topology", "x", "procs", "3000000000"), "--procs '3000000000' is invalid; expected a whole number of at most");
        assertRefused(Map.of("topology", "x", "rate", "fast"), "--rate 'fast' is invalid; expected a number");
        assertRefused(Map.of("topology", "x", "exact", "yes"), "--exact 'yes' is invalid; expected true or false");
        assertRefused(Map.of("topology", "x", "budget", "5"), "--budget applies with --exact; here it cannot");
        assertThat(OPTIONS.read(Map.of("topology", "x", "budget", "5", "exact", "true")).whole("budget")).isEqualTo(5);
        assertRefused(Map.of("topology", "x", "method", "greedy", "population", "5"),
                "--population applies to the GA, not to --method greedy, so it is refused rather than ignored");
    }

    @Test
    void everyRuleIsBrokenByItsOwnExample() {
        for (JobOption o : OPTIONS.list()) {
            for (JobOption.Applies rule : o.rules()) {
                assertThatThrownBy(() -> OPTIONS.read(rule.breaking())).isInstanceOf(InvalidInputException.class)
                        .hasMessageStartingWith(o.option() + " applies");
            }
        }
    }

    /** Java's number parser reads any Unicode digit; an option's text is read as the command line reads it, in ASCII. */
    @ParameterizedTest
    @ValueSource(strings = {"\u0664", "1\u0660", "0x10", "1e3", " "})
    void wholeNumbersAreAsciiDigitsOnly(String text) {
        assertRefused(Map.of("topology", "x", "limit", text), "--limit '" + text + "' is invalid; expected a whole number");
    }

    /** Seeded property: any in-range whole number reads back as itself, any out-of-range one is refused. */
    @Test
    void rangesHoldOnRandomValues() {
        Random r = new Random(51);
        for (int i = 0; i < 500; i++) {
            int n = r.nextInt(300) - 100;
            Map<String, String> given = Map.of("topology", "x", "limit", (r.nextBoolean() ? "+" : "") + n);
            if (n >= 1 && n <= 100) {
                assertThat(OPTIONS.read(given).whole("limit")).isEqualTo(n);
            } else {
                assertThatThrownBy(() -> OPTIONS.read(given)).isInstanceOf(InvalidInputException.class);
            }
        }
    }

    @Test
    void declarationsThatContradictThemselvesAreProgrammingErrors() {
        assertThatThrownBy(() -> JobOptions.of("x", List.of(JobOption.flag("a", "A"), JobOption.flag("a", "B"))))
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> JobOption.whole("Limit", 1, "x")).hasMessageContaining("lower-case");
        assertThatThrownBy(() -> JobOption.whole("n", 1, "x").asRequired().withDefault("2")).hasMessageContaining("required");
        assertThatThrownBy(() -> OPTIONS.read(Map.of("topology", "x")).whole("undeclared")).isInstanceOf(IllegalArgumentException.class);
        // two rules: each holds, and the first one broken names itself
        JobOptions two = JobOptions.of("two", List.of(JobOption.flag("x", "X"), JobOption.flag("y", "Y"),
                JobOption.flag("z", "Z").withApplies(new JobOption.Applies("with --x", v -> v.flag("x"), Map.of("z", "true")))
                        .withApplies(new JobOption.Applies("with --y", v -> v.flag("y"), Map.of("x", "true", "z", "true")))));
        assertThatThrownBy(() -> two.read(Map.of("z", "true"))).hasMessageStartingWith("--z applies with --x;");
        assertThatThrownBy(() -> two.read(Map.of("x", "true", "z", "true"))).hasMessageStartingWith("--z applies with --y;");
        assertThat(two.read(Map.of("x", "true", "y", "true", "z", "true")).flag("z")).isTrue();
    }

    private static void assertRefused(Map<String, String> given, String start) {
        assertThatThrownBy(() -> OPTIONS.read(given)).isInstanceOf(InvalidInputException.class).hasMessageStartingWith(start);
    }
}
