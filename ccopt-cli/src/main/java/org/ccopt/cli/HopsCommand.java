package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.rank.HopsQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt hops}: total hop count of an MPI collective algorithm (the thesis's hop model); the options are {@link
 * HopsQuery}'s ({@link Declared}).
 */
@Command(name = "hops", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Total path hops of an MPI collective algorithm with ranks placed on terminals.")
final class HopsCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return HopsQuery.JOB;
    }

    @Override
    public Integer call() {
        HopsQuery.Outcome o = Declared.run(spec, HopsQuery.JOB);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            w.println(o.line());
        }
        return Main.OK;
    }
}
