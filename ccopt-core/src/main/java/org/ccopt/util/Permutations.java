package org.ccopt.util;

import java.util.SplittableRandom;

/** Seeded permutations; the random stream always comes from the caller. */
public final class Permutations {

    private Permutations() {
    }

    /** A uniformly random permutation of 0..n-1 (Fisher-Yates, Knuth 1969, Algorithm P). */
    public static int[] shuffled(int n, SplittableRandom random) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        shuffle(perm, n, random);
        return perm;
    }

    /** Shuffles {@code a[0..length)} in place, uniformly (Fisher-Yates, Knuth 1969, Algorithm P). */
    public static void shuffle(int[] a, int length, SplittableRandom random) {
        for (int i = length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
    }

    /** True when {@code a} holds each of 0..n-1 exactly once. */
    public static boolean isPermutation(int[] a, int n) {
        if (a == null || a.length != n) {
            return false;
        }
        boolean[] seen = new boolean[n];
        for (int v : a) {
            if (v < 0 || v >= n || seen[v]) {
                return false;
            }
            seen[v] = true;
        }
        return true;
    }
}
