package org.ccopt.papers;

import org.ccopt.report.Charts;
import org.ccopt.util.Csv;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.rank.*;
import org.ccopt.rank.RankPlacement.Objective;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.metrics.CableModel;
import org.ccopt.topology.metrics.HopDistances;
import org.ccopt.topology.metrics.TopologyMetrics;

/**
 * The analyses of Cui 2024 (chapters 3-5), each a function of its parameters and seeds that returns CSV tables
 * and the series to draw. Every placement printed here went through {@link RankJob}, hence the validator.
 */
public final class Analyses {

    private Analyses() {
    }

    /** A named CSV table of an analysis: a header and rows of numbers or strings (the text table is {@link org.ccopt.report.Table}). */
    public record DataTable(String name, List<String> header, List<Object[]> rows) {
    }

    /**
     * A chart: lines over a shared x, or grouped bars over categories when {@code categories} is set; {@code logScale}
     * draws both axes of a line chart logarithmically.
     */
    public record Chart(String name, String title, String xLabel, String yLabel, double[] x, String[] categories,
                        String[] series, double[][] values, boolean logScale) {
        public Chart(String name, String title, String xLabel, String yLabel, double[] x, String[] categories,
                     String[] series, double[][] values) {
            this(name, title, xLabel, yLabel, x, categories, series, values, false);
        }
    }

    public record Output(List<DataTable> tables, List<Chart> charts) {

        /**
         * Writes every table as {@code NAME.csv} and every chart as {@code NAME.png} and {@code NAME.svg} into
         * {@code dir}; returns the files written, in order.
         */
        public List<java.nio.file.Path> write(java.nio.file.Path dir) throws java.io.IOException {
            java.nio.file.Files.createDirectories(dir);
            List<java.nio.file.Path> written = new ArrayList<>();
            for (DataTable t : tables) {
                java.nio.file.Path file = dir.resolve(t.name() + ".csv");
                org.ccopt.util.AtomicFiles.writeAtomically(file, Csv.write(t.header(),
                        t.rows().stream().map(Arrays::asList).toList()));
                written.add(file);
            }
            for (Chart c : charts) {
                var chart = c.categories() != null
                        ? Charts.bar(c.title(), c.xLabel(), c.yLabel(), c.categories(), c.series(), c.values())
                        // sizes that double (64, 128, ..., 8192) are spread evenly on a log2 axis
                        : Charts.line(c.title(), c.xLabel(), c.yLabel(), c.x(), c.series(), c.values(), null,
                                c.logScale() || Charts.powersOfTwo(c.x()), c.logScale());
                for (String ext : new String[] {".png", ".svg"}) {
                    java.nio.file.Path file = dir.resolve(c.name() + ext);
                    Charts.write(chart, file);
                    written.add(file);
                }
            }
            return written;
        }
    }

    public static final String NAMES = "hops-table, mapping-hops, convergence, sa-vs-two-opt, circulant, metrics, topology-hops, "
            + "p2p-hops, collective-share, cost";

    /**
     * The options each analysis reads, by name (the thesis's analyses and {@link MsgAnalyses}' msg-sweep, p2p-time
     * and nas); {@code --out} and {@code --threads} apply to all. {@link AnalyzeJob} refuses any other option it is given.
     */
    public static final Map<String, List<String>> READS = Map.ofEntries(
            Map.entry("hops-table", List.of("--nodes", "--degree", "--procs", "--seeds", "--iterations")),
            Map.entry("mapping-hops", List.of("--nodes", "--degree", "--counts", "--seed")),
            Map.entry("topology-hops", List.of("--sizes", "--iterations", "--seed")),
            Map.entry("convergence", List.of("--nodes", "--degree", "--procs", "--iterations", "--seed")),
            Map.entry("sa-vs-two-opt", List.of("--sizes", "--degree", "--seed")),
            Map.entry("circulant", List.of("--sizes")),
            Map.entry("metrics", List.of("--sizes", "--seed")),
            Map.entry("p2p-hops", List.of("--nodes", "--counts", "--samples", "--seed")),
            Map.entry("collective-share", List.of("--nodes", "--procs", "--total", "--samples", "--seed")),
            Map.entry("cost", List.of("--sizes", "--seed")),
            Map.entry("msg-sweep", List.of("--networks", "--procs", "--iterations", "--repeat", "--sharing", "--seed")),
            Map.entry("p2p-time", List.of("--networks", "--counts", "--samples", "--sharing", "--seed")),
            Map.entry("nas", List.of("--networks", "--procs", "--seeds", "--iterations", "--lu-iterations", "--sharing")));

