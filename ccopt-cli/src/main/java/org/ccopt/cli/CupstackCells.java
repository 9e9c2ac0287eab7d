package org.ccopt.cli;

import java.util.List;
import java.util.Map;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;
import org.ccopt.experiments.Commands;

/**
 * The cells of {@code cupstack-sweep} ({@link CupstackSweepCommand}) as the engine runs them: each line checked as
 * {@code cupstack} would check it (picocli, its option rules and value checks) before the first run, and executed as
 * {@link CupstackJob} on its request on one thread, its figures handed over as the tree {@code cupstack --json} would
 * print, failures as the command reports them ({@link Main#failure}).
 */
final class CupstackCells implements Commands {
    private final CliCommands cli = new CliCommands();
    /** Each run's request, by its command line; filled before the first run and only read afterwards. */
    final Map<List<String>, CupstackRequest> requests = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public java.util.Set<String> names() {
        return java.util.Set.of("cupstack");
    }

    @Override
    public Map<String, String> writtenOptions(List<String> commandLine) {
        return cli.writtenOptions(commandLine);
    }

    @Override
    public Execution execute(List<String> commandLine) {
        List<String> line = commandLine.get(commandLine.size() - 1).equals("--json")
                ? commandLine.subList(0, commandLine.size() - 1) : commandLine;
        CupstackRequest request = requests.get(line);
        java.io.StringWriter err = new java.io.StringWriter();
        try {
            if (request == null) {
                throw new IllegalStateException("no request for the line " + String.join(" ", line));
            }
            CupstackJob.Outcome o = CupstackJob.run(request, CupstackJob.Checkpoints.none(), 1);
            return new Execution(OK, "", "", Json.result(o.figures(), Long.toString(request.ga().seed())));
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            int exit;
            try (java.io.PrintWriter w = new java.io.PrintWriter(err)) {
                exit = Main.failure(e, Main.commandTree().getSubcommands().get("cupstack"), w);
            }
            return new Execution(exit, "", err.toString());
        }
    }
}
