package org.ccopt.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Commands;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import picocli.CommandLine;

/**
 * The commands of this command line as the experiment engine sees them (registered with {@link
 * java.util.ServiceLoader}): a command line is checked by picocli with the command's own options, and executed in
 * this JVM by {@link Main#runReusing} (one command tree per thread), its result handed back as a tree
 * ({@link Json#capturing}).
 */
public final class CliCommands implements Commands {

    /** Commands an experiment may run (each prints one JSON object with --json). */
    static final Set<String> NAMES = Set.of("sim", "nodemap", "cupstack", "joint", "rank", "msgsim", "schedule", "hops", "bounds",
            "topo", "traffic", "routes");

    @Override
    public Set<String> names() {
        return NAMES;
    }

    @Override
    public Map<String, String> writtenOptions(List<String> commandLine) {
        CommandLine.ParseResult parsed;
        try {
            parsed = Main.commandTree().parseArgs(commandLine.toArray(String[]::new)).subcommand();
        } catch (CommandLine.ParameterException e) {
            throw new InvalidInputException(Main.firstLine(e.getMessage()));
        }
        for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
            if (o.usageHelp() || o.versionHelp()) {
                throw new InvalidInputException(o.longestName() + " prints " + (o.usageHelp() ? "the usage" : "the version")
                        + " and runs nothing; expected options of a run");
            }
        }
        OptionRules.checkParsed(parsed); // an option where it cannot apply fails before the first run, not in every run
        ValueChecks.check(parsed.commandSpec().userObject()); // so does a bad value, whichever row it is in
        Declared.check(parsed); // and a job's refusal of its options
        Map<String, String> written = new TreeMap<>();
        for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
            if (o.userObject() instanceof Field f && f.isAnnotationPresent(Output.class)) {
                List<String> values = o.originalStringValues();
                written.put(o.longestName().substring(2), values.isEmpty() ? "" : values.get(values.size() - 1));
            }
        }
        return written;
    }

    /**
     * A run whose options a library job reads runs as that job, with no command line parsed (the engine checked the
     * line with the command's own options before the first run): a command whose options its job declares ({@link
     * Declared}) where every option of the run is the job's, and {@code cupstack} writing no file ({@link CupstackRequest#fromOptions}, on
     * {@code threads} evaluation threads, all cores by default, as the command). Its figures are handed over as the
     * command's {@code --json} would print them, and a failure as the command reports it ({@link Main#failure}). Every
     * other run as its line.
     */
    @Override
    public Execution execute(String command, Map<String, String> parameters, List<String> commandLine) {
        try {
            var job = org.ccopt.job.Jobs.named(command);
            if (job.isPresent() && parameters.keySet().stream().allMatch(job.get().options()::declares)) {
                return run(job.get(), parameters);
            }
            if (command.equals("cupstack") && parameters.keySet().stream().allMatch(CupstackRequest::reads)) {
                int threads = threads(parameters);
                if (threads > 0 && rulesHold("cupstack", parameters)) {
                    CupstackRequest request = CupstackRequest.fromOptions(parameters);
                    return new Execution(OK, "", "", Json.result(CupstackJob.run(request, CupstackJob.Checkpoints.none(),
                            threads).figures(), Long.toString(request.ga().seed())));
                }
            }
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            StringWriter err = new StringWriter();
            int exit;
            try (PrintWriter w = new PrintWriter(err)) {
                exit = Main.failure(e, Main.commandTree().getSubcommands().get(command), w);
            }
            return new Execution(exit, "", err.toString());
        }
        return execute(commandLine);
    }

    /** A run of a library job, its options read by the job ({@link org.ccopt.job.JobOptions#read}). */
    private static <Q, O> Execution run(org.ccopt.job.Job<Q, O> job, Map<String, String> parameters) {
        org.ccopt.job.JobOptions.Values values = job.options().read(parameters);
        return new Execution(OK, "", "", Json.result(job.figures(job.run(job.request(values))), job.seed(values)));
    }

    /**
     * Checks where a run's options apply, as the command checks its line ({@link OptionRules}), without parsing a line:
     * this thread's command is reset to its defaults by parsing its bare name, its options are set from their text,
     * and its rules are checked on them; a refusal is thrown as the command throws it. False where an option cannot be
     * set so (a type other than text, number or flag, or a text that is not its type), for the line to decide.
     */
    @SuppressWarnings("unchecked")
    private static boolean rulesHold(String command, Map<String, String> options) {
        CommandLine.Model.CommandSpec spec = Main.reusedTree().parseArgs(command).subcommand().commandSpec();
        Set<String> given = new java.util.HashSet<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            CommandLine.Model.OptionSpec o = spec.optionsMap().get("--" + e.getKey());
            if (o == null) {
                return false;
            }
            Class<?> type = o.type();
            String text = e.getValue();
            Object value;
            try {
                if (type == boolean.class || type == Boolean.class) {
                    if (!text.equals("true")) {
                        if (text.equals("false")) {
                            continue;
                        }
                        return false;
                    }
                    value = true;
                } else if (type == String.class) {
                    value = text;
                } else if (type == int.class || type == Integer.class) {
                    value = Integer.valueOf(Main.ascii(text)); // the command line's converters, which take ASCII digits
                } else if (type == long.class || type == Long.class) {
                    value = Long.valueOf(Main.ascii(text));
                } else if (type == double.class || type == Double.class) {
                    value = Double.valueOf(text);
                } else {
                    return false;
                }
            } catch (NumberFormatException | CommandLine.TypeConversionException notOfItsType) {
                return false;
            }
            o.setValue(value);
            given.addAll(List.of(o.names()));
        }
        OptionRules<Object> rules = (OptionRules<Object>) OptionRules.declaredBy(spec.userObject().getClass());
        if (rules != null) {
            rules.check(spec.userObject(), given);
        }
        return true;
    }

    /** The run's evaluation threads (all cores where not given), or 0 where the command line must refuse its value. */
    private static int threads(Map<String, String> parameters) {
        String given = parameters.get("threads");
        if (given == null) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            return org.ccopt.util.Workers.check("threads", Integer.parseInt(given));
        } catch (NumberFormatException | InvalidInputException e) {
            return 0;
        }
    }

    @Override
    public Execution execute(List<String> commandLine) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int[] code = new int[1];
        // the result comes back as the tree Json writes it into, not as text to parse again; the command's writers
        // encode straight into the buffers (a PrintStream between them cost as much as the rules of a run)
        com.fasterxml.jackson.databind.JsonNode result = Json.capturing(
                () -> code[0] = Main.runReusing(stdout, stderr, commandLine.toArray(String[]::new)));
        return new Execution(code[0], stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8),
                code[0] == OK ? result : null);
    }
}