    private static final String[] COLLECTIVES = {"bcast", "allreduce", "alltoall"};
    private static final ProcessMapping[] THESIS_MAPPINGS = {ProcessMapping.RANDOM, ProcessMapping.TREE, ProcessMapping.RING};

    static Topology randomShortcut(int nodes, int degree, long seed) {
        return TopologySpec.parse("random-shortcut:" + nodes + ":" + degree + ":seed=" + seed);
    }

    private static final String[] NET_NAMES = {"random-shortcut", "circulant"};

    /** The random shortcut and the circulant network of N nodes compared in chapter 5 (degree 2 log2 N - 1). */
    static Topology[] shortcutPair(int nodes, int degree, long seed) {
        return new Topology[] {randomShortcut(nodes, degree, seed), TopologySpec.parse("circulant2:" + nodes)};
    }

    /** log2 of a power of two, else an error naming the option. */
    static int log2(int n, String option) {
        if (n < 2 || Integer.bitCount(n) != 1) {
            throw InvalidInputException.parameter(option, n + " is invalid; expected a power of two >= 2");
        }
        return Integer.numberOfTrailingZeros(n);
    }

    /**
     * Tables 3.4-3.6: total hops of every placement for the three mappings and collectives on
     * {@code random-shortcut:N:D:seed=s}, s = 1..seeds, with the mapping's seed s as well.
     */
    public static Output hopsTable(int nodes, int degree, int procs, int seeds, long iterations, int threads) {
        RankPlacement[] placements = {RankPlacement.ASCENDING, RankPlacement.MAPPING_ORDER, RankPlacement.CCO,
                RankPlacement.TWO_OPT, RankPlacement.SA};
        List<Object[]> raw = new ArrayList<>();
        // mean hops per (collective, mapping, placement)
        double[][][] mean = new double[COLLECTIVES.length][THESIS_MAPPINGS.length][placements.length];
        for (int s = 1; s <= seeds; s++) {
            Topology t = randomShortcut(nodes, degree, s);
            for (int c = 0; c < COLLECTIVES.length; c++) {
                CollectiveMix mix = CollectiveMix.parse(COLLECTIVES[c], procs);
                for (int m = 0; m < THESIS_MAPPINGS.length; m++) {
                    for (int k = 0; k < placements.length; k++) {
                        RankPlacement pl = placements[k];
                        RankPlacer.Settings settings = new RankPlacer.Settings(pl, Objective.HOPS,
                                pl.searches() ? iterations : 0, s, false, 0);
                        RankJob.Outcome o = RankJob.run(t, mix, THESIS_MAPPINGS[m], s, settings, true, threads);
                        raw.add(new Object[] {s, COLLECTIVES[c], THESIS_MAPPINGS[m].label(), pl.label(),
                            o.result().totalHops(), o.result().contention(), o.result().seconds()});
                        mean[c][m][k] += (double) o.result().totalHops() / seeds;
                    }
                }
            }
        }
        List<Chart> charts = new ArrayList<>();
        String[] cats = Arrays.stream(THESIS_MAPPINGS).map(ProcessMapping::label).toArray(String[]::new);
        String[] series = Arrays.stream(placements).map(RankPlacement::label).toArray(String[]::new);
        for (int c = 0; c < COLLECTIVES.length; c++) {
            double[][] v = new double[placements.length][THESIS_MAPPINGS.length];
            for (int k = 0; k < placements.length; k++) {
                for (int m = 0; m < THESIS_MAPPINGS.length; m++) {
                    v[k][m] = mean[c][m][k];
                }
            }
            charts.add(new Chart("hops-table-" + COLLECTIVES[c], COLLECTIVES[c] + ", " + procs + " of " + nodes
                    + " nodes, degree " + degree + " (mean of " + seeds + " networks)", "mapping", "total hops", null,
                    cats, series, v));
        }
        return new Output(List.of(new DataTable("hops-table", List.of("networkSeed", "collective", "mapping", "placement",
                "totalHops", "contention", "seconds"), raw)), charts);
    }

