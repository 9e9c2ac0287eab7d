package org.ccopt.cupstack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.util.SeededStreams;

/**
 * ccopt's own search over the Cup-Stacking genes, beside the paper's GA (not in Yokota et al. 2023): late-acceptance
 * hill climbing (Burke and Bykov 2017, "The late acceptance hill-climbing heuristic", EJOR 258) from simple
 * stacking's best configuration, one gene a move ({@link GeneSpace#neighbour}). A candidate is accepted when its
 * duration is at most the current one or at most the current duration of {@code historyLength} moves ago; after each
 * move that slot of the history takes the current duration (the original rule of the paper). The duration is the
 * only criterion: a candidate is simulated only until it provably exceeds the acceptance bound, and not at all when it
 * changes only a scheme C or Q order that the current configuration's run never chose by: it then runs exactly as the
 * current one ({@link Evaluator#sameRun}), to the same score, and is counted as a simulation all the same, so that
 * every result and budget is what simulating it gives.
 *
 * <p>A "generation" here is {@code movesPerGeneration} moves (the GA's population, so that both spend the same
 * evaluations per generation and a checkpoint falls on the same boundaries). Move k of generation g draws from the
 * stream (seed, g, k), so a run is reproducible and a resumed run ends where an uninterrupted one does. The search is
 * sequential; evaluation threads are not used.
 */
public final class LateAcceptance {

    /** @param movesPerGeneration moves between two records of the convergence history (and checkpoints) */
    public record Settings(int historyLength, int movesPerGeneration, int generations, long seed) {
        public Settings {
            if (historyLength < 1 || historyLength > 1_000_000) {
                throw InvalidInputException.parameter("history-length", historyLength + " is invalid; expected 1..1000000 "
                        + "(Burke and Bykov 2017 use hundreds to thousands)");
            }
            if (movesPerGeneration < 1) {
                throw InvalidInputException.parameter("population", movesPerGeneration + " is invalid; expected >= 1 (moves per generation)");
            }
            if (generations < 0) {
                throw InvalidInputException.parameter("generations", generations + " is invalid; expected >= 0");
            }
        }
    }

    /**
     * Everything a run needs to continue: the current configuration and its score, the history of current
     * durations (slot = move number mod its length), the best so far and the convergence record (one row per
     * generation, as the GA's), and the simulations the search has run (as {@link CupStackGa.State#simulations}).
     */
    public record State(int generation, Chromosome current, Score currentScore, int[] recent, Chromosome best, Score bestScore,
                        int bestGeneration, long evaluations, double seconds, List<CupStackGa.Generation> history, Long seed,
                        Long simulations) {

        /**
         * The state as the GA's, for {@link CupStackRun#finish} and the run's outputs: a population of the current
         * configuration, the best as the one recorded synonym.
         */
        public CupStackGa.State asGaState() {
            return new CupStackGa.State(generation, new Chromosome[] {current}, new Score[] {currentScore}, new int[1], best,
                    bestScore, bestGeneration, bestGeneration, new long[] {best.crc32()},
                    List.of(new CupStackGa.Synonym(best, bestScore)), evaluations, seconds, history, seed, simulations);
        }
    }

    private final GeneSpace space;
    private final Evaluator evaluator;
    private final Settings settings;
    private final Chromosome start;
    /** Whether a candidate known to run as the current configuration is not simulated (off: every one is, for A/B tests). */
    boolean skipKnown = true;
    /** The configuration whose run {@link #choices} records (the current one, by reference), and that record. */
    private Chromosome simulated;
    private org.ccopt.flitsim.FlitSimulator.Choices choices;

    /** @param start the first current configuration (simple stacking's best, {@link CupStackRun}) */
    public LateAcceptance(GeneSpace space, Evaluator evaluator, Settings settings, Chromosome start) {
        if (space.alterableGenes() == 0) {
            throw new InvalidInputException("every gene group is frozen: the late-acceptance search has nothing to change");
        }
        this.space = space;
        this.evaluator = evaluator;
        this.settings = settings;
        this.start = start.copy();
    }

    /** Generation 0: the start evaluated; every history slot holds its duration. */
    public State initial() {
        long started = System.nanoTime();
        long before = evaluator.simulations();
        Score s = evaluator.evaluate(start, null);
        if (s == null || s.deadlocked()) {
            throw new IllegalStateException("the start configuration deadlocks; simple stacking ran it without");
        }
        simulated = start;
        choices = evaluator.choices();
        int[] recent = new int[settings.historyLength()];
        Arrays.fill(recent, s.objective());
        double seconds = (System.nanoTime() - started) / 1e9;
        List<CupStackGa.Generation> history = List.of(new CupStackGa.Generation(0, s.objective(), s.duration(), s.objective(), 1, 0,
                false, 0, 1, seconds, 0));
        return new State(0, start, s, recent, start, s, 0, 1, seconds, history, settings.seed(),
                CupStackGa.State.counted(null, evaluator, before));
    }

