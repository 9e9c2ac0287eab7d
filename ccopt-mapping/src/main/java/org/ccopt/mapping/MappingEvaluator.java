package org.ccopt.mapping;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.LinkLoadBound;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Scores mappings for the node-mapping GA (Yokota et al. 2018, §4.2 and §5.1): the flit simulator's duration of
 * every traffic pattern under the mapping, summed (4 packets of 8 flits, dimension-order routing, 3 VCs by
 * default), and the average hop count over the patterns' source-destination pairs. The router is the set-up's: the
 * papers' under its model (on a network other than a torus or mesh it routes by the network's default routing
 * function), or BookSim's under its routing function, its random choices drawn from seed 0 so that a
 * duration depends on the mapping alone. The hop-only evaluator ({@code packets = 0}) skips the simulation.
 *
 * <p>A score depends only on the mapping (and the pruning reference), so evaluations run in parallel on a
 * fork-join pool, each worker with its own simulator, and repeated mappings are answered from a bounded cache (GA
 * populations often recreate a mapping); neither changes any result. A batch evaluates each distinct mapping once
 * and fills the cache after it, in index order, so the counters {@link #simulations()}, {@link #cacheHits()} and
 * {@link #pruned()} do not depend on thread timing either: the same run prints the same counts.
 */
public final class MappingEvaluator implements AutoCloseable {

    /** Largest number of terminals the all-pairs distance table is built for. */
    public static final int MAX_TERMINALS = 8192;
    private static final int CACHE_LIMIT = 200_000;

    private final FlitSetup setup;
    private final int n;
    private final int[][] patterns;
    private final int[] distance;
    private final int pairs;
    private final int packets;
    private final int flitsPerPacket;
    private final RouterConfig config;
    private final PatternTiming timing;
    private final LinkLoadBound bound;
    private final ThreadLocal<FlitRouter> simulators;
    private final ForkJoinPool pool;
    private final ConcurrentHashMap<Key, MappingScore> cache = new ConcurrentHashMap<>();
    private final AtomicLong simulations = new AtomicLong();
    private final AtomicLong cacheHits = new AtomicLong();
    private final AtomicLong pruned = new AtomicLong();

    /**
     * @param patterns logical destination of every logical node, one array per pattern
     * @param packets  packets per node for the simulation, or 0 for the hop-only evaluator
     * @param setup    the network and router: the papers' router under its model, or BookSim's router
     */
    public MappingEvaluator(FlitSetup setup, int[][] patterns, int packets, int flitsPerPacket, int threads) {
        this(setup, patterns, packets, flitsPerPacket, threads, null);
    }

    /**
     * An evaluator whose pattern durations come from {@code timing} (null: one plain simulation of the pattern,
     * the 2018 paper's score); a joint spatio-temporal search scores a mapping by its patterns' durations after
     * stacking this way. {@code packets} x {@code flitsPerPacket} must be the flits a node sends under the timing.
     */
    public MappingEvaluator(FlitSetup setup, int[][] patterns, int packets, int flitsPerPacket, int threads,
                            PatternTiming timing) {
        this.setup = setup;
        Topology topology = setup.topology();
        this.n = topology.terminalCount();
        if (n > MAX_TERMINALS) {
            throw new InvalidInputException("node mapping on '" + topology.spec() + "' (" + n + " terminals) is too large; "
                    + "at most " + MAX_TERMINALS + " terminals are supported");
        }
        org.ccopt.util.Workers.check("threads", threads);
        this.patterns = patterns;
        this.packets = packets;
        this.flitsPerPacket = flitsPerPacket;
        this.distance = distances(topology);
        int count = 0;
        for (int[] p : patterns) {
            if (p.length != n) {
                throw new InvalidInputException("traffic pattern covers " + p.length + " nodes; the topology has " + n + " terminals");
            }
            for (int s = 0; s < n; s++) {
                count += p[s] != s ? 1 : 0;
            }
        }
        this.pairs = count;
        if (packets > 0) {
            FlitRouter probe = setup.router(); // refuses here, on the caller's thread, a routing the network cannot take
            RouterConfig uniform = setup.uniformConfig(setup.defaultScheme());
            this.config = uniform;
            this.timing = timing != null ? timing : (sim, k, dest, lower, limit, counter) -> {
                counter.incrementAndGet();
                return sim.durationWithin(uniform, Workload.simple(dest, packets, flitsPerPacket), limit);
            };
            this.bound = n <= LinkLoadBound.MAX_TABLE_NODES ? LinkLoadBound.of(probe, setup.kind()) : null;
            this.simulators = ThreadLocal.withInitial(setup::router);
            this.simulators.set(probe);
        } else {
            if (timing != null) {
                throw new IllegalArgumentException("a pattern timing needs simulated scores (packets >= 1)");
            }
            this.config = null;
            this.timing = null;
            this.bound = null;
            this.simulators = null;
        }
        this.pool = new ForkJoinPool(threads);
    }

    /** The network and router its scores come from. */
    public FlitSetup setup() {
        return setup;
    }

    public Topology topology() {
        return setup.topology();
    }

    public int terminals() {
        return n;
    }

    public int[][] patterns() {
        return patterns;
    }

    /** Hop distance between physical terminals a and b: {@code distance()[a * n + b]}; do not modify. */
    public int[] distance() {
        return distance;
    }

    boolean simulates() {
        return packets > 0;
    }

    public long simulations() {
        return simulations.get();
    }

    public long cacheHits() {
        return cacheHits.get();
    }

    public long pruned() {
        return pruned.get();
    }

    /** Scores {@code mappings[from..to)} into {@code out}, in parallel; see {@link #score(int[], MappingScore, Ranking)}. */
    public void evaluate(int[][] mappings, int from, int to, MappingScore[] out, MappingScore kept, Ranking order) {
        // the first occurrence of each mapping not yet cached is computed, in parallel; everything else is answered
        // afterwards on this thread, in index order, as score() would answer it
        java.util.Set<Key> first = new java.util.HashSet<>();
        boolean[] computed = new boolean[to - from];
        for (int i = from; i < to; i++) {
            Key key = new Key(mappings[i]); // only looked up while the batch runs: remember() stores a copy
            computed[i - from] = !cache.containsKey(key) && first.add(key);
        }
        pool.submit(() -> IntStream.range(from, to).parallel().filter(i -> computed[i - from])
                .forEach(i -> out[i] = compute(mappings[i], kept, order))).join();
        for (int i = from; i < to; i++) {
            if (computed[i - from]) {
                remember(mappings[i], out[i]);
            } else {
                out[i] = score(mappings[i], kept, order);
            }
        }
    }

    /** The score of physical addressing (logical address = physical node), the papers' reference. */
    public MappingScore physicalAddressing() {
        int[] identity = new int[n];
        for (int i = 0; i < n; i++) {
            identity[i] = i;
        }
        return score(identity);
    }

    /** The exact score of one mapping, on the calling thread. */
    public MappingScore score(int[] gamma) {
        return score(gamma, null, SurvivalOrder.SC);
    }

    /**
     * Scores one mapping on the calling thread. With a {@code kept} score (the worst mapping the GA keeps), the
     * evaluation stops as soon as the mapping provably ranks after it under {@code order} — its hop total alone,
     * or a duration past the remaining cycle budget — and returns an inexact score; exact scores are identical
     * to those of a full evaluation, so pruning never changes which mappings survive.
     */
    public MappingScore score(int[] gamma, MappingScore kept, Ranking order) {
        boolean pruning = kept != null && kept.exact() && packets > 0;
        MappingScore cached = cache.get(new Key(gamma));
        if (cached != null) {
            cacheHits.incrementAndGet();
            // answer as the evaluation would have, so that results never depend on what the cache holds
            return pruning && order.comparator().compare(cached, kept) > 0 ? pruned(cached.totalHops()) : cached;
        }
        MappingScore score = compute(gamma, kept, order);
        remember(gamma, score);
        return score;
    }

    /** Caches an exact score (while the cache has room). */
    private void remember(int[] gamma, MappingScore score) {
        if (score.exact() && cache.size() < CACHE_LIMIT) {
            cache.putIfAbsent(new Key(gamma.clone()), score);
        }
    }

    /** The score of one mapping, simulated (no cache): see {@link #score(int[], MappingScore, Ranking)}. */
    private MappingScore compute(int[] gamma, MappingScore kept, Ranking order) {
        boolean pruning = kept != null && kept.exact() && packets > 0;
        int[] position = new int[n];
        for (int p = 0; p < n; p++) {
            position[gamma[p]] = p;
        }
        int[][] dest = new int[patterns.length][n];
        // a pattern lasts at least P L + h + 1 cycles for its farthest sender (P L injections, h hops, 1 ejection), and
        // at least its busiest channel's flits plus the shortest way to and from that channel (LinkLoadBound)
        long[] minimumLater = new long[patterns.length + 1];
        long hops = 0;
        for (int k = 0; k < patterns.length; k++) {
            int[] pattern = patterns[k];
            int farthest = -1;
            for (int p = 0; p < n; p++) {
                dest[k][p] = position[pattern[gamma[p]]];
                int h = distance[p * n + dest[k][p]];
                hops += h;
                farthest = dest[k][p] == p ? farthest : Math.max(farthest, h);
            }
            minimumLater[k] = farthest < 0 ? 0 : (long) packets * flitsPerPacket + farthest + 1;
            if (bound != null && packets > 0) {
                minimumLater[k] = Math.max(minimumLater[k], bound.cycles(dest[k], packets * flitsPerPacket));
            }
        }
        int[] lowest = new int[patterns.length];
        for (int k = patterns.length - 1; k >= 0; k--) {
            lowest[k] = (int) minimumLater[k];
            minimumLater[k] = minimumLater[k + 1] + minimumLater[k]; // from here: the sum over patterns k..end
        }
        long limit = pruning ? order.cycleLimit(kept, hops) : Long.MAX_VALUE;
        long cycles = 0;
        for (int k = 0; packets > 0 && k < patterns.length; k++) {
            long left = limit == Long.MAX_VALUE ? limit : limit - cycles - minimumLater[k + 1];
            boolean hopeless = left < minimumLater[k] - minimumLater[k + 1];
            int d = hopeless ? -1 : timing.durationWithin(simulators.get(), k, dest[k], lowest[k],
                    (int) Math.min(Integer.MAX_VALUE, left), simulations);
            if (d < 0) {
                return pruned(hops);
            }
            cycles += d;
        }
        return new MappingScore(cycles, hops, pairs, true);
    }

    private MappingScore pruned(long hops) {
        pruned.incrementAndGet();
        return new MappingScore(0, hops, pairs, false);
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    private static int[] distances(Topology t) {
        int n = t.terminalCount();
        int[] d = new int[n * n];
        int[] dist = new int[t.nodeCount()];
        int[] queue = new int[t.nodeCount()];
        for (int a = 0; a < n; a++) {
            HopDistances.bfs(t, a, false, dist, queue);
            for (int b = 0; b < n; b++) {
                if (dist[b] == HopDistances.UNREACHABLE) {
                    throw new InvalidInputException("terminal " + b + " is unreachable from " + a + " in '" + t.spec() + "'");
                }
                d[a * n + b] = dist[b];
            }
        }
        return d;
    }

    private record Key(int[] gamma) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(gamma, k.gamma);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(gamma);
        }
    }
}
