package org.ccopt.flitsim;

import org.ccopt.flitsim.net.DeadlockException;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LinkLoadBoundTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    /** Seeded property: on random permutations and random injection plans, no run ends before the bound. */
    @ParameterizedTest
    @MethodSource("seeds")
    void noPlanBeatsTheBound(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Topology t = TopologySpec.parse(seed % 3 == 0 ? "mesh:4x4" : seed % 2 == 0 ? "torus:8x8" : "torus:4x8");
        RouterModel model = seed % 4 == 0 ? RouterModel.CCOPT : seed % 4 == 1 ? RouterModel.YOKOTA2018 : RouterModel.YOKOTA2023;
        FlitSimulator sim = new FlitSimulator(t, 3, 4, model);
        LinkLoadBound bound = new LinkLoadBound(sim, model);
        int n = t.nodeCount();
        int[] dest = org.ccopt.util.Permutations.shuffled(n, rnd);
        int slices = 1 + rnd.nextInt(4);
        int packets = 1 + rnd.nextInt(2);
        int flits = 2 + rnd.nextInt(8);
        int[] delay = new int[n];
        for (int i = 0; i < n; i++) {
            delay[i] = rnd.nextInt(3) == 0 ? rnd.nextInt(20) : 0;
        }
        RouterConfig config = RouterConfig.uniform(n, sim.dimensions(), 3, 4, model.defaultScheme(), model);
        VcSelection[] schemes = VcSelection.values();
        for (int u = 0; u < n; u++) {
            for (int p = 0; p < config.ports(); p++) {
                config.setVcSelection(u, p, schemes[rnd.nextInt(schemes.length)]);
            }
        }
        Workload w = new Workload(dest, slices, packets, flits, rnd.nextInt(packets * flits * 2 + 1), delay);
        int lower = bound.cycles(dest, slices * packets * flits);
        int simulated;
        try {
            simulated = sim.run(config, w).durationCycles();
        } catch (DeadlockException e) {
            return; // a deadlocked plan has no duration to compare
        }
        assertThat(lower).as("bound of seed %d on %s", seed, t.spec()).isLessThanOrEqualTo(simulated).isPositive();
    }

    /**
     * Seeded property with several senders per destination (a third of the nodes send to one hot node), under both
     * ejection readings: per-VC ejection takes up to one flit per VC and cycle off a node, so its port's load counts
     * as {@code ceil(F / vcs)} cycles (counted as F, the bound exceeded the simulated duration on such traffic).
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void manySendersToOneNodeDoNotBeatTheBoundUnderEitherEjection(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Topology t = TopologySpec.parse(seed % 2 == 0 ? "torus:8x8" : "mesh:4x4");
        RouterModel model = (seed % 3 == 0 ? RouterModel.CCOPT : seed % 3 == 1 ? RouterModel.YOKOTA2018 : RouterModel.YOKOTA2023)
                .with("ejection", seed % 4 < 3 ? "per-vc" : "one-per-cycle", "--ejection");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, model);
        int n = t.nodeCount();
        int[] dest = manyToOne(n, rnd);
        int slices = 1 + rnd.nextInt(2);
        int flits = 1 + rnd.nextInt(8);
        Workload w = new Workload(dest, slices, 1, flits, rnd.nextInt(20), new int[n]);
        RouterConfig config = RouterConfig.uniform(n, sim.dimensions(), 3, 4, VcSelection.values()[rnd.nextInt(10)], model);
        int simulated;
        try {
            simulated = sim.run(config, w).durationCycles();
        } catch (DeadlockException e) {
            return;
        }
        assertThat(new LinkLoadBound(sim, model).cycles(dest, slices * flits)).as("seed %d, %s", seed, model.ejection())
                .isLessThanOrEqualTo(simulated);
    }

    /** Destinations where about a third of the nodes send to one hot node and the others anywhere but themselves. */
    static int[] manyToOne(int n, SplittableRandom rnd) {
        int hot = rnd.nextInt(n);
        int[] dest = new int[n];
        for (int u = 0; u < n; u++) {
            dest[u] = u == hot ? (hot + 1) % n : rnd.nextInt(3) == 0 ? hot : rnd.nextInt(n);
        }
        return dest;
    }

    /** One-hop shifts share no link: the bound is F + 2 and the simulator reaches it (2018's 34 cycles at 4 x 8 flits). */
    @Test
    void oneHopShiftIsTight() {
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSimulator sim = new FlitSimulator(t, 3, 4, RouterModel.YOKOTA2018);
        int[] dest = new int[64];
        for (int i = 0; i < 64; i++) {
            dest[i] = (i / 8) * 8 + (i % 8 + 1) % 8;
        }
        LinkLoadBound bound = new LinkLoadBound(sim, RouterModel.YOKOTA2018);
        assertThat(bound.cycles(dest, 32)).isEqualTo(34);
        RouterConfig config = RouterConfig.uniform(64, 2, 3, 4, RouterModel.YOKOTA2018.defaultScheme(), RouterModel.YOKOTA2018);
        assertThat(sim.run(config, Workload.simple(dest, 4, 8)).durationCycles()).isEqualTo(34);
        // two senders on one link: 64 flits through it
        int[] shared = dest.clone();
        shared[0] = 2; // 0 -> 2 crosses 0 -> 1 -> 2, sharing link 1 -> 2 with node 1's flow
        shared[1] = 2;
        shared[2] = 2; // node 2 now sends nothing (it receives twice)
        assertThat(bound.cycles(shared, 32)).isGreaterThanOrEqualTo(66);
    }

    @Test
    void nobodySendingIsZero() {
        Topology t = TopologySpec.parse("torus:4x4");
        LinkLoadBound bound = new LinkLoadBound(new FlitSimulator(t, 3, 4, RouterModel.CCOPT), RouterModel.CCOPT);
        int[] self = new int[16];
        for (int i = 0; i < 16; i++) {
            self[i] = i;
        }
        assertThat(bound.cycles(self, 32)).isZero();
        assertThat(bound.hops(0, 5)).isEqualTo(2);
    }

    /**
     * Seeded property on BookSim's router: on random patterns with hot destinations and random plans, no run ends before
     * the bound, on deterministic routings (its routes tabulated) and random or adaptive ones (its ejection ports only).
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void noPlanOnBooksimsRouterBeatsItsBound(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        String[][] nets = {{"torus:4x4", null}, {"torus:4x4", "dor"}, {"kary-ntree:2,3", null}, {"kary-ntree:2,3", "nca-random"},
            {"hypercube:4", null}, {"mesh:3x5", null}, {"mesh:3x5", "min-adaptive"}};
        String[] net = nets[(int) (seed % nets.length)];
        Topology t = TopologySpec.parse(net[0]);
        FlitRouter router = FlitSetup.booksim(t, 4, 2 + rnd.nextInt(3), net[1], null).router(seed);
        LinkLoadBound bound = LinkLoadBound.of(router, org.ccopt.flitsim.RouterKind.Booksim.DEFAULT);
        int n = t.terminalCount();
        int[] dest = org.ccopt.util.Permutations.shuffled(n, rnd);
        int hot = rnd.nextInt(n);
        for (int i = 0; i < n; i++) {
            if (rnd.nextInt(4) == 0 && i != hot) {
                dest[i] = hot;
            }
        }
        int slices = 1 + rnd.nextInt(3);
        int packets = 1 + rnd.nextInt(2);
        int flits = 2 + rnd.nextInt(8);
        int[] delay = new int[n];
        for (int i = 0; i < n; i++) {
            delay[i] = rnd.nextInt(3) == 0 ? rnd.nextInt(20) : 0;
        }
        Workload w = new Workload(dest, slices, packets, flits, rnd.nextInt(packets * flits * 2 + 1), delay);
        int lower = bound.cycles(dest, slices * packets * flits);
        int simulated = router.run(RouterConfig.uniform(t, 4, 4, VcSelection.C00, RouterModel.CCOPT), w).durationCycles();
        assertThat(lower).as("bound of seed %d on %s", seed, t.spec()).isLessThanOrEqualTo(simulated).isPositive();
    }

    /** On a deterministic routing the routes are tabulated: a shared link is a channel, beyond the ejection ports. */
    @Test
    void aDeterministicRoutingOnBooksimsRouterBoundsItsLinks() {
        Topology t = TopologySpec.parse("mesh:4x4");
        LinkLoadBound bound = LinkLoadBound.of(FlitSetup.booksim(t, 4, 4, "dor", null).router(), org.ccopt.flitsim.RouterKind.Booksim.DEFAULT);
        assertThat(bound.hops(0, 3)).isEqualTo(3);
        int[] dest = java.util.stream.IntStream.range(0, 16).toArray();
        dest[0] = 3; // 0 -> 1 -> 2 -> 3 and 1 -> 2 -> 3 share the links 1 -> 2 and 2 -> 3, and 3's ejection
        dest[1] = 2;
        int flits = 8;
        // link 1 -> 2 carries 16 flits, after at least the injection and link 0 -> 1 for 0's, before one ejection
        assertThat(bound.cycles(dest, flits)).isEqualTo(2 * flits + 1 + 1);
        LinkLoadBound endpoints = LinkLoadBound.of(FlitSetup.booksim(TopologySpec.parse("torus:4x4"), 4, 4, null, null).router(), org.ccopt.flitsim.RouterKind.Booksim.DEFAULT);
        assertThat(endpoints.hops(0, 3)).as("dor-booksim breaks ties at random: ejection ports only").isZero();
    }
}
