package org.ccopt.job;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.ccopt.InvalidInputException;

/**
 * The options of one job's request, in the order its help lists them ({@link JobOption} each), and their reading from
 * text: an experiment row's values or a command line's, by long name without dashes. Reading refuses, with one line
 * each, an option the job does not have, a required option left out, a value not of its type or out of its range, and
 * an option given where it does not apply; so {@code ccopt run}, Spark and the command line refuse the same inputs.
 */
public final class JobOptions {

    private final String job;
    private final Map<String, JobOption> byName;
    private final List<String> positional;
    /** Options whose value stands for other options' values (a file of settings), by name: its reader. */
    private final Map<String, Function<String, Map<String, String>>> expanding;

    private JobOptions(String job, List<JobOption> options) {
        this(job, options, List.of(), Map.of());
    }

    private JobOptions(String job, List<JobOption> options, List<String> positional,
                       Map<String, Function<String, Map<String, String>>> expanding) {
        this.job = job;
        this.positional = List.copyOf(positional);
        this.expanding = Map.copyOf(expanding);
        Map<String, JobOption> m = new LinkedHashMap<>();
        for (JobOption o : options) {
            if (m.put(o.name(), o) != null) {
                throw new IllegalArgumentException(job + " declares --" + o.name() + " twice");
            }
        }
        this.byName = Collections.unmodifiableMap(m);
        for (String name : positional) {
            if (!m.containsKey(name) || m.get(name).type() == JobOption.Type.FLAG) {
                throw new IllegalArgumentException(job + ": positional --" + name + " is not a declared option with a value");
            }
        }
    }

    /**
     * These options, where the command line gives {@code names}' values by position, in this order, without their
     * option names ({@code ccopt analyze NAME}); an experiment row and the reader still name them.
     */
    public JobOptions withPositional(String... names) {
        return new JobOptions(job, list(), List.of(names), expanding);
    }

    /**
     * These options, where option {@code name}'s value (a file of settings) stands for other options' values:
     * {@code reader} turns it into them (long names without dashes to text), refusing with one line what it cannot
     * read. {@link #read} takes them as if given, and the options given beside it override them.
     */
    public JobOptions withExpansion(String name, Function<String, Map<String, String>> reader) {
        if (!byName.containsKey(name)) {
            throw new IllegalArgumentException(job + " has no option --" + name + " to expand");
        }
        Map<String, Function<String, Map<String, String>>> more = new LinkedHashMap<>(expanding);
        more.put(name, reader);
        return new JobOptions(job, list(), positional, more);
    }

    /** The options the command line gives by position, in order (none for most jobs). */
    public List<String> positional() {
        return positional;
    }

    /** The options of {@code job} (its command's name), in help order. */
    public static JobOptions of(String job, List<JobOption> options) {
        return new JobOptions(job, options);
    }

    /** The options of {@code job}: each group's, in order (shared groups such as a topology option, then the job's). */
    @SafeVarargs
    public static JobOptions of(String job, List<JobOption>... groups) {
        return new JobOptions(job, Arrays.stream(groups).flatMap(List::stream).toList());
    }

    /** The job's name. */
    public String job() {
        return job;
    }

    /** Every option, in help order. */
    public List<JobOption> list() {
        return List.copyOf(byName.values());
    }

    /** Whether the job has an option of this long name (without dashes). */
    public boolean declares(String name) {
        return byName.containsKey(name);
    }

    /** The option of this long name; an {@link IllegalArgumentException} where there is none (a programming error). */
    public JobOption get(String name) {
        JobOption o = byName.get(name);
        if (o == null) {
            throw new IllegalArgumentException(job + " has no option --" + name);
        }
        return o;
    }

    /**
     * Reads given option values (long name without dashes to text; a flag as {@code true} or {@code false}), checking
     * each as described above, the options in declaration order.
     */
    public Values read(Map<String, String> given) {
        for (String name : given.keySet()) {
            if (!byName.containsKey(name)) {
                throw new InvalidInputException("--" + name + " is not an option of " + job + "; expected one of "
                        + byName.values().stream().map(JobOption::option).collect(Collectors.joining(", ")));
            }
        }
        given = expand(given);
        Values v = new Values(this, Map.copyOf(given));
        for (JobOption o : byName.values()) {
            String text = given.get(o.name());
            if (text == null) {
                if (o.required()) {
                    throw new InvalidInputException("missing " + o.option() + "; expected " + o.label());
                }
                continue;
            }
            check(o, text);
        }
        for (JobOption o : byName.values()) {
            if (!v.given(o.name())) {
                continue;
            }
            for (JobOption.Applies rule : o.rules()) {
                if (!rule.test().test(v)) {
                    throw new InvalidInputException(o.option() + " applies " + rule.where() + (rule.given() == null
                            ? "; here it cannot" : ", not to " + rule.given().apply(v)) + ", so it is refused rather than ignored");
                }
            }
        }
        return v;
    }