    /** Figs 3.7-3.9: two-opt's total hops against iterations, per collective and mapping. */
    public static Output convergence(int nodes, int degree, int procs, long iterations, long seed, int threads) {
        Topology t = randomShortcut(nodes, degree, seed);
        long every = Math.max(1, iterations / 200);
        List<Object[]> rows = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        for (String cc : COLLECTIVES) {
            CollectiveMix mix = CollectiveMix.parse(cc, procs);
            double[][] ys = new double[THESIS_MAPPINGS.length][];
            double[] x = null;
            for (int m = 0; m < THESIS_MAPPINGS.length; m++) {
                RankPlacer.Settings settings = new RankPlacer.Settings(RankPlacement.TWO_OPT, Objective.HOPS, iterations,
                        seed, false, every);
                RankJob.Outcome o = RankJob.run(t, mix, THESIS_MAPPINGS[m], seed, settings, false, threads);
                long[] its = o.result().traceIterations();
                long[] vals = o.result().traceObjective();
                x = Arrays.stream(its).asDoubleStream().toArray();
                ys[m] = Arrays.stream(vals).asDoubleStream().toArray();
                for (int i = 0; i < its.length; i++) {
                    rows.add(new Object[] {cc, THESIS_MAPPINGS[m].label(), its[i], vals[i]});
                }
            }
            charts.add(new Chart("convergence-" + cc, "two-opt " + cc + ", " + procs + " of " + nodes + " nodes", "iteration",
                    "total hops", x, null, Arrays.stream(THESIS_MAPPINGS).map(ProcessMapping::label).toArray(String[]::new), ys));
        }
        return new Output(List.of(new DataTable("convergence", List.of("collective", "mapping", "iteration", "totalHops"), rows)),
                charts);
    }

    /**
     * Figs 3.17-3.18: broadcast over every node of a degree-D random shortcut network, MPICH's ascending order
     * ("Conv") against two-opt (5,000 swaps) and SA with 72, 1,000 and 10,000 iterations; hops and seconds.
     */
    public static Output saVsTwoOpt(int[] sizes, int degree, long seed, int threads) {
        String[] names = {"conv", "two-opt-5000", "sa-72", "sa-1000", "sa-10000"};
        long[] budget = {0, 5000, 72, 1000, 10000};
        RankPlacement[] kind = {RankPlacement.ASCENDING, RankPlacement.TWO_OPT, RankPlacement.SA, RankPlacement.SA, RankPlacement.SA};
        List<Object[]> rows = new ArrayList<>();
        double[][] hops = new double[names.length][sizes.length];
        double[][] secs = new double[names.length][sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            Topology t = randomShortcut(sizes[i], degree, seed);
            CollectiveMix mix = CollectiveMix.parse("bcast", sizes[i]);
            RankProblem problem = RankProblem.of(t, ProcessMapping.CONSECUTIVE.nodes(t, sizes[i], seed), mix, false, threads);
            for (int k = 0; k < names.length; k++) {
                RankPlacer.Result r = RankPlacer.place(problem, new RankPlacer.Settings(kind[k], Objective.HOPS, budget[k], seed, false, 0));
                check(problem, r);
                hops[k][i] = r.totalHops();
                secs[k][i] = r.seconds();
                rows.add(new Object[] {sizes[i], names[k], r.totalHops(), r.seconds()});
            }
        }
        double[] x = Arrays.stream(sizes).asDoubleStream().toArray();
        return new Output(List.of(new DataTable("sa-vs-two-opt", List.of("nodes", "placement", "totalHops", "seconds"), rows)),
                List.of(new Chart("sa-vs-two-opt-hops", "bcast over all nodes, degree " + degree, "nodes", "total hops", x, null, names, hops),
                        new Chart("sa-vs-two-opt-seconds", "placement time (one thread)", "nodes", "seconds", x, null, names, secs)));
    }

    private static void check(RankProblem problem, RankPlacer.Result r) {
        PlacementValidator.check(problem, problem.ranks(r.slots()), r.totalHops(), -1);
    }

