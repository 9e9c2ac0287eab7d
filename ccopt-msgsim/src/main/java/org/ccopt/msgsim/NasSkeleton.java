package org.ccopt.msgsim;

import java.util.Arrays;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.MpiAlgorithm;

/**
 * Communication-and-computation skeletons of four NAS Parallel Benchmarks (NPB 3.x MPI), class A, as the thesis ran
 * them in SimGrid (Cui 2024, §3.4.3, §4.5.3 and §5.5: FT, IS, MG, LU with 128 processes, reporting Mop/s). A skeleton
 * is a {@link Program}: per-rank computation delays of (operations / node speed) and the benchmark's messages, each
 * collective by the core's algorithm (binomial broadcast, recursive-doubling allreduce, Bruck alltoall, as the thesis
 * configures its MPI). Mop/s = the benchmark's own operation count (the formula each NPB code prints) / simulated
 * seconds / 10^6.
 *
 * <p>Where the numbers come from (NPB 3.x sources and the NPB report, Bailey et al. 1991 / NAS-95-020), and what is
 * simplified:
 * <ul>
 *   <li><b>FT</b>: 256 x 256 x 128 complex grid, 6 iterations. One forward 3-D FFT, then per iteration evolve, an
 *       inverse FFT and a checksum. Each FFT transposes the whole array with one alltoall: 2^23 x 16 B / P per rank
 *       (1 MiB at P = 128). The checksum is a reduction of one complex number (an allreduce of 16 B here). Operations:
 *       ntotal (14.8157 + 7.19641 ln ntotal + (5.23518 + 7.21113 ln ntotal) niter) (ft.f), spread evenly over the 7
 *       FFTs.
 *   <li><b>IS</b>: 2^23 keys, 2^19 maximum key, 2^10 buckets, 10 iterations. Per iteration an allreduce of the bucket
 *       sizes (2^10 ints = 4 KiB), an alltoall of the send counts (one int per rank pair) and the key exchange, an
 *       alltoallv modelled as an alltoall of the average 2^23 x 4 B / P per rank (256 KiB at P = 128). Operations:
 *       keys ranked, 2^23 x 10 (is.c); the final verification exchange is left out.
 *   <li><b>MG</b>: 256^3 grid, 4 V-cycle iterations, processes on a near-cubic grid (128 = 8 x 4 x 4, x first). Each
 *       iteration runs 23 ghost exchanges (comm3: the residual on the finest grid, one restriction per coarser level
 *       down to 2^1, the coarsest smoothing, and residual + smoothing per level on the way up). A ghost exchange swaps
 *       faces with both neighbours in x, then y, then z, of 8-byte values (the local face at that level, at least
 *       one point). Two allreduces of 16 B (the norms) close the run. Operations: 58 nit n^3 (mg.f), spread evenly over
 *       the exchanges.
 *   <li><b>LU</b>: 64^3 grid, 250 SSOR iterations, processes on a 2-D grid (128 = 16 x 8). Each iteration: a ghost
 *       exchange of the residual (2-deep faces of 5 variables) with the four neighbours, then the lower triangular
 *       sweep as a wavefront over the 62 interior k-planes (wait for west and north, compute, send 5 x (local edge)
 *       doubles to east and south) and the upper sweep back (from east and south, to west and north). One
 *       allreduce of 5 doubles (the norm) at the end. Operations per iteration: 1984.77 n^3 - 10923.3 n^2 + 27770.9 n
 *       - 144010 (lu.f, n = 64), half to each sweep, spread evenly over its planes. LU's 250 iterations are identical;
 *       {@code luIterations} of them are simulated (default 10) and the time is scaled to 250.
 * </ul>
 */
public final class NasSkeleton {

    /** The four benchmarks. */
    public enum App {
        FT, IS, MG, LU;

        /**
         * The collective a rank placement for this benchmark optimises (Cui 2024, Table 3.7): alltoall for FT and IS,
         * allreduce for MG and LU.
         */
        public String placementCollective() {
            return this == FT || this == IS ? "alltoall" : "allreduce";
        }

