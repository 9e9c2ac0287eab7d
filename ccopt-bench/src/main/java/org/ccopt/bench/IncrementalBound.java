package org.ccopt.bench;

import java.util.SplittableRandom;
import org.ccopt.cupstack.Chromosome;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.GeneSpace;
import org.ccopt.cupstack.Method;
import org.ccopt.cupstack.Problem;
import org.ccopt.cupstack.SortKey;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * How much incremental re-simulation could save the Cup-Stacking GA, at most: for mutants drawn as the GA draws them
 * (from the population of a run of {@code generations} generations), the first cycle in which the mutant's link trace
 * (every flit crossing a link, with its slice, and every blocked output) differs from its parent's. Before that cycle
 * no flit moved differently, so a re-simulation could start there at the latest; the bound is every mutant's cycles
 * over the cycles from that point on. The link trace can miss a difference (two packets of one slice swapping), so the
 * bound can only be too generous.
 *
 * <p>Usage: {@code java -cp ccopt-bench/target/benchmarks.jar org.ccopt.bench.IncrementalBound [TOPOLOGY TRAFFIC
 * GENERATIONS MUTANTS SEED [mutate|neighbour]]} (defaults: torus:16x16 brot 100 200 1 mutate; {@code neighbour}: the
 * one-gene moves of ccopt's late-acceptance search instead of the GA's mutation).
 */
public final class IncrementalBound {

    private IncrementalBound() {
    }

    public static void main(String[] args) {
        String topology = args.length > 0 ? args[0] : "torus:16x16";
        String traffic = args.length > 1 ? args[1] : "brot";
        int generations = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int mutants = args.length > 3 ? Integer.parseInt(args[3]) : 200;
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1;
        boolean oneGene = args.length > 5 && args[5].equals("neighbour");
        FlitSetup setup = FlitSetup.of(TopologySpec.parse(topology));
        TrafficPattern pattern = TrafficPattern.parse(traffic);
        SortKey key = SortKey.T01;
        Problem problem = new Problem(setup, pattern.destinations(setup.topology(), 1), 2, 1, 8, key.reinitializes(),
                key.interlocks());
        // ccopt cupstack's defaults (CupstackRequest.OPTIONS)
        CupStackGa.Settings ga = new CupStackGa.Settings(50, generations, 100, 0.02, 10, 0.8, 25, CupStackGa.Tie.AGE, 200, 0,
                1000, seed);
        try (CupStackRun run = new CupStackRun(CupStackRun.Options.of(Method.FULL, problem, key, ga, traffic))) {
            CupStackGa.State s = run.ga().run(run.ga().initial(), x -> { });
            GeneSpace space = run.space();
            RouterConfig base = run.baseConfig();
            FlitSimulator sim = setup.simulator();
            LinkTrace parentTrace = new LinkTrace();
            LinkTrace childTrace = new LinkTrace();
            SplittableRandom rnd = new SplittableRandom(seed);
            long all = 0;
            long after = 0;
            long[] histogram = new long[11];
            for (int i = 0; i < mutants; i++) {
                Chromosome parent = s.population()[i % s.population().length];
                Chromosome child = oneGene ? space.neighbour(parent, rnd) : space.mutate(parent, ga.mutationRate(), rnd);
                SimResult p = run(sim, parentTrace, space.config(parent, base), problem.workload(parent));
                SimResult c = run(sim, childTrace, space.config(child, base), problem.workload(child));
                int diverge = firstDifference(parentTrace, childTrace);
                int duration = c.durationCycles();
                int from = Math.min(diverge, duration);
                all += duration;
                after += duration - from;
                histogram[(int) (10L * from / Math.max(1, duration))]++;
                if (i < 5) {
                    System.out.printf("mutant %d: parent %d cycles, child %d, traces part at cycle %d%n", i,
                            p.durationCycles(), duration, diverge);
                }
            }
            System.out.printf("%s %s, GA of %d generations (seed %d), %d %s%n", topology, traffic, generations, seed,
                    mutants, oneGene ? "one-gene moves of the late-acceptance search" : String.format(
                    "mutants at r_m %.2f (%d of %d genes each)", ga.mutationRate(),
                    Math.max(1, Math.round(ga.mutationRate() * space.alterableGenes())), space.alterableGenes()));
            System.out.printf("  cycles simulated in full %d, from the first difference on %d: at most %.2fx fewer%n", all,
                    after, (double) all / Math.max(1, after));
            System.out.print("  share of the mutant's run before the first difference, by tenth:");
            for (long h : histogram) {
                System.out.print(" " + h);
            }
            System.out.println();
        }
    }

    private static SimResult run(FlitSimulator sim, LinkTrace trace, RouterConfig config, Workload w) {
        sim.trace(trace);
        try {
            return sim.run(config, w);
        } finally {
            sim.trace(null);
        }
    }

    /** The first cycle whose events differ between two traces (the shorter one's end if one is a prefix). */
    private static int firstDifference(LinkTrace a, LinkTrace b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            if (a.cycle(i) != b.cycle(i) || a.link(i) != b.link(i) || a.slice(i) != b.slice(i)) {
                return Math.min(a.cycle(i), b.cycle(i));
            }
        }
        return n < a.size() ? a.cycle(n) : n < b.size() ? b.cycle(n) : Integer.MAX_VALUE;
    }
}
