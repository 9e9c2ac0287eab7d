package org.ccopt.mapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.util.Enums;

/**
 * What a run of the node-mapping GA (Yokota et al. 2018) found, validated, as {@code ccopt nodemap} reports it: the
 * best mapping against physical addressing, where and at what cost it was found, and, for the random search of the
 * paper's Fig. 3 (a variant that keeps no survivor), the spread of its samples.
 *
 * @param traffic  the patterns' names, in order
 * @param router   the router that scored (the papers' under a model, or BookSim's)
 * @param hopsOnly scored by average hops alone (nothing simulated)
 */
public record NodemapOutcome(Topology topology, List<String> traffic, NodeMappingGa.Settings settings,
                             org.ccopt.flitsim.RouterKind router,
                             boolean hopsOnly, NodeMappingGa.State state, MappingScore physical, long simulations,
                             long pruned, long cacheHits, double seconds) {

    /** The outcome of a finished run of {@code evaluator}'s GA, {@code seconds} its search time. */
    public static NodemapOutcome of(Topology topology, List<String> traffic, NodeMappingGa.Settings settings,
                                    org.ccopt.flitsim.RouterKind router, boolean hopsOnly, NodeMappingGa.State state,
                                    MappingEvaluator evaluator, double seconds) {
        long before = evaluator.simulations();
        MappingScore physical = evaluator.physicalAddressing();
        // the run's simulations over every session of it (a resumed run's evaluator counts its own session only)
        long simulations = state.simulations() == null ? evaluator.simulations()
                : state.simulations() + evaluator.simulations() - before;
        return new NodemapOutcome(topology, List.copyOf(traffic), settings, router, hopsOnly, state, physical, simulations,
                evaluator.pruned(), evaluator.cacheHits(), seconds);
    }

    public MappingScore best() {
        return state.bestScore();
    }

    /** Whether the run was the random search (no survivors) whose samples were all simulated in full. */
    public boolean randomSearch() {
        return settings.variant().survivorCount(settings.population()) == 0 && !hopsOnly;
    }

    /** The figures {@code --json} prints, in order (the mapping last). */
    public Map<String, Object> figures() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("topology", topology.spec());
        result.put("traffic", String.join(",", traffic));
        result.put("variant", settings.variant().name());
        result.put("sort", settings.order().label());
        result.put("radiusBound", Enums.key(settings.variant().bound()));
        if (!hopsOnly) {
            result.put("survival", settings.rule().describe());
        }
        result.put("physicalCycles", physical.cycles());
        result.put("physicalAvgHops", physical.avgHops());
        result.put("bestCycles", best().cycles());
        result.put("avgHops", best().avgHops());
        result.put("generation", state.bestGeneration());
        result.put("evaluations", state.evaluations());
        result.put("simulations", simulations);
        result.put("pruned", pruned);
        result.put("cacheHits", cacheHits);
        result.put("seconds", seconds);
        Map<String, Object> spread = randomSearchSpread();
        if (spread != null) {
            result.put("randomSearch", spread);
        }
        RouterModel.putModel(result, router, topology);
        if (!hopsOnly) {
            result.put("routing", FlitSimulator.routingOf(topology));
        }
        result.put("mapping", state.bestMapping());
        return result;
    }

    /**
     * The random search's samples, minimum, average and maximum (2018, Fig. 3): it evaluates every sample in full;
     * null for any other run.
     */
    private Map<String, Object> randomSearchSpread() {
        if (!randomSearch()) {
            return null;
        }
        double sum = 0;
        long max = 0;
        for (NodeMappingGa.Generation g : state.history()) {
            sum += g.meanNewCycles();
            max = Math.max(max, g.maxNewCycles());
        }
        Map<String, Object> rs = new LinkedHashMap<>();
        rs.put("samples", state.evaluations());
        rs.put("minCycles", best().cycles());
        rs.put("averageCycles", sum / state.history().size());
        rs.put("maxCycles", max);
        return rs;
    }

    /**
     * The outcome as text: one line, and the random search's spread; {@code modelLabel} names the router that scored
     * (with any note on its routing).
     */
    public List<String> lines(String modelLabel) {
        String patterns = String.join("+", traffic);
        String run = settings.variant().name() + "-" + settings.order().label();
        if (hopsOnly) {
            return List.of(String.format(Locale.ROOT, "%s on %s, %s (hops only): avg hops %.3f (physical %.3f), found in "
                    + "generation %d; %d evaluations in %.1f s", patterns, topology.spec(), run, best().avgHops(),
                    physical.avgHops(), state.bestGeneration(), state.evaluations(), seconds));
        }
        String line = String.format(Locale.ROOT, "%s on %s, %s, model %s: %d cycles (physical addressing %d), avg hops %.3f "
                + "(physical %.3f), found in generation %d; %d evaluations, %d simulations in %.1f s", patterns,
                topology.spec(), run, modelLabel, best().cycles(), physical.cycles(), best().avgHops(), physical.avgHops(),
                state.bestGeneration(), state.evaluations(), simulations, seconds);
        Map<String, Object> rs = randomSearchSpread();
        if (rs == null) {
            return List.of(line);
        }
        return List.of(line, String.format(Locale.ROOT, "  random search: %d samples, min %d, average %.1f, max %d cycles",
                rs.get("samples"), rs.get("minCycles"), (double) rs.get("averageCycles"), rs.get("maxCycles")));
    }
}
