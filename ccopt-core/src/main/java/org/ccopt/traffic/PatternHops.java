package org.ccopt.traffic;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.job.DeclaredJob;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;
import org.ccopt.topology.spec.TopologySpec;

/**
 * The hops of a permutation pattern on a network, what {@code ccopt traffic} reports: the nodes that send (those whose
 * destination is not themselves), the hops of their minimal paths in all, and the longest.
 *
 * @param senders   nodes with a destination other than themselves
 * @param totalHops the sum over the senders of the minimal hop count to their destination
 * @param maxHops   the longest of them
 */
public record PatternHops(int senders, long totalHops, int maxHops) {

    /** The hops of {@code destination} on {@code t}; refuses, with one line, a destination a sender cannot reach. */
    public static PatternHops of(Topology t, int[] destination) {
        HopDistances distances = new HopDistances(t);
        long total = 0;
        int max = 0;
        int senders = 0;
        for (int s = 0; s < destination.length; s++) {
            if (destination[s] != s) {
                int d = distances.distance(s, destination[s]);
                if (d < 0) {
                    throw new InvalidInputException("node " + destination[s] + " is unreachable from " + s + " in " + t.spec()
                            + "; expected a network where every sender reaches its destination");
                }
                total += d;
                max = Math.max(max, d);
                senders++;
            }
        }
        return new PatternHops(senders, total, max);
    }

    /** {@code ccopt traffic}'s report: a pattern drawn on a network (with {@code seed} where it is random), and its hops. */
    public record Report(Topology topology, TrafficPattern pattern, long seed, int[] destinations, PatternHops hops) {

        /** The figures {@code --json} prints, in order (the seed null for a pattern that draws nothing). */
        public java.util.Map<String, Object> figures() {
            java.util.Map<String, Object> r = new java.util.LinkedHashMap<>();
            r.put("topology", topology.spec());
            r.put("pattern", pattern.label());
            r.put("seed", pattern.isRandom() ? seed : null);
            r.put("senders", hops.senders());
            r.put("totalHops", hops.totalHops());
            r.put("averageHops", hops.averageHops());
            r.put("maxHops", hops.maxHops());
            r.put("destinations", destinations);
            return r;
        }

        /** The report as text: the hops, then every node's destination, about 100 characters a line. */
        public java.util.List<String> lines() {
            java.util.List<String> lines = new java.util.ArrayList<>();
            lines.add(String.format(java.util.Locale.ROOT, "%s on %s: %d senders, %d hops in total, %.3f average, %d at most",
                    pattern.label(), topology.spec(), hops.senders(), hops.totalHops(), hops.averageHops(), hops.maxHops()));
            StringBuilder s = new StringBuilder("  ");
            for (int i = 0; i < destinations.length; i++) {
                s.append(i).append("->").append(destinations[i]).append(i + 1 < destinations.length ? ", " : "");
                if (s.length() > 100) {
                    lines.add(s.toString().stripTrailing());
                    s = new StringBuilder("  ");
                }
            }
            if (s.length() > 2) {
                lines.add(s.toString());
            }
            return lines;
        }
    }

    /** What {@code ccopt traffic} draws: a pattern on a network, with {@code seed} where it is random. */
    public record Request(Topology topology, TrafficPattern pattern, long seed) {
    }

    /** The job of {@code ccopt traffic}. */
    public static final AsJob JOB = new AsJob();

    /** {@code ccopt traffic} as a library job: the request's options and their reading. */
    public static final class AsJob extends DeclaredJob<Request, Report> {

        private static final JobOptions OPTIONS = JobOptions.of("traffic", List.of(TopologySpec.OPTION,
                JobOption.text("pattern", "PATTERN", TrafficPattern.NAMES).asRequired(),
                JobOption.wholeLong("seed", 1, "Seed of random patterns").withApplies(new JobOption.Applies("to a random "
                        + "pattern (rpar, rrng, randperm, uniform), which it draws", v -> randomPattern(v.text("pattern")),
                        java.util.Map.of("topology", "torus:4x4", "pattern", "trns", "seed", "4")))));

        /** Whether {@code name} is a random pattern (true for one the run refuses, which says why itself). */
        private static boolean randomPattern(String name) {
            try {
                return name == null || TrafficPattern.parse(name).isRandom();
            } catch (org.ccopt.InvalidInputException e) {
                return true;
            }
        }

        /** For {@link java.util.ServiceLoader}; use {@link PatternHops#JOB}. */
        public AsJob() {
            super(OPTIONS, v -> new Request(TopologySpec.parse(v.text("topology")), TrafficPattern.parse(v.text("pattern")),
                    v.wholeLong("seed")), q -> report(q.topology(), q.pattern(), q.seed()), Report::figures);
        }
    }

    /** Draws {@code pattern} on {@code t} and counts its hops. */
    public static Report report(Topology t, TrafficPattern pattern, long seed) {
        int[] destinations = pattern.destinations(t, seed);
        return new Report(t, pattern, seed, destinations, of(t, destinations));
    }

    /** Hops per sender (0 where none sends). */
    public double averageHops() {
        return senders == 0 ? 0.0 : (double) totalHops / senders;
    }
}
