package org.ccopt.cli;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.ccopt.InvalidInputException;
import org.ccopt.schedule.Hgsa;
import org.ccopt.schedule.Mboa;
import org.ccopt.schedule.Scheduler;
import org.ccopt.schedule.Umda;
import picocli.CommandLine.Option;

/**
 * The options of {@code ccopt schedule}'s evolutionary solvers (UMDA, MBOA, HGSA), turned into the library's
 * parameter records, which check their ranges; and where each applies.
 */
final class ScheduleSolverOptions {

    /** Where the options apply: each to the solvers that read it. */
    static List<OptionRules.Rule<ScheduleCommand>> rules() {
        return List.of(
                only("--threads 2", "the only ones that run in parallel", Scheduler.Solver.UMDA, Scheduler.Solver.HGSA,
                        Scheduler.Solver.MBOA),
                only("--max-evaluations 100", "the ones that count evaluations", Scheduler.Solver.UMDA,
                        Scheduler.Solver.HGSA, Scheduler.Solver.MBOA),
                only("--fitness excess", "the estimation-of-distribution solvers", Scheduler.Solver.UMDA, Scheduler.Solver.MBOA),
                only("--umda-reading literal", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-population 10", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-mutation 0.5", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-restart 5", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-selection 0.4", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-tests 2", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-acceleration both", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-blocks 2", "UMDA's", Scheduler.Solver.UMDA),
                only("--umda-block-slots select", "UMDA's", Scheduler.Solver.UMDA),
                only("--mboa-population 10", "MBOA's", Scheduler.Solver.MBOA),
                only("--mboa-restart 5", "MBOA's", Scheduler.Solver.MBOA),
                only("--mboa-rtr-window 5", "MBOA's", Scheduler.Solver.MBOA),
                only("--mboa-model graph", "MBOA's", Scheduler.Solver.MBOA),
                only("--mboa-depth 2", "MBOA's", Scheduler.Solver.MBOA),
                only("--mboa-neighbours 4", "MBOA's", Scheduler.Solver.MBOA),
                only("--hgsa-processes 2", "HGSA's", Scheduler.Solver.HGSA),
                only("--hgsa-exchange 10", "HGSA's", Scheduler.Solver.HGSA),
                only("--hgsa-t0 50", "HGSA's", Scheduler.Solver.HGSA),
                only("--hgsa-per-temperature 10", "HGSA's", Scheduler.Solver.HGSA),
                only("--hgsa-cooling 0.9", "HGSA's", Scheduler.Solver.HGSA),
                only("--hgsa-child-mutation 0.2", "HGSA's", Scheduler.Solver.HGSA));
    }

    /** An option ({@code example}: it and a value) of some solvers only, {@code why} those. */
    private static OptionRules.Rule<ScheduleCommand> only(String example, String why, Scheduler.Solver... solvers) {
        Set<Scheduler.Solver> set = EnumSet.copyOf(List.of(solvers));
        String names = set.stream().map(Scheduler.Solver::label).collect(Collectors.joining(", "));
        return OptionRules.rule(example.split(" ")[0], "to --solver " + names + " (" + why + ")",
                c -> set.contains(Scheduler.Solver.parse(c.solver)),
                "schedule -t hypercube:3 --cc AAB --solver greedy " + example, c -> "--solver " + c.solver);
    }

    @Option(names = "--umda-reading", defaultValue = "ccopt", paramLabel = "R",
            description = "UMDA's readings: ccopt (broadcast mutation may change the source and swap time slots, "
                    + "acceleration between restorations; scatter mutation tested, see --umda-tests) or literal (none; "
                    + "the scatter mutation the random swap) (default: ${DEFAULT-VALUE}).")
    String umdaReading;

    @Option(names = "--umda-tests", paramLabel = "K",
            description = "Tested moves per UMDA scatter mutation, 0..1000, 0 the untested random swap of the MIN paper's "
                    + "§4.4 (default: the reading's, ccopt " + Umda.Params.DEFAULT_TESTS + ", literal 0).")
    Integer umdaTests;

    @Option(names = "--umda-blocks", paramLabel = "N",
            description = "Building blocks in UMDA's initial population of a broadcast, 0..population (default: one "
                    + "sixth of the population; the MIN paper's §4.4 gives no count).")
    Integer umdaBlocks;

    @Option(names = "--umda-block-slots", defaultValue = "first", paramLabel = "first|select",
            description = "The building blocks' step no. 0: the first step (stars from each root after repair) or no "
                    + "step, the restoration selecting the slots (trees) (default: ${DEFAULT-VALUE}).")
    String umdaBlockSlots;

    @Option(names = "--umda-acceleration", defaultValue = "sender", paramLabel = "sender|both",
            description = "Whom UMDA's acceleration relieves: sender (the MIN paper's §4.4) or both sender and receiver "
                    + "(ccopt's extension) (default: ${DEFAULT-VALUE}).")
    String umdaAcceleration;

    @Option(names = "--fitness", defaultValue = "pairs", paramLabel = "pairs|excess",
            description = "Conflict count of umda and mboa: conflicting pairs of communications (the papers' count) or "
                    + "transfers beyond a link's or port's capacity (default: ${DEFAULT-VALUE}).")
    String fitness;

    @Option(names = "--umda-population", defaultValue = "60", paramLabel = "N",
            description = "UMDA population, 2..100000 (default: ${DEFAULT-VALUE}, the MIN paper's §4.5).")
    int umdaPopulation;

    @Option(names = "--umda-mutation", defaultValue = "0.9", paramLabel = "P",
            description = "UMDA mutation probability per child, 0..1 (default: ${DEFAULT-VALUE}, §4.5).")
    double umdaMutation;

    @Option(names = "--umda-selection", defaultValue = "0.5", paramLabel = "F",
            description = "Share of UMDA's population that binary tournament selects as parents and the children replace "
                    + "(default: ${DEFAULT-VALUE}, the paper's half).")
    double umdaSelection;

    @Option(names = "--umda-restart", paramLabel = "G",
            description = "UMDA draws a fresh population after G generations without a better best, 0 never (default: "
                    + Umda.Params.DEFAULT_RESTART + "; ccopt's choice, the paper states no restart).")
    Integer umdaRestart;

    @Option(names = "--mboa-population", defaultValue = "200", paramLabel = "N",
            description = "MBOA population, 4..100000 (default: ${DEFAULT-VALUE}; the paper tuned it per instance).")
    int mboaPopulation;

    @Option(names = "--mboa-restart", paramLabel = "G",
            description = "MBOA draws a fresh population after G generations without a better best, 0 never (default: "
                    + Mboa.Params.DEFAULT_RESTART + "; the paper restarts never, 0).")
    Integer mboaRestart;

    @Option(names = "--mboa-rtr-window", paramLabel = "W",
            description = "MBOA replaces by restricted tournament (Ocenasek 2002): each child against the most similar of "
                    + "W random members; 0 is ccopt's tournament replacement, the worse of two (default: 0).")
    Integer mboaWindow;

    @Option(names = "--mboa-model", paramLabel = "M",
            description = "MBOA's model per variable: tree (decision trees) or graph (decision graphs: leaves may merge, "
                    + "Ocenasek 2002 after Pelikan 2001) (default: tree).")
    String mboaModel;

    @Option(names = "--mboa-depth", defaultValue = "4", paramLabel = "D",
            description = "Deepest split of an MBOA model, 1..32 (default: ${DEFAULT-VALUE}; ccopt's bound, the paper states none).")
    int mboaDepth;

    @Option(names = "--mboa-neighbours", defaultValue = "12", paramLabel = "N",
            description = "Transfers sharing a channel whose variables an MBOA model may split on, 0..1000 (default: "
                    + "${DEFAULT-VALUE}; ccopt's bound, the paper states none).")
    int mboaNeighbours;

    @Option(names = "--hgsa-processes", defaultValue = "10", paramLabel = "N",
            description = "HGSA's annealing processes, the paper's islands (default: ${DEFAULT-VALUE}, as the paper's blades).")
    int hgsaProcesses;

    @Option(names = "--hgsa-exchange", defaultValue = "100", paramLabel = "I",
            description = "HGSA's Metropolis iterations between two exchanges through the master (default: ${DEFAULT-VALUE}, the paper's).")
    int hgsaExchange;

    @Option(names = "--hgsa-t0", defaultValue = "100", paramLabel = "T",
            description = "HGSA's initial temperature (default: ${DEFAULT-VALUE}, the paper's).")
    double hgsaT0;

    @Option(names = "--hgsa-per-temperature", defaultValue = "200", paramLabel = "I",
            description = "HGSA's iterations at one temperature (default: ${DEFAULT-VALUE}, the paper's).")
    int hgsaPerTemperature;

    @Option(names = "--hgsa-cooling", defaultValue = "0.99", paramLabel = "F",
            description = "HGSA's cooling factor per temperature step (default: ${DEFAULT-VALUE}, the paper's).")
    double hgsaCooling;

    @Option(names = "--hgsa-child-mutation", defaultValue = "0.1", paramLabel = "P",
            description = "Probability that HGSA mutates a child chosen by the genetic step; a parent always is "
                    + "(default: ${DEFAULT-VALUE}; the paper says \"with a predefined probability\").")
    double hgsaChildMutation;

    /** --fitness: whether the EAs count conflicting pairs. */
    private boolean pairs() {
        return switch (fitness.trim().toLowerCase(Locale.ROOT)) {
            case "pairs" -> true;
            case "excess" -> false;
            default -> throw new InvalidInputException("--fitness '" + fitness + "' is not a conflict count; expected pairs or excess");
        };
    }

    /** One of two words, or one line naming the option. */
    private static boolean second(String option, String value, String first, String second) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (!v.equals(first) && !v.equals(second)) {
            throw new InvalidInputException(option + " '" + value + "' is unknown; expected " + first + " or " + second);
        }
        return v.equals(second);
    }

