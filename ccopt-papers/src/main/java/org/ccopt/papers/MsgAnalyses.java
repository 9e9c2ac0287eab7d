package org.ccopt.papers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.TransferList;
import org.ccopt.msgsim.*;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * The thesis's execution-time sweeps (Cui 2024, Figs 3.10-3.12 on random shortcut networks, Figs 4.6-4.8 on the
 * circulant network, §5.2.2 across both): broadcast, allreduce and alltoall of P processes on 1,024-node networks of
 * degree 19, 256 B to 1 MiB, for every mapping with the thesis's baseline order (the mapping's own order, which
 * reproduces its "ascending" hop counts, see docs/results/rank-tables.md), two-opt minimising hops (the thesis's),
 * two-opt minimising contention and CCO. A time is that of {@code repeat} runs of the collective one after another,
 * as the thesis measures it (§3.4.2: "Execution time is the time it takes to repeat the collective operation ten
 * times"). Sizes are as the MPI call states them: for alltoall the block to each destination.
 */
public final class MsgAnalyses {

    private MsgAnalyses() {
    }

    public static final double[] SIZES = {256, 1024, 4096, 16384, 65536, 262144, 1048576};

    /** The mappings of the thesis's chapter 3 (random shortcut) or chapter 4 (circulant, circulant mapping first). */
    private static ProcessMapping[] mappings(boolean circulant) {
        return circulant
                ? new ProcessMapping[] {ProcessMapping.CIRCULANT, ProcessMapping.RING, ProcessMapping.TREE, ProcessMapping.RANDOM}
                : new ProcessMapping[] {ProcessMapping.RANDOM, ProcessMapping.TREE, ProcessMapping.RING};
    }

    /** One mapping + placement (+ the objective of a search) of the sweep. */
    record Config(String network, ProcessMapping mapping, RankPlacement placement, RankPlacement.Objective objective) {
        String label() {
            return mapping.label() + "/" + placement.label()
                    + (objective == RankPlacement.Objective.CONTENTION ? "-" + objective.label() : "");
        }
    }

    /**
     * @param specs      networks, e.g. random-shortcut:1024:19:seed=1 and circulant2:1024
     * @param procs      processes (512 in the thesis)
     * @param iterations two-opt iterations (200,000 in the thesis)
     * @param repeat     runs of the collective, one after another, per simulated time (10 in the thesis)
     */
    public static Analyses.Output sweep(List<String> specs, int procs, long iterations, double[] sizes, int repeat,
                                        MessageSimulator.Options options, long seed, int threads) {
        if (repeat < 1) {
            throw InvalidInputException.parameter("repeat", repeat + " is invalid; expected 1 or more");
        }
        List<Object[]> rows = new ArrayList<>();
        List<Analyses.Chart> charts = new ArrayList<>();
        for (String spec : specs) {
            Topology t = TopologySpec.parse(spec);
            MsgNetwork net = MsgNetwork.thesis(t);
            List<Config> configs = new ArrayList<>();
            boolean circulant = t.family().startsWith("circulant");
            for (ProcessMapping m : mappings(circulant)) {
                configs.add(new Config(spec, m, RankPlacement.MAPPING_ORDER, RankPlacement.Objective.HOPS));
                if (!(circulant && (m == ProcessMapping.CIRCULANT || m == ProcessMapping.RING))) {
                    configs.add(new Config(spec, m, RankPlacement.TWO_OPT, RankPlacement.Objective.HOPS));
                    configs.add(new Config(spec, m, RankPlacement.TWO_OPT, RankPlacement.Objective.CONTENTION));
                    configs.add(new Config(spec, m, RankPlacement.CCO, RankPlacement.Objective.HOPS));
                }
            }
            for (String cc : new String[] {"bcast", "allreduce", "alltoall"}) {
                MpiAlgorithm algorithm = MpiAlgorithm.parse(cc);
                TransferList list = algorithm.transfers(procs);
                Map<String, double[]> series = new LinkedHashMap<>();
                for (Config c : configs) {
                    RankPlacer.Settings settings = new RankPlacer.Settings(c.placement(), c.objective(),
                            c.placement().searches() ? iterations : 0, seed, false, 0);
                    RankJob.Outcome o = RankJob.run(t, CollectiveMix.parse(cc, procs), c.mapping(), seed, settings, false, threads);
                    double[] y = new double[sizes.length];
                    for (int i = 0; i < sizes.length; i++) {
                        Program program = CollectivePrograms.repeated(list, o.ranks(), algorithm.collectiveBytes(sizes[i], procs), repeat);
                        MessageSimulator.Result r = MessageSimulator.run(net, program, options);
                        y[i] = r.seconds();
                        rows.add(new Object[] {spec, cc, c.mapping().label(), c.label().substring(c.mapping().label().length() + 1),
                            (long) sizes[i], repeat, r.seconds(), o.result().totalHops(), r.events()});
                    }
                    series.put(c.label(), y);
                }
                charts.add(new Analyses.Chart("msg-sweep-" + t.family() + "-" + cc, cc + " of " + procs + " processes on " + spec
                        + ", " + repeat + " runs", algorithm.perDestination() ? "bytes to each destination (log)" : "message bytes (log)",
                        "seconds (log)", sizes, null, series.keySet().toArray(String[]::new),
                        series.values().toArray(double[][]::new), true));
            }
        }
        return new Analyses.Output(List.of(new Analyses.DataTable("msg-sweep", List.of("network", "collective", "mapping",
                "placement", "bytes", "repeat", "seconds", "totalHops", "events"), rows)), charts);
    }

    /**
     * Fig. 5.13: the mean time of a bidirectional point-to-point exchange (a sends {@code bytes} to b while b sends
     * as many to a) between random pairs of distinct mapped nodes, against the number of mapped nodes, for random,
     * tree, ring and circulant mapping on each network (§5.3.2: "the message size of point-to-point communication is
     * 128 bytes, and the traffic pattern is random. The bidirectional time is the mean value of 10000 bidirectional
     * point-to-point communications"). The exchanges of one cell run one after another in one program, so none shares
     * the network with another, and the mean is the program's time divided by their number.
     */
    public static Analyses.Output p2pTime(List<String> specs, int[] counts, int samples, double bytes,
                                          MessageSimulator.Options options, long seed) {
        if (samples < 1) {
            throw InvalidInputException.parameter("samples", samples + " is invalid; expected 1 or more");
        }
        ProcessMapping[] mappings = {ProcessMapping.RANDOM, ProcessMapping.TREE, ProcessMapping.RING, ProcessMapping.CIRCULANT};
        List<Object[]> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (String spec : specs) {
            Topology t = TopologySpec.parse(spec);
            MsgNetwork net = MsgNetwork.thesis(t);
            for (ProcessMapping m : mappings) {
                double[] y = new double[counts.length];
                for (int i = 0; i < counts.length; i++) {
                    int[] mapped = m.nodes(t, counts[i], seed);
                    if (mapped.length < 2) {
                        throw InvalidInputException.parameter("counts", counts[i] + " mapped node is too few for a pair; expected 2 or more");
                    }
                    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
                    Program p = new Program();
                    int barrier = -1;
                    for (int s = 0; s < samples; s++) {
                        int a = random.nextInt(mapped.length);
                        int b = random.nextInt(mapped.length - 1);
                        if (b >= a) {
                            b++;
                        }
                        int[] after = barrier < 0 ? new int[0] : new int[] {barrier};
                        int there = p.message(mapped[a], mapped[b], bytes, after);
                        int back = p.message(mapped[b], mapped[a], bytes, after);
                        barrier = p.delay(0, there, back);
                    }
                    MessageSimulator.Result r = MessageSimulator.run(net, p, options);
                    y[i] = r.seconds() / samples;
                    rows.add(new Object[] {spec, m.label(), counts[i], samples, bytes, y[i]});
                }
                names.add(t.family() + " " + m.label());
                ys.add(y);
            }
        }
        return new Analyses.Output(List.of(new Analyses.DataTable("p2p-time", List.of("network", "mapping", "mappedNodes",
                "exchanges", "bytes", "meanSeconds"), rows)),
                List.of(new Analyses.Chart("p2p-time", "bidirectional point-to-point exchanges of " + (long) bytes + " B, random pairs",
                        "mapped nodes", "mean seconds", java.util.Arrays.stream(counts).asDoubleStream().toArray(), null,
                        names.toArray(String[]::new), ys.toArray(double[][]::new))));
    }

    /**
     * Figs 3.13-3.16 and 4.9-4.12: Mop/s of the NAS skeletons with 128 processes on each network, for every mapping
     * with its own order and with two-opt placement for the benchmark's collective (Table 3.7: alltoall for FT and IS,
     * allreduce for MG and LU), over mapping seeds 1..seeds (the thesis draws 100 samples per box).
     */
    public static Analyses.Output nas(List<String> specs, int procs, long iterations, int seeds, int luIterations,
                                      MessageSimulator.Options options, int threads) {
        List<Object[]> rows = new ArrayList<>();
        List<Analyses.Chart> charts = new ArrayList<>();
        for (String spec : specs) {
            Topology t = TopologySpec.parse(spec);
            MsgNetwork net = MsgNetwork.thesis(t);
            boolean circulant = t.family().startsWith("circulant");
            ProcessMapping[] mappings = mappings(circulant);
            RankPlacement[] placements = {RankPlacement.MAPPING_ORDER, RankPlacement.TWO_OPT};
            for (NasSkeleton.App app : NasSkeleton.App.values()) {
                String cc = app.placementCollective();
                double[][] mean = new double[placements.length][mappings.length];
                for (int m = 0; m < mappings.length; m++) {
                    for (int k = 0; k < placements.length; k++) {
                        for (long seed = 1; seed <= seeds; seed++) {
                            RankPlacer.Settings settings = new RankPlacer.Settings(placements[k], RankPlacement.Objective.HOPS,
                                    placements[k].searches() ? iterations : 0, seed, false, 0);
                            RankJob.Outcome o = RankJob.run(t, CollectiveMix.parse(cc, procs), mappings[m], seed, settings,
                                    false, threads);
                            NasSkeleton.Skeleton sk = NasSkeleton.build(app, "A", o.ranks(), 100e9, luIterations);
                            double seconds = sk.wholeRunSeconds(MessageSimulator.run(net, sk.program(), options).seconds());
                            double mops = sk.operations() / seconds / 1e6;
                            rows.add(new Object[] {spec, app.name(), mappings[m].label(), placements[k].label(), seed, seconds, mops});
                            mean[k][m] += mops / seeds;
                        }
                    }
                }
                String[] cats = new String[mappings.length];
                for (int m = 0; m < mappings.length; m++) {
                    cats[m] = mappings[m].label();
                }
                charts.add(new Analyses.Chart("nas-" + t.family() + "-" + app.name().toLowerCase(java.util.Locale.ROOT),
                        "NAS " + app + " class A, " + procs + " processes on " + spec + " (mean of " + seeds + " seeds)",
                        "mapping", "Mop/s", null, cats, new String[] {"own order", "two-opt (" + cc + ")"}, mean));
            }
        }
        return new Analyses.Output(List.of(new Analyses.DataTable("nas", List.of("network", "app", "mapping", "placement", "seed",
                "seconds", "mops"), rows)), charts);
    }
}
