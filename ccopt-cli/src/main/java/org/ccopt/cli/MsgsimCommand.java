package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MsgsimJob;
import org.ccopt.msgsim.NasSkeleton;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt msgsim}: execution time of an MPI collective by flow-level simulation (Cui 2024's SimGrid model). */
@Command(name = "msgsim", mixinStandardHelpOptions = true,
        description = "Simulate an MPI collective at message level: flows over fixed routes sharing links by max-min fairness.")
final class MsgsimCommand implements Callable<Integer> {

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<MsgsimCommand> RULES = OptionRules.of(
            OptionRules.rule("--class", "to a NAS skeleton (--app)", c -> c.app != null,
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --class B"),
            OptionRules.rule("--lu-iterations", "to a NAS skeleton (--app)", c -> c.app != null,
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --lu-iterations 3"),
            OptionRules.rule("--node-speed", "to a NAS skeleton (--app)", c -> c.app != null,
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --node-speed 1e9"),
            OptionRules.rule("--bytes", "to --collective (a matrix's volumes are its bytes)", c -> c.collective != null,
                    "msgsim -t torus:8x8 --comm ../../../experiments/files/comm-groups-64.mtx --bytes 1KiB"),
            OptionRules.rule("--sync", "to --collective's steps", c -> c.collective != null,
                    "msgsim -t torus:8x8 --comm ../../../experiments/files/comm-groups-64.mtx --sync"),
            OptionRules.rule("--procs", "without --comm, whose matrix's order is P", c -> c.comm == null,
                    "msgsim -t torus:8x8 --comm ../../../experiments/files/comm-groups-64.mtx --procs 64"),
            OptionRules.rule("--iterations", "to the placement searches (two-opt, sa, random)",
                    c -> c.ranksFile == null && org.ccopt.rank.RankPlacement.parse(c.placement).searches(),
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --iterations 10"),
            OptionRules.rule("--small-factor", "to messages under --small-bytes (give it above 0B)",
                    c -> org.ccopt.msgsim.CollectivePrograms.parseBytes(c.network.smallBytes) > 0,
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --small-factor 0.5"),
            OptionRules.rule("--small-bytes", "with --small-factor, the bandwidth factor of messages under it (1, the "
                    + "default, changes nothing)", c -> c.network.smallFactor != 1,
                    "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --small-bytes 1KiB"));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--collective", paramLabel = "ALG", description = MpiAlgorithm.NAMES + " (or --app).")
    String collective;

    @Option(names = "--bytes", paramLabel = "SIZE", description = "Message size as the MPI call states it, e.g. 256B, 4KiB, 1MiB: the message of bcast and allreduce; for alltoall and pairwise-alltoall the block sent to each destination (MPI_Alltoall's sendcount), so each rank's buffer is P times it.")
    String bytes;

    @Option(names = "--comm", paramLabel = "FILE", description = "Instead of --collective: a communication matrix "
            + "(CSV or Matrix Market, as 'ccopt rank --comm' reads it), exchanged once: every entry one message of its "
            + "volume in bytes, all started together.")
    Path comm;

    @Option(names = "--app", paramLabel = "ft|is|mg|lu", description = "A NAS benchmark skeleton instead of one collective (see NasSkeleton).")
    String app;

    @Option(names = "--class", defaultValue = "A", paramLabel = "CLASS", description = "NAS problem class (default: ${DEFAULT-VALUE}; A is modelled).")
    String problemClass;

    @Option(names = "--node-speed", defaultValue = "100e9", paramLabel = "OPS", description = "Node speed for --app in operations per second (default: ${DEFAULT-VALUE}, the thesis's 100 GFLOPS).")
    double nodeSpeed;

    @Option(names = "--lu-iterations", defaultValue = "10", description = "LU iterations simulated and scaled to 250 (default: ${DEFAULT-VALUE}).")
    int luIterations;

    @Option(names = "--procs", paramLabel = "P", description = "Processes (default: all terminals).")
    Integer procs;

    @Option(names = "--mapping", defaultValue = "consecutive", paramLabel = "NAME",
            description = "Process mapping: " + ProcessMapping.NAMES + " (default: ${DEFAULT-VALUE}).")
    String mapping;

    @Option(names = "--placement", defaultValue = "ascending", paramLabel = "NAME",
            description = "Rank placement: " + RankPlacement.NAMES + " (default: ${DEFAULT-VALUE}); searches minimise the collective's hops.")
    String placement;

    @Option(names = "--iterations", defaultValue = "200000", description = "Placement search iterations (default: ${DEFAULT-VALUE}).")
    long iterations;

    @Option(names = "--seed", defaultValue = "1", description = "Mapping and placement seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "N", description = "Threads for the placement's distance table (default: all cores); the simulation is one thread.")
    Integer threads;

    @Option(names = "--ranks", paramLabel = "FILE", description = "Placement file of 'ccopt rank --out' (its \"ranks\": terminal per rank); replaces --procs/--mapping/--placement.")
    Path ranksFile;

    @Mixin
    MsgNetworkOptions network;

    @Option(names = "--sync", description = "Run the collective in synchronised steps (the step model) instead of MPI's dependencies.")
    boolean sync;

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
    public Integer call() throws IOException {
        RULES.check(this, spec);
        Topology t = topology.build();
        int given = (app == null ? 0 : 1) + (collective == null ? 0 : 1) + (comm == null ? 0 : 1);
        if (given != 1) {
            throw new InvalidInputException("give one of --collective with --bytes, --app or --comm; got "
                    + (given == 0 ? "none" : given));
        }
        if (collective != null && bytes == null) {
            throw new InvalidInputException("--collective " + collective + " needs --bytes SIZE, e.g. --bytes 1MiB");
        }
        MsgsimJob.Work work = app != null
                ? new MsgsimJob.Nas(NasSkeleton.App.parse(app), problemClass, nodeSpeed, luIterations)
                : comm != null ? new MsgsimJob.Exchange(CommMatrix.read(comm, t), comm)
                : new MsgsimJob.Collective(MpiAlgorithm.parse(collective), CollectivePrograms.parseBytes(bytes), bytes, sync);
        int[] ranks = ranksFile != null ? fileRanks(t) : placedRanks(t, work);
        String how = ranksFile != null ? "ranks from " + ranksFile
                : mapping + " mapping, " + RankPlacement.parse(placement).label() + " placement";
        MsgsimJob.Outcome o = MsgsimJob.run(new MsgsimJob.Request(t, network.network(t, false), network.options(),
                network.sharing, work, ranks, how, exportReplay, exportPlatform));
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, o.figures());
        } else {
            w.println(o.line());
        }
        return Main.OK;
    }

    /** --ranks: the file places every rank, so the placement's own options are refused. */
    private int[] fileRanks(Topology t) throws IOException {
        for (String o : List.of("--procs", "--mapping", "--placement", "--seed", "--threads")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                throw new InvalidInputException(o + " applies without --ranks, whose file places every rank; here it "
                        + "cannot, so it is refused rather than ignored");
            }
        }
        return org.ccopt.rank.PlacementFile.ranks(ranksFile, t);
    }

    /**
     * The ranks of --mapping and --placement, a search minimising the hops of what the work runs: the matrix's mix,
     * else the work's {@link MsgsimJob.Work#placementCollective}.
     */
    private int[] placedRanks(Topology t, MsgsimJob.Work work) {
        RankPlacement pl = RankPlacement.parse(placement);
        CollectiveMix optimiseFor = work instanceof MsgsimJob.Exchange x ? CollectiveMix.of(x.matrix())
                : CollectiveMix.parse(work.placementCollective(), procs == null ? t.terminalCount() : procs);
        return RankJob.run(t, optimiseFor, ProcessMapping.parse(mapping), seed,
                new RankPlacer.Settings(pl, RankPlacement.Objective.HOPS, pl.searches() ? iterations : 0, seed, false, 0),
                false, threads == null ? Runtime.getRuntime().availableProcessors() : threads).ranks();
    }
}
