package org.ccopt.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.ccopt.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** Analyses of Cui 2024 on small sizes, checked against what is known of their networks in closed form. */
class AnalysesKnownAnswersTest {

    private static int log2(int n) {
        return Integer.numberOfTrailingZeros(n);
    }

    /**
     * Every network of the metrics figure has degree 2 log2 N - 1; the circulant with offsets 1, 2, 4, ..., N/2 reaches
     * any node in at most ceil(log2 N / 2) signed powers of two, its diameter.
     */
    @Test
    void metricsOfTheCirculantFollowItsClosedForm() {
        int[] sizes = {16, 32, 64, 128};
        Analyses.DataTable t = Analyses.metrics(sizes, 1, 1).tables().get(0);
        assertThat(t.header()).containsExactly("switches", "degree", "spec", "maxDegree", "diameter", "aspl");
        int circulants = 0;
        for (Object[] row : t.rows()) {
            int n = ((Number) row[0]).intValue();
            assertThat(((Number) row[1]).intValue()).isEqualTo(2 * log2(n) - 1);
            assertThat(((Number) row[3]).intValue()).as("%s", row[2]).isEqualTo(2 * log2(n) - 1);
            if (row[2].toString().startsWith("circulant2:")) {
                assertThat(((Number) row[4]).intValue()).as("%s", row[2]).isEqualTo((log2(n) + 1) / 2);
                circulants++;
            }
        }
        assertThat(circulants).isEqualTo(sizes.length);
    }

    /** One cable per link: N (2 log2 N - 1) / 2 for the circulant, the graph's own count for the random network. */
    @Test
    void costCountsOneCablePerLinkAndAddsItsParts() {
        Analyses.DataTable t = Analyses.cost(new int[] {64, 128}, 1).tables().get(0);
        for (Object[] row : t.rows()) {
            int n = ((Number) row[0]).intValue();
            long cables = ((Number) row[2]).longValue();
            assertThat(cables).isEqualTo(TopologySpec.parse(row[1].toString()).linkCount());
            if (row[1].toString().startsWith("circulant2:")) {
                assertThat(cables).isEqualTo((long) n * (2 * log2(n) - 1) / 2);
            }
            assertThat(((Number) row[7]).doubleValue()).isCloseTo(((Number) row[5]).doubleValue()
                    + ((Number) row[6]).doubleValue(), org.assertj.core.api.Assertions.within(1.0));
        }
    }

    /**
     * Two-opt keeps swaps that do not worsen the total, so every traced curve is non-increasing, starts at iteration 0
     * and never drops below P - 1 hops for a broadcast (P - 1 transfers of at least one hop).
     */
    @Test
    void convergenceCurvesNeverRiseAndRespectTheBroadcastBound() {
        int procs = 16;
        Analyses.DataTable t = Analyses.convergence(64, 11, procs, 2000, 1, 1).tables().get(0);
        java.util.Map<String, Long> last = new java.util.HashMap<>();
        java.util.Set<String> started = new java.util.HashSet<>();
        for (Object[] row : t.rows()) {
            String curve = row[0] + "/" + row[1];
            long hops = ((Number) row[3]).longValue();
            if (started.add(curve)) {
                assertThat(((Number) row[2]).longValue()).isZero();
            } else {
                assertThat(hops).as(curve).isLessThanOrEqualTo(last.get(curve));
            }
            if (row[0].equals("bcast")) {
                assertThat(hops).isGreaterThanOrEqualTo(procs - 1);
            }
            last.put(curve, hops);
        }
        assertThat(started).hasSize(3 * 3);
        assertThat(List.copyOf(started)).anyMatch(c -> c.startsWith("alltoall/"));
    }
}
