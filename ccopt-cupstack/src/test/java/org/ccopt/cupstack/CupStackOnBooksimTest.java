package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.BooksimRouter;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Cup-Stacking on BookSim's router ({@link BooksimRouter}): the injection plan's genes V and I, no C or Q. */
class CupStackOnBooksimTest {

    /** Simple stacking keeps the shortest run of every V from the slice length to one slice's duration, run by run here. */
    @ParameterizedTest
    @CsvSource({"torus:4x4, brev, 2", "torus:4x4, bcmp, 4", "'kary-ntree:2,3', brot, 2", "hypercube:4, shfl, 3"})
    void simpleStackingIsTheShortestOfTheSweep(String spec, String pattern, int slices) {
        Topology t = TopologySpec.parse(spec);
        FlitSetup setup = FlitSetup.booksim(t, 3, 4, null, null);
        int[] dest = TrafficPattern.parse(pattern).destinations(t, 1);
        Problem p = new Problem(setup, dest, slices, 1, 8, false, false);
        RouterConfig config = p.baseConfig(VcSelection.C00);
        Stacking.Sweep sweep = Stacking.simple(p.router(), config, p);
        NetworkSimulator sim = setup.engine();
        int[] none = new int[dest.length];
        int td = sim.runBatch(dest, 1, 8, 0).cycles();
        int best = Integer.MAX_VALUE;
        int at = -1;
        for (int v = 8; v <= Math.max(8, td); v++) {
            int d = sim.runPlan(dest, slices, 1, 8, v, none, 0, Integer.MAX_VALUE).cycles();
            if (d < best) {
                best = d;
                at = v;
            }
        }
        assertThat(sweep.score().duration()).isEqualTo(best);
        assertThat(sweep.interval()).isEqualTo(at);
        // S slices released V apart cannot end before the last slice's release plus one slice's zero-load time
        assertThat(best).isGreaterThan((slices - 1) * at + 8);
    }

    /**
     * The GA searches V and the delays I only (no gene of C or Q), its answer replayed on a fresh router, whatever the
     * thread count; seeded with simple stacking it cannot end above it.
     */
    @Test
    void theGaSearchesTheInjectionPlanAlone() {
        CupStackGa.Settings ga = CupStackGa.Settings.defaults().withPopulation(8).withGenerations(6, 2);
        CupstackRequest request = CupstackRequest.of("torus:4x4", "brev", ga).withModel(org.ccopt.flitsim.SimJob.Request.ENGINE_MODEL);
        CupstackJob.Outcome one = CupstackJob.run(request, CupstackJob.Checkpoints.none(), 1);
        CupstackJob.Outcome two = CupstackJob.run(request, CupstackJob.Checkpoints.none(), 2);
        assertThat(one.figures().get("model")).isEqualTo("booksim");
        assertThat(one.figures()).doesNotContainKey("simplePerScheme");
        assertThat(one.result().best().interval()).isEqualTo(two.result().best().interval());
        assertThat(one.result().bestScore().duration()).isEqualTo(two.result().bestScore().duration());
        int senders = 0;
        int[] dest = TrafficPattern.parse("brev").destinations(TopologySpec.parse("torus:4x4"), 1);
        for (int u = 0; u < dest.length; u++) {
            senders += dest[u] != u ? 1 : 0;
        }
        assertThat((Integer) one.figures().get("alterableGenes")).isEqualTo(1 + senders); // V and every sender's I
        CupStackGa.Settings seeded = ga.withSeed(3);
        CupstackRequest withSeed = new CupstackRequest(request.topology(), request.traffic(), request.trafficSeed(),
                request.slices(), request.packets(), request.packetFlits(), request.vcs(), request.bufferFlits(),
                request.model(), request.method(), request.freeze(), request.interval(), request.sortKey(),
                request.fromSlices(), request.estimateSlices(), seeded, true, request.prune(), request.historyLength());
        CupStackRun.Result r = CupstackJob.run(withSeed, CupstackJob.Checkpoints.none(), 1).result();
        assertThat(r.bestScore().duration()).isLessThanOrEqualTo(r.simpleStackingCycles());
    }

    @Test
    void whatBookSimsRouterDoesNotMeasureIsRefused() {
        CupstackRequest request = CupstackRequest.of("torus:4x4", "brev", CupStackGa.Settings.defaults()
                .withPopulation(4).withGenerations(1, 0)).withModel(org.ccopt.flitsim.SimJob.Request.ENGINE_MODEL);
        for (String method : new String[] {"post", "estimate", "extrapolate"}) {
            assertThatThrownBy(() -> CupstackJob.run(request.withMethod(method), CupstackJob.Checkpoints.none(), 1))
                    .isInstanceOf(InvalidInputException.class).hasMessageContaining("booksim");
        }
    }
}