        public static App parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("unknown application '" + text + "'; expected ft, is, mg or lu");
            }
        }
    }

    /**
     * @param program    the skeleton
     * @param operations the benchmark's operation count (the Mop/s numerator, times 10^6)
     * @param timeScale  factor from the simulated time to the whole run (LU simulates some of its identical iterations)
     */
    public record Skeleton(App app, Program program, double operations, double timeScale) {

        /** The whole run's time from the simulated program's ({@link #timeScale} times it). */
        public double wholeRunSeconds(double simulated) {
            return simulated * timeScale;
        }
    }

    private NasSkeleton() {
    }

    /**
     * @param ranks        terminal of every rank (128 for the thesis's runs; FT and IS need a power of two, MG and LU a
     *                     process count whose grid the Javadoc describes)
     * @param flops        node speed in operations per second (100 GFLOPS in the thesis)
     * @param luIterations LU iterations simulated (1..250)
     */
    public static Skeleton build(App app, String problemClass, int[] ranks, double flops, int luIterations) {
        if (!problemClass.equalsIgnoreCase("A")) {
            throw new InvalidInputException("class '" + problemClass + "' is not modelled; expected A (the thesis's class)");
        }
        int p = ranks.length;
        if (p < 2 || Integer.bitCount(p) != 1) {
            throw new InvalidInputException("NAS " + app + " needs a power-of-two process count >= 2, not " + p);
        }
        if (!(flops > 0)) {
            throw new InvalidInputException("node speed " + flops + " is invalid; expected a positive number of operations per second");
        }
        Builder b = new Builder(ranks, flops);
        return switch (app) {
            case FT -> {
                double ntotal = 256.0 * 256 * 128;
                int niter = 6;
                double ops = ntotal * (14.8157 + 7.19641 * Math.log(ntotal) + (5.23518 + 7.21113 * Math.log(ntotal)) * niter);
                double perFft = ops / (niter + 1);
                b.compute(perFft);
                b.collective(MpiAlgorithm.ALLTOALL, ntotal * 16 / p);
                for (int it = 0; it < niter; it++) {
                    b.compute(perFft);
                    b.collective(MpiAlgorithm.ALLTOALL, ntotal * 16 / p);
                    b.collective(MpiAlgorithm.ALLREDUCE, 16);
                }
                yield new Skeleton(app, b.program, ops, 1);
            }
            case IS -> {
                double keys = 1 << 23;
                int iterations = 10;
                for (int it = 0; it < iterations; it++) {
                    b.compute(keys);
                    b.collective(MpiAlgorithm.ALLREDUCE, 4.0 * (1 << 10));
                    b.collective(MpiAlgorithm.ALLTOALL, 4.0 * p);
                    b.collective(MpiAlgorithm.ALLTOALL, keys * 4 / p);
                }
                yield new Skeleton(app, b.program, keys * iterations, 1);
            }
            case MG -> {
                int n = 256;
                int nit = 4;
                int[] grid = grid(p, 3);
                double ops = 58.0 * nit * n * (double) n * n;
                int top = Integer.numberOfTrailingZeros(n);
                int[] levels = mgExchangeLevels(top);
                double perExchange = ops / nit / levels.length;
                for (int it = 0; it < nit; it++) {
                    for (int level : levels) {
                        b.compute(perExchange);
                        int side = 1 << level;
                        int[] local = {Math.max(1, side / grid[0]), Math.max(1, side / grid[1]), Math.max(1, side / grid[2])};
                        for (int axis = 0; axis < 3; axis++) {
                            int face = local[(axis + 1) % 3] * local[(axis + 2) % 3];
                            b.neighbours(grid, axis, 8.0 * face);
                        }
                    }
                }
                b.collective(MpiAlgorithm.ALLREDUCE, 16);
                b.collective(MpiAlgorithm.ALLREDUCE, 16);
                yield new Skeleton(app, b.program, ops, 1);
            }
            case LU -> {
                if (luIterations < 1 || luIterations > 250) {
                    throw new InvalidInputException("LU iterations " + luIterations + " are out of range; expected 1..250");
                }
                int n = 64;
                int[] grid = grid(p, 2);
                int lx = Math.max(1, n / grid[0]);
                int ly = Math.max(1, n / grid[1]);
                double perIteration = 1984.77 * n * n * n - 10923.3 * n * n + 27770.9 * n - 144010.0;
                int planes = n - 2;
                double perPlane = perIteration / 2 / planes;
                for (int it = 0; it < luIterations; it++) {
                    b.neighbours(grid, 0, 8.0 * 5 * 2 * ly * n);
                    b.neighbours(grid, 1, 8.0 * 5 * 2 * lx * n);
                    b.wavefront(grid, planes, perPlane, 8.0 * 5 * ly, 8.0 * 5 * lx, true);
                    b.wavefront(grid, planes, perPlane, 8.0 * 5 * ly, 8.0 * 5 * lx, false);
                }
                b.collective(MpiAlgorithm.ALLREDUCE, 40);
                yield new Skeleton(app, b.program, perIteration * 250, 250.0 / luIterations);
            }
        };
    }

    /** MG's ghost exchanges per iteration, by grid level (2^level points per side), as the Javadoc lists them. */
    static int[] mgExchangeLevels(int top) {
        int[] levels = new int[2 + 3 * (top - 1)];
        int k = 0;
        levels[k++] = top;
        for (int level = top - 1; level >= 1; level--) {
            levels[k++] = level;
        }
        levels[k++] = 1;
        for (int level = 2; level <= top; level++) {
            levels[k++] = level;
            levels[k++] = level;
        }
        return Arrays.copyOf(levels, k);
    }

    /** A near-cubic (or near-square) process grid of a power of two, x first: 128 = 8 x 4 x 4 or 16 x 8. */
    static int[] grid(int p, int dims) {
        int[] g = new int[dims];
        Arrays.fill(g, 1);
        for (int left = p, d = 0; left > 1; left /= 2, d = (d + 1) % dims) {
            g[d] *= 2;
        }
        return g;
    }

    /** Builds a skeleton rank by rank: every rank's last task so far is its frontier. */
    private static final class Builder {
        final Program program = new Program();
        final int[] ranks;
        final int[] frontier;
        final double flops;

        Builder(int[] ranks, double flops) {
            this.ranks = ranks;
            this.flops = flops;
            frontier = new int[ranks.length];
            Arrays.fill(frontier, -1);
        }

        /** Every rank computes its share of {@code operations}. */
        void compute(double operations) {
            double seconds = operations / ranks.length / flops;
            for (int r = 0; r < ranks.length; r++) {
                frontier[r] = frontier[r] < 0 ? program.delay(seconds) : program.delay(seconds, frontier[r]);
            }
        }

        void collective(MpiAlgorithm algorithm, double bytes) {
            CollectivePrograms.append(program, algorithm.transfers(ranks.length), ranks, bytes, frontier);
        }

        /** Every rank swaps {@code bytes} with both neighbours along one axis of the process grid (periodic). */
        void neighbours(int[] grid, int axis, double bytes) {
            if (grid[axis] == 1) {
                return;
            }
            int[][] done = new int[ranks.length][];
            int[] count = new int[ranks.length];
            for (int r = 0; r < ranks.length; r++) {
                done[r] = new int[5];
            }
            for (int r = 0; r < ranks.length; r++) {
                for (int dir = -1; dir <= 1; dir += 2) {
                    int to = neighbour(grid, r, axis, dir);
                    if (to == r) {
                        continue;
                    }
                    int id = frontier[r] < 0 ? program.message(ranks[r], ranks[to], bytes)
                            : program.message(ranks[r], ranks[to], bytes, frontier[r]);
                    done[r][count[r]++] = id;
                    done[to][count[to]++] = id;
                }
            }
            for (int r = 0; r < ranks.length; r++) {
                if (count[r] > 0) {
                    frontier[r] = program.delay(0, Arrays.copyOf(done[r], count[r]));
                }
            }
        }

        /**
         * LU's pipelined triangular sweep over the k-planes on a 2-D grid: forward, each rank waits for its west and
         * north neighbours' plane, computes and sends to east and south; backward the other way round. Not periodic.
         */
        void wavefront(int[] grid, int planes, double operationsPerPlane, double bytesX, double bytesY, boolean forward) {
            double seconds = operationsPerPlane / ranks.length / flops;
            int dir = forward ? 1 : -1;
            int[] fromX = new int[ranks.length];
            int[] fromY = new int[ranks.length];
            for (int k = 0; k < planes; k++) {
                Arrays.fill(fromX, -1);
                Arrays.fill(fromY, -1);
                // visit ranks in wavefront order so that upstream messages exist before they are waited for
                for (int step = 0; step < ranks.length; step++) {
                    int r = forward ? step : ranks.length - 1 - step;
                    int x = r % grid[0];
                    int y = r / grid[0];
                    int[] deps = new int[3];
                    int nd = 0;
                    if (frontier[r] >= 0) {
                        deps[nd++] = frontier[r];
                    }
                    if (fromX[r] >= 0) {
                        deps[nd++] = fromX[r];
                    }
                    if (fromY[r] >= 0) {
                        deps[nd++] = fromY[r];
                    }
                    int work = program.delay(seconds, Arrays.copyOf(deps, nd));
                    frontier[r] = work;
                    int nx = x + dir;
                    if (nx >= 0 && nx < grid[0]) {
                        int to = r + dir;
                        fromX[to] = program.message(ranks[r], ranks[to], bytesX, work);
                    }
                    int ny = y + dir;
                    if (ny >= 0 && ny < grid[1]) {
                        int to = r + dir * grid[0];
                        fromY[to] = program.message(ranks[r], ranks[to], bytesY, work);
                    }
                }
            }
        }

        static int neighbour(int[] grid, int r, int axis, int dir) {
            int stride = 1;
            for (int a = 0; a < axis; a++) {
                stride *= grid[a];
            }
            int coord = (r / stride) % grid[axis];
            int next = Math.floorMod(coord + dir, grid[axis]);
            return r + (next - coord) * stride;
        }
    }
}
