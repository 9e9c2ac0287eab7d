package org.ccopt.cli;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.HopCount;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.TransferList;
import org.ccopt.rank.ProcessMapping;
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
        MpiAlgorithm algorithm = MpiAlgorithm.parse(collective);
        int p = procs == null ? t.terminalCount() : procs;
        if (p < 1 || p > t.terminalCount()) {
            throw new InvalidInputException("--procs " + p + " is out of range; expected 1.." + t.terminalCount()
                    + " (the terminals of " + t.spec() + ")");
        }
        ProcessMapping m = ProcessMapping.parse(mapping);
        int[] ranks = m.nodes(t, p, seed);
        switch (placement.trim().toLowerCase(Locale.ROOT)) {
            case "ascending" -> Arrays.sort(ranks);
            case "mapping-order" -> { }
            default -> throw new InvalidInputException("unknown placement '" + placement
                    + "'; expected ascending or mapping-order (the searches are in 'ccopt rank')");
        }
        TransferList transfers = algorithm.transfers(p);
        long total = HopCount.total(transfers, t, ranks, new HopDistances(t));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("collective", algorithm.label());
        r.put("procs", p);
        r.put("mapping", m.label());
        r.put("placement", placement.trim().toLowerCase(Locale.ROOT));
        r.put("steps", transfers.steps());
        r.put("transfers", transfers.transfers().size());
        r.put("totalHops", total);
        r.put("hopsPerTransfer", transfers.transfers().isEmpty() ? 0.0 : (double) total / transfers.transfers().size());
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, r);
        } else {
            w.printf("%s of %d processes on %s (%s mapping, %s placement): %d transfers in %d steps, %d hops (%.3f per transfer)%n",
                    algorithm.label(), p, t.spec(), m.label(), r.get("placement"), transfers.transfers().size(), transfers.steps(), total,
                    (double) r.get("hopsPerTransfer"));
        }
        return Main.OK;
    }
}
