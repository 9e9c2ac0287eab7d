package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The sweep's grid as {@link CupstackSweepJob} expands it from its options, counted by hand. */
class CupstackSweepJobTest {

    private static List<Map<String, String>> runs(Map<String, String> options) {
        return CupstackSweepJob.JOB.run(CupstackSweepJob.JOB.request(CupstackSweepJob.JOB.options().read(options))).runs();
    }

    @Test
    void theAxesAreCrossedWithoutLifetimeAndWatchdogTogetherTheSeedsLast() {
        // 2 patterns x 3 lt x 3 wd x 2 seeds, less lt > 0 with wd > 0 (2 x 2): 2 x (9 - 4) x 2 = 20
        List<Map<String, String>> runs = runs(Map.of("traffic", "brev,brot", "lifetime", "0,100,200", "watchdog",
                "0,100,200", "seeds", "2"));
        assertThat(runs).hasSize(20);
        assertThat(runs).allSatisfy(r -> assertThat(Integer.parseInt(r.get("lifetime")) == 0
                || Integer.parseInt(r.get("watchdog")) == 0).isTrue());
        assertThat(runs.get(0)).containsEntry("traffic", "brev").containsEntry("seed", "1").containsEntry("threads", "1");
        assertThat(runs.get(1)).containsEntry("seed", "2"); // the seed varies fastest
        assertThat(runs.get(0).keySet()).startsWith("topology", "slices", "packet-flits");
        for (Map<String, String> r : runs) {
            CupstackRequest.OPTIONS.read(r); // every run is a cupstack request its reader accepts
        }
    }

    @Test
    void optionsOfAnotherMethodAreLeftOutAndRunsThatThenCoincideKeptOnce() {
        // simple stacking reads no GA setting: its 3 mutation rates make one run; full's make three
        List<Map<String, String>> runs = runs(Map.of("traffic", "brev", "method", "simple,full", "mutation-rate",
                "0.1,0.05,0.02"));
        assertThat(runs).hasSize(4);
        assertThat(runs.get(0)).containsEntry("method", "simple").doesNotContainKeys("mutation-rate", "population");
        assertThat(runs.subList(1, 4)).extracting(r -> r.get("mutation-rate")).containsExactly("0.1", "0.05", "0.02");
    }

    @Test
    void freezeChoicesAreSemicolonSeparatedAndWrittenWithoutCommas() {
        assertThat(runs(Map.of("traffic", "brev", "freeze", "none;C,Q"))).extracting(r -> r.get("freeze"))
                .containsExactly("none", "C+Q");
    }

    @Test
    void readingsAreCheckedAgainstTheModelAndGoToEveryRun() {
        assertThat(runs(Map.of("traffic", "brev", "reading", "output-stage=none,credit-delay=0")).get(0))
                .containsEntry("output-stage", "none").containsEntry("credit-delay", "0");
        assertThatThrownBy(() -> runs(Map.of("reading", "output-stage=latch"))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--reading output-stage 'latch'");
        assertThatThrownBy(() -> runs(Map.of("reading", "scheme=C01"))).hasMessageContaining("use --vc-select");
        assertThatThrownBy(() -> runs(Map.of("reading", "nothing"))).hasMessageContaining("expected KEY=VALUE");
    }

    @Test
    void aSweepTooLargeOrWithAnythingButGaMethodsIsRefused() {
        assertThatThrownBy(() -> runs(Map.of("method", "lahc"))).hasMessageStartingWith("--method lahc is not a GA method");
        assertThatThrownBy(() -> runs(Map.of("seeds", "100000", "traffic", "brev,brot"))).hasMessageContaining("more than 100000");
        assertThatThrownBy(() -> runs(Map.of("lifetime", "abc"))).hasMessageContaining("--lifetime value 'abc'");
        assertThat(CupstackSweepJob.JOB.figures(CupstackSweepJob.JOB.run(CupstackSweepJob.JOB.request(
                CupstackSweepJob.JOB.options().read(Map.of("traffic", "brev")))))).containsEntry("runs", 1);
    }
}
