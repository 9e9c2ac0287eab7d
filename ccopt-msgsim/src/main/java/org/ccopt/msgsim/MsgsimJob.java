package org.ccopt.msgsim;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.PlacementFile;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.AtomicFiles;

/**
 * One message-level simulation (Cui 2024's SimGrid model, {@link MessageSimulator}) of processes already placed on
 * terminals: one MPI collective, the exchange of a communication matrix, or a NAS skeleton. The use case of {@code
 * ccopt msgsim}; where the ranks come from (a placement search or a file) is the caller's.
 */
public final class MsgsimJob {

    /** The job of {@code ccopt msgsim}. */
    public static final AsJob JOB = new AsJob();

    private MsgsimJob() {
    }

    /**
     * {@code ccopt msgsim} as a library job: the work (a collective, a matrix exchange or a NAS skeleton), the ranks'
     * placement (a mapping and a placement search minimising the work's hops, or a placement file) and the network
     * ({@link MsgNetwork#OPTIONS}), with their options and where each applies.
     */
    public static final class AsJob extends org.ccopt.job.DeclaredJob<Request, Outcome> {

        /** An option of the NAS skeletons, refused with a collective or a matrix ({@code example}: a value of it). */
        private static JobOption toNas(JobOption o, String example) {
            return o.withApplies(new JobOption.Applies("to a NAS skeleton (--app)", v -> v.given("app"),
                    Map.of("topology", "torus:4x4", "collective", "bcast", "bytes", "1KiB", o.name(), example)));
        }

        private static final JobOptions OPTIONS = JobOptions.of("msgsim", List.of(TopologySpec.OPTION,
                JobOption.text("collective", "ALG", MpiAlgorithm.NAMES + " (or --app)"),
                JobOption.text("bytes", "SIZE", "Message size as the MPI call states it, e.g. 256B, 4KiB, 1MiB: the message "
                        + "of bcast and allreduce; for alltoall and pairwise-alltoall the block sent to each destination "
                        + "(MPI_Alltoall's sendcount), so each rank's buffer is P times it").withApplies(new JobOption.Applies(
                        "to --collective (a matrix's volumes are its bytes)", v -> v.given("collective"),
                        Map.of("topology", "torus:8x8", "comm", RankJob.EXAMPLE_MATRIX, "bytes", "1KiB"))),
                JobOption.text("comm", "FILE", "Instead of --collective: a communication matrix (CSV or Matrix Market, as "
                        + "'ccopt rank --comm' reads it), exchanged once: every entry one message of its volume in bytes, "
                        + "all started together"),
                JobOption.text("app", "ft|is|mg|lu", "A NAS benchmark skeleton instead of one collective (see NasSkeleton)"),
                toNas(JobOption.text("class", "CLASS", "NAS problem class (A is modelled)").withDefault("A"), "B"),
                toNas(new JobOption("node-speed", null, "OPS", JobOption.Type.REAL, "100e9", "Node speed for --app in "
                        + "operations per second (100e9 is the thesis's 100 GFLOPS)", false, null, null, null), "1e9"),
                toNas(JobOption.whole("lu-iterations", 10, "LU iterations simulated and scaled to 250"), "3"),
                JobOption.whole("procs", "P", "Processes (default: all terminals)").withApplies(new JobOption.Applies(
                        "without --comm, whose matrix's order is P", v -> !v.given("comm"),
                        Map.of("topology", "torus:8x8", "comm", RankJob.EXAMPLE_MATRIX, "procs", "64"))),
                JobOption.text("mapping", "NAME", "Process mapping: " + ProcessMapping.NAMES).withDefault("consecutive"),
                JobOption.text("placement", "NAME", "Rank placement: " + RankPlacement.NAMES + "; searches minimise the "
                        + "collective's hops").withDefault("ascending"),
                JobOption.wholeLong("iterations", 200_000, "Placement search iterations").atLeast(0).withApplies(
                        new JobOption.Applies("to the placement searches (two-opt, sa, random)", v -> !v.given("ranks")
                                && RankPlacement.parse(v.text("placement")).searches(), Map.of("topology", "torus:4x4",
                                "collective", "bcast", "bytes", "1KiB", "iterations", "10"))),
                JobOption.wholeLong("seed", 1, "Mapping and placement seed"),
                JobOption.whole("threads", "N", "Threads for the placement's distance table (default: all cores); the "
                        + "simulation is one thread").withRange(1, org.ccopt.util.Workers.MAX_THREADS),
                JobOption.text("ranks", "FILE", "Placement file of 'ccopt rank --out' (its \"ranks\": terminal per rank); "
                        + "replaces --procs/--mapping/--placement")),
                MsgNetwork.OPTIONS,
                List.of(JobOption.flag("sync", "Run the collective in synchronised steps (the step model) instead of MPI's "
                        + "dependencies").withApplies(new JobOption.Applies("to --collective's steps", v -> v.given("collective"),
                        Map.of("topology", "torus:8x8", "comm", RankJob.EXAMPLE_MATRIX, "sync", "true")))));

