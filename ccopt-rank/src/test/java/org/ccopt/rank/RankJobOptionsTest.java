package org.ccopt.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ccopt rank} and {@code ccopt hops} as library jobs ({@link RankJob#JOB}, {@link HopsQuery#JOB}): the request
 * their declared options read, their rules, and a run from option values against the same run called directly.
 */
class RankJobOptionsTest {

    private static RankJob.Request request(Map<String, String> options) {
        return RankJob.JOB.request(RankJob.JOB.options().read(options));
    }

    @Test
    void theDefaultsAreTheThesissSearchOnARandomMapping() {
        RankJob.Request q = request(Map.of("topology", "torus:4x4", "collective", "bcast"));
        assertThat(q.mix().procs()).isEqualTo(16); // every terminal
        assertThat(q.mapping()).isEqualTo(ProcessMapping.parse("random"));
        assertThat(q.settings().placement()).isEqualTo(RankPlacement.parse("two-opt"));
        assertThat(q.settings().iterations()).isEqualTo(200_000);
        assertThat(q.settings().rules()).isEqualTo(SearchRules.CCOPT);
        assertThat(q.seed()).isEqualTo(1);
        assertThat(q.comm()).isNull();
    }

    @Test
    void startAndAcceptOverrideTheRulesTheyAreGivenWith() {
        RankJob.Request q = request(Map.of("topology", "torus:4x4", "collective", "bcast", "rules", "cui2024", "start",
                "ascending"));
        assertThat(q.settings().rules()).isEqualTo(new SearchRules(SearchRules.Start.ASCENDING, SearchRules.CUI2024.strict()));
        q = request(Map.of("topology", "torus:4x4", "collective", "bcast", "accept", "improving"));
        assertThat(q.settings().rules()).isEqualTo(new SearchRules(SearchRules.CCOPT.start(), true));
        // a placement that searches nothing runs no iterations, whatever the default
        assertThat(request(Map.of("topology", "torus:4x4", "collective", "bcast", "placement", "ascending")).settings()
                .iterations()).isZero();
    }

    @Test
    void optionsWhereTheyCannotApplyAndMissingWorkAreRefusedWithOneLine() {
        assertRefused(Map.of("topology", "torus:4x4", "collective", "bcast", "placement", "ascending", "rules", "cui2024"),
                "--rules applies to the swap searches (two-opt, sa), not to --placement ascending");
        assertRefused(Map.of("topology", "torus:4x4", "collective", "bcast", "placement", "cco", "iterations", "5"),
                "--iterations applies to the placement searches");
        assertRefused(Map.of("topology", "torus:8x8", "comm", RankJob.EXAMPLE_MATRIX, "procs", "64"),
                "--procs applies without --comm");
        assertRefused(Map.of("topology", "torus:4x4"), "give either --collective ALG or --comm FILE; got neither");
        assertRefused(Map.of("topology", "torus:4x4", "collective", "bcast", "threads", "0"), "--threads 0 is invalid");
    }

    /** The job's run is the direct call's, for any seed: the same ranks and hops. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aRunFromOptionValuesIsTheDirectCall(long seed) {
        Map<String, String> options = new HashMap<>(Map.of("topology", "torus:4x4", "procs", "8", "collective",
                "alltoall:2,bcast", "placement", "sa", "iterations", "3000", "threads", "1"));
        options.put("seed", Long.toString(seed));
        Map<String, Object> byJob = RankJob.JOB.figures(options);
        RankJob.Outcome direct = RankJob.run(TopologySpec.parse("torus:4x4"), CollectiveMix.parse("alltoall:2,bcast", 8),
                ProcessMapping.parse("random"), seed, new RankPlacer.Settings(RankPlacement.parse("sa"),
                        RankPlacement.Objective.HOPS, 3000, seed, false, 0), true, 1);
        assertThat(byJob.get("totalHops")).isEqualTo(direct.result().totalHops());
        assertThat((int[]) byJob.get("ranks")).containsExactly(direct.ranks());
        assertThat(byJob.get("seed")).isEqualTo(seed);
    }

    @Test
    void hopsFromOptionValuesAreTheQuerysOwn() {
        Map<String, Object> byJob = HopsQuery.JOB.figures(Map.of("topology", "ring:8", "collective", "bcast", "procs", "4",
                "placement", "mapping-order"));
        HopsQuery.Outcome direct = HopsQuery.run(new HopsQuery.Request(TopologySpec.parse("ring:8"),
                org.ccopt.mpi.MpiAlgorithm.parse("bcast"), 4, ProcessMapping.parse("consecutive"), "mapping-order", 1));
        assertThat(byJob).isEqualTo(direct.figures());
        assertThatThrownBy(() -> HopsQuery.JOB.figures(Map.of("collective", "bcast"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("missing --topology; expected SPEC");
    }

    private static void assertRefused(Map<String, String> options, String start) {
        assertThatThrownBy(() -> request(options)).isInstanceOf(InvalidInputException.class).hasMessageStartingWith(start);
    }
}