    /**
     * Table 4.1: hops of the three collectives on G(n, log2 n) with every node taking part, against the closed
     * forms n - 1, n log2 n and n log2 n.
     */
    public static Output circulant(int[] sizes, int threads) {
        List<Object[]> rows = new ArrayList<>();
        double[][] ys = new double[6][sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            int n = sizes[i];
            int log = log2(n, "size");
            Topology t = TopologySpec.parse("circulant2:" + n);
            long[] measured = new long[3];
            long[] closed = {n - 1L, (long) n * log, (long) n * log};
            for (int c = 0; c < 3; c++) {
                RankProblem problem = RankProblem.of(t, ProcessMapping.CONSECUTIVE.nodes(t, n, 1),
                        CollectiveMix.parse(COLLECTIVES[c], n), false, threads);
                RankPlacer.Result r = RankPlacer.place(problem, new RankPlacer.Settings(RankPlacement.ASCENDING, Objective.HOPS, 0, 1, false, 0));
                check(problem, r);
                measured[c] = r.totalHops();
                ys[2 * c][i] = measured[c];
                ys[2 * c + 1][i] = closed[c];
            }
            rows.add(new Object[] {n, measured[0], closed[0], measured[1], closed[1], measured[2], closed[2],
                Arrays.equals(measured, closed)});
        }
        return new Output(List.of(new DataTable("circulant", List.of("n", "bcast", "bcastClosedForm", "allreduce",
                "allreduceClosedForm", "alltoall", "alltoallClosedForm", "equal"), rows)),
                List.of(new Chart("circulant", "hops on G(n, log2 n), every node taking part", "n", "total hops",
                        Arrays.stream(sizes).asDoubleStream().toArray(), null,
                        new String[] {"bcast", "n-1", "allreduce", "n log2 n", "alltoall", "n log2 n (alltoall)"}, ys)));
    }

    /**
     * The Dragonfly of N routers with degree d = 2 log2 N - 1 and one processor per router: the smallest power-of-two
     * group size a whose h = d - a + 1 global links per router reach every other group (a h &gt;= N/a - 1), as
     * the thesis's dragonfly:16,1,4,64 does at N = 1,024; null when no such a exists.
     */
    static String dragonflySpec(int n) {
        int d = 2 * log2(n, "size") - 1;
        for (int a = 2; a <= n; a *= 2) {
            int h = d - a + 1;
            if (h < 1) {
                return null;
            }
            int groups = n / a;
            if (groups >= 2 && (long) a * h >= groups - 1) {
                return "dragonfly:" + a + ",1," + h + "," + groups;
            }
        }
        return null;
    }

    /**
     * Fig. 3.4: total hops of the three collectives against the number of mapped nodes, for random, hierarchical-tree
     * and ring-based consecutive mapping on {@code random-shortcut:N:D:seed=s}, ranks in the mapping's order ("the hop
     * counts of varying mapping strategies without any optimization", §3.2.4). The thesis: ring mapping has the
     * fewest hops, tree the next.
     */
    public static Output mappingHops(int nodes, int degree, int[] counts, long seed, int threads) {
        Topology t = randomShortcut(nodes, degree, seed);
        List<Object[]> rows = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        double[] x = Arrays.stream(counts).asDoubleStream().toArray();
        String[] names = Arrays.stream(THESIS_MAPPINGS).map(ProcessMapping::label).toArray(String[]::new);
        for (String cc : COLLECTIVES) {
            double[][] y = new double[THESIS_MAPPINGS.length][counts.length];
            for (int m = 0; m < THESIS_MAPPINGS.length; m++) {
                for (int i = 0; i < counts.length; i++) {
                    RankJob.Outcome o = RankJob.run(t, CollectiveMix.parse(cc, counts[i]), THESIS_MAPPINGS[m], seed,
                            new RankPlacer.Settings(RankPlacement.MAPPING_ORDER, Objective.HOPS, 0, seed, false, 0), false, threads);
                    y[m][i] = o.result().totalHops();
                    rows.add(new Object[] {cc, THESIS_MAPPINGS[m].label(), counts[i], o.result().totalHops()});
                }
            }
            charts.add(new Chart("mapping-hops-" + cc, cc + ", ranks in mapping order, " + t.spec(), "mapped nodes",
                    "total hops", x, null, names, y));
        }
        return new Output(List.of(new DataTable("mapping-hops", List.of("collective", "mapping", "mappedNodes", "totalHops"), rows)),
                charts);
    }

