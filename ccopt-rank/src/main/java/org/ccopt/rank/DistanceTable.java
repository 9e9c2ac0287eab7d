package org.ccopt.rank;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.BitParallelBfs;

/**
 * Hop distances between the P mapped terminals of a job, and only between them: a dense P x P table of bytes,
 * {@code d(i, j)} = channels on a shortest path from mapped terminal i to mapped terminal j, through any node of
 * the network. Rank placement only ever asks for distances between two mapped nodes, so the table is P^2 bytes
 * rather than the N^2 ints of an all-pairs matrix: 256 KiB for 512 processes, 1 GiB for 32,768 processes on a
 * 65,536-node network (whose N x N int matrix would need 16 GiB). A network with a distance above 127 hops (a long
 * ring, a large mesh) gets a table of 16-bit entries instead, twice the size, up to {@link BitParallelBfs#MAX_LEVEL}
 * hops.
 *
 * <p>Built by {@link BitParallelBfs}, 64 destinations at a time (backwards, so one-way networks get d(from, to)
 * right). Batches run on the given number of threads and write disjoint columns, so the table does not depend on
 * the thread count.
 */
abstract sealed class DistanceTable permits DistanceTable.Narrow, DistanceTable.Wide {

    /** Largest P whose P^2 table fits one Java array. */
    public static final int MAX_PROCS = 46_340;

    private final int size;
    private final int diameter;
    private final boolean symmetric;

    private DistanceTable(int size, int diameter, boolean symmetric) {
        this.size = size;
        this.diameter = diameter;
        this.symmetric = symmetric;
    }

    /**
     * Distances up to 127 hops in bytes, -1 when unreachable. A run uses one of the two subclasses, so the hot
     * {@link #distance} call stays monomorphic and as cheap as a plain byte table's.
     */
    static final class Narrow extends DistanceTable {
        private final byte[] table;

        private Narrow(int size, byte[] table, int diameter, boolean symmetric) {
            super(size, diameter, symmetric);
            this.table = table;
        }

        @Override
        public int distance(int i, int j) {
            return table[i * size() + j];
        }
    }

    /** Distances above 127 hops in 16-bit entries, -1 when unreachable. */
    static final class Wide extends DistanceTable {
        private final short[] table;

        private Wide(int size, short[] table, int diameter, boolean symmetric) {
            super(size, diameter, symmetric);
            this.table = table;
        }

        @Override
        public int distance(int i, int j) {
            return table[i * size() + j];
        }
    }

    /** Signals that a byte table cannot hold a distance: build the 16-bit one. */
    private static final class TooFar extends RuntimeException {
        TooFar() {
            super(null, null, false, false);
        }
    }

    /**
     * @param nodes   the mapped terminals, index i = mapped node i
     * @param threads worker threads for the BFS batches (the result is the same for any count)
     */
    public static DistanceTable build(Topology topology, int[] nodes, int threads) {
        int p = nodes.length;
        if (p > MAX_PROCS) {
            throw InvalidInputException.parameter("procs", p + " is too large for the P x P distance table; expected at most "
                    + MAX_PROCS);
        }
        try {
            return build(topology, nodes, threads, false);
        } catch (TooFar e) {
            return build(topology, nodes, threads, true);
        }
    }

    private static DistanceTable build(Topology topology, int[] nodes, int threads, boolean wideTable) {
        int p = nodes.length;
        byte[] table = wideTable ? null : new byte[p * p];
        short[] wide = wideTable ? new short[p * p] : null;
        if (wideTable) {
            java.util.Arrays.fill(wide, (short) -1);
        } else {
            java.util.Arrays.fill(table, (byte) -1);
        }
        int n = topology.nodeCount();
        int[] indexOf = new int[n];
        java.util.Arrays.fill(indexOf, -1);
        for (int i = 0; i < p; i++) {
            if (indexOf[nodes[i]] >= 0) {
                throw new IllegalArgumentException("node " + nodes[i] + " is mapped twice");
            }
            indexOf[nodes[i]] = i;
        }
        int batches = (p + 63) / 64;
        AtomicInteger next = new AtomicInteger();
        int[] diameters = new int[batches];
        Runnable worker = () -> {
            BitParallelBfs bfs = new BitParallelBfs(topology);
            for (int b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                int base = 64 * b;
                int[] farthest = new int[1];
                bfs.run(nodes, base, Math.min(64, p - base), (v, sources, level) -> {
                    int row = indexOf[v];
                    if (row < 0) {
                        return;
                    }
                    if (!wideTable && level > Byte.MAX_VALUE) {
                        throw new TooFar();
                    }
                    int offset = row * p + base;
                    for (long bits = sources; bits != 0; bits &= bits - 1) {
                        if (wideTable) {
                            wide[offset + Long.numberOfTrailingZeros(bits)] = (short) level;
                        } else {
                            table[offset + Long.numberOfTrailingZeros(bits)] = (byte) level;
                        }
                    }
                    farthest[0] = level;
                });
                diameters[b] = farthest[0];
            }
        };
        runAll(worker, Math.max(1, Math.min(threads, batches)));
        int diameter = 0;
        for (int d : diameters) {
            diameter = Math.max(diameter, d);
        }
        return wideTable ? new Wide(p, wide, diameter, !topology.isOneWay())
                : new Narrow(p, table, diameter, !topology.isOneWay());
    }

    private static void runAll(Runnable worker, int threads) {
        if (threads == 1) {
            worker.run();
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, "ccopt-distances");
            th.setDaemon(true);
            return th;
        });
        try {
            Future<?>[] futures = new Future<?>[threads];
            for (int i = 0; i < threads; i++) {
                futures[i] = pool.submit(worker);
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while computing distances", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Number of mapped nodes P. */
    public int size() {
        return size;
    }

    /** Hops from mapped node i to mapped node j, or -1 when j is unreachable from i. */
    public abstract int distance(int i, int j);

    /** True on two-way networks, where d(i, j) = d(j, i). */
    public boolean symmetric() {
        return symmetric;
    }

    /** The largest finite distance between two mapped nodes. */
    public int diameter() {
        return diameter;
    }

    /** True when every mapped node reaches every other. */
    public boolean connected() {
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                if (distance(i, j) < 0) {
                    return false;
                }
            }
        }
        return true;
    }
}
