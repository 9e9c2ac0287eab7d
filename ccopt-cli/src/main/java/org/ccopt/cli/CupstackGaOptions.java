package org.ccopt.cli;

import org.ccopt.cupstack.CupStackGa;
import picocli.CommandLine.Option;

/** The options of the Cup-Stacking GA (Yokota et al. 2023, App. A.3, Table 4's parameters), as its settings. */
final class CupstackGaOptions {

    @Option(names = "--population", defaultValue = "50", description = "Chromosomes (default: ${DEFAULT-VALUE}).")
    int population;

    @Option(names = "--generations", defaultValue = "1000", description = "Generations (default: ${DEFAULT-VALUE}).")
    int generations;

    @Option(names = "--training", defaultValue = "100", description = "Mutation-only generations at the start (default: ${DEFAULT-VALUE}).")
    int training;

    @Option(names = "--mutation-rate", defaultValue = "0.02", description = "r_m, share of genes a mutation alters (default: ${DEFAULT-VALUE}).")
    double mutationRate;

    @Option(names = "--crossover-interval", defaultValue = "10", description = "i_c, generations between crossovers (default: ${DEFAULT-VALUE}).")
    int crossoverInterval;

    @Option(names = "--crossover-rate", defaultValue = "0.8", description = "r_c, share of genes taken from the stronger parent (default: ${DEFAULT-VALUE}).")
    double crossoverRate;

    @Option(names = "--crossover-pairs", description = "Systematic pairs per crossover generation (default: population / 2).")
    Integer crossoverPairs;

    @Option(names = "--tie", defaultValue = "age", description = "Crossover ranking of equal scores: random or age (default: ${DEFAULT-VALUE}).")
    String tie;

    @Option(names = "--lifetime", defaultValue = "200", description = "lt, generations a chromosome lives; 0 = off (default: ${DEFAULT-VALUE}).")
    int lifetime;

    @Option(names = "--watchdog", defaultValue = "0", description = "wd, generations without a new best before all restart; 0 = off (default: ${DEFAULT-VALUE}).")
    int watchdog;

    @Option(names = "--max-synonyms", defaultValue = "1000", description = "Recorded synonyms of the best (default: ${DEFAULT-VALUE}).")
    int maxSynonyms;

    /** The GA's settings of these options, with the run's seed and initial-scheme reading. */
    CupStackGa.Settings settings(long seed, String initialScheme) {
        return new CupStackGa.Settings(population, generations, training, mutationRate, crossoverInterval, crossoverRate,
                crossoverPairs == null ? population / 2 : crossoverPairs, CupStackGa.Tie.parse(tie), lifetime, watchdog,
                maxSynonyms, seed, CupStackGa.InitialScheme.parse(initialScheme));
    }
}
