package org.ccopt.papers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;

class AnalysesReadsTest {

    @Test
    void everyAnalysisNamedHasItsOptionsListed() {
        List<String> names = Arrays.stream(Analyses.NAMES.split(", ")).map(String::trim).toList();
        assertThat(Analyses.READS.keySet()).containsAll(names).contains("msg-sweep", "p2p-time", "nas");
    }

    @Test
    void anOptionAnAnalysisDoesNotReadIsRefusedWithWhatItReads() {
        assertThatCode(() -> Analyses.checkReads("circulant", List.of("--sizes", "--out", "--threads"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> Analyses.checkReads("CIRCULANT", List.of("--sizes", "--seed")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--seed does not apply to analyze CIRCULANT, which reads --sizes (and --out, --threads)");
        assertThatCode(() -> Analyses.checkReads("no-such-analysis", List.of("--seed"))).doesNotThrowAnyException();
    }
}
