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
    public boolean seedApplies(List<String> commandLine) {
        try {
            writtenOptions(commandLine);
            return true;
        } catch (InvalidInputException e) {
            return !e.getMessage().startsWith("--seed applies "); // another refusal is the experiment check's to report
        }
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
        Declared.check(parsed); // so does a bad value, whichever row it is in (the job's reading and check)
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
     * Declared}) where every option of the run is the job's (none of the command's own: files, --json). Its figures
     * are handed over as the command's {@code --json} would print them, and a failure as the command reports it
     * ({@link Main#failure}). Every other run as its line.
     */
    @Override
    public Execution execute(String command, Map<String, String> parameters, List<String> commandLine) {
        try {
            var job = org.ccopt.job.Jobs.named(command);
            if (job.isPresent() && parameters.keySet().stream().allMatch(job.get().options()::declares)) {
                return run(job.get(), parameters);
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