        /** For {@link java.util.ServiceLoader}; use {@link MsgsimJob#JOB}. */
        public AsJob() {
            super(OPTIONS, AsJob::read, AsJob::simulate, Outcome::figures);
        }

        private static Request read(JobOptions.Values v) {
            Topology t = TopologySpec.parse(v.text("topology"));
            int given = (v.given("app") ? 1 : 0) + (v.given("collective") ? 1 : 0) + (v.given("comm") ? 1 : 0);
            if (given != 1) {
                throw new InvalidInputException("give one of --collective with --bytes, --app or --comm; got "
                        + (given == 0 ? "none" : given));
            }
            if (v.given("collective") && !v.given("bytes")) {
                throw new InvalidInputException("--collective " + v.text("collective") + " needs --bytes SIZE, e.g. --bytes 1MiB");
            }
            Work work = v.given("app") ? new Nas(NasSkeleton.App.parse(v.text("app")), v.text("class"), v.real("node-speed"),
                    v.whole("lu-iterations"))
                    : v.given("comm") ? new Exchange(CommMatrix.read(Path.of(v.text("comm")), t), Path.of(v.text("comm")))
                    : new Collective(MpiAlgorithm.parse(v.text("collective")), CollectivePrograms.parseBytes(v.text("bytes")),
                    v.text("bytes"), v.flag("sync"));
            int[] ranks = v.given("ranks") ? fileRanks(v, t) : placedRanks(v, t, work);
            String how = v.given("ranks") ? "ranks from " + v.text("ranks")
                    : v.text("mapping") + " mapping, " + RankPlacement.parse(v.text("placement")).label() + " placement";
            return new Request(t, MsgNetwork.of(v, t, false), MsgNetwork.simulatorOptions(v), v.text("sharing"), work, ranks,
                    how, null, null);
        }

        /** --ranks: the file places every rank, so the placement's own options are refused. */
        private static int[] fileRanks(JobOptions.Values v, Topology t) {
            for (String o : List.of("procs", "mapping", "placement", "seed", "threads")) {
                if (v.given(o)) {
                    throw new InvalidInputException("--" + o + " applies without --ranks, whose file places every rank; here "
                            + "it cannot, so it is refused rather than ignored");
                }
            }
            return PlacementFile.ranks(Path.of(v.text("ranks")), t);
        }

        /**
         * The ranks of --mapping and --placement, a search minimising the hops of what the work runs: the matrix's mix,
         * else the work's {@link Work#placementCollective}.
         */
        private static int[] placedRanks(JobOptions.Values v, Topology t, Work work) {
            RankPlacement pl = RankPlacement.parse(v.text("placement"));
            CollectiveMix optimiseFor = work instanceof Exchange x ? CollectiveMix.of(x.matrix())
                    : CollectiveMix.parse(work.placementCollective(), v.given("procs") ? v.whole("procs") : t.terminalCount());
            long seed = v.wholeLong("seed");
            return RankJob.run(t, optimiseFor, ProcessMapping.parse(v.text("mapping")), seed,
                    new RankPlacer.Settings(pl, RankPlacement.Objective.HOPS, pl.searches() ? v.wholeLong("iterations") : 0,
                            seed, false, 0), false, v.given("threads") ? v.whole("threads")
                            : Runtime.getRuntime().availableProcessors()).ranks();
        }

