package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.LaunchFiles;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.rank.SearchRules;
import org.ccopt.topology.Topology;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.InputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt rank}: process mapping and rank placement for collectives (Cui 2024, chapters 3-4). */
@Command(name = "rank", mixinStandardHelpOptions = true,
        description = "Map P processes onto a network and place their ranks to cut the hops or possible contentions of collectives.")
final class RankCommand implements Callable<Integer> {

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<RankCommand> RULES = OptionRules.of(
            OptionRules.rule("--slots-per-host", "to --rankfile", c -> c.rankfile != null,
                    "rank -t torus:4x4 --procs 8 --collective bcast --slots-per-host 4"),
            swapsOnly("--rules cui2024"),
            swapsOnly("--start mapping-order"),
            swapsOnly("--accept improving"),
            OptionRules.rule("--procs", "without --comm, whose matrix's order is P", c -> c.comm == null,
                    "rank -t torus:8x8 --comm ../../../experiments/files/comm-groups-64.mtx --procs 64"),
            OptionRules.rule("--iterations", "to the placement searches (two-opt, sa, random)",
                    c -> org.ccopt.rank.RankPlacement.parse(c.placement).searches(),
                    "rank -t torus:4x4 --procs 8 --collective bcast --placement ascending --iterations 10"));

    /** An option of the swap searches ({@code example}: it and a value). */
    private static OptionRules.Rule<RankCommand> swapsOnly(String example) {
        return OptionRules.rule(example.split(" ")[0], "to the swap searches (two-opt, sa)",
                c -> org.ccopt.rank.RankPlacement.parse(c.placement).swaps(),
                "rank -t torus:4x4 --procs 8 --collective bcast --placement ascending " + example,
                c -> "--placement " + c.placement);
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--procs", paramLabel = "P", description = "Number of processes (default: all terminals).")
    Integer procs;

    @Option(names = "--collective", paramLabel = "ALG[:W][,...]",
            description = "Collectives to optimise for, each with an optional integer weight, e.g. alltoall:3,allreduce ("
                    + org.ccopt.mpi.MpiAlgorithm.NAMES + "; bcast = binomial tree, allreduce = recursive doubling, alltoall = Bruck).")
    String collective;

    @Option(names = "--comm", paramLabel = "FILE", description = "Instead of --collective: a communication matrix, "
            + "entry (i, j) the volume rank i sends to rank j (dense CSV, or Matrix Market as Scotch's and LibTopoMap's "
            + "users export it); hops are weighted by volume (hop-bytes), and P is the matrix's order.")
    Path comm;

    @Option(names = "--mapping", defaultValue = "random", paramLabel = "NAME",
            description = "Process mapping: " + ProcessMapping.NAMES + " (default: ${DEFAULT-VALUE}).")
    String mapping;

    @Option(names = "--placement", defaultValue = "two-opt", paramLabel = "NAME",
            description = "Rank placement: " + RankPlacement.NAMES + " (default: ${DEFAULT-VALUE}).")
    String placement;

    @Option(names = "--objective", defaultValue = "hops", paramLabel = "hops|contention",
            description = "What two-opt, sa and random minimise (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--iterations", defaultValue = "200000", paramLabel = "N",
            description = "Swap attempts (two-opt, sa) or samples (random) (default: ${DEFAULT-VALUE}, the thesis's 200,000).")
    long iterations;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the mapping and the search (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--rules", defaultValue = "ccopt", paramLabel = "ccopt|cui2024",
            description = "Swap-search rules: ccopt (start ascending, keep swaps that do not worsen) or cui2024 (start in "
                    + "the mapping's order, keep improving swaps, as Cui 2024 §3.3.2) (default: ${DEFAULT-VALUE}).")
    String rules;

    @Option(names = "--start", paramLabel = "ascending|mapping-order|greedy",
            description = "Override the rules' start of two-opt and sa (greedy: grow the communication graph outwards from the most central node).")
    String start;

    @Option(names = "--accept", paramLabel = "improving|not-worse", description = "Override the rules' two-opt acceptance.")
    String accept;

    @Option(names = "--check", description = "Recompute everything from scratch after every move and fail on any difference from the delta evaluation.")
    boolean check;

    @Option(names = "--threads", paramLabel = "N", description = "Threads for the distance table (default: all cores).")
    Integer threads;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the placement as JSON (topology, ranks: terminal per rank).")
    @Output
    Path out;

    @Option(names = "--trace", paramLabel = "FILE.csv", description = "Write the objective against iterations (every 1/200 of the budget).")
    @Output
    Path trace;

    @Option(names = "--hosts", paramLabel = "FILE", description = "Host name of every terminal, one per line in terminal order (for --rankfile, --machinefile).")
    Path hosts;

    @Option(names = "--rankfile", paramLabel = "FILE", description = "Write the placement as an Open MPI rankfile (mpirun --rankfile FILE).")
    @Output
    Path rankfile;

    @Option(names = "--slots-per-host", paramLabel = "N", description = "Cores of every host for --rankfile: a host "
            + "given more ranks is refused (default: this machine's cores for a host that is this machine, otherwise "
            + "unchecked).")
    Integer slotsPerHost;

    @Option(names = "--machinefile", paramLabel = "FILE", description = "Write the placement as an MPICH/Hydra machine file (mpiexec -f FILE).")
    @Output
    Path machinefile;

    @Option(names = "--smpi-hostfile", paramLabel = "FILE",
            description = "Write the placement as a SimGrid SMPI host file for a platform of 'ccopt topo --export simgrid'.")
    @Output
    Path smpiHostfile;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        RULES.check(this, spec);
        Topology t = topology.build();
        if ((collective == null) == (comm == null)) {
            throw new InvalidInputException("give either --collective ALG or --comm FILE; got " + (comm == null ? "neither" : "both"));
        }
        CommMatrix matrix = comm == null ? null : CommMatrix.read(comm, t);
        int p = matrix != null ? matrix.procs() : procs == null ? t.terminalCount() : procs;
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (nThreads < 1) {
            throw new InvalidInputException("--threads " + nThreads + " is invalid; expected 1 or more");
        }
        CollectiveMix mix = matrix != null ? CollectiveMix.of(matrix) : CollectiveMix.parse(collective, p);
        if (slotsPerHost != null && slotsPerHost < 1) {
            throw new InvalidInputException("--slots-per-host " + slotsPerHost + " is invalid; expected 1 or more cores per host");
        }
        if ((rankfile != null || machinefile != null) != (hosts != null)) {
            throw new InvalidInputException(hosts == null ? "--rankfile and --machinefile need --hosts FILE (the host of every terminal)"
                    : "--hosts is used only with --rankfile or --machinefile");
        }
        List<String> names = hosts == null ? null : LaunchFiles.hosts(InputFiles.read(hosts, "host list",
                "one host name per terminal"), t.terminalCount(), hosts.toString());
        RankJob.Outcome o = RankJob.run(t, mix, ProcessMapping.parse(mapping), seed, settings(), true, nThreads);
        Map<String, Object> j = o.figures(comm == null ? null : comm.toString(), seed);
        writeFiles(o, j, names);
        if (json) {
            Json.print(spec.commandLine().getOut(), spec, j);
        } else {
            print(o);
        }
        return Main.OK;
    }

