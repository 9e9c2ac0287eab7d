package org.ccopt.topology.metrics;

/**
 * The Moore bound (Cui 2024, §2.1.3; Miller &amp; Siran 2013): a graph of maximum degree d and diameter k has
 * at most 1 + d * sum_{i=0}^{k-1} (d-1)^i nodes. Read the other way round it bounds the diameter and the
 * average shortest path length of any graph with n nodes and degree d from below.
 */
public final class MooreBound {

    private MooreBound() {
    }

    /** Maximum node count for degree d and diameter k (saturates at Long.MAX_VALUE). */
    public static long maxNodes(int degree, int diameter) {
        long total = 1;
        long level = degree;
        for (int i = 1; i <= diameter; i++) {
            total = saturatingAdd(total, level);
            level = saturatingMultiply(level, Math.max(0, degree - 1));
        }
        return total;
    }

    /** The smallest diameter k with maxNodes(d, k) &gt;= n, or -1 when no such k exists (d &lt;= 1 and n &gt; 2). */
    public static int diameterLowerBound(long n, int degree) {
        if (n <= 1) {
            return 0;
        }
        if (degree <= 0) {
            return -1;
        }
        if (degree == 1) {
            return n == 2 ? 1 : -1;
        }
        int k = 0;
        while (maxNodes(degree, k) < n) {
            k++;
            if (k > 1 << 20) {
                return -1;
            }
        }
        return k;
    }

    /**
     * Lower bound on the ASPL (over ordered pairs of distinct nodes) of an n-node graph of degree d: the
     * other n-1 nodes fill the Moore tree level by level, d at distance 1, d(d-1) at distance 2, ...
     */
    public static double asplLowerBound(long n, int degree) {
        if (n <= 1 || degree <= 0) {
            return 0;
        }
        long remaining = n - 1;
        long level = degree;
        double sum = 0;
        for (int i = 1; remaining > 0; i++) {
            long here = Math.min(remaining, level);
            sum += (double) here * i;
            remaining -= here;
            level = degree == 1 ? 0 : saturatingMultiply(level, degree - 1);
            if (level == 0 && remaining > 0) {
                return Double.NaN;
            }
        }
        return sum / (n - 1);
    }

    private static long saturatingAdd(long a, long b) {
        long r = a + b;
        return r < 0 ? Long.MAX_VALUE : r;
    }

    private static long saturatingMultiply(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
    }
}