    /** The solver settings of the options (the parameter records check their ranges). */
    Scheduler.Settings settings(Scheduler.Solver solver, Integer steps, long seed, int threads) {
        Umda.Params r = Umda.Params.named(umdaReading);
        Umda.Params umda = new Umda.Params(umdaPopulation, umdaMutation, r.sourceMutation(), r.broadcastSwap(),
                r.broadcastAcceleration(), pairs(), umdaRestart == null ? Umda.Params.DEFAULT_RESTART : umdaRestart,
                umdaSelection, second("--umda-acceleration", umdaAcceleration, "sender", "both"),
                umdaTests == null ? r.tests() : umdaTests, umdaBlocks == null ? umdaPopulation / 6 : umdaBlocks,
                second("--umda-block-slots", umdaBlockSlots, "first", "select"));
        Mboa.Params mboa = Mboa.Params.defaults().withPairs(umda.pairs()).withPopulation(mboaPopulation)
                .withRestart(mboaRestart == null ? Mboa.Params.DEFAULT_RESTART : mboaRestart)
                .withWindow(mboaWindow == null ? 0 : mboaWindow)
                .withGraphs(second("--mboa-model", mboaModel == null ? "tree" : mboaModel, "tree", "graph"))
                .withDepth(mboaDepth).withNeighbours(mboaNeighbours);
        Hgsa.Params hgsa = new Hgsa.Params(hgsaProcesses, hgsaExchange, hgsaT0, hgsaPerTemperature, hgsaCooling,
                hgsaChildMutation);
        return new Scheduler.Settings(solver, steps, seed, threads, umda, mboa, hgsa);
    }
}