    /** One generation of moves. */
    public State step(State s) {
        long started = System.nanoTime();
        long before = evaluator.simulations();
        int g = s.generation() + 1;
        int[] recent = s.recent().clone();
        Chromosome current = s.current();
        Score currentScore = s.currentScore();
        if (simulated != current) { // a state this search did not make (resumed): its run's record, derived again
            simulated = current;
            choices = evaluator.choicesOf(current);
        }
        Chromosome best = s.best();
        Score bestScore = s.bestScore();
        int bestGeneration = s.bestGeneration();
        int exact = 0;
        int pruned = 0;
        int deadlocked = 0;
        double sum = 0;
        long move = (long) (g - 1) * settings.movesPerGeneration();
        for (int k = 0; k < settings.movesPerGeneration(); k++, move++) {
            Chromosome candidate = space.neighbour(current, SeededStreams.of(settings.seed(), g, k));
            int slot = (int) (move % recent.length);
            int bound = Math.max(currentScore.objective(), recent[slot]);
            boolean same = skipKnown && evaluator.sameRun(choices, current, candidate);
            Score sc;
            if (same) {
                evaluator.recordKnown();
                sc = currentScore; // it runs as the current configuration did: the same score, at most the bound
            } else {
                sc = evaluator.evaluate(candidate, new Score(bound, bound, 0, 0, 0, 0, 0, 0, 0));
            }
            if (sc == null) {
                pruned++;
            } else if (sc.deadlocked()) {
                deadlocked++;
            } else {
                exact++;
                sum += sc.objective();
                if (sc.objective() <= bound) {
                    current = candidate;
                    currentScore = sc;
                    if (!same) {
                        choices = evaluator.choices(); // its run, complete within the bound
                    }
                    simulated = candidate;
                    if (sc.objective() < bestScore.objective()) {
                        best = candidate;
                        bestScore = sc;
                        bestGeneration = g;
                    }
                }
            }
            recent[slot] = currentScore.objective();
        }
        long evaluations = s.evaluations() + settings.movesPerGeneration();
        double seconds = s.seconds() + (System.nanoTime() - started) / 1e9;
        List<CupStackGa.Generation> history = new ArrayList<>(s.history());
        history.add(new CupStackGa.Generation(g, bestScore.objective(), bestScore.duration(), exact == 0 ? Double.NaN : sum / exact,
                exact, pruned, false, 0, evaluations, seconds, deadlocked));
        return new State(g, current, currentScore, recent, best, bestScore, bestGeneration, evaluations, seconds, history,
                settings.seed(), CupStackGa.State.counted(s.simulations(), evaluator, before));
    }

    /** Runs from {@code start} to the configured generation count, reporting every generation. */
    public State run(State from, Consumer<State> afterGeneration) {
        return org.ccopt.util.GenerationLoop.run(from, State::generation, settings.generations(), this::step, afterGeneration);
    }

    /** Checks that a state read back from a checkpoint fits this run, so that a damaged one is refused in one line. */
    public void checkResumable(State s) {
        require(s.current() != null && s.currentScore() != null && s.recent() != null && s.best() != null && s.bestScore() != null
                && s.history() != null, "it lacks part of the state");
        org.ccopt.util.Checkpoint.requireSeed(s.seed(), settings.seed());
        require(s.generation() >= 0 && s.generation() <= settings.generations(), "generation " + s.generation()
                + " is outside 0.." + settings.generations());
        require(s.recent().length == settings.historyLength(), "its history holds " + s.recent().length
                + " durations; the run's --history-length is " + settings.historyLength());
        require(s.history().size() == s.generation() + 1, "its record has " + s.history().size() + " rows for generation "
                + s.generation());
        require(s.bestGeneration() >= 0 && s.bestGeneration() <= s.generation() && s.evaluations() >= 0
                && Double.isFinite(s.seconds()) && s.seconds() >= 0 && (s.simulations() == null || s.simulations() >= 0),
                "its counters are out of range");
        require(s.bestScore().objective() > 0 && s.bestScore().objective() <= s.currentScore().objective()
                && Arrays.stream(s.recent()).allMatch(d -> d >= s.bestScore().objective()), "its durations are inconsistent");
        for (Chromosome c : new Chromosome[] {s.current(), s.best()}) {
            require(c.delay() != null && c.scheme() != null && c.queueOrder() != null, "a configuration lacks genes");
            try {
                space.check(c);
            } catch (IllegalStateException e) {
                require(false, e.getMessage());
            }
        }
        CupStackGa.checkMeaning(s.history(), s.evaluations(), 1 + (long) settings.movesPerGeneration() * s.generation(),
                s.best(), s.bestScore(), evaluator);
        Score current = evaluator.evaluate(s.current(), null); // the configuration the search builds on, derived again
        require(s.currentScore().equals(current), "its current configuration does not score what it records on this "
                + "problem (edited, or written for another problem)");
    }

    private static void require(boolean ok, String why) {
        org.ccopt.util.Checkpoint.requireFits(ok, why);
    }
}
