package org.ccopt.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one duration grammar and the one enum-value reader every command uses. */
class DurationsAndEnumsTest {

    @ParameterizedTest
    @CsvSource({"100ns, 1e-7", "1.5us, 1.5e-6", "500ms, 0.5", "60s, 60", "5m, 300", "2h, 7200", "1e-7, 1e-7", "0, 0",
        "1e3s, 1000", ".5s, 0.5", "2H, 7200"})
    void durationsReadInSeconds(String text, double seconds) {
        assertThat(Durations.seconds(text, false)).isCloseTo(seconds, org.assertj.core.api.Assertions.within(seconds * 1e-12));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "s", "-1s", "1 s", "1sec", "1e", "abc", "1.s", "0x10s", "NaN", "Infinity"})
    void whatIsNotADurationIsNaN(String text) {
        assertThat(Durations.seconds(text, false)).isNaN();
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "1e3", "0.5"})
    void aRequiredUnitIsRequired(String text) {
        assertThat(Durations.seconds(text, true)).isNaN();
        assertThat(Durations.seconds(text + "s", true)).isPositive();
    }

    private enum Sample { TWO_OPT, SA, MAPPING_ORDER }

    @ParameterizedTest
    @CsvSource({"two-opt, TWO_OPT", "TWO_OPT, TWO_OPT", " Sa , SA", "mapping-order, MAPPING_ORDER"})
    void enumValuesReadByTheirKey(String text, Sample expected) {
        assertThat(Enums.parse(Sample.class, "placement", text)).isEqualTo(expected);
        assertThat(Enums.key(expected)).isEqualTo(expected.name().toLowerCase().replace('_', '-'));
    }

    @org.junit.jupiter.api.Test
    void anUnknownValueIsOneLineListingTheKeys() {
        assertThatThrownBy(() -> Enums.parse(Sample.class, "placement", "greedy")).isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown placement 'greedy'; expected two-opt, sa or mapping-order");
    }
}
