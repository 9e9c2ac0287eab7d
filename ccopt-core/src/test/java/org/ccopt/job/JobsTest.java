package org.ccopt.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.ccopt.routing.RouteQuery;
import org.ccopt.topology.job.MetricsJob;
import org.ccopt.traffic.PatternHops;
import org.junit.jupiter.api.Test;

/** The core's jobs are registered by their commands' names and run from option values alone. */
class JobsTest {

    @Test
    void theCoresJobsAreFoundByNameAndTheirConstantsAreTheSameJobs() {
        assertThat(Jobs.all()).containsKeys("topo", "routes", "traffic");
        assertThat(Jobs.named("topo")).get().isInstanceOf(MetricsJob.class);
        assertThat(MetricsJob.JOB.options().declares("topology")).isTrue(); // a constant built before its options fails here
        assertThat(RouteQuery.JOB.name()).isEqualTo("routes");
        assertThat(PatternHops.JOB.name()).isEqualTo("traffic");
        assertThat(Jobs.named("no-such-command")).isEmpty();
    }

    @Test
    void aJobRunsFromOptionValuesAsAnExperimentRowHoldsThem() {
        Map<String, Object> route = Jobs.named("routes").orElseThrow().figures(Map.of("topology", "ring:8", "from", "0",
                "to", "3"));
        assertThat(route).containsEntry("hops", 3).containsEntry("minimalPaths", 1L);
        Map<String, Object> metrics = MetricsJob.JOB.figures(Map.of("topology", "hypercube:4", "no-bisection", "true"));
        assertThat(metrics).containsEntry("diameter", 4).containsEntry("nodes", 16);
        assertThat(PatternHops.JOB.figures(Map.of("topology", "ring:8", "pattern", "neighbor"))).containsKey("totalHops");
    }
}
