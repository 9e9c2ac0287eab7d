package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.report.Charts;
import org.ccopt.mapping.MappingScore;
import org.ccopt.mapping.NodeMappingGa;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.Csv;

/** The files {@code ccopt nodemap --out} writes of a run. */
final class NodemapOutputs {

    private NodemapOutputs() {
    }

    /** --out DIR: mapping.json (for {@code ccopt sim --mapping}), generations.csv and the convergence chart. */
    static void write(Path out, String topology, String traffic, String ga, boolean hopsOnly, NodeMappingGa.State state,
                      MappingScore physical) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("topology", topology);
        m.put("traffic", traffic);
        m.put("bestCycles", state.bestScore().cycles());
        m.put("avgHops", state.bestScore().avgHops());
        m.put("mapping", state.bestMapping());
        AtomicFiles.writeAtomically(out.resolve("mapping.json"), Json.write(m));
        List<List<Object>> csv = new ArrayList<>();
        List<NodeMappingGa.Generation> rows = state.history();
        double[] x = new double[rows.size()];
        double[] best = new double[rows.size()];
        double[] mean = new double[rows.size()];
        double[] phys = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            NodeMappingGa.Generation r = rows.get(i);
            boolean none = Double.isNaN(r.meanNewCycles()); // every new mapping was cut short: no exact mean to write
            csv.add(Arrays.asList(r.generation(), r.bestCycles(), r.bestAvgHops(), none ? null : r.meanNewCycles(),
                    none ? null : r.meanNewAvgHops(), none ? null : r.maxNewCycles(), r.prunedNew(), r.evaluations(),
                    r.seconds()));
            x[i] = r.generation();
            best[i] = hopsOnly ? r.bestAvgHops() : r.bestCycles();
            mean[i] = hopsOnly ? r.meanNewAvgHops() : r.meanNewCycles();
            phys[i] = hopsOnly ? physical.avgHops() : physical.cycles();
        }
        AtomicFiles.writeAtomically(out.resolve("generations.csv"), Csv.write(List.of("generation", "bestCycles",
                "bestAvgHops", "meanNewCycles", "meanNewAvgHops", "maxNewCycles", "prunedNew", "evaluations", "seconds"), csv));
        var chart = Charts.line(traffic.replace(',', '+') + " on " + topology + ", " + ga,
                "generation", hopsOnly ? "average hops" : "cycles (sum over patterns)", x,
                new String[] {"best", "mean of new mappings (exact)", "physical addressing"}, new double[][] {best, mean, phys},
                null, false, false);
        Charts.dashed(chart, "physical addressing");
        Charts.write(chart, out.resolve("convergence.png"));
        Charts.write(chart, out.resolve("convergence.svg"));
    }
}
