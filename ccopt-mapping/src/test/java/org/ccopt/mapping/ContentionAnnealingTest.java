package org.ccopt.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.LinkLoadBound;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.Permutations;
import org.junit.jupiter.api.Test;

class ContentionAnnealingTest {

    private static final Topology T = TopologySpec.parse("torus:4x4");
    private static final LinkLoadBound ROUTES = new LinkLoadBound(new FlitSimulator(T, 3, 4, RouterModel.YOKOTA2018),
            RouterModel.YOKOTA2018);

    /** A +x shift shares no channel: the surrogate is 50 x the longest route (1 link + ejection) + 16 hops. */
    @Test
    void aOneHopShiftScoresItsRouteLengthAndHops() {
        int[] shift = new int[16];
        for (int i = 0; i < 16; i++) {
            shift[i] = (i / 4) * 4 + (i % 4 + 1) % 4;
        }
        int[] identity = java.util.stream.IntStream.range(0, 16).toArray();
        assertThat(new ContentionAnnealing(ROUTES, new int[][] {shift}).score(identity)).isEqualTo(50 * 2 + 16);
        // two senders to one node share its ejection port: one shared channel at least
        int[] twoToOne = shift.clone();
        twoToOne[2] = 1; // node 2 now also sends to node 1, beside node 0
        assertThat(new ContentionAnnealing(ROUTES, new int[][] {twoToOne}).score(identity)).isGreaterThanOrEqualTo(1000);
    }

    @Test
    void annealingNeverEndsAboveItsStartAndKeepsAPermutation() {
        int[][] patterns = {TrafficPattern.BCMP.destinations(T, 1), TrafficPattern.BREV.destinations(T, 1)};
        ContentionAnnealing a = new ContentionAnnealing(ROUTES, patterns);
        for (long seed = 1; seed <= 5; seed++) {
            int[] start = Permutations.shuffled(16, new SplittableRandom(seed));
            int[] end = a.anneal(start, 3000, new SplittableRandom(seed + 100));
            assertThat(Permutations.isPermutation(end, 16)).isTrue();
            assertThat(a.score(end)).isLessThanOrEqualTo(a.score(start));
            assertThat(a.anneal(start, 3000, new SplittableRandom(seed + 100))).isEqualTo(end); // a pure function of its stream
        }
    }
}
