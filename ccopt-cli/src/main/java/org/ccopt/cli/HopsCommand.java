package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.HopCount;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.TransferList;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;
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

    @Option(names = "--mapping", defaultValue = "consecutive", paramLabel = "consecutive|random",
            description = "Rank r on terminal r (consecutive), or on a seeded random set of terminals (default: ${DEFAULT-VALUE}).")
    String mapping;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random mapping (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        MpiAlgorithm algorithm = MpiAlgorithm.parse(collective);
        int p = procs == null ? t.terminalCount() : procs;
        if (p < 1 || p > t.terminalCount()) {
            throw new InvalidInputException("--procs " + p + " is out of range; expected 1.." + t.terminalCount()
                    + " (the terminals of " + t.spec() + ")");
        }
        int[] placement = switch (mapping.toLowerCase(Locale.ROOT)) {
            case "consecutive" -> HopCount.consecutive(t, p);
            case "random" -> org.ccopt.rank.ProcessMapping.RANDOM.nodes(t, p, seed);
            default -> throw new InvalidInputException("unknown mapping '" + mapping + "'; expected consecutive or random");
        };
        TransferList transfers = algorithm.transfers(p);
        long total = HopCount.total(transfers, t, placement, new HopDistances(t));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("collective", algorithm.label());
        r.put("procs", p);
        r.put("mapping", mapping);
        r.put("steps", transfers.steps());
        r.put("transfers", transfers.transfers().size());
        r.put("totalHops", total);
        r.put("hopsPerTransfer", transfers.transfers().isEmpty() ? 0.0 : (double) total / transfers.transfers().size());
        var w = spec.commandLine().getOut();
        if (json) {
            w.println(Json.write(r));
        } else {
            w.printf("%s of %d processes on %s (%s mapping): %d transfers in %d steps, %d hops (%.3f per transfer)%n",
                    algorithm.label(), p, t.spec(), mapping, transfers.transfers().size(), transfers.steps(), total,
                    (double) r.get("hopsPerTransfer"));
        }
        return Main.OK;
    }
}
