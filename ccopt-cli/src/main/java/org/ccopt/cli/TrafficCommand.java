package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.traffic.PatternHops;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt traffic}: the destinations of a traffic pattern and its hop statistics; the options are {@link
 * PatternHops}' ({@link Declared}).
 */
@Command(name = "traffic", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Destinations of a traffic pattern on a topology, with hop statistics.")
final class TrafficCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return PatternHops.JOB;
    }

    @Override
    public Integer call() {
        PatternHops.Report report = Declared.run(spec, PatternHops.JOB);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, report.figures());
        } else {
            report.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
