package org.ccopt.cli;

import java.util.concurrent.Callable;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.rank.HopsQuery;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt hops}: total hop count of an MPI collective algorithm (the thesis's hop model). */
@Command(name = "hops", mixinStandardHelpOptions = true,
        description = "Total path hops of an MPI collective algorithm with ranks placed on terminals.")
final class HopsCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--collective", required = true, paramLabel = "ALG", description = MpiAlgorithm.NAMES + ".")
    String collective;

    @Option(names = "--procs", paramLabel = "P", description = "Number of processes (default: all terminals).")
    Integer procs;

    @Option(names = "--mapping", defaultValue = "consecutive", paramLabel = "NAME",
            description = "Process mapping, the terminals the job runs on: " + ProcessMapping.NAMES + " (default: ${DEFAULT-VALUE}, terminals 0..P-1).")
    String mapping;

    @Option(names = "--placement", defaultValue = "ascending", paramLabel = "ascending|mapping-order",
            description = "Rank r on the r-th lowest mapped terminal, or on the r-th terminal the mapping chose, as in rank and msgsim (default: ${DEFAULT-VALUE}).")
    String placement;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the mapping (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        HopsQuery.Outcome o = HopsQuery.run(new HopsQuery.Request(t, MpiAlgorithm.parse(collective), procs,
                ProcessMapping.parse(mapping), placement, seed));
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            w.println(o.line());
        }
        return Main.OK;
    }
}
