package org.ccopt.topology.job;

import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.TopologyMetrics;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.util.Workers;

/**
 * {@code ccopt topo}'s metrics ({@link TopologyMetrics}) as a library job, with its options. A package of its own: the
 * spec parser already depends on the metrics, so neither of their packages may hold it.
 */
public final class MetricsJob extends DeclaredJob<MetricsJob.Request, MetricsJob.Outcome> {

    /** A network and how to measure it. */
    public record Request(Topology topology, TopologyMetrics.Options options) {
    }

    /** The metrics and the seconds they took. */
    public record Outcome(TopologyMetrics metrics, double seconds) {

        /** The figures {@code --json} prints, in order. */
        public Map<String, Object> figures() {
            Map<String, Object> r = metrics.figures();
            r.put("seconds", seconds);
            return r;
        }
    }

    private static final JobOptions OPTIONS = JobOptions.of("topo", List.of(
            new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, null, "The spec as an option, as the other commands "
                    + "take it (and an experiment file's 'topology' key); instead of SPEC", false, null, null, null),
            JobOption.whole("threads", "N", "Worker threads for all-pairs distances (default: all cores)")
                    .withRange(1, Workers.MAX_THREADS),
            JobOption.wholeLong("bisection-effort", 2_000_000, "Search nodes for the exact bisection before falling back "
                    + "to a heuristic bound; 0 = heuristic only").atLeast(0)
                    .withApplies(new JobOption.Applies("to the metrics' bisection width (not with --no-bisection)",
                            v -> !v.flag("no-bisection"), Map.of("topology", "ring:4", "no-bisection", "true",
                                    "bisection-effort", "10"))),
            JobOption.flag("no-bisection", "Skip the bisection width")));

    /** The job of {@code ccopt topo}. (declared after the options its constructor reads) */
    public static final MetricsJob JOB = new MetricsJob();

    /** For {@link java.util.ServiceLoader}; use {@link #JOB}. */
    public MetricsJob() {
        super(OPTIONS, MetricsJob::read, MetricsJob::measure, Outcome::figures);
    }

    private static Request read(JobOptions.Values v) {
        if (v.text("topology") == null) {
            throw new InvalidInputException("topo needs a topology: SPEC or --topology SPEC");
        }
        Integer threads = v.wholeOrNull("threads");
        return new Request(TopologySpec.parse(v.text("topology")), new TopologyMetrics.Options(threads == null
                ? Runtime.getRuntime().availableProcessors() : threads, v.wholeLong("bisection-effort"), 1,
                !v.flag("no-bisection")));
    }

    private static Outcome measure(Request q) {
        long started = System.nanoTime();
        TopologyMetrics m = TopologyMetrics.compute(q.topology(), q.options());
        return new Outcome(m, (System.nanoTime() - started) / 1e9);
    }
}
