package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.traffic.PatternHops;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt traffic}: the destinations of a traffic pattern and its hop statistics. */
@Command(name = "traffic", mixinStandardHelpOptions = true,
        description = "Destinations of a traffic pattern on a topology, with hop statistics.")
final class TrafficCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--pattern", required = true, description = TrafficPattern.NAMES + ".")
    String pattern;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of random patterns (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        PatternHops.Report report = PatternHops.report(topology.build(), TrafficPattern.parse(pattern), seed);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, report.figures());
        } else {
            report.lines().forEach(w::println);
        }
        return Main.OK;
    }
}
