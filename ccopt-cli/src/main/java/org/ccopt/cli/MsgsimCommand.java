package org.ccopt.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.msgsim.MsgsimJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt msgsim}: execution time of an MPI collective by flow-level simulation (Cui 2024's SimGrid model). The
 * run's options are {@link MsgsimJob}'s ({@link Declared}); the command declares the files it exports and {@code --json}.
 */
@Command(name = "msgsim", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Simulate an MPI collective at message level: flows over fixed routes sharing links by max-min fairness.")
final class MsgsimCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--export-replay", paramLabel = "FILE",
            description = "Write the message program for the SimGrid replay (tools/simgrid/replay.cpp).")
    @Output
    Path exportReplay;

    @Option(names = "--export-platform", paramLabel = "FILE",
            description = "Write a SimGrid platform with ccopt's own routes (Full routing) for the pairs the program uses, for the replay.")
    @Output
    Path exportPlatform;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return MsgsimJob.JOB;
    }

    @Override
    public Integer call() {
        MsgsimJob.Request q = MsgsimJob.JOB.request(Declared.values(spec, MsgsimJob.JOB.options()));
        MsgsimJob.Outcome o = MsgsimJob.JOB.run(q.withExports(exportReplay, exportPlatform));
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            w.println(o.line());
        }
        return Main.OK;
    }
}
