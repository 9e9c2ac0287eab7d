package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.routing.RouteQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt routes}: the deterministic route and the minimal (or near-minimal) paths of one pair; the options are
 * {@link RouteQuery}'s ({@link Declared}).
 */
@Command(name = "routes", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Show the deterministic route and the minimal paths between two nodes.")
final class RoutesCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return RouteQuery.JOB;
    }

    @Override
    public Integer call() {
        RouteQuery.Outcome o = Declared.run(spec, RouteQuery.JOB);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            o.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
