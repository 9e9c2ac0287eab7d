package org.ccopt.cli;

import java.util.List;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.joint.JointSearch;
import org.ccopt.joint.Stacker;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.SurvivalOrder;
import picocli.CommandLine.Option;

/** The options of {@code ccopt joint}'s searches: the 2018 GA, the annealing, the stacker and the inner stacking. */
final class JointSearchOptions {

    @Option(names = "--population", defaultValue = "100", description = "Mappings per generation of the 2018 GA (default: ${DEFAULT-VALUE}).")
    int population;

    @Option(names = "--variant", defaultValue = "S20", description = "Mutation variant of the 2018 GA (default: ${DEFAULT-VALUE}).")
    String variant;

    @Option(names = "--radius-bound", defaultValue = "inclusive", paramLabel = "exclusive|inclusive",
            description = "How the 2018 GA's neighbouring swap reads its radius, as nodemap's --radius-bound (default: ${DEFAULT-VALUE}).")
    String radiusBound;

    @Option(names = "--sort", defaultValue = "ml", description = "Survival order of the 2018 GA: sc, ah, ml (default: ${DEFAULT-VALUE}).")
    String sort;

    @Option(names = "--restarts", defaultValue = "32", description = "Annealed candidate mappings (default: ${DEFAULT-VALUE}).")
    int restarts;

    @Option(names = "--rounds", defaultValue = "4", description = "Rounds of annealed candidates and seeded GA of the surrogate and joint methods (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--anneal-iterations", defaultValue = "200000", description = "Swaps proposed per annealing (default: ${DEFAULT-VALUE}).")
    long annealIterations;

    @Option(names = "--stacker", defaultValue = "lahc", description = "What a stacking phase does after simple stacking: "
            + Stacker.NAMES + " (default: ${DEFAULT-VALUE}).")
    String stacker;

    @Option(names = "--reserve", defaultValue = "0.2", description = "Share of the budget the sequential method keeps for stacking (default: ${DEFAULT-VALUE}).")
    double reserve;

    @Option(names = "--stacker-population", defaultValue = "20", description = "Chromosomes or moves per generation of the stacker (default: ${DEFAULT-VALUE}).")
    int stackerPopulation;

    @Option(names = "--inner-schemes", split = ",", description = "VC selection schemes of the joint method's inner stacking (default: all ten).")
    List<String> innerSchemes;

    @Option(names = "--inner-intervals", defaultValue = "1", description = "Intervals V from l_c of the inner stacking; 0: up to the single-slice duration, the paper's range (default: ${DEFAULT-VALUE}: the schemes alone).")
    int innerIntervals;

    @Option(names = "--max-generations", defaultValue = "10000", description = "Cap on a method's GA generations, "
            + "shared by the rounds of the annealed methods; 10,000 x 100 mappings is the paper's million evaluations (default: ${DEFAULT-VALUE}).")
    int maxGenerations;

    /** The searches' settings of these options. */
    JointSearch.Settings settings(long budget, long seed, int workers) {
        List<VcSelection> schemes = innerSchemes == null ? List.of(VcSelection.values())
                : innerSchemes.stream().map(VcSelection::parse).toList();
        return new JointSearch.Settings(budget, population, MutationVariant.named(variant)
                .withBound(org.ccopt.util.Enums.parse(MutationVariant.Bound.class, "--radius-bound", radiusBound)), SurvivalOrder.parse(sort),
                maxGenerations, restarts, rounds, annealIterations, Stacker.parse(stacker), reserve, stackerPopulation, schemes,
                innerIntervals, seed, workers);
    }
}
