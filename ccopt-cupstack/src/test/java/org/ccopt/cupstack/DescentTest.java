package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.VcSelection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Coordinate descent over router models and the calibration stages' own rules, on fits whose optimum is known. */
class DescentTest {

    /** The readings of a model, one "key=value" each. */
    private static Set<String> readings(RouterModel m) {
        return new HashSet<>(Arrays.asList(m.describe().split(",")));
    }

    /** How many readings of {@code m} differ from {@code target}'s: a separable fit, so descent must reach the target. */
    private static int distance(RouterModel m, RouterModel target) {
        Set<String> a = readings(m);
        a.removeAll(readings(target));
        return a.size();
    }

    @Test
    void aSeparableFitIsDescendedToItsOptimumEvaluatingEveryModelOnce() {
        RouterModel start = RouterModel.CCOPT;
        RouterModel one = Calibration.neighbours(start).get(0);
        RouterModel target = Calibration.neighbours(one).stream().filter(m -> distance(m, start) == 2).findFirst().orElseThrow();
        List<RouterModel> evaluated = new ArrayList<>();
        List<String> moves = new ArrayList<>();
        Descent.Result<Integer> r = new Descent<Integer>(m -> {
            evaluated.add(m);
            return distance(m, target);
        }, (a, b) -> a < b).from(start, moves::add);
        assertThat(r.model()).isEqualTo(target);
        assertThat(r.fit()).isZero();
        // a pass walks the neighbours of the model it started from, so the second reading moves in the second pass,
        // and the third finds nothing better and ends the descent
        assertThat(moves).hasSize(2);
        assertThat(moves.get(0)).startsWith("pass 1: better: ");
        assertThat(moves.get(1)).isEqualTo("pass 2: better: " + target.describe());
        assertThat(r.passes()).isEqualTo(3);
        assertThat(evaluated).doesNotHaveDuplicates().hasSize(r.evaluated());
        // the same start, fit and order give the same descent
        Descent.Result<Integer> again = new Descent<Integer>(m -> distance(m, target), (a, b) -> a < b).from(start, l -> { });
        assertThat(again).isEqualTo(r);
    }

    @Test
    void aDescentThatFindsNothingBetterStopsAfterOnePassAtItsStart() {
        RouterModel start = RouterModel.CCOPT;
        Descent.Result<Integer> r = new Descent<Integer>(m -> 0, (a, b) -> false).from(start, l -> { });
        assertThat(r.model()).isEqualTo(start);
        assertThat(r.passes()).isEqualTo(1);
        assertThat(r.evaluated()).isEqualTo(1 + Calibration.neighbours(start).size());
    }

    @Test
    void the2018OrderPutsTheKnownAnswersBeforeTheDurations() {
        int[][] exact = new int[VcSelection.values().length][];
        int[][] off = new int[VcSelection.values().length][];
        for (int s = 0; s < exact.length; s++) {
            exact[s] = Calibration.SINGLE_2018.clone();
            off[s] = Arrays.stream(Calibration.SINGLE_2018).map(d -> d + 20).toArray();
        }
        var keepsAnswersButOff = Optional.of(new Calibration.Fit2018(RouterModel.CCOPT, 10, 34, off));
        var exactButLosesAnAnswer = Optional.of(new Calibration.Fit2018(RouterModel.CCOPT, 10, 35, exact));
        var keepsAnswersAndExact = Optional.of(new Calibration.Fit2018(RouterModel.CCOPT, 10, 34, exact));
        assertThat(CalibrationStages.better2018(keepsAnswersButOff, exactButLosesAnAnswer)).isTrue();
        assertThat(CalibrationStages.better2018(exactButLosesAnAnswer, keepsAnswersButOff)).isFalse();
        assertThat(CalibrationStages.better2018(keepsAnswersAndExact, keepsAnswersButOff)).isTrue();
        assertThat(CalibrationStages.better2018(keepsAnswersButOff, Optional.empty())).isTrue();
        assertThat(CalibrationStages.better2018(Optional.empty(), keepsAnswersButOff)).isFalse();
    }

    @Test
    void modelsFilesAreReadAsCsvOrLinesAndABadLineIsRefusedByItsNumber(@TempDir Path dir) throws Exception {
        String ccopt = RouterModel.CCOPT.describe();
        Path csv = dir.resolve("fits.csv");
        Files.writeString(csv, "model,meanAbsPercent\n\"" + ccopt + "\",1.0\n");
        Path lines = dir.resolve("models.txt");
        RouterModel other = Calibration.neighbours(RouterModel.CCOPT).get(0);
        Files.writeString(lines, "# two models, one repeated\n" + other.describe() + "\n\n" + ccopt + "\n");
        assertThat(CalibrationStages.readModels(List.of(csv, lines)))
                .containsExactly(RouterModel.CCOPT.withDefaultScheme(VcSelection.C00), other.withDefaultScheme(VcSelection.C00));
        Files.writeString(lines, ccopt + "\nnot a model\n");
        assertThatThrownBy(() -> CalibrationStages.readModels(List.of(lines))).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("line 2 of models file").hasMessageNotContaining("not a model");
        Files.writeString(lines, "# nothing\n");
        assertThatThrownBy(() -> CalibrationStages.readModels(List.of(lines))).hasMessageContaining("hold no model");
    }

    @Test
    void aRowOfTable2IsNamedByItsPattern() {
        assertThat(CalibrationStages.pattern(null)).isZero();
        assertThat(CalibrationStages.pattern(" TRNS ")).isEqualTo(5);
        assertThatThrownBy(() -> CalibrationStages.pattern("xyz")).hasMessageStartingWith("traffic 'xyz' is not a row");
    }
}
