package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.job.Job;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command-line side of a library job ({@link Job}): a command that names its job ({@link Command}) and this
 * model transformer in its {@code @Command} gets one option per option the job declares, with the declaration's
 * names, value label, type, default and help; the command itself declares only how it presents the outcome ({@code
 * --json}, files). On a run, the options given are handed to the job as text ({@link #given}) and read by the job's
 * own reader, which refuses what the job refuses for {@code ccopt run} too ({@link JobOptions#read}).
 */
final class Declared implements CommandLine.IModelTransformer {

    /** A command whose request options a library job declares. */
    interface Command {
        /** The job the command runs. */
        Job<?, ?> job();
    }

    @Override
    public CommandSpec transform(CommandSpec spec) {
        JobOptions declared = ((Command) spec.userObject()).job().options();
        List<String> positional = declared.positional();
        for (JobOption o : declared.list()) {
            if (positional.contains(o.name())) {
                spec.addPositional(CommandLine.Model.PositionalParamSpec.builder().index(Integer.toString(
                        positional.indexOf(o.name()))).paramLabel(o.label()).description(o.help().replace("%", "%%") + ".")
                        .required(o.required()).type(String.class).userObject(o).build());
            } else if (spec.findOption(o.option()) == null) { // a mixin the command shares may declare it (cupstack's --threads)
                spec.addOption(option(o));
            }
        }
        return spec;
    }

    /** The picocli option of a declaration. */
    private static OptionSpec option(JobOption o) {
        OptionSpec.Builder b = OptionSpec.builder(o.shortName() == null ? new String[] {o.option()}
                        : new String[] {"-" + o.shortName(), o.option()})
                .description(o.help().replace("%", "%%") // picocli formats help: '%' stands alone as "%%"
                        + (o.defaultValue() == null ? "" : " (default: ${DEFAULT-VALUE})") + ".")
                .required(o.required());
        boolean boxed = o.defaultValue() == null;
        switch (o.type()) {
            case FLAG -> b.type(boolean.class).arity("0");
            case WHOLE -> b.type(boxed ? Integer.class : int.class);
            case LONG -> b.type(boxed ? Long.class : long.class);
            case REAL -> b.type(boxed ? Double.class : double.class);
            case TEXT -> b.type(String.class);
            case LIST -> b.type(List.class).auxiliaryTypes(String.class);
        }
        if (o.label() != null) {
            b.paramLabel(o.label());
        }
        if (o.defaultValue() != null) {
            b.defaultValue(o.defaultValue());
        }
        return b.build();
    }

    /**
     * The job's options given on this command's parsed line, by long name without dashes, as their text (a flag as
     * {@code true} or, given {@code =false}, {@code false}): what an experiment row holds for the same run.
     */
    static Map<String, String> given(CommandLine.ParseResult parsed, JobOptions options) {
        Map<String, String> given = new LinkedHashMap<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            String name = o.longestName().substring(2);
            if (options.declares(name)) {
                List<String> text = o.originalStringValues();
                given.put(name, text.isEmpty() ? "true" : options.get(name).type() == JobOption.Type.LIST
                        ? String.join(",", text) : text.get(text.size() - 1));
            }
        }
        for (CommandLine.Model.PositionalParamSpec p : parsed.matchedPositionals()) {
            if (p.userObject() instanceof JobOption o && options.declares(o.name())) {
                given.put(o.name(), p.originalStringValues().get(0));
            }
        }
        return given;
    }

    /**
     * Reads and checks the job's options of a parsed line of a {@link Command} ({@link Job#check}), for {@code ccopt run}
     * to refuse a row before the first run as the run would; nothing for another command.
     */
    static void check(CommandLine.ParseResult parsed) {
        if (parsed.commandSpec().userObject() instanceof Command c) {
            Job<?, ?> job = c.job();
            job.check(job.options().read(given(parsed, job.options())));
        }
    }

    /** The values of {@code group}'s options given on this command's line, read and checked by the group's reader. */
    static JobOptions.Values values(CommandSpec spec, JobOptions group) {
        return group.read(given(spec.commandLine().getParseResult(), group));
    }

    /** Runs the command's job on the options given on its line: the outcome, or the job's one-line refusal. */
    static <Q, O> O run(CommandSpec spec, Job<Q, O> job) {
        return job.run(job.request(values(spec, job.options())));
    }
}
