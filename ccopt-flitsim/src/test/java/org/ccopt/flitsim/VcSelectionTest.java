package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VcSelectionTest {

    @Test
    void evaluationOrdersOfTable1WithThreeChannels() {
        // Yokota et al. 2023, Table 1: C05 examines 1, 2, 0; C08 examines 1, 0, 2; round-robin from channel 2
        assertThat(order(VcSelection.C05, 0, 3)).containsExactly(1, 2, 0);
        assertThat(order(VcSelection.C08, 0, 3)).containsExactly(1, 0, 2);
        assertThat(order(VcSelection.C00, 2, 3)).containsExactly(2, 0, 1);
        assertThat(order(VcSelection.C01, 2, 3)).containsExactly(0, 1, 2);
        assertThat(order(VcSelection.C02, 2, 3)).containsExactly(2, 1, 0);
        assertThat(order(VcSelection.C03, 0, 3)).containsExactly(2, 1, 0);
    }

    /** The simulator's bit-mask selection picks the first ready channel of the scheme's evaluation order. */
    @ParameterizedTest
    @EnumSource(VcSelection.class)
    void firstInOrderAgreesWithTheEvaluationOrder(VcSelection scheme) {
        for (int vcs = 1; vcs <= 6; vcs++) {
            for (int previous = 0; previous < vcs; previous++) {
                int[] order = order(scheme, previous, vcs);
                for (int mask = 1; mask < 1 << vcs; mask++) {
                    int expected = -1;
                    for (int v : order) {
                        if ((mask & (1 << v)) != 0) {
                            expected = v;
                            break;
                        }
                    }
                    assertThat(FlitSimulator.firstInOrder(mask, scheme.start(previous, vcs), scheme.step() < 0))
                            .as("%s, %d VCs, previous %d, mask %s", scheme, vcs, previous, Integer.toBinaryString(mask))
                            .isEqualTo(expected);
                }
            }
        }
    }

    private static int[] order(VcSelection scheme, int previous, int vcs) {
        int[] order = new int[vcs];
        int v = scheme.start(previous, vcs);
        for (int k = 0; k < vcs; k++) {
            order[k] = v;
            v = Math.floorMod(v + scheme.step(), vcs);
        }
        return order;
    }
}
