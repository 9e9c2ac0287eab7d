package org.ccopt.msgsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.ccopt.InvalidInputException;
import org.ccopt.msgsim.NasSkeleton.App;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

class NasSkeletonTest {

    static final Topology T = TopologySpec.parse("random-shortcut:256:8:seed=2");

    static int[] ranks(int p) {
        int[] r = new int[p];
        for (int i = 0; i < p; i++) {
            r[i] = 2 * i;
        }
        return r;
    }

    static double run(NasSkeleton.Skeleton s) {
        MsgNetwork net = new MsgNetwork(T, 12.5e9, 100e-9, MsgNetwork.Duplex.SHARED);
        return MessageSimulator.run(net, s.program(), MessageSimulator.Options.DEFAULT).seconds() * s.timeScale();
    }

    @Test
    void ftIsSevenTransposesAndSixChecksums() {
        NasSkeleton.Skeleton s = NasSkeleton.build(App.FT, "A", ranks(128), 100e9, 10);
        // Bruck alltoall of 128 ranks: 7 steps x 128 messages; recursive-doubling allreduce: 7 x 128
        assertThat(s.program().messages()).isEqualTo(7 * 7 * 128 + 6 * 7 * 128);
        double computeOnly = s.operations() / 128 / 100e9;
        assertThat(run(s)).isGreaterThan(computeOnly);
        // ft.f's operation count for class A
        assertThat(s.operations() / 1e6).isCloseTo(7136.5, within(1.0));
    }

    @Test
    void fasterNodesOrSlowerLinksMoveTheTimeTheRightWay() {
        double slowNodes = run(NasSkeleton.build(App.MG, "A", ranks(64), 10e9, 10));
        double fastNodes = run(NasSkeleton.build(App.MG, "A", ranks(64), 100e9, 10));
        assertThat(fastNodes).isLessThan(slowNodes);
    }

    @Test
    void luScalesItsSimulatedIterationsLinearly() {
        double two = run(NasSkeleton.build(App.LU, "A", ranks(32), 100e9, 2));
        double four = run(NasSkeleton.build(App.LU, "A", ranks(32), 100e9, 4));
        assertThat(Math.abs(two - four) / four).isLessThan(0.05);
        assertThat(NasSkeleton.build(App.LU, "A", ranks(32), 100e9, 2).operations() / 1e6).isCloseTo(119297.0, within(100.0));
    }

    @Test
    void placementOptimisesTheBenchmarksCollectiveAndLuScalesItsTime() {
        assertThat(App.FT.placementCollective()).isEqualTo("alltoall");
        assertThat(App.IS.placementCollective()).isEqualTo("alltoall");
        assertThat(App.MG.placementCollective()).isEqualTo("allreduce");
        assertThat(App.LU.placementCollective()).isEqualTo("allreduce");
        NasSkeleton.Skeleton two = NasSkeleton.build(App.LU, "A", ranks(32), 100e9, 2);
        assertThat(two.timeScale()).isGreaterThan(1);
        assertThat(two.wholeRunSeconds(2.0)).isEqualTo(2.0 * two.timeScale());
        assertThat(NasSkeleton.build(App.FT, "A", ranks(32), 100e9, 2).timeScale()).isEqualTo(1.0);
    }

    @Test
    void mgExchangesAndGrids() {
        assertThat(NasSkeleton.mgExchangeLevels(8)).hasSize(23).startsWith(8, 7, 6);
        assertThat(NasSkeleton.grid(128, 3)).containsExactly(8, 4, 4);
        assertThat(NasSkeleton.grid(128, 2)).containsExactly(16, 8);
        assertThat(run(NasSkeleton.build(App.IS, "A", ranks(16), 100e9, 10))).isPositive();
    }

    @Test
    void badInput() {
        assertThatThrownBy(() -> NasSkeleton.build(App.FT, "B", ranks(8), 1e9, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected A");
        assertThatThrownBy(() -> NasSkeleton.build(App.FT, "A", ranks(12), 1e9, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("power-of-two");
        assertThatThrownBy(() -> App.parse("bt")).hasMessageContaining("expected ft, is, mg or lu");
    }
}
