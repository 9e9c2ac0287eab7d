import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ccopt.experiments.Charts;

/**
 * The chart of experiments/joint_tables.py: reads the joint-budget runs (one JSON row per line on stdin) and draws,
 * per method, the duration summed over the workloads against the budget.
 */
public class JointChart {
    public static void main(String[] args) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, TreeMap<Long, Long>> sums = new LinkedHashMap<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode row = json.readTree(line);
            long budget = row.get("budget").asLong();
            for (var it = row.fieldNames(); it.hasNext(); ) {
                String key = it.next();
                if (key.startsWith("byMethod.") && key.endsWith(".cycles")) {
                    String method = key.substring("byMethod.".length(), key.length() - ".cycles".length());
                    sums.computeIfAbsent(method, k -> new TreeMap<>()).merge(budget, row.get(key).asLong(), Long::sum);
                }
            }
        }
        List<String> names = new ArrayList<>(sums.keySet());
        double[] x = sums.get(names.get(0)).keySet().stream().mapToDouble(Long::doubleValue).toArray();
        double[][] ys = new double[names.size()][];
        for (int i = 0; i < names.size(); i++) {
            ys[i] = sums.get(names.get(i)).values().stream().mapToDouble(Long::doubleValue).toArray();
        }
        var chart = Charts.line("Four workloads of Yokota et al. 2018 on the 8x8 torus", "budget (simulations per method)",
                "cycles, summed over the four workloads", x, names.toArray(String[]::new), ys, null, true, false);
        Charts.write(chart, Path.of(args[0]));
    }
}
