package org.ccopt.job;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * One option of a library job's request, declared once beside the request it fills: its name, type, default, help,
 * range and where it applies. The command line's option, its help text, its default and its refusals derive from it,
 * and {@code ccopt run} reads an experiment row's value of it with it ({@link JobOptions#read}).
 *
 * @param name         the long name without dashes ({@code topology})
 * @param shortName    a one-letter alias ({@code t} for {@code -t}), or null
 * @param label        the value's placeholder in the help ({@code SPEC}); null for a flag
 * @param type         the value's type
 * @param defaultValue the value where the option is left out, as text; null where it has none (the request decides)
 * @param help         the help text, one sentence without its final period; the default is appended to it
 * @param required     whether it must be given
 * @param min          the least whole value accepted, or null
 * @param max          the largest whole value accepted, or null
 * @param rules        where it applies, every rule at once (given elsewhere, it is refused rather than ignored; the
 *                     first rule it breaks says why); empty: everywhere
 */
public record JobOption(String name, String shortName, String label, Type type, String defaultValue, String help,
                        boolean required, Long min, Long max, List<Applies> rules) {

    /** An option value's type. */
    public enum Type {
        /** Given or not; an experiment row spells it {@code true} or {@code false}. */
        FLAG,
        /** A whole number that fits in an int. */
        WHOLE,
        /** A whole number that fits in a long. */
        LONG,
        /** A number. */
        REAL,
        /** Text, read by the request (a spec, a name, a list). */
        TEXT,
        /**
         * Text values without commas: the command line may give the option several times (each value may itself list
         * several, comma-separated), an experiment row gives them comma-separated; read as one comma-separated text.
         */
        LIST
    }

    /**
     * Where an option applies: given where {@code test} fails on the other values, it is refused with "--NAME applies
     * WHERE; here it cannot" (or, with {@code given}, "..., not to GIVEN").
     *
     * @param where    completes "--NAME applies ..."
     * @param test     whether it applies, given the request's values
     * @param breaking options (by name, as text) that give it where it does not apply, for the tests
     * @param given    what the request was given instead, for the message ("--placement ascending"), or null
     */
    public record Applies(String where, Predicate<JobOptions.Values> test, Map<String, String> breaking,
                          java.util.function.Function<JobOptions.Values, String> given) {

        public Applies(String where, Predicate<JobOptions.Values> test, Map<String, String> breaking) {
            this(where, test, breaking, null);
        }
    }

    public JobOption {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("option name '" + name + "' is not lower-case words joined by dashes");
        }
        if ((type == Type.FLAG) != (label == null)) {
            throw new IllegalArgumentException("--" + name + ": a flag has no value label and every other option has one");
        }
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("--" + name + " is required and has a default");
        }
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** A text option without default. */
    public static JobOption text(String name, String label, String help) {
        return new JobOption(name, null, label, Type.TEXT, null, help, false, null, null, List.of());
    }

    /** A whole-number option with a default. */
    public static JobOption whole(String name, int defaultValue, String help) {
        return new JobOption(name, null, "N", Type.WHOLE, Integer.toString(defaultValue), help, false, null, null, List.of());
    }

    /** A whole-number option without default (the request decides where it is left out). */
    public static JobOption whole(String name, String label, String help) {
        return new JobOption(name, null, label, Type.WHOLE, null, help, false, null, null, List.of());
    }

    /** A long option with a default. */
    public static JobOption wholeLong(String name, long defaultValue, String help) {
        return new JobOption(name, null, "N", Type.LONG, Long.toString(defaultValue), help, false, null, null, List.of());
    }

    /** A long option without default (the request decides where it is left out). */
    public static JobOption wholeLong(String name, String label, String help) {
        return new JobOption(name, null, label, Type.LONG, null, help, false, null, null, List.of());
    }

    /** A number option with a default. */
    public static JobOption real(String name, double defaultValue, String help) {
        return new JobOption(name, null, "X", Type.REAL, Double.toString(defaultValue), help, false, null, null, List.of());
    }

    /** A list option ({@link Type#LIST}) with a default, comma-separated, or none where {@code defaultValue} is null. */
    public static JobOption list(String name, String label, String defaultValue, String help) {
        return new JobOption(name, null, label, Type.LIST, defaultValue, help, false, null, null, List.of());
    }

    /** A flag (off unless given). */
    public static JobOption flag(String name, String help) {
        return new JobOption(name, null, null, Type.FLAG, null, help, false, null, null, List.of());
    }

    /** This option with a default. */
    public JobOption withDefault(String value) {
        return new JobOption(name, shortName, label, type, value, help, required, min, max, rules);
    }

    /** This option, required. */
    public JobOption asRequired() {
        return new JobOption(name, shortName, label, type, null, help, true, min, max, rules);
    }

    /** This option with a one-letter alias. */
    public JobOption withShortName(String letter) {
        return new JobOption(name, letter, label, type, defaultValue, help, required, min, max, rules);
    }

    /** This option with another value label. */
    public JobOption withLabel(String value) {
        return new JobOption(name, shortName, value, type, defaultValue, help, required, min, max, rules);
    }

    /** This option, accepting whole values from {@code least} to {@code most} only. */
    public JobOption withRange(long least, long most) {
        return new JobOption(name, shortName, label, type, defaultValue, help, required, least, most, rules);
    }

    /** This option, accepting whole values of {@code least} or more only. */
    public JobOption atLeast(long least) {
        return new JobOption(name, shortName, label, type, defaultValue, help, required, least, null, rules);
    }

    /** This option, applying only where {@code where} says as well as where its other rules say. */
    public JobOption withApplies(Applies where) {
        List<Applies> more = new java.util.ArrayList<>(rules);
        more.add(where);
        return new JobOption(name, shortName, label, type, defaultValue, help, required, min, max, more);
    }

    /** The option as a command line spells it: {@code --name}. */
    public String option() {
        return "--" + name;
    }
}
