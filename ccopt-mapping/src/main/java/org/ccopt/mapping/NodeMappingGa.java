package org.ccopt.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.util.Permutations;
import org.ccopt.util.SeededStreams;

/**
 * The node-mapping GA of Yokota et al. 2018, §4-§5.1: a population of mappings (logical address per physical
 * node), no crossover (it would break the permutation), survivors chosen by a {@link SurvivalOrder} and every
 * other slot refilled by a mutant of a survivor (each survivor parents the same number of mutants, one operator
 * per mutant, drawn with the {@link MutationVariant}'s percentages). With no survivors (S99) every generation is
 * fresh random mappings: the random search of population x generations samples.
 *
 * <p>Generation 0 is a random population; generations 1..G mutate. Every random choice comes from a stream
 * seeded by (seed, generation, slot), so a run is a pure function of its settings and seed, whatever the thread
 * count, and a run resumed from a {@link State} reaches the same result as an uninterrupted one.
 */
public final class NodeMappingGa {

    /** GA settings; the paper's values are population 1,000 and 1,000 generations. */
    public record Settings(int population, int generations, MutationVariant variant, SurvivalRule rule, long seed) {
        public Settings {
            if (population < 2) {
                throw InvalidInputException.parameter("population", population + " is invalid; expected >= 2");
            }
            if (generations < 0) {
                throw InvalidInputException.parameter("generations", generations + " is invalid; expected >= 0");
            }
        }

        /** Settings under ccopt's reading of {@code order} ({@link SurvivalRule#of}). */
        public Settings(int population, int generations, MutationVariant variant, SurvivalOrder order, long seed) {
            this(population, generations, variant, SurvivalRule.of(order), seed);
        }

        public SurvivalOrder order() {
            return rule.order();
        }
    }

    /**
     * One row of the convergence record: the best so far, the mean and the largest over this generation's new mappings
     * that were evaluated exactly (NaN and 0 when every one was pruned), how many new mappings were pruned (provably
     * below every kept one), and running totals.
     */
    public record Generation(int generation, long bestCycles, double bestAvgHops, double meanNewCycles,
                             double meanNewAvgHops, int prunedNew, long evaluations, double seconds, long maxNewCycles) {
    }

    /**
     * Everything a run needs to continue: the sorted population of generation {@code generation}, the best mapping
     * seen so far and the convergence record.
     */
    public record State(int generation, int[][] population, MappingScore[] scores, int[] bestMapping,
                        MappingScore bestScore, int bestGeneration, long evaluations, double seconds,
                        List<Generation> history, Long seed, Long simulations) {
    }

    private final MappingEvaluator evaluator;
    private final Settings settings;
    private final MappingMutations mutations;
    private final SurvivalRule survival;
    private final boolean prune;
    private final Comparator<MappingScore> order;

    public NodeMappingGa(MappingEvaluator evaluator, Settings settings) {
        this(evaluator, settings, true);
    }

    private NodeMappingGa(MappingEvaluator evaluator, Settings settings, boolean prune) {
        // the random search (S99) reports the minimum, average and maximum of its samples (Yokota et al. 2018, Fig. 3),
        // so it evaluates every sample in full
        this.prune = prune && settings.variant().survivorCount(settings.population()) > 0;
        this.evaluator = evaluator;
        this.settings = settings;
        this.mutations = new MappingMutations(evaluator.topology(), evaluator.patterns(), evaluator.distance());
        if (settings.variant().needsGrid() && !mutations.hasGrid()) {
            throw new InvalidInputException("mutation variant " + settings.variant().name() + " uses line and box swaps, which need a "
                    + "2-D torus or mesh; got '" + evaluator.topology().spec() + "' (use S03, S04, S05, S1x, S2x or S99)");
        }
        SurvivalRule rule = evaluator.simulates() ? settings.rule() : SurvivalRule.of(SurvivalOrder.AH);
        this.survival = rule;
        this.order = rule.comparator();
    }

    public Settings settings() {
        return settings;
    }

    /** The same GA scoring every mapping in full (for checking that pruning changes nothing). */
    public NodeMappingGa withoutPruning() {
        return new NodeMappingGa(evaluator, settings, false);
    }

    /** Generation 0: a random population, evaluated and sorted. */
    public State initial() {
        return initial(List.of());
    }

