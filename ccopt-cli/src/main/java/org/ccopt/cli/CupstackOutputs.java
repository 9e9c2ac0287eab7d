package org.ccopt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.CupStackValidator;
import org.ccopt.cupstack.Problem;
import org.ccopt.report.Charts;
import org.ccopt.papers.TracePicture;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.Csv;

/** What {@code ccopt cupstack} reports of a run: its JSON summary and the files of {@code --out}. */
final class CupstackOutputs {

    private CupstackOutputs() {
    }

    /**
     * The files of a run: under --out DIR (null: none) best.json (for {@code ccopt sim --params}), synonyms.jsonl,
     * generations.csv, the convergence chart and the stacking picture of the best; and the stacking picture as
     * --picture FILE (null: none). The best plan is replayed once for every picture.
     */
    static void write(Path out, Path picture, CupStackRun run, Problem problem, CupStackGa.State state, CupStackRun.Result r,
                      String label, String method, long seed) throws IOException {
        SimParameters best = CupStackValidator.parameters(problem, run.baseConfig(), r.best(), label, seed);
        List<Path> pictures = new ArrayList<>();
        if (picture != null) {
            pictures.add(picture);
        }
        if (out == null) {
            stackingPicture(best, problem, label, method, pictures);
            return;
        }
        pictures.add(out.resolve("stacking.png"));
        pictures.add(out.resolve("stacking.svg"));
        AtomicFiles.writeAtomically(out.resolve("best.json"), best.toJson());
        StringBuilder syn = new StringBuilder();
        List<List<Object>> csv = new ArrayList<>();
        if (state != null) {
            ObjectMapper mapper = new ObjectMapper();
            for (CupStackGa.Synonym s : state.synonyms()) {
                syn.append(mapper.writeValueAsString(s)).append('\n');
            }
            List<CupStackGa.Generation> rows = state.history();
            double[] x = new double[rows.size()];
            double[] bestY = new double[rows.size()];
            double[] mean = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                CupStackGa.Generation g = rows.get(i);
                csv.add(Arrays.asList(g.generation(), g.bestObjective(), g.bestDuration(),
                        Double.isNaN(g.meanNew()) ? null : g.meanNew(), g.exactNew(), g.prunedNew(), g.crossover(),
                        g.reinitialized(), g.evaluations(), g.seconds(), g.deadlockedNew()));
                x[i] = g.generation();
                bestY[i] = g.bestObjective();
                mean[i] = g.meanNew(); // NaN (left out of the chart) where every mutant was cut short
            }
            // baselines: simple stacking's duration (the paper's starting point) and the unsplit run's
            double[] simple = new double[rows.size()];
            double[] unsplit = new double[rows.size()];
            Arrays.fill(simple, r.simpleStackingCycles());
            Arrays.fill(unsplit, r.baselineCycles());
            var chart = Charts.line(label + " on " + problem.topology().spec() + ", " + method + " (seed " + seed + ")",
                    "generation", "cycles", x, new String[] {"best", "average of newly evaluated (exact)",
                        "simple stacking (baseline)", "unsplit (S = 1)"},
                    new double[][] {bestY, mean, simple, unsplit}, null, false, false);
            Charts.dashed(chart, "simple stacking (baseline)", "unsplit (S = 1)");
            Charts.write(chart, out.resolve("convergence.png"));
            Charts.write(chart, out.resolve("convergence.svg"));
        }
        AtomicFiles.writeAtomically(out.resolve("synonyms.jsonl"), syn.toString());
        AtomicFiles.writeAtomically(out.resolve("generations.csv"), Csv.write(List.of("generation", "bestObjective",
                "bestDuration", "meanNew", "exactNew", "prunedNew", "crossover", "reinitialized", "evaluations", "seconds",
                "deadlockedNew"), csv));
        stackingPicture(best, problem, label, method, pictures);
    }

    /**
     * The best plan's stacking picture (links across, time down, one colour per slice), replayed from its parameter
     * file: each file PNG, SVG or PDF by its extension.
     */
    private static void stackingPicture(SimParameters best, Problem problem, String label, String method, List<Path> files)
            throws IOException {
        if (files.isEmpty()) {
            return;
        }
        FlitRouter router = best.router();
        LinkTrace trace = new LinkTrace();
        int duration = router.trace(trace).run(best.config(router), best.workload()).durationCycles();
        String title = label + " on " + problem.topology().spec() + ", " + method + ": " + duration + " cycles";
        for (Path f : files) {
            TracePicture.write(trace, duration, title, null, f);
        }
    }
}
