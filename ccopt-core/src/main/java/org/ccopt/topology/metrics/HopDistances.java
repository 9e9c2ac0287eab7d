package org.ccopt.topology.metrics;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * Hop distances by breadth-first search over the CSR channel arrays. A hop is one channel, so in an
 * indirect network the distance between two terminals includes the channels to and from their switches.
 *
 * <p>{@link #summarize} runs one BFS per terminal source, in parallel over sources, each worker with its own
 * preallocated {@code int[]} distance and queue arrays; the sums are integers, so the result is identical
 * whatever the thread count. Instances cache the distances <em>to</em> each destination (reverse BFS), which
 * is what path enumeration needs.
 */
public final class HopDistances {

    /** Distance value for "unreachable". */
    public static final int UNREACHABLE = -1;

    private final Topology topology;
    private final AtomicReferenceArray<int[]> toDestination;

    public HopDistances(Topology topology) {
        this.topology = topology;
        this.toDestination = new AtomicReferenceArray<>(topology.nodeCount());
    }

    public Topology topology() {
        return topology;
    }

    /** Distances from every node to {@code destination} (cached; do not modify the returned array). */
    public int[] to(int destination) {
        int[] d = toDestination.get(destination);
        if (d == null) {
            d = new int[topology.nodeCount()];
            bfs(topology, destination, true, d, new int[topology.nodeCount()]);
            toDestination.compareAndSet(destination, null, d);
            d = toDestination.get(destination);
        }
        return d;
    }

    /** The distances to {@code destination} if {@link #to} computed them already, else null (nothing is computed). */
    public int[] cached(int destination) {
        return toDestination.get(destination);
    }

    public int distance(int from, int to) {
        return to(to)[from];
    }

    /**
     * BFS from {@code root}, forward along channels or, with {@code reverse}, backwards (giving distances to
     * the root). Fills {@code dist} (UNREACHABLE where not reached) and uses {@code queue} as scratch. A path passes
     * only through nodes that relay ({@link Topology#relays}): a processor of an indirect network gets its distance
     * but is not searched beyond. Allocates nothing.
     *
     * @return the number of nodes reached, root included
     */
    public static int bfs(Topology t, int root, boolean reverse, int[] dist, int[] queue) {
        java.util.Arrays.fill(dist, UNREACHABLE);
        dist[root] = 0;
        queue[0] = root;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int u = queue[head++];
            if (u != root && !t.relays(u)) {
                continue;
            }
            int next = dist[u] + 1;
            if (reverse) {
                for (int i = t.inStart(u), end = t.inEnd(u); i < end; i++) {
                    int v = t.channelSource(t.inChannel(i));
                    if (dist[v] == UNREACHABLE) {
                        dist[v] = next;
                        queue[tail++] = v;
                    }
                }
            } else {
                for (int c = t.outStart(u), end = t.outEnd(u); c < end; c++) {
                    int v = t.channelTarget(c);
                    if (dist[v] == UNREACHABLE) {
                        dist[v] = next;
                        queue[tail++] = v;
                    }
                }
            }
        }
        return tail;
    }

    /** The most node and channel visits {@link #summarize} makes (a few minutes on two cores). */
    public static final long MAX_VISITS = 1L << 37;

    /**
     * Diameter and average shortest path length over <em>ordered pairs of distinct terminals</em>
     * (s, d), s != d; ASPL = (sum of d(s, d)) / (T (T - 1)).
     *
     * @param threads worker threads (1 = run on the calling thread)
     */
    public static Summary summarize(Topology t, int threads) {
        int terminals = t.terminalCount();
        if (t.geometry() != null && t.geometry().vertexTransitive() && terminals == t.nodeCount() && terminals > 1) {
            // every node sees the same distances (a torus, a hypercube): one search stands for all T of them
            int[] dist = new int[terminals];
            int reached = bfs(t, 0, false, dist, new int[terminals]);
            long sum = 0;
            int max = 0;
            for (int x : dist) {
                if (x != UNREACHABLE) {
                    sum += x;
                    max = Math.max(max, x);
                }
            }
            return new Summary(terminals, (long) terminals * (terminals - 1), sum * terminals, max, reached == terminals);
        }
        long visits = (long) terminals * (t.nodeCount() + (long) t.channelCount());
        if (visits > MAX_VISITS) {
            throw new InvalidInputException("the exact diameter and ASPL of " + t.spec() + " need " + terminals
                    + " breadth-first searches (about " + visits + " node and channel visits); at most " + MAX_VISITS
                    + " are made: use a smaller network");
        }
        AtomicLong sum = new AtomicLong();
        AtomicLong unreachable = new AtomicLong();
        AtomicInteger max = new AtomicInteger();
        AtomicInteger nextSource = new AtomicInteger();
        Runnable worker = () -> {
            int[] dist = new int[t.nodeCount()];
            int[] queue = new int[t.nodeCount()];
            long localSum = 0;
            long localUnreachable = 0;
            int localMax = 0;
            for (int s = nextSource.getAndIncrement(); s < terminals; s = nextSource.getAndIncrement()) {
                bfs(t, s, false, dist, queue);
                for (int d = 0; d < terminals; d++) {
                    int x = dist[d];
                    if (x == UNREACHABLE) {
                        localUnreachable++;
                    } else {
                        localSum += x;
                        if (x > localMax) {
                            localMax = x;
                        }
                    }
                }
            }
            sum.addAndGet(localSum);
            unreachable.addAndGet(localUnreachable);
            max.accumulateAndGet(localMax, Math::max);
        };
        int workers = Math.max(1, Math.min(threads, terminals));
        if (workers == 1) {
            worker.run();
        } else {
            ForkJoinPool pool = new ForkJoinPool(workers);
            try {
                var tasks = new java.util.ArrayList<java.util.concurrent.Future<?>>();
                for (int w = 0; w < workers; w++) {
                    tasks.add(pool.submit(worker));
                }
                for (var task : tasks) {
                    task.get();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while computing distances", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("distance computation failed", e.getCause());
            } finally {
                pool.shutdown();
            }
        }
        long pairs = (long) terminals * (terminals - 1);
        return new Summary(terminals, pairs, sum.get(), max.get(), unreachable.get() == 0);
    }

    /**
     * Terminal-pair distance statistics.
     *
     * @param terminals terminal count T
     * @param pairs     ordered pairs of distinct terminals, T (T - 1)
     * @param totalHops sum of hop distances over those pairs
     * @param diameter  largest hop distance over those pairs
     * @param connected every terminal reaches every other terminal
     */
    public record Summary(int terminals, long pairs, long totalHops, int diameter, boolean connected) {
        public double aspl() {
            return pairs == 0 ? 0 : (double) totalHops / pairs;
        }
    }
}
