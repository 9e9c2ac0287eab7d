package org.ccopt.cli;

import java.util.List;
import java.util.function.Predicate;
import org.ccopt.InvalidInputException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Where an option applies, declared once per command beside its options: an option given where it cannot apply is
 * refused with one line, never ignored. Each rule carries a command line that breaks it, so that {@code
 * OptionRulesTest} derives its cases from the declarations themselves (a rule added here is tested without more code).
 *
 * @param <C> the command whose options the rules read
 */
final class OptionRules<C> {

    /**
     * One option's condition.
     *
     * @param option    the option's long name, with dashes
     * @param appliesTo where it applies, completing "--option applies ..."
     * @param applies   whether it applies to a command's parsed options
     * @param breaking  a whole command line that gives the option where it does not apply (for the test)
     * @param given     what the command was given instead, for the message ("--solver auto"), or null
     */
    record Rule<C>(String option, String appliesTo, Predicate<C> applies, List<String> breaking,
                   java.util.function.Function<C, String> given) {
    }

    private final List<Rule<C>> rules;

    private OptionRules(List<Rule<C>> rules) {
        this.rules = rules;
    }

    @SafeVarargs
    static <C> OptionRules<C> of(Rule<C>... rules) {
        return new OptionRules<>(List.of(rules));
    }

    static <C> OptionRules<C> of(List<Rule<C>> rules) {
        return new OptionRules<>(List.copyOf(rules));
    }

    static <C> Rule<C> rule(String option, String appliesTo, Predicate<C> applies, String breaking) {
        return new Rule<>(option, appliesTo, applies, List.of(breaking.split(" ")), null);
    }

    /** A rule whose message names what the command was given instead ({@code given}). */
    static <C> Rule<C> rule(String option, String appliesTo, Predicate<C> applies, String breaking,
                            java.util.function.Function<C, String> given) {
        return new Rule<>(option, appliesTo, applies, List.of(breaking.split(" ")), given);
    }

    List<Rule<C>> rules() {
        return rules;
    }

    /**
     * The rules of a parsed command line's command (its static {@code OptionRules} field), checked against the options
     * picocli set on it: so that {@code ccopt run} refuses an experiment's bad combination before the first run.
     */
    @SuppressWarnings("unchecked")
    static void checkParsed(picocli.CommandLine.ParseResult parsed) {
        Object command = parsed.commandSpec().userObject();
        OptionRules<Object> rules = (OptionRules<Object>) declaredBy(command.getClass());
        if (rules != null) {
            rules.check(command, parsed);
        }
    }

    /** The rules a command class declares (its static {@code OptionRules} field), or null when it declares none. */
    static OptionRules<?> declaredBy(Class<?> commandClass) {
        for (java.lang.reflect.Field f : commandClass.getDeclaredFields()) {
            if (f.getType() == OptionRules.class && java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                try {
                    f.setAccessible(true);
                    return (OptionRules<?>) f.get(null);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return null;
    }

    /** Refuses the first option the user gave (on the command line, not by default) where it does not apply. */
    void check(C command, CommandSpec spec) {
        var parsed = spec.commandLine().getParseResult();
        check(command, parsed);
    }

    private void check(C command, picocli.CommandLine.ParseResult parsed) {
        // every name of every option given, collected once: picocli's hasMatchedOption looks each name up among all
        // of the command's options, which cost an experiment's short runs a fifth of the runner's time
        java.util.Set<String> given = new java.util.HashSet<>();
        for (picocli.CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
            given.addAll(java.util.Arrays.asList(o.names()));
        }
        check(command, given);
    }

    /** Refuses the first option among {@code given} (every name of every option given) where it does not apply. */
    void check(C command, java.util.Set<String> given) {
        for (Rule<C> r : rules) {
            if (given.contains(r.option()) && !r.applies().test(command)) {
                throw new InvalidInputException(r.option() + " applies " + r.appliesTo() + (r.given() == null
                        ? "; here it cannot" : ", not to " + r.given().apply(command)) + ", so it is refused rather than ignored");
            }
        }
    }
}