    /**
     * Generation 0 with {@code starts} in the first slots (at most a population; a mapping given twice is evaluated
     * once) and random mappings in the others: a GA that continues from known mappings and never ends above the best
     * of them (ccopt's addition; the paper starts from random mappings).
     */
    public State initial(List<int[]> starts) {
        long started = System.nanoTime();
        int pop = settings.population();
        if (starts.size() > pop) {
            throw new IllegalArgumentException(starts.size() + " start mappings for a population of " + pop);
        }
        int[][] population = new int[pop][];
        for (int i = 0; i < pop; i++) {
            if (i < starts.size()) {
                if (!Permutations.isPermutation(starts.get(i), evaluator.terminals())) {
                    throw new InvalidInputException("start mapping " + i + " is not a permutation of 0.." + (evaluator.terminals() - 1));
                }
                population[i] = starts.get(i).clone();
            } else {
                population[i] = Permutations.shuffled(evaluator.terminals(), random(0, i));
            }
        }
        MappingScore[] scores = new MappingScore[pop];
        long simulated = evaluator.simulations();
        evaluator.evaluate(population, 0, pop, scores, null, survival);
        simulated = evaluator.simulations() - simulated;
        int shortest = shortest(scores, 0, pop, null);
        int[] best = shortest >= 0 ? population[shortest].clone() : null;
        MappingScore bestScore = shortest >= 0 ? scores[shortest] : null;
        sort(population, scores, 0);
        if (best == null) {
            best = population[0].clone();
            bestScore = scores[0];
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        Generation row = row(0, bestScore, scores, 0, pop, pop, seconds);
        List<Generation> history = new ArrayList<>(List.of(row));
        return new State(0, population, scores, best, bestScore, 0, pop, seconds, history, settings.seed(), simulated);
    }

    /** One generation: survivors stay, mutants of survivors fill the rest, all sorted again. */
    public State step(State s) {
        long started = System.nanoTime();
        int g = s.generation() + 1;
        int pop = settings.population();
        int survivors = settings.variant().survivorCount(pop);
        int[][] population = new int[pop][];
        MappingScore[] scores = new MappingScore[pop];
        for (int i = 0; i < survivors; i++) {
            population[i] = s.population()[i];
            scores[i] = s.scores()[i];
        }
        int patterns = evaluator.patterns().length;
        for (int i = survivors; i < pop; i++) {
            int[] child = survivors == 0 ? new int[evaluator.terminals()] : s.population()[(i - survivors) % survivors].clone();
            settings.variant().mutate(mutations, child, patterns, random(g, i));
            population[i] = child;
        }
        // a mutant that ranks after the worst survivor (after the best so far, for the random search) is dropped anyway
        MappingScore kept = !prune ? null : survivors == 0 ? s.bestScore() : s.scores()[survivors - 1];
        boolean shortestBest = survival.best() == SurvivalRule.Best.SHORTEST;
        long simulated = evaluator.simulations();
        evaluator.evaluate(population, survivors, pop, scores, kept,
                shortestBest ? survival.evaluatingBelow(s.bestScore().cycles()) : survival);
        // a checkpoint of a version that did not count them counts from its resumption
        long simulations = (s.simulations() == null ? 0 : s.simulations()) + evaluator.simulations() - simulated;
        MappingScore[] fresh = Arrays.copyOfRange(scores, survivors, pop);
        int[] best = s.bestMapping();
        MappingScore bestScore = s.bestScore();
        int bestGeneration = s.bestGeneration();
        int shortest = shortest(scores, survivors, pop, bestScore);
        if (shortest >= 0) {
            best = population[shortest].clone();
            bestScore = scores[shortest];
            bestGeneration = g;
        }
        sort(population, scores, survivors);
        if (!shortestBest && order.compare(scores[0], bestScore) < 0) {
            best = population[0].clone();
            bestScore = scores[0];
            bestGeneration = g;
        }
        double seconds = s.seconds() + (System.nanoTime() - started) / 1e9;
        long evaluations = s.evaluations() + (pop - survivors);
        List<Generation> history = new ArrayList<>(s.history());
        history.add(row(g, bestScore, fresh, 0, fresh.length, evaluations, seconds));
        return new State(g, population, scores, best, bestScore, bestGeneration, evaluations, seconds, history, settings.seed(),
                simulations);
    }

    /**
     * Checks that a state read back from a checkpoint fits this run (sizes, ranges, every mapping a permutation of the
     * terminals), so that a damaged or foreign checkpoint is refused with one line instead of failing, or misleading,
     * later.
     */
    public void checkResumable(State s) {
        int pop = settings.population();
        require(s.population() != null && s.scores() != null && s.bestMapping() != null && s.bestScore() != null
                && s.history() != null, "it lacks part of the state");
        org.ccopt.util.Checkpoint.requireSeed(s.seed(), settings.seed());
        require(s.generation() >= 0 && s.generation() <= settings.generations(), "generation " + s.generation()
                + " is outside 0.." + settings.generations());
        require(s.population().length == pop && s.scores().length == pop, "it holds " + s.population().length
                + " mappings and " + s.scores().length + " scores; the run has a population of " + pop);
        require(s.history().size() == s.generation() + 1, "its record has " + s.history().size() + " rows for generation "
                + s.generation());
        require(s.bestGeneration() >= 0 && s.bestGeneration() <= s.generation() && s.evaluations() >= pop
                && Double.isFinite(s.seconds()) && s.seconds() >= 0, "its counters are out of range");
        int t = evaluator.terminals();
        for (int i = 0; i < pop; i++) {
            require(s.scores()[i] != null && Permutations.isPermutation(s.population()[i], t), "mapping " + i
                    + " is not a permutation of 0.." + (t - 1));
        }
        require(Permutations.isPermutation(s.bestMapping(), t), "the best mapping is not a permutation of 0.." + (t - 1));
        // meaning, not only structure: counters in range, the record consistent, the scores the run will build on true
        require(s.evaluations() <= (long) pop * (s.generation() + 1), "it counts " + s.evaluations() + " evaluations, "
                + "more than " + pop + " per generation");
        // an evaluation simulates each pattern at most once
        require(s.simulations() == null || (s.simulations() >= 0 && s.simulations() <= s.evaluations()
                * evaluator.patterns().length), "it counts " + s.simulations() + " simulations, outside 0.."
                + s.evaluations() * evaluator.patterns().length + " for its " + s.evaluations() + " evaluations");
        for (int i = 0; i < s.history().size(); i++) {
            Generation row = s.history().get(i);
            require(row != null && row.generation() == i && row.bestCycles() >= 0 && row.evaluations() >= 0
                    && row.evaluations() <= s.evaluations() && (i == 0 || row.evaluations()
                    >= s.history().get(i - 1).evaluations()) && Double.isFinite(row.seconds()) && row.seconds() >= 0
                    && Double.isFinite(row.bestAvgHops()) && row.bestAvgHops() >= 0, "row " + i + " of its record is out "
                    + "of range (negative, out of order or beyond the run's counters)");
        }
        int survivors = Math.max(1, settings.variant().survivorCount(pop));
        MappingScore best = evaluator.score(s.bestMapping());
        require(s.bestScore().exact() && s.bestScore().equals(best), "its best mapping scores " + best.cycles()
                + " cycles on this problem, not the "
                + s.bestScore().cycles() + " it records (edited, or written for another problem)");
        Generation last = s.history().get(s.history().size() - 1);
        require(last.bestCycles() == s.bestScore().cycles() && last.bestAvgHops() == s.bestScore().avgHops(),
                "its record's last row gives " + last.bestCycles() + " cycles for the best, which it records as "
                + s.bestScore().cycles());
        for (int i = 0; i < Math.min(survivors, pop); i++) {
            MappingScore recorded = s.scores()[i];
            require(!recorded.exact() || recorded.equals(evaluator.score(s.population()[i])), "mapping " + i
                    + " does not score what it records on this problem (edited, or written for another problem)");
        }
    }

    private static void require(boolean ok, String why) {
        org.ccopt.util.Checkpoint.requireFits(ok, why);
    }

    /** Runs from {@code start} to the configured generation count, reporting every generation. */
    public State run(State start, Consumer<State> afterGeneration) {
        return org.ccopt.util.GenerationLoop.run(start, State::generation, settings.generations(), this::step, afterGeneration);
    }

    /**
     * Under the {@link SurvivalRule.Best#SHORTEST} reading, the index in {@code [from, to)} of the first exact score
     * shorter than {@code than} (any, where it is null) and shorter than every other; otherwise, or where none is, -1.
     */
    private int shortest(MappingScore[] scores, int from, int to, MappingScore than) {
        if (survival.best() != SurvivalRule.Best.SHORTEST || !evaluator.simulates()) {
            return -1;
        }
        int found = -1;
        long limit = than == null ? Long.MAX_VALUE : than.cycles();
        for (int i = from; i < to; i++) {
            if (scores[i].exact() && scores[i].cycles() < limit) {
                found = i;
                limit = scores[i].cycles();
            }
        }
        return found;
    }

    /**
     * Sorts by the survival order. Ties keep population order ({@link SurvivalRule.Ties#OLDEST}: survivors, in
     * {@code [0, survivors)}, before mutants) or put this generation's mutants first ({@link SurvivalRule.Ties#NEWEST}).
     */
    private void sort(int[][] population, MappingScore[] scores, int survivors) {
        Integer[] idx = new Integer[population.length];
        boolean newest = survival.ties() == SurvivalRule.Ties.NEWEST;
        for (int i = 0; i < idx.length; i++) {
            idx[i] = !newest ? i : (i + survivors) % idx.length;
        }
        Arrays.sort(idx, (a, b) -> order.compare(scores[a], scores[b])); // stable: ties keep the order above
        int[][] p = population.clone();
        MappingScore[] sc = scores.clone();
        for (int i = 0; i < idx.length; i++) {
            population[i] = p[idx[i]];
            scores[i] = sc[idx[i]];
        }
    }

    private static Generation row(int g, MappingScore best, MappingScore[] evaluated, int from, int to, long evaluations,
                                  double seconds) {
        double cycles = 0;
        double hops = 0;
        long max = 0;
        int exact = 0;
        for (int i = from; i < to; i++) {
            if (evaluated[i].exact()) {
                cycles += evaluated[i].cycles();
                hops += evaluated[i].avgHops();
                max = Math.max(max, evaluated[i].cycles());
                exact++;
            }
        }
        return new Generation(g, best.cycles(), best.avgHops(), exact == 0 ? Double.NaN : cycles / exact,
                exact == 0 ? Double.NaN : hops / exact, to - from - exact, evaluations, seconds, max);
    }

    /** The random stream of slot {@code slot} in generation {@code generation}. */
    private SplittableRandom random(int generation, int slot) {
        return SeededStreams.of(settings.seed(), generation, slot);
    }
}
