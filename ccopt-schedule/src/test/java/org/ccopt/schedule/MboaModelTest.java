package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** MBOA's models per variable: decision trees and decision graphs (leaf merging). */
class MboaModelTest {

    /**
     * Variable 0 is a function of which half variable 1's value lies in (values 0-1: 0, values 2-3: 1), 20 records
     * per value of variable 1. Binary tests "X1 = a" need three to separate the four values, so the tree ends in
     * four leaves, two of each outcome; the graph merges the leaves that hold the same distribution and ends in two,
     * one per outcome, each pooling the records of its half.
     */
    @Test
    void graphsMergeLeavesWithTheSameDistribution() {
        int[][] parents = new int[80][];
        for (int i = 0; i < 80; i++) {
            int x1 = i % 4;
            parents[i] = new int[] {x1 < 2 ? 0 : 1, x1};
        }
        int[] domain = {2, 4};
        List<int[]> tree = Mboa.leaves(0, parents, new int[] {1}, 4, domain, false);
        List<int[]> graph = Mboa.leaves(0, parents, new int[] {1}, 4, domain, true);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(3);
        for (int[] leaf : tree) {
            assertThat(leaf[0]).isEqualTo(leaf[leaf.length - 1]); // every leaf is pure
        }
        assertThat(graph).hasSize(2);
        for (int[] leaf : graph) {
            assertThat(leaf).hasSize(40);
            assertThat(leaf[0]).isEqualTo(leaf[39]);
        }
    }

    /** Without any dependence the BIC penalty keeps both models a single leaf. */
    @Test
    void independentVariablesStayOneLeaf() {
        int[][] parents = new int[64][];
        for (int i = 0; i < 64; i++) {
            parents[i] = new int[] {i % 2, (i / 2) % 4};
        }
        int[] domain = {2, 4};
        assertThat(Mboa.leaves(0, parents, new int[] {1}, 4, domain, false)).hasSize(1);
        assertThat(Mboa.leaves(0, parents, new int[] {1}, 4, domain, true)).hasSize(1);
    }
}
