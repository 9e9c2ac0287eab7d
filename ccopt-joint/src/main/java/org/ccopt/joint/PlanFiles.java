package org.ccopt.joint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.ccopt.flitsim.SimParameters;
import org.ccopt.util.AtomicFiles;

/**
 * The files of a spatio-temporal result: {@code mapping.json} (what {@code ccopt sim --mapping} reads) and one
 * parameter file per pattern, {@code NN-NAME.json}, whose destinations are logical addresses
 * ({@link SimParameters#LOGICAL}) and whose router genes and delays are per physical node, so that
 * {@code ccopt sim --mapping mapping.json --params NN-NAME.json} replays that pattern's duration.
 */
public final class PlanFiles {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PlanFiles() {
    }

    /** The parameter file of pattern {@code k}, with logical destinations. */
    public static SimParameters parameters(JointProblem problem, JointPlan plan, int k) {
        return physical(problem, plan.plans().get(k), k).logical(problem.patterns()[k]);
    }

    /**
     * The parameter file of plan {@code p} of pattern {@code k}, with physical destinations and the seed its replay needs
     * ({@link org.ccopt.flitsim.FlitSetup#fileSeed}).
     */
    static SimParameters physical(JointProblem problem, PatternPlan p, int k) {
        return SimParameters.of(problem.setup(), p.config(), p.workload(), problem.names().get(k),
                problem.setup().fileSeed(null));
    }

    /** The file name of pattern {@code k}'s parameters. */
    public static String name(JointProblem problem, int k) {
        return String.format(Locale.ROOT, "%02d-%s.json", k, problem.names().get(k).replaceAll("[^A-Za-z0-9-]", "_"));
    }

    /** Writes the mapping and every pattern's parameters into {@code dir} (created if absent). */
    public static void write(Path dir, JointProblem problem, JointPlan plan, String method) throws IOException {
        java.nio.file.Files.createDirectories(dir);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("topology", problem.topology().spec());
        m.put("traffic", String.join(",", problem.names()));
        m.put("method", method);
        m.put("cycles", plan.cycles());
        m.put("mapping", plan.mapping());
        AtomicFiles.writeAtomically(dir.resolve("mapping.json"), JSON.writeValueAsString(m) + "\n");
        for (int k = 0; k < problem.patterns().length; k++) {
            AtomicFiles.writeAtomically(dir.resolve(name(problem, k)), parameters(problem, plan, k).toJson());
        }
    }
}
