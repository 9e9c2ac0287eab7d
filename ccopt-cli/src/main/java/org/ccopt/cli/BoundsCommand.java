package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.schedule.BoundsJob;
import org.ccopt.schedule.ScheduleJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt bounds}: the lower bound on the steps of a collective (Jaros et al. 2007, Table 1 and refinements); the
 * options are {@link BoundsJob}'s ({@link Declared}).
 */
@Command(name = "bounds", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Lower bound on the number of conflict-free steps of a collective under wormhole switching "
                + "(scatters: also on minimal routes, the transfers that pairwise must conflict).")
final class BoundsCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return BoundsJob.JOB;
    }

    @Override
    public Integer call() {
        ScheduleJob.BoundReport report = Declared.run(spec, BoundsJob.JOB);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, report.figures());
        } else {
            report.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
