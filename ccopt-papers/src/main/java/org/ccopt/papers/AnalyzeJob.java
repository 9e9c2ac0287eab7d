package org.ccopt.papers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.msgsim.MessageSimulator;

/**
 * {@code ccopt analyze NAME} as a library job: one of the analyses of Cui 2024, chapters 3-5 ({@link Analyses},
 * {@link MsgAnalyses}), with its options; each option applies to the analyses that read it ({@link Analyses#READS}),
 * and its default where left out is the thesis's for that analysis. The outcome is the analysis's tables and charts;
 * the command writes them as files.
 */
public final class AnalyzeJob extends DeclaredJob<AnalyzeJob.Request, AnalyzeJob.Outcome> {

    /**
     * An analysis and every value it may read, each the given one or the analysis's default.
     *
     * @param analysis   the analysis's name, lower case
     * @param degree     the random shortcut degree, or null where the analysis decides (19, or 8 for sa-vs-two-opt)
     * @param procs      processes, or null (512, or 128 for nas)
     * @param iterations two-opt or SA iterations, or null (200,000, or 1,000,000 for convergence)
     * @param sizes      network sizes as a list ({@code 64..4096}), or null (the analysis's range)
     * @param samples    samples, or null (100,000, or 10,000 exchanges for p2p-time)
     */
    public record Request(String analysis, int nodes, Integer degree, Integer procs, int luIterations, int seeds, long seed,
                          Long iterations, String sizes, String counts, Integer samples, int total, List<String> networks,
                          MessageSimulator.Sharing sharing, int repeat, int threads) {
    }

    /** The analysis run and what it made. */
    public record Outcome(String analysis, Analyses.Output output) {

        /** The names of the tables and charts, as {@code ccopt analyze} writes them ({@code NAME.csv}, {@code .png}). */
        public Map<String, Object> figures() {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("analysis", analysis);
            f.put("tables", output.tables().stream().map(Analyses.DataTable::name).toList());
            f.put("charts", output.charts().stream().map(Analyses.Chart::name).toList());
            return f;
        }
    }

    /** Every analysis by name, as the command line accepts it. */
    public static final String NAMES = Analyses.NAMES + ", msg-sweep, p2p-time, nas";

    private static final JobOptions OPTIONS = JobOptions.of("analyze", List.of(
            JobOption.text("analysis", "NAME", "One of: " + NAMES).asRequired(),
            reads(JobOption.whole("nodes", 1024, "Network nodes").withRange(2, Analyses.MAX_SIZE)),
            reads(JobOption.whole("degree", "D", "Random shortcut degree (default: 19 for hops-table and convergence, 8 "
                    + "for sa-vs-two-opt)").atLeast(2)),
            reads(JobOption.whole("procs", "P", "Processes (default: 512; 128 for nas)").atLeast(1)),
            reads(JobOption.whole("lu-iterations", 4, "LU iterations simulated by nas, scaled to 250").atLeast(1)),
            reads(JobOption.whole("seeds", 5, "Networks (seeds 1..N) for hops-table and nas").atLeast(1)),
            reads(JobOption.wholeLong("seed", 1, "Network and mapping seed")),
            reads(JobOption.wholeLong("iterations", "N", "Two-opt/SA iterations (default: 200000 for hops-table, "
                    + "1000000 for convergence)").atLeast(0)),
            reads(JobOption.text("sizes", "LIST", "Network sizes, e.g. 64..4096 (doubling) or 64,256 (defaults: "
                    + "64..2048 for sa-vs-two-opt, 16..4096 for circulant, 64..4096 for topology-hops, 64..8192 for "
                    + "metrics and cost)")),
            reads(JobOption.text("counts", "LIST", "Mapped node counts for mapping-hops, p2p-hops and p2p-time")
                    .withDefault("8..1024")),
            reads(JobOption.whole("samples", "N", "Random point-to-point messages sampled (default, as the thesis: "
                    + "100000; 10000 exchanges for p2p-time)").atLeast(1)),
            reads(JobOption.whole("total", 102400, "Messages in the collective-share mix, 102400 as the thesis")
                    .atLeast(1)),
            reads(JobOption.text("networks", "SPEC;SPEC", "Networks of msg-sweep, p2p-time and nas, separated by ';'")
                    .withDefault("random-shortcut:1024:19:seed=1;circulant2:1024")),
            reads(JobOption.text("sharing", "maxmin|cm02", "Bandwidth sharing of the message simulator")
                    .withDefault("cm02")),
            reads(JobOption.whole("repeat", 10, "Runs of the collective per simulated time in msg-sweep, one after "
                    + "another, 10 as the thesis").atLeast(1)),
            JobOption.whole("threads", "N", "Threads for distance tables (default: all cores; placement searches are "
                    + "single-threaded)").withRange(1, org.ccopt.util.Workers.MAX_THREADS)))
            .withPositional("analysis");

    /** The job of {@code ccopt analyze}. (declared after the options its constructor reads) */
    public static final AnalyzeJob JOB = new AnalyzeJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public AnalyzeJob() {
        super(OPTIONS, AnalyzeJob::read, AnalyzeJob::analyze, Outcome::figures);
    }