    /**
     * Figs 5.3-5.5: total hops of the three collectives with every node taking part against the network size N, on
     * the circulant network G(N, log2 N), the random shortcut network and the Dragonfly of degree 2 log2 N - 1, with
     * ring-based consecutive mapping in its order, and on the random shortcut network also with two-opt ({@code
     * iterations}, 200,000 in the thesis; §5.2.1). The thesis at N = 1,024: circulant hops 9 % and 40 % below
     * Dragonfly and random shortcut for bcast, 48 % and 59 % for allreduce, 52 % and 59 % for alltoall. The Dragonfly
     * also from router 0 (consecutive): its figures are the ones that meet the thesis's 9 %, 48 % and 52 %.
     */
    public static Output topologyHops(int[] sizes, long iterations, long seed, int threads) {
        // the ring-based mapping starts at a seeded random terminal; on the Dragonfly, whose groups are not all alike
        // from an arbitrary start, the start matters, so it is drawn both ways: from the seeded start and from
        // router 0, where rank r sits on router r and every group of a routers holds a aligned ranks
        String[] names = {"circulant", "random shortcut", "random shortcut + two-opt", "dragonfly",
            "dragonfly from router 0"};
        List<Object[]> rows = new ArrayList<>();
        List<Chart> charts = new ArrayList<>();
        double[] x = Arrays.stream(sizes).asDoubleStream().toArray();
        for (String cc : COLLECTIVES) {
            double[][] y = new double[names.length][sizes.length];
            for (double[] row : y) {
                Arrays.fill(row, Double.NaN);
            }
            for (int i = 0; i < sizes.length; i++) {
                int n = sizes[i];
                int d = 2 * log2(n, "size") - 1;
                String[] specs = {"circulant2:" + n, "random-shortcut:" + n + ":" + d + ":seed=" + seed,
                    "random-shortcut:" + n + ":" + d + ":seed=" + seed, dragonflySpec(n), dragonflySpec(n)};
                for (int k = 0; k < names.length; k++) {
                    if (specs[k] == null) {
                        continue;
                    }
                    Topology t = TopologySpec.parse(specs[k]);
                    boolean search = k == 2;
                    RankPlacer.Settings settings = new RankPlacer.Settings(search ? RankPlacement.TWO_OPT
                            : RankPlacement.MAPPING_ORDER, Objective.HOPS, search ? iterations : 0, seed, false, 0);
                    RankJob.Outcome o = RankJob.run(t, CollectiveMix.parse(cc, t.terminalCount()),
                            k == 4 ? ProcessMapping.CONSECUTIVE : ProcessMapping.RING, seed, settings, false, threads);
                    y[k][i] = o.result().totalHops();
                    rows.add(new Object[] {cc, n, names[k], specs[k], o.result().totalHops()});
                }
            }
            charts.add(new Chart("topology-hops-" + cc, cc + ", every node, ring-based mapping, degree 2 log2 N - 1",
                    "network size N", "total hops", x, null, names, y));
        }
        return new Output(List.of(new DataTable("topology-hops", List.of("collective", "size", "network", "spec", "totalHops"),
                rows)), charts);
    }

    /** Figs 5.1-5.2: diameter and ASPL of random shortcut, circulant and Dragonfly with degree 2 log2 N - 1. */
    public static Output metrics(int[] sizes, long seed, int threads) {
        List<Object[]> rows = new ArrayList<>();
        double[][] diam = new double[3][sizes.length];
        double[][] aspl = new double[3][sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            int n = sizes[i];
            int d = 2 * log2(n, "size") - 1;
            String[] specs = {"random-shortcut:" + n + ":" + d + ":seed=" + seed, "circulant2:" + n, dragonflySpec(n)};
            for (int k = 0; k < 3; k++) {
                if (specs[k] == null) {
                    diam[k][i] = Double.NaN;
                    aspl[k][i] = Double.NaN;
                    continue;
                }
                TopologyMetrics m = TopologyMetrics.compute(TopologySpec.parse(specs[k]),
                        new TopologyMetrics.Options(threads, 0, seed, false));
                diam[k][i] = m.diameter();
                aspl[k][i] = m.aspl();
                rows.add(new Object[] {n, d, specs[k], m.maxDegree(), m.diameter(), m.aspl()});
            }
        }
        double[] x = Arrays.stream(sizes).asDoubleStream().toArray();
        String[] names = {"random shortcut", "circulant", "dragonfly"};
        return new Output(List.of(new DataTable("metrics", List.of("switches", "degree", "spec", "maxDegree", "diameter", "aspl"), rows)),
                List.of(new Chart("metrics-diameter", "diameter, degree 2 log2 N - 1", "switches", "diameter", x, null, names, diam),
                        new Chart("metrics-aspl", "average shortest path length, degree 2 log2 N - 1", "switches", "ASPL", x, null, names, aspl)));
    }