    /** {@code given} with the values its expanding options stand for, those given overriding them. */
    private Map<String, String> expand(Map<String, String> given) {
        Map<String, String> merged = new LinkedHashMap<>();
        for (Map.Entry<String, Function<String, Map<String, String>>> e : expanding.entrySet()) {
            String text = given.get(e.getKey());
            if (text == null) {
                continue;
            }
            check(byName.get(e.getKey()), text);
            for (Map.Entry<String, String> x : e.getValue().apply(text).entrySet()) {
                if (!byName.containsKey(x.getKey()) || expanding.containsKey(x.getKey())) {
                    throw new IllegalArgumentException(job + ": --" + e.getKey() + " stands for --" + x.getKey()
                            + ", which it cannot");
                }
                merged.put(x.getKey(), x.getValue());
            }
        }
        if (merged.isEmpty()) {
            return given;
        }
        merged.putAll(given);
        return merged;
    }

    private static void check(JobOption o, String text) {
        int control = InvalidInputException.controlCharacter(text);
        if (control >= 0) {
            throw InvalidInputException.parameter(o.option(), "holds a control character (a line break, tab or escape) at "
                    + "position " + (control + 1) + "; expected one line of printable text");
        }
        switch (o.type()) {
            case FLAG -> {
                if (!text.equals("true") && !text.equals("false")) {
                    throw refused(o, text, "true or false");
                }
            }
            case WHOLE, LONG -> {
                long n;
                try {
                    if (!text.strip().matches("[+-]?[0-9]+")) { // Java's parser takes any Unicode digit; the CLI's, ASCII
                        throw new NumberFormatException(text);
                    }
                    n = Long.parseLong(text.strip());
                } catch (NumberFormatException e) {
                    throw refused(o, text, "a whole number");
                }
                if (o.type() == JobOption.Type.WHOLE && n != (int) n) {
                    throw refused(o, text, "a whole number of at most " + Integer.MAX_VALUE);
                }
                if ((o.min() != null && n < o.min()) || (o.max() != null && n > o.max())) {
                    throw InvalidInputException.parameter(o.option(), text.strip() + " is invalid; expected "
                            + (o.max() == null ? ">= " + o.min() : o.min() == null ? "<= " + o.max() : o.min() + " to " + o.max()));
                }
            }
            case REAL -> {
                try {
                    Double.parseDouble(text.strip());
                } catch (NumberFormatException e) {
                    throw refused(o, text, "a number");
                }
            }
            case TEXT, LIST -> {
            }
        }
    }

    private static InvalidInputException refused(JobOption o, String text, String expected) {
        return InvalidInputException.parameter(o.option(), "'" + text + "' is invalid; expected " + expected);
    }

    /**
     * A request's option values, read and checked ({@link #read}): each option's given text, else its default, typed
     * on access. Asking for an option the job does not declare is a programming error.
     */
    public static final class Values {

        private final JobOptions options;
        private final Map<String, String> given;

        private Values(JobOptions options, Map<String, String> given) {
            this.options = options;
            this.given = given;
        }

        /** Whether the option was given (a flag given as {@code false} counts as left out). */
        public boolean given(String name) {
            String v = given.get(name);
            return v != null && !(options.get(name).type() == JobOption.Type.FLAG && v.equals("false"));
        }

        /** The option's text: given, else its default (null where it has none). */
        public String text(String name) {
            String v = given.get(name);
            return v != null ? v : options.get(name).defaultValue();
        }

        /** A whole-number option's value; it must be given or have a default. */
        public int whole(String name) {
            return (int) wholeLong(name);
        }

        /** A whole-number option's value, or null where it is left out without default. */
        public Integer wholeOrNull(String name) {
            return text(name) == null ? null : whole(name);
        }

        /** A long option's value; it must be given or have a default. */
        public long wholeLong(String name) {
            return Long.parseLong(present(name).strip());
        }

        /** A number option's value; it must be given or have a default. */
        public double real(String name) {
            return Double.parseDouble(present(name).strip());
        }

        /** A list option's values, in order, each stripped; empty where it is left out without default. */
        public List<String> list(String name) {
            String v = text(name);
            return v == null ? List.of() : Arrays.stream(v.split(",", -1)).map(String::strip).toList();
        }

        /** A flag's value. */
        public boolean flag(String name) {
            return "true".equals(text(name));
        }

        private String present(String name) {
            String v = text(name);
            if (v == null) {
                throw new IllegalArgumentException("--" + name + " has no value and no default");
            }
            return v;
        }
    }
}