    /** The placement search's settings of these options. */
    private RankPlacer.Settings settings() {
        if (iterations < 0) {
            throw new InvalidInputException("--iterations " + iterations + " is invalid; expected 0 or more");
        }
        RankPlacement pl = RankPlacement.parse(placement);
        SearchRules base = SearchRules.parse(rules);
        SearchRules searchRules = new SearchRules(start == null ? base.start() : SearchRules.parseStart(start),
                accept == null ? base.strict() : SearchRules.parseAccept(accept));
        return new RankPlacer.Settings(pl, RankPlacement.Objective.parse(objective), pl.searches() ? iterations : 0, seed, check,
                trace == null ? 0 : Math.max(1, iterations / 200), searchRules);
    }

    /** The placement file, the launchers' files and the search's trace, where asked for. */
    private void writeFiles(RankJob.Outcome o, Map<String, Object> figures, List<String> hosts) throws IOException {
        if (out != null) {
            AtomicFiles.writeAtomically(out, Json.write(figures) + "\n");
        }
        if (smpiHostfile != null) {
            AtomicFiles.writeAtomically(smpiHostfile, LaunchFiles.smpiHostfile(o.ranks()));
        }
        if (hosts != null && rankfile != null) {
            LaunchFiles.checkSlots(o.ranks(), hosts, LaunchFiles.slots(slotsPerHost));
            AtomicFiles.writeAtomically(rankfile, LaunchFiles.openMpiRankfile(o.ranks(), hosts));
        }
        if (hosts != null && machinefile != null) {
            AtomicFiles.writeAtomically(machinefile, LaunchFiles.hydraMachinefile(o.ranks(), hosts));
        }
        if (trace != null) {
            AtomicFiles.writeAtomically(trace, o.traceCsv());
        }
    }

    private void print(RankJob.Outcome o) {
        RankPlacer.Result r = o.result();
        RankPlacer.Settings s = o.settings();
        var w = spec.commandLine().getOut();
        double cut = r.initialHops() == 0 ? 0 : 100.0 * (r.initialHops() - r.totalHops()) / r.initialHops();
        String start = s.placement().swaps() ? s.rules().start().label() : "ascending";
        boolean matrix = o.problem().mix().matrix() != null;
        w.printf("%s of %d processes on %s, %s mapping, %s placement: %d %s (%s %d, %.1f%% %s)%s; %d iterations, %d accepted, %.3f s%n",
                matrix ? "comm matrix " + comm : o.problem().mix().label(), o.problem().procs(), o.problem().topology().spec(),
                o.mapping().label(), s.placement().label(), r.totalHops(), matrix ? "hops x volume" : "hops",
                start, r.initialHops(), Math.abs(cut), cut >= 0 ? "fewer" : "more",
                o.contention() ? ", possible contentions " + r.contention() + " (" + start + " " + r.initialContention() + ")" : "",
                r.iterations(), r.accepted(), r.seconds());
        Written.print(w, spec);
    }
}