    /**
     * Fig. 5.12: average hops of {@code samples} uniformly random point-to-point messages between distinct mapped
     * nodes, against the number of mapped nodes, on random shortcut and circulant networks of N nodes.
     */
    public static Output p2pHops(int nodes, int[] counts, int samples, long seed, int threads) {
        int degree = 2 * log2(nodes, "nodes") - 1;
        Topology[] nets = shortcutPair(nodes, degree, seed);
        ProcessMapping[] mappings = {ProcessMapping.RANDOM, ProcessMapping.TREE, ProcessMapping.RING, ProcessMapping.CIRCULANT};
        List<Object[]> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (int k = 0; k < nets.length; k++) {
            HopDistances dist = new HopDistances(nets[k]);
            for (ProcessMapping m : mappings) {
                double[] y = new double[counts.length];
                for (int i = 0; i < counts.length; i++) {
                    int[] mapped = m.nodes(nets[k], counts[i], seed);
                    y[i] = averagePairHops(dist, mapped, samples, seed);
                    rows.add(new Object[] {NET_NAMES[k], m.label(), counts[i], y[i]});
                }
                names.add(NET_NAMES[k] + " " + m.label());
                ys.add(y);
            }
        }
        return new Output(List.of(new DataTable("p2p-hops", List.of("network", "mapping", "mappedNodes", "averageHops"), rows)),
                List.of(new Chart("p2p-hops", "uniform random point-to-point messages, " + nodes + " nodes, degree " + degree,
                        "mapped nodes", "average hops", Arrays.stream(counts).asDoubleStream().toArray(), null,
                        names.toArray(String[]::new), ys.toArray(double[][]::new))));
    }

    static double averagePairHops(HopDistances dist, int[] mapped, int samples, long seed) {
        if (mapped.length < 2) {
            return 0;
        }
        SplittableRandom random = new SplittableRandom(seed);
        long sum = 0;
        for (int s = 0; s < samples; s++) {
            int a = random.nextInt(mapped.length);
            int b = random.nextInt(mapped.length - 1);
            if (b >= a) {
                b++;
            }
            sum += dist.distance(mapped[a], mapped[b]);
        }
        return (double) sum / samples;
    }

    /**
     * Fig. 5.14: total hops of a communication mix with mn + p = {@code total} messages, m the transfers of one
     * collective (Bruck alltoall over the mapped nodes, rank r on the r-th node the mapping chose), n the number of
     * collectives, p uniformly random point-to-point messages; against the collective ratio mn / (mn + p) (§5.4).
     * The collective's hops are exact; the point-to-point part is p times the sampled average of Fig. 5.12. Ranks
     * follow the mapping's order, as in the thesis's other evaluations of its mappings: the thesis finds that with
     * random mapping the ratio "does not change the total number of communication hops", which holds only when the
     * ranks are as random as the point-to-point pairs (sorted, the random set's alltoall takes 28 % fewer hops on
     * the circulant network than random pairs).
     */
    public static Output collectiveShare(int nodes, int procs, int total, int samples, long seed, int threads) {
        int degree = 2 * log2(nodes, "nodes") - 1;
        Topology[] nets = shortcutPair(nodes, degree, seed);
        ProcessMapping[] mappings = {ProcessMapping.RANDOM, ProcessMapping.TREE, ProcessMapping.RING, ProcessMapping.CIRCULANT};
        double[] ratios = new double[10];
        for (int i = 0; i < 10; i++) {
            ratios[i] = (i + 1) / 10.0;
        }
        List<Object[]> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        CollectiveMix mix = CollectiveMix.parse("alltoall", procs);
        for (int k = 0; k < nets.length; k++) {
            HopDistances dist = new HopDistances(nets[k]);
            for (ProcessMapping m : mappings) {
                int[] mapped = m.nodes(nets[k], procs, seed);
                RankProblem problem = RankProblem.of(nets[k], mapped, mix, false, threads);
                RankPlacer.Result r = RankPlacer.place(problem, new RankPlacer.Settings(RankPlacement.MAPPING_ORDER, Objective.HOPS, 0, seed, false, 0));
                check(problem, r);
                int perCollective = mix.transferCount();
                double p2p = averagePairHops(dist, mapped, samples, seed);
                double[] y = new double[ratios.length];
                for (int i = 0; i < ratios.length; i++) {
                    long n = Math.round(ratios[i] * total / perCollective);
                    long p = total - n * perCollective;
                    if (p < 0) {
                        n = total / perCollective;
                        p = total - n * perCollective;
                    }
                    y[i] = n * r.totalHops() + p * p2p;
                    rows.add(new Object[] {NET_NAMES[k], m.label(), procs, ratios[i], n, p, y[i]});
                }
                names.add(NET_NAMES[k] + " " + m.label());
                ys.add(y);
            }
        }
        return new Output(List.of(new DataTable("collective-share", List.of("network", "mapping", "procs", "ratio",
                "collectives", "p2pMessages", "totalHops"), rows)),
                List.of(new Chart("collective-share", "alltoall share of " + total + " messages, " + procs + " of " + nodes + " nodes",
                        "collective ratio", "total hops", ratios, null, names.toArray(String[]::new), ys.toArray(double[][]::new))));
    }

