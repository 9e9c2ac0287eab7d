package org.ccopt.msgsim;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.topology.Topology;
import org.ccopt.util.AtomicFiles;

/**
 * One message-level simulation (Cui 2024's SimGrid model, {@link MessageSimulator}) of processes already placed on
 * terminals: one MPI collective, the exchange of a communication matrix, or a NAS skeleton. The use case of {@code
 * ccopt msgsim}; where the ranks come from (a placement search or a file) is the caller's.
 */
public final class MsgsimJob {

    private MsgsimJob() {
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
