package org.ccopt.rank;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * Hop distances between the P mapped terminals of a job, and only between them: a dense P x P table of bytes,
 * {@code d(i, j)} = channels on a shortest path from mapped terminal i to mapped terminal j, through any node of
 * the network. Rank placement only ever asks for distances between two mapped nodes, so the table is P^2 bytes
 * rather than the N^2 ints of an all-pairs matrix: 256 KiB for 512 processes, 1 GiB for 32,768 processes on a
 * 65,536-node network (whose N x N int matrix would need 16 GiB).
 *
 * <p>Built by a bit-parallel multi-source BFS: 64 destinations at a time, every node holds a 64-bit word of the
 * destinations it has reached, and one sweep over the channels per level advances all 64 searches at once (the
 * search runs backwards, along channels into the frontier, so one-way networks get d(from, to) right). Batches
 * run on the given number of threads and write disjoint columns, so the table does not depend on the thread
 * count.
 */
public final class DistanceTable {

    /** Largest P whose P^2 table fits one Java array. */
    public static final int MAX_PROCS = 46_340;

    private final int size;
    private final byte[] table;
    private final int diameter;
    private final boolean symmetric;

    private DistanceTable(int size, byte[] table, int diameter, boolean symmetric) {
        this.size = size;
        this.table = table;
        this.diameter = diameter;
        this.symmetric = symmetric;
    }

    /**
     * @param nodes   the mapped terminals, index i = mapped node i
     * @param threads worker threads for the BFS batches (the result is the same for any count)
     */
    public static DistanceTable build(Topology topology, int[] nodes, int threads) {
        int p = nodes.length;
        if (p > MAX_PROCS) {
            throw new InvalidInputException("--procs " + p + " is too large for the P x P distance table; expected at most "
                    + MAX_PROCS);
        }
        byte[] table = new byte[p * p];
        java.util.Arrays.fill(table, (byte) -1);
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
            long[] visited = new long[n];
            long[] frontier = new long[n];
            long[] fresh = new long[n];
            for (int b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                diameters[b] = batch(topology, nodes, indexOf, table, b, visited, frontier, fresh);
            }
        };
        runAll(worker, Math.max(1, Math.min(threads, batches)));
        int diameter = 0;
        for (int d : diameters) {
            diameter = Math.max(diameter, d);
        }
        return new DistanceTable(p, table, diameter, !topology.isOneWay());
    }

    /** Backward BFS from mapped nodes 64b .. 64b+63 at once; returns the largest distance found. */
    private static int batch(Topology t, int[] nodes, int[] indexOf, byte[] table, int b, long[] visited,
                             long[] frontier, long[] fresh) {
        int p = nodes.length;
        int n = t.nodeCount();
        java.util.Arrays.fill(visited, 0L);
        java.util.Arrays.fill(frontier, 0L);
        int base = 64 * b;
        int width = Math.min(64, p - base);
        long all = width == 64 ? -1L : (1L << width) - 1;
        for (int k = 0; k < width; k++) {
            int v = nodes[base + k];
            frontier[v] |= 1L << k;
            visited[v] |= 1L << k;
            table[(base + k) * p + base + k] = 0;
        }
        int level = 0;
        int reachedAll = 0;
        boolean active = true;
        while (active) {
            level++;
            if (level > 127) {
                throw new IllegalStateException("distance above 127 hops in " + t.spec());
            }
            active = false;
            for (int v = 0; v < n; v++) {
                long seen = visited[v];
                if (seen == all) {
                    fresh[v] = 0;
                    continue;
                }
                long reach = 0;
                for (int c = t.outStart(v), end = t.outEnd(v); c < end; c++) {
                    reach |= frontier[t.channelTarget(c)];
                }
                reach &= ~seen;
                fresh[v] = reach;
                if (reach != 0) {
                    active = true;
                }
            }
            for (int v = 0; v < n; v++) {
                long reach = fresh[v];
                frontier[v] = reach;
                if (reach == 0) {
                    continue;
                }
                visited[v] |= reach;
                int row = indexOf[v];
                if (row >= 0) {
                    int offset = row * p + base;
                    while (reach != 0) {
                        int k = Long.numberOfTrailingZeros(reach);
                        table[offset + k] = (byte) level;
                        reach &= reach - 1;
                    }
                    reachedAll = level;
                }
            }
        }
        return reachedAll;
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
    public int distance(int i, int j) {
        return table[i * size + j];
    }

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
        for (byte d : table) {
            if (d < 0) {
                return false;
            }
        }
        return true;
    }
}