    /** Figs 5.19-5.20: average cable length and total cost of circulant and random shortcut networks (§5.6). */
    public static Output cost(int[] sizes, long seed) {
        List<Object[]> rows = new ArrayList<>();
        double[][] length = new double[2][sizes.length];
        double[][] cost = new double[2][sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            int n = sizes[i];
            int d = 2 * log2(n, "size") - 1;
            String[] specs = {"random-shortcut:" + n + ":" + d + ":seed=" + seed, "circulant2:" + n};
            for (int k = 0; k < 2; k++) {
                CableModel.Result r = CableModel.evaluate(TopologySpec.parse(specs[k]), CableModel.THESIS);
                length[k][i] = r.averageLengthMetres();
                cost[k][i] = r.totalCost();
                rows.add(new Object[] {n, specs[k], r.cables(), r.averageLengthMetres(), r.totalLengthMetres(),
                    r.cableCost(), r.switchCost(), r.totalCost()});
            }
        }
        double[] x = Arrays.stream(sizes).asDoubleStream().toArray();
        String[] names = {"random shortcut", "circulant"};
        return new Output(List.of(new DataTable("cost", List.of("switches", "spec", "cables", "averageMetres", "totalMetres",
                "cableDollars", "switchDollars", "totalDollars"), rows)),
                List.of(new Chart("cost-cable-length", "average cable length", "switches", "metres", x, null, names, length),
                        new Chart("cost-total", "total cost (switches + cables)", "switches", "dollars", x, null, names, cost)));
    }

    /** Parses {@code 64,128,256} or a doubling range {@code 64..4096}. */
    /** The largest network an analysis builds (the thesis's figures stop at 8,192 nodes). */
    public static final int MAX_SIZE = 1 << 16;

    public static int[] sizes(String text, String option) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        int[] out;
        try {
            if (t.contains("..")) {
                String[] ab = t.split("\\.\\.");
                int a = Integer.parseInt(ab[0].trim());
                int b = Integer.parseInt(ab[1].trim());
                if (ab.length != 2 || a < 2 || b < a) {
                    throw new NumberFormatException();
                }
                List<Integer> list = new ArrayList<>();
                for (long v = a; v <= b; v *= 2) {
                    list.add((int) Math.min(v, Integer.MAX_VALUE));
                }
                out = list.stream().mapToInt(Integer::intValue).toArray();
            } else {
                out = Arrays.stream(t.split(",", -1)).map(String::trim).mapToInt(Integer::parseInt).toArray();
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new InvalidInputException(option + " '" + text + "' is invalid; expected a list like 64,128,256 or a doubling range like 64..4096");
        }
        for (int n : out) {
            if (n < 2 || n > MAX_SIZE) {
                throw new InvalidInputException(option + " '" + text + "' holds " + n + "; expected network sizes 2.." + MAX_SIZE);
            }
        }
        return out;
    }
}
