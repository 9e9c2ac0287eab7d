package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.util.Checkpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CupstackJobTest {

    @TempDir
    Path dir;

    private static final CupStackGa.Settings GA = CupStackGa.Settings.defaults().withPopulation(8).withGenerations(8, 3);

    private static CupstackRequest request(String method) {
        return CupstackRequest.of("torus:4x4", "brev", GA).withModel("yokota2023").withMethod(method);
    }

    /** A stop after generation {@code g}: the listener throws, as a kill would end the run there. */
    private static final class Stop extends RuntimeException {
    }

    private static CupstackJob.Checkpoints stoppingAfter(Path dir, int g) {
        return CupstackJob.Checkpoints.to(dir, 0).observed(s -> {
            int at = s instanceof LateAcceptance.State la ? la.generation() : ((CupStackGa.State) s).generation();
            if (at == g) {
                throw new Stop();
            }
        });
    }

    private Checkpoint<?> read(String method) {
        return method.equals("lahc") ? Checkpoint.read(dir, LateAcceptance.State.class) : Checkpoint.read(dir, CupStackGa.State.class);
    }

    @Test
    void aModelIsSpelledSoThatItReadsBackEqual() {
        for (RouterModel m : List.of(RouterModel.CCOPT, RouterModel.YOKOTA2018, RouterModel.YOKOTA2023,
                RouterModel.YOKOTA2023.withCreditDelay(2), RouterModel.CCOPT.withDimensionOrder(RouterModel.DimensionOrder.Y_FIRST))) {
            assertThat(RouterModel.parse(CupstackRequest.spell(m))).isEqualTo(m);
        }
        assertThat(CupstackRequest.spell(RouterModel.YOKOTA2023)).isEqualTo("yokota2023");
        assertThat(CupstackRequest.spell(RouterModel.YOKOTA2023.withCreditDelay(2))).contains("credit-delay=2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"full", "lahc"})
    void aStoppedJobResumesFromJavaToTheUninterruptedResult(String method) {
        CupstackJob.Outcome whole = CupstackJob.run(request(method), CupstackJob.Checkpoints.none(), 1);
        assertThatThrownBy(() -> CupstackJob.run(request(method), stoppingAfter(dir, 4), 2)).isInstanceOf(Stop.class);
        Checkpoint<?> saved = read(method);
        assertThat(saved.request(CupstackRequest.class)).isEqualTo(request(method));
        CupstackJob.Outcome resumed = CupstackJob.resume(dir, CupstackJob.Checkpoints.to(dir, 0), 2);
        assertThat(resumed.result().bestScore()).isEqualTo(whole.result().bestScore());
        assertThat(resumed.result().best().sameGenes(whole.result().best())).isTrue();
        // the convergence record, generation by generation (its clock times aside)
        assertThat(resumed.state().history()).extracting(g -> List.of(g.generation(), g.bestObjective(), g.meanNew()))
                .isEqualTo(whole.state().history().stream().map(g -> List.of(g.generation(), g.bestObjective(), g.meanNew())).toList());
        assertThat(resumed.state().bestGeneration()).isEqualTo(whole.state().bestGeneration());
        // the final checkpoint is at the last generation
        assertThat(read(method).state()).extracting(s -> s instanceof LateAcceptance.State la ? la.generation()
                : ((CupStackGa.State) s).generation()).isEqualTo(8);
    }

    @Test
    void aCheckpointWithoutARequestIsRefusedWithTheCommandThatResumesIt() throws Exception {
        CupstackJob.run(request("full"), CupstackJob.Checkpoints.to(dir, 0), 1);
        CupStackGa.State state = Checkpoint.read(dir, CupStackGa.State.class).state();
        new Checkpoint<>(List.of("--generations", "8"), state).write(dir);
        assertThatThrownBy(() -> CupstackJob.resume(dir, CupstackJob.Checkpoints.none(), 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("records no request")
                .hasMessageContaining("ccopt cupstack --resume " + dir);
    }

    @Test
    void aRequestThatNamesAnotherMethodThanTheStateIsRefused() throws Exception {
        CupstackJob.run(request("full"), CupstackJob.Checkpoints.to(dir, 0), 1);
        CupStackGa.State state = Checkpoint.read(dir, CupStackGa.State.class).state();
        new Checkpoint<>(List.of(), state, request("lahc")).write(dir);
        assertThatThrownBy(() -> CupstackJob.resume(dir, CupstackJob.Checkpoints.none(), 1))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("holds a state of the GA");
    }

    @Test
    void anOutcomesFiguresAreItsResultAndItsRun() {
        CupstackJob.Outcome o = CupstackJob.run(request("full"), CupstackJob.Checkpoints.none(), 1);
        java.util.Map<String, Object> f = o.figures();
        assertThat(f).containsEntry("method", "full").containsEntry("topology", "torus:4x4").containsEntry("traffic", "brev")
                .containsEntry("bestCycles", o.result().bestScore().duration()).containsEntry("generations", 8)
                .containsEntry("simulations", o.simulations()).containsEntry("model", "yokota2023");
        assertThat((int) f.get("baselineCycles")).isPositive();
        assertThat((java.util.Map<?, ?>) f.get("simplePerScheme")).hasSize(10);
        assertThat((int) f.get("simpleStackingCycles")).isEqualTo(java.util.Arrays.stream(o.result().simplePerScheme()).min()
                .orElseThrow());
    }
}