        private static Outcome simulate(Request q) {
            try {
                return MsgsimJob.run(q);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** What the processes run. */
    public sealed interface Work permits Collective, Exchange, Nas {

        /**
         * The collective a rank placement for this work minimises the hops of: the collective itself, or the NAS
         * application's main one (Cui 2024, Table 3.7); null for a matrix exchange, whose placement follows the matrix.
         */
        String placementCollective();
    }

    /**
     * One collective of {@code bytes} as the MPI call states it ({@code bytesText} as the user wrote it), in MPI's
     * dependencies or in synchronised steps.
     */
    public record Collective(MpiAlgorithm algorithm, double bytes, String bytesText, boolean sync) implements Work {
        @Override
        public String placementCollective() {
            return algorithm.label();
        }
    }

    /** Every entry of a communication matrix sent once, all together ({@link CollectivePrograms#exchange}). */
    public record Exchange(CommMatrix matrix, Path file) implements Work {
        @Override
        public String placementCollective() {
            return null;
        }
    }

    /** A NAS benchmark skeleton ({@link NasSkeleton}), its time scaled to the whole run. */
    public record Nas(NasSkeleton.App app, String problemClass, double nodeSpeed, int luIterations) implements Work {
        @Override
        public String placementCollective() {
            return app.placementCollective();
        }
    }

    /**
     * A simulation: the network and its options ({@code sharing} as the user named it), the work, the terminal of
     * each rank and how they were placed (a label), and the files to export (null: none).
     */
    public record Request(Topology topology, MsgNetwork network, MessageSimulator.Options options, String sharing,
                          Work work, int[] ranks, String placement, Path exportReplay, Path exportPlatform) {

        /** This request, writing the SimGrid replay's program and platform where the paths are not null. */
        public Request withExports(Path replay, Path platform) {
            return new Request(topology, network, options, sharing, work, ranks, placement, replay, platform);
        }
    }

    /** The simulation's result; {@code simulatedSeconds} is the whole run's for a NAS skeleton. */
    public record Outcome(Request request, MessageSimulator.Result result, NasSkeleton.Skeleton skeleton,
                          double simulatedSeconds, double wallSeconds, double cpuSeconds) {

        /** The figures {@code --json} prints, in order. */
        public Map<String, Object> figures() {
            Request q = request;
            Map<String, Object> j = new LinkedHashMap<>();
            j.put("topology", q.topology().spec());
            if (q.work() instanceof Exchange x) {
                j.put("comm", x.file().toString());
                j.put("bytes", x.matrix().totalVolume());
            } else if (q.work() instanceof Collective c) {
                j.put("collective", c.algorithm().label());
                j.put("bytes", c.bytes());
                if (c.algorithm().perDestination()) {
                    j.put("bytesPerDestination", c.bytes());
                    j.put("bytesPerRank", c.algorithm().collectiveBytes(c.bytes(), q.ranks().length));
                }
            } else if (q.work() instanceof Nas n) {
                j.put("app", n.app().name().toLowerCase(Locale.ROOT));
                j.put("class", n.problemClass().toUpperCase(Locale.ROOT));
                j.put("mops", mops());
                j.put("simulatedFraction", 1 / skeleton.timeScale());
            }
            j.put("procs", q.ranks().length);
            j.put("placement", q.placement());
            j.put("sharing", q.sharing());
            j.put("crossTraffic", q.options().crossTraffic());
            j.put("hostLinks", q.network().hostLinks());
            j.put("synchronised", q.work() instanceof Collective c && c.sync());
            j.put("simulatedSeconds", simulatedSeconds); // "seconds" is wall time everywhere else
            j.put("flows", result.messages());
            j.put("events", result.events());
            j.put("shareComputations", result.shares());
            j.put("wallSeconds", wallSeconds);
            j.put("cpuSeconds", cpuSeconds);
            return j;
        }

        /** NAS's figure of merit: millions of operations per simulated second of the whole run. */
        public double mops() {
            return skeleton.operations() / simulatedSeconds / 1e6;
        }

        /** The outcome as one line of text. */
        public String line() {
            Request q = request;
            String where = q.ranks().length + " processes";
            String tail = String.format(Locale.ROOT, "%d flows, %d events, %.3f s wall", result.messages(), result.events(),
                    wallSeconds);
            if (q.work() instanceof Exchange x) {
                return String.format(Locale.ROOT, "comm matrix %s (%d bytes) of %s on %s (%s): %.6g s simulated; %s",
                        x.file(), x.matrix().totalVolume(), where, q.topology().spec(), q.placement(), simulatedSeconds, tail);
            }
            if (q.work() instanceof Collective c) {
                return String.format(Locale.ROOT, "%s of %s, %s on %s (%s): %.6g s simulated; %s", c.algorithm().label(),
                        where, c.algorithm().perDestination() ? c.bytesText() + " to each destination" : c.bytesText(),
                        q.topology().spec(), q.placement(), simulatedSeconds, tail);
            }
            Nas n = (Nas) q.work();
            return String.format(Locale.ROOT, "NAS %s class %s, %s on %s (%s): %.6g s simulated, %.1f Mop/s; %s", n.app(),
                    n.problemClass().toUpperCase(Locale.ROOT), where, q.topology().spec(), q.placement(), simulatedSeconds,
                    mops(), tail);
        }
    }

    /** Builds the work's message program, simulates it, and writes the exports asked for. */
    public static Outcome run(Request q) throws IOException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long t0 = System.nanoTime();
        long cpu0 = threads.getCurrentThreadCpuTime();
        int[] ranks = q.ranks();
        NasSkeleton.Skeleton skeleton = null;
        Program program;
        if (q.work() instanceof Nas n) {
            skeleton = NasSkeleton.build(n.app(), n.problemClass(), ranks, n.nodeSpeed(), n.luIterations());
            program = skeleton.program();
        } else if (q.work() instanceof Exchange x) {
            program = CollectivePrograms.exchange(x.matrix(), ranks);
        } else {
            Collective c = (Collective) q.work();
            program = CollectivePrograms.of(c.algorithm().transfers(ranks.length), ranks,
                    c.algorithm().collectiveBytes(c.bytes(), ranks.length), c.sync());
        }
        MessageSimulator.Result r = MessageSimulator.run(q.network(), program, q.options());
        double seconds = skeleton == null ? r.seconds() : skeleton.wholeRunSeconds(r.seconds());
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        if (q.exportReplay() != null) {
            AtomicFiles.writeAtomically(q.exportReplay(), program.replayText());
        }
        if (q.exportPlatform() != null) {
            AtomicFiles.writeAtomically(q.exportPlatform(), q.network().simgridPlatform("100Gf", program));
        }
        return new Outcome(q, r, skeleton, seconds, wall, cpu);
    }
}