    /** {@code o}, applying to the analyses that read it ({@link Analyses#READS}); an unknown analysis is the request's. */
    private static JobOption reads(JobOption o) {
        List<String> readers = new ArrayList<>();
        Analyses.READS.forEach((analysis, options) -> {
            if (options.contains(o.option())) {
                readers.add(analysis);
            }
        });
        readers.sort(null);
        // the example runs a cheap analysis that does not read o: circulant on 16 nodes, else mapping-hops on 64
        Map<String, String> example = new LinkedHashMap<>(readers.contains("circulant")
                ? Map.of("analysis", "mapping-hops", "nodes", "64", "degree", "4", "counts", "8")
                : Map.of("analysis", "circulant", "sizes", "16"));
        example.put(o.name(), example(o));
        return o.withApplies(new JobOption.Applies("to analyze " + String.join(", ", readers), v -> {
            String a = v.text("analysis").toLowerCase(Locale.ROOT);
            return !Analyses.READS.containsKey(a) || readers.contains(a);
        }, Map.copyOf(example), v -> "analyze " + v.text("analysis")));
    }

    /** A valid value of {@code o}, for the example that breaks its rule. */
    private static String example(JobOption o) {
        return switch (o.name()) {
            case "sizes", "counts" -> "64";
            case "networks" -> "circulant2:64";
            case "sharing" -> "maxmin";
            default -> o.defaultValue() != null ? o.defaultValue() : "8";
        };
    }

    private static Request read(JobOptions.Values v) {
        String analysis = v.text("analysis").toLowerCase(Locale.ROOT);
        if (!Analyses.READS.containsKey(analysis)) {
            throw new InvalidInputException("unknown analysis '" + v.text("analysis") + "'; expected one of " + NAMES);
        }
        return new Request(analysis, v.whole("nodes"), v.wholeOrNull("degree"), v.wholeOrNull("procs"),
                v.whole("lu-iterations"), v.whole("seeds"), v.wholeLong("seed"),
                v.given("iterations") ? v.wholeLong("iterations") : null, v.text("sizes"), v.text("counts"),
                v.wholeOrNull("samples"), v.whole("total"), List.of(v.text("networks").split(";")),
                MessageSimulator.Sharing.parse(v.text("sharing")), v.whole("repeat"),
                v.given("threads") ? v.whole("threads") : Runtime.getRuntime().availableProcessors());
    }

    /** Runs the analysis, each value left out at the analysis's default (the thesis's). */
    private static Outcome analyze(Request q) {
        int th = q.threads();
        long seed = q.seed();
        var msg = new MessageSimulator.Options(q.sharing(), 0, 1, 0); // no latency scaling, one bandwidth, no cross traffic
        Analyses.Output o = switch (q.analysis()) {
            case "hops-table" -> Analyses.hopsTable(q.nodes(), or(q.degree(), 19), or(q.procs(), 512), q.seeds(),
                    or(q.iterations(), 200_000L), th);
            case "mapping-hops" -> Analyses.mappingHops(q.nodes(), or(q.degree(), 19), counts(q), seed, th);
            case "topology-hops" -> Analyses.topologyHops(sizes(q, "64..4096"), or(q.iterations(), 200_000L), seed, th);
            case "convergence" -> Analyses.convergence(q.nodes(), or(q.degree(), 19), or(q.procs(), 512),
                    or(q.iterations(), 1_000_000L), seed, th);
            case "sa-vs-two-opt" -> Analyses.saVsTwoOpt(sizes(q, "64..2048"), or(q.degree(), 8), seed, th);
            case "circulant" -> Analyses.circulant(sizes(q, "16..4096"), th);
            case "metrics" -> Analyses.metrics(sizes(q, "64..8192"), seed, th);
            case "p2p-hops" -> Analyses.p2pHops(q.nodes(), counts(q), or(q.samples(), 100_000), seed, th);
            case "collective-share" -> Analyses.collectiveShare(q.nodes(), or(q.procs(), 512), q.total(),
                    or(q.samples(), 100_000), seed, th);
            case "cost" -> Analyses.cost(sizes(q, "64..8192"), seed);
            case "msg-sweep" -> MsgAnalyses.sweep(q.networks(), or(q.procs(), 512), or(q.iterations(), 200_000L),
                    MsgAnalyses.SIZES, q.repeat(), msg, seed, th);
            case "p2p-time" -> MsgAnalyses.p2pTime(q.networks(), counts(q), or(q.samples(), 10_000), 128, msg, seed);
            case "nas" -> MsgAnalyses.nas(q.networks(), or(q.procs(), 128), or(q.iterations(), 200_000L), q.seeds(),
                    q.luIterations(), msg, th);
            default -> throw new IllegalStateException(q.analysis()); // read() refused it
        };
        return new Outcome(q.analysis(), o);
    }

    private static <T> T or(T given, T fallback) {
        return given == null ? fallback : given;
    }

    private static int[] counts(Request q) {
        return Analyses.sizes(q.counts(), "--counts");
    }

    private static int[] sizes(Request q, String fallback) {
        return Analyses.sizes(q.sizes() == null ? fallback : q.sizes(), "--sizes");
    }
}
