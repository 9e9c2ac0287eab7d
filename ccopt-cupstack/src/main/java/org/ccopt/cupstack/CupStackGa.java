package org.ccopt.cupstack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.util.SeededStreams;

/**
 * The GA operation mode of the extended Cup-Stacking method (Yokota et al. 2023, App. A.3).
 *
 * <ol>
 *   <li>Generation 0: a random population, every chromosome evaluated.
 *   <li>Training, generations 1..100: every chromosome produces one mutant, which replaces it only if better.
 *   <li>Afterwards, every i_c-th generation is a crossover generation: the population is sorted by score (ties
 *       broken randomly or by age, older first) and the systematic pairs (1,2), (1,3), (2,3), (1,4), (2,4), (3,4), ...
 *       each produce a child of the weaker (b-th) parent with genes taken from the stronger (a-th) at rate r_c, which
 *       overwrites the weaker parent. ccopt's reading of the pair count, which the paper does not state: the first
 *       {@code crossoverPairs} pairs (default population / 2). "When the crossover operation is not carried out, a
 *       mutation operation is applied": every chromosome that no pair overwrote is mutated as in other generations.
 *   <li>Signatures (CRC-32 over all genes) of the chromosomes that reach the best score are recorded; a chromosome
 *       entering the population with the best score and a known signature (a clone) is re-initialised.
 *   <li>Lifetime lt: a chromosome lt generations old is re-initialised. Watchdog wd: wd generations without a
 *       new best re-initialise the whole population. They are mutually exclusive (App. A.3 (6)).
 * </ol>
 * A re-initialised chromosome is a random one, evaluated in the next generation in place of a mutant.
 *
 * <p>Synonyms (§6.3): every evaluated chromosome with the best score and a new signature is a synonym; it is
 * recorded with its genes when one of its properties ir, or, ib, ob, lb, T_e exceeds that of the last recorded
 * synonym (the paper's filter, read literally), up to {@code maxSynonyms}. A new best starts the record afresh.
 *
 * <p>Every random choice comes from a stream seeded by (seed, generation, slot), so a run is a pure function of
 * its settings and seed whatever the thread count, and a run resumed from a {@link State} reaches the same result.
 */
public final class CupStackGa {

    /** How crossover ranks chromosomes with equal scores (App. A.3 (4)). */
    public enum Tie {
        RANDOM, AGE;

        public static Tie parse(String text) {
            return org.ccopt.util.Enums.parse(Tie.class, "tie order", text);
        }
    }

    /**
     * How the random schemes C are drawn: for t_d0's reference run, App. A.3's only sentence on it ("a single-slice
     * simulation with randomly selected C_id and I_i = 0", whose t_d0 bounds V and I), and, by ccopt's reading of the
     * initial population the paper does not describe, for the initial and every re-initialised chromosome. {@code PORT}
     * reads C_id as a scheme drawn for every port; {@code UNIFORM} as one randomly selected scheme set at every port,
     * the way simple stacking and Table 3 configure the router.
     */
    public enum InitialScheme {
        PORT, UNIFORM;

        public static InitialScheme parse(String text) {
            return org.ccopt.util.Enums.parse(InitialScheme.class, "initial scheme reading", text);
        }
    }

    /** GA parameters; defaults are the paper's values or choices within its ranges (App. A.3). */
    public record Settings(int population, int generations, int training, double mutationRate, int crossoverInterval,
                           double crossoverRate, int crossoverPairs, Tie tie, int lifetime, int watchdog, int maxSynonyms,
                           long seed, InitialScheme initialScheme) {

        /**
         * The settings with ccopt's default reading of the random schemes, {@link InitialScheme#UNIFORM}, the better fit
         * to Table 4 (docs/results/cupstack-ga-fidelity.md).
         */
        public Settings(int population, int generations, int training, double mutationRate, int crossoverInterval,
                        double crossoverRate, int crossoverPairs, Tie tie, int lifetime, int watchdog, int maxSynonyms, long seed) {
            this(population, generations, training, mutationRate, crossoverInterval, crossoverRate, crossoverPairs, tie, lifetime,
                    watchdog, maxSynonyms, seed, InitialScheme.UNIFORM);
        }

        /**
         * The defaults of {@code ccopt cupstack} (its {@code --help} says which the paper states): 50 chromosomes, 1,000
         * generations, 100 of them training, mutation rate 0.02, crossover every 10 generations taking 80 % of the genes
         * from the stronger parent, 25 systematic pairs, ties by age, lifetime 200, no watchdog, 1,000 recorded
         * synonyms, seed 1, uniform random schemes; the {@code with} methods change one each.
         */
        public static Settings defaults() {
            return new Settings(50, 1000, 100, 0.02, 10, 0.8, 25, Tie.AGE, 200, 0, 1000, 1, InitialScheme.UNIFORM);
        }

        /** {@code chromosomes} in the population, with half as many systematic crossover pairs. */
        public Settings withPopulation(int chromosomes) {
            return new Settings(chromosomes, generations, training, mutationRate, crossoverInterval, crossoverRate,
                    chromosomes / 2, tie, lifetime, watchdog, maxSynonyms, seed, initialScheme);
        }

        /** {@code count} generations, of which {@code trainingGenerations} mutate only. */
        public Settings withGenerations(int count, int trainingGenerations) {
            return new Settings(population, count, trainingGenerations, mutationRate, crossoverInterval, crossoverRate,
                    crossoverPairs, tie, lifetime, watchdog, maxSynonyms, seed, initialScheme);
        }

        public Settings withMutationRate(double rate) {
            return new Settings(population, generations, training, rate, crossoverInterval, crossoverRate, crossoverPairs,
                    tie, lifetime, watchdog, maxSynonyms, seed, initialScheme);
        }

        public Settings withSeed(long s) {
            return new Settings(population, generations, training, mutationRate, crossoverInterval, crossoverRate,
                    crossoverPairs, tie, lifetime, watchdog, maxSynonyms, s, initialScheme);
        }

        public Settings {
            if (initialScheme == null) {
                throw new InvalidInputException("initial scheme reading is missing; expected port or uniform");
            }
            if (population < 2) {
                throw InvalidInputException.parameter("population", population + " is invalid; expected >= 2");
            }
            if (generations < 0) {
                throw InvalidInputException.parameter("generations", generations + " is invalid; expected >= 0");
            }
            if (training < 0) {
                throw InvalidInputException.parameter("training", training + " is invalid; expected >= 0");
            }
            if (!(mutationRate > 0 && mutationRate <= 1)) {
                throw InvalidInputException.parameter("mutation-rate", mutationRate + " is invalid; expected 0 < r_m <= 1 (paper: 0.1, 0.05, 0.02)");
            }
            if (!(crossoverRate > 0 && crossoverRate <= 1)) {
                throw InvalidInputException.parameter("crossover-rate", crossoverRate + " is invalid; expected 0 < r_c <= 1 (paper: 0.1 .. 0.9)");
            }
            String[] names = {"crossover-interval", "crossover-pairs", "lifetime", "watchdog", "max-synonyms"};
            long[] values = {crossoverInterval, crossoverPairs, lifetime, watchdog, maxSynonyms};
            for (int i = 0; i < names.length; i++) {
                if (values[i] < 0) {
                    throw InvalidInputException.parameter(names[i], values[i] + " is invalid; expected >= 0");
                }
            }
            if (crossoverPairs > (long) population * (population - 1) / 2) {
                throw InvalidInputException.parameter("crossover-pairs", crossoverPairs + " is more than a population of " + population
                        + " has; expected at most " + (long) population * (population - 1) / 2 + " pairs");
            }
            if (lifetime > 0 && watchdog > 0) {
                throw InvalidInputException.parameter("lifetime", lifetime + " and watchdog " + watchdog
                        + " are mutually exclusive (Yokota et al. 2023, App. A.3 (6)); set one of them to 0");
            }
        }
    }

    /**
     * One row of the convergence record (Fig. 4): the best so far and the mean of this generation's new scores;
     * {@code deadlockedNew} new chromosomes deadlocked the network (infeasible, left out of the mean, never kept).
     */
    public record Generation(int generation, int bestObjective, int bestDuration, double meanNew, int exactNew, int prunedNew,
                             boolean crossover, int reinitialized, long evaluations, double seconds, int deadlockedNew) {
    }

    /** A recorded synonym of the best score: its genes and measurements. */
    public record Synonym(Chromosome chromosome, Score score) {
    }

    /**
     * Everything a run needs to continue: the population of generation {@code generation} (scores null for
     * chromosomes re-initialised and not yet evaluated), birth generations, the best chromosome, the signatures
     * and recorded synonyms of the best score, the convergence record, and the simulations the search has run (over
     * every session of a resumed run; null in a checkpoint of a version that did not count them).
     */
    public record State(int generation, Chromosome[] population, Score[] scores, int[] born, Chromosome best, Score bestScore,
                        int bestGeneration, int lastImprovement, long[] signatures, List<Synonym> synonyms, long evaluations,
                        double seconds, List<Generation> history, Long seed, Long simulations) {

        /** The simulations of {@code s}, 0 for none counted, plus those the evaluator ran since it counted {@code before}. */
        static long counted(Long simulations, Evaluator evaluator, long before) {
            return (simulations == null ? 0 : simulations) + evaluator.simulations() - before;
        }
    }

    private final GeneSpace space;
    private final Evaluator evaluator;
    private final Settings settings;
    private final Comparator<Score> order;
    private final boolean prune;
    private final SortKey key;
    private final Chromosome seed;

    /**
     * @param seed a chromosome placed in slot 0 of the initial population (ccopt's simple-stacking seed), or null for
     *             an all-random start
     */
    public CupStackGa(GeneSpace space, Evaluator evaluator, Settings settings, SortKey key, Chromosome seed) {
        this(space, evaluator, settings, key, seed, true);
    }

    private CupStackGa(GeneSpace space, Evaluator evaluator, Settings settings, SortKey key, Chromosome seed, boolean prune) {
        this.seed = seed;
        this.space = space;
        this.evaluator = evaluator;
        this.settings = settings;
        this.order = key.comparator();
        this.prune = prune;
        this.key = key;
    }

    /** The same GA evaluating every mutant in full (to check that pruning changes nothing). */
    public CupStackGa withoutPruning() {
        return new CupStackGa(space, evaluator, settings, key, seed, false);
    }

    /** Generation 0: a random population (slot 0 the seed, if any), evaluated. */
    public State initial() {
        long started = System.nanoTime();
        long simulated = evaluator.simulations();
        int pop = settings.population();
        Chromosome[] population = new Chromosome[pop];
        for (int i = 0; i < pop; i++) {
            population[i] = space.initial(SeededStreams.of(settings.seed(), 0, i), settings.initialScheme());
        }
        if (seed != null) {
            population[0] = seed.copy();
        }
        Score[] scores = new Score[pop];
        evaluator.evaluateAll(population, new Score[pop], scores);
        if (Arrays.stream(scores).allMatch(Score::deadlocked)) {
            DeadlockException first = evaluator.deadlockOf(population[0]);
            throw first != null ? first : new IllegalStateException("every chromosome deadlocked, the first one not on its own");
        }
        State s = new State(0, population, scores, new int[pop], null, null, 0, 0, new long[0], List.of(), 0, 0, List.of(), settings.seed(),
                null);
        return integrate(s, 0, population.clone(), scores, new boolean[pop], false, started, simulated);
    }

    /** One generation: mutants (or crossover children) of every chromosome, integrated in slot order. */
    public State step(State s) {
        long started = System.nanoTime();
        long simulated = evaluator.simulations();
        int g = s.generation() + 1;
        int pop = settings.population();
        Chromosome[] child = new Chromosome[pop];
        Score[] reference = new Score[pop];
        boolean[] unconditional = new boolean[pop];
        boolean crossover = g > settings.training() && settings.crossoverInterval() > 0
                && (g - settings.training()) % settings.crossoverInterval() == 0;
        if (crossover) {
            Integer[] ranked = rank(s, SeededStreams.of(settings.seed(), g, -1));
            Chromosome[] work = s.population().clone();
            int pairs = 0;
            for (int b = 1; b < pop && pairs < settings.crossoverPairs(); b++) {
                for (int a = 0; a < b && pairs < settings.crossoverPairs(); a++) {
                    int weak = ranked[b];
                    work[weak] = space.crossover(work[weak], work[ranked[a]], settings.crossoverRate(),
                            SeededStreams.of(settings.seed(), g, pop + pairs));
                    unconditional[weak] = true;
                    pairs++;
                }
            }
            for (int i = 0; i < pop; i++) {
                child[i] = unconditional[i] ? work[i] : null;
            }
        }
        for (int i = 0; i < pop; i++) {
            if (unconditional[i]) {
                continue; // overwritten by crossover
            }
            if (s.scores()[i] == null) {
                child[i] = s.population()[i]; // re-initialised last generation: evaluate it as it is
                unconditional[i] = true;
            } else {
                child[i] = space.mutate(s.population()[i], settings.mutationRate(), SeededStreams.of(settings.seed(), g, i));
                reference[i] = prune ? s.scores()[i] : null;
            }
        }
        Score[] scores = new Score[pop];
        evaluator.evaluateAll(child, reference, scores);
        return integrate(s, g, child, scores, unconditional, crossover, started, simulated);
    }

    /**
     * Checks that a state read back from a checkpoint fits this run (sizes, ranges, every chromosome inside the gene
     * space), so that a damaged or foreign checkpoint is refused with one line instead of failing, or misleading,
     * later.
     */
    public void checkResumable(State s) {
        int pop = settings.population();
        require(s.population() != null && s.scores() != null && s.born() != null && s.best() != null && s.bestScore() != null
                && s.signatures() != null && s.synonyms() != null && s.history() != null, "it lacks part of the state");
        org.ccopt.util.Checkpoint.requireSeed(s.seed(), settings.seed());
        require(s.generation() >= 0 && s.generation() <= settings.generations(), "generation " + s.generation()
                + " is outside 0.." + settings.generations());
        require(s.population().length == pop && s.scores().length == pop && s.born().length == pop, "it holds "
                + s.population().length + " chromosomes; the run has a population of " + pop);
        require(s.history().size() == s.generation() + 1, "its record has " + s.history().size() + " rows for generation "
                + s.generation());
        require(s.bestGeneration() >= 0 && s.bestGeneration() <= s.generation() && s.lastImprovement() >= 0
                && s.lastImprovement() <= s.generation() && s.evaluations() >= 0 && Double.isFinite(s.seconds())
                && s.seconds() >= 0 && (s.simulations() == null || s.simulations() >= 0), "its counters are out of range");
        for (int i = 0; i < pop; i++) {
            require(s.born()[i] >= 0 && s.born()[i] <= s.generation(), "slot " + i + " was born in generation " + s.born()[i]);
            inSpace(s.population()[i], "chromosome " + i);
        }
        inSpace(s.best(), "the best chromosome");
        for (Synonym y : s.synonyms()) {
            require(y != null && y.score() != null, "a synonym lacks its score");
            inSpace(y.chromosome(), "a synonym");
        }
        for (Score sc : s.scores()) {
            require(sc == null || inRange(sc), "a score is out of range");
        }
        // the scores the run builds on are derived again, not trusted: one generation's simulations
        Score[] again = new Score[pop];
        evaluator.evaluateAll(s.population(), new Score[pop], again);
        for (int i = 0; i < pop; i++) {
            require(s.scores()[i] == null || s.scores()[i].equals(again[i]), "chromosome " + i + " does not score what "
                    + "it records on this problem (edited, or written for another problem)");
        }
        checkMeaning(s.history(), s.evaluations(), (long) pop * (s.generation() + 1), s.best(), s.bestScore(), evaluator);
        checkSynonyms(s);
    }

    /**
     * The synonyms' meaning (§6.3): the best first, at most {@code maxSynonyms}, each of the best's rank with a
     * signature of its own among the recorded ones, and each scoring, evaluated again, exactly what it records; an
     * edited gene or score is refused instead of being printed as a configuration of the best duration.
     */
    private void checkSynonyms(State s) {
        List<Synonym> synonyms = s.synonyms();
        require(!synonyms.isEmpty() && synonyms.size() <= Math.max(1, settings.maxSynonyms())
                && synonyms.get(0).chromosome().sameGenes(s.best()) && synonyms.get(0).score().equals(s.bestScore()),
                "its synonyms do not start with its best configuration or number more than " + settings.maxSynonyms());
        Set<Long> recorded = new HashSet<>();
        for (long x : s.signatures()) {
            recorded.add(x);
        }
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < synonyms.size(); i++) {
            Synonym y = synonyms.get(i);
            long crc = y.chromosome().crc32();
            require(order.compare(y.score(), s.bestScore()) == 0 && recorded.contains(crc) && seen.add(crc), "synonym " + i
                    + " does not rank with the best or repeats a signature");
            if (i > 0) {
                Score again = evaluator.evaluate(y.chromosome(), null);
                require(y.score().equals(again), "synonym " + i + " scores " + (again == null || again.deadlocked()
                        ? "a deadlock" : again.objective()) + " on this problem, not the " + y.score().objective()
                        + " it records (edited, or written for another problem)");
            }
        }
    }

    /**
     * What a checkpoint's numbers must mean, for the GA and the late-acceptance search alike: the record's rows in
     * order, non-negative and within the run's counters; at most {@code maxEvaluations}; and the best configuration
     * scoring, evaluated again (one simulation, or one perturbation window), exactly the score recorded, so that an
     * edited score or a checkpoint resumed under another problem is refused before it mixes two objectives.
     */
    static void checkMeaning(List<Generation> history, long evaluations, long maxEvaluations, Chromosome best,
                             Score bestScore, Evaluator evaluator) {
        require(evaluations <= maxEvaluations, "it counts " + evaluations + " evaluations, more than the " + maxEvaluations
                + " its generations allow");
        for (int i = 0; i < history.size(); i++) {
            Generation row = history.get(i);
            require(row != null && row.generation() == i && row.bestObjective() >= 0 && row.bestDuration() >= 0
                    && Double.isFinite(row.meanNew()) && row.meanNew() >= 0 && row.exactNew() >= 0 && row.prunedNew() >= 0
                    && row.reinitialized() >= 0 && row.deadlockedNew() >= 0 && row.evaluations() >= 0
                    && row.evaluations() <= evaluations && (i == 0 || row.evaluations() >= history.get(i - 1).evaluations()
                    && row.bestObjective() <= history.get(i - 1).bestObjective()) && Double.isFinite(row.seconds())
                    && row.seconds() >= 0, "row " + i + " of its record is out of range (negative, out of order or beyond "
                    + "the run's counters)");
        }
        require(inRange(bestScore) && history.get(history.size() - 1).bestObjective() == bestScore.objective(),
                "its best score is out of range or differs from its record");
        Score again = evaluator.evaluate(best, null);
        require(bestScore.equals(again), "its best configuration scores " + (again == null || again.deadlocked()
                ? "a deadlock" : again.objective()) + " on this problem, not the " + bestScore.objective()
                + " it records (edited, or written for another problem)");
    }

    private static boolean inRange(Score s) {
        return s.objective() >= 0 && s.duration() >= 0 && s.thickness() >= 0 && s.ir() >= 0 && s.or() >= 0 && s.ib() >= 0
                && s.ob() >= 0 && s.lb() >= 0;
    }

    private void inSpace(Chromosome c, String which) {
        require(c != null && c.delay() != null && c.scheme() != null && c.queueOrder() != null, which + " lacks genes");
        try {
            space.check(c);
        } catch (IllegalStateException e) {
            require(false, which + ": " + e.getMessage());
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
     * Takes this generation's evaluated children into the population, slot by slot: acceptance, best and synonym
     * bookkeeping, clone, lifetime and watchdog re-initialisation.
     */
    private State integrate(State s, int g, Chromosome[] child, Score[] childScore, boolean[] unconditional, boolean crossover,
                            long started, long simulated) {
        int pop = settings.population();
        Chromosome[] population = s.population().clone();
        Score[] scores = s.scores().clone();
        int[] born = s.born().clone();
        Chromosome best = s.best();
        Score bestScore = s.bestScore();
        int bestGeneration = s.bestGeneration();
        int lastImprovement = s.lastImprovement();
        Set<Long> signatures = new HashSet<>();
        for (long x : s.signatures()) {
            signatures.add(x);
        }
        List<Synonym> synonyms = new ArrayList<>(s.synonyms());
        double sum = 0;
        int exact = 0;
        int pruned = 0;
        int deadlocked = 0;
        int reinitialized = 0;
        for (int i = 0; i < pop; i++) {
            Score sc = childScore[i];
            Chromosome c = child[i];
            if (c == null) {
                continue;
            }
            if (sc == null) {
                pruned++;
                continue;
            }
            if (sc.deadlocked()) {
                deadlocked++;
                if (unconditional[i] || g == 0) {
                    reinitialize(population, scores, born, i, g); // it took the slot: a fresh chromosome gets it
                    reinitialized++;
                }
                continue; // a mutant that deadlocks loses to its parent
            }
            exact++;
            sum += sc.objective();
            if (sc.interval() != c.interval()) {
                c = c.withInterval(sc.interval()); // the perturbation's interval survives
            }
            boolean accepted = unconditional[i] || order.compare(sc, scores[i]) < 0;
            if (accepted) {
                population[i] = c;
                scores[i] = sc;
                born[i] = g;
            }
            int vsBest = bestScore == null ? -1 : order.compare(sc, bestScore);
            if (vsBest < 0) {
                best = c;
                bestScore = sc;
                bestGeneration = g;
                lastImprovement = g;
                signatures.clear();
                signatures.add(c.crc32());
                synonyms.clear();
                synonyms.add(new Synonym(c, sc));
            } else if (vsBest == 0) {
                long crc = c.crc32();
                if (!signatures.add(crc)) {
                    if (accepted && g > 0) {
                        reinitialize(population, scores, born, i, g);
                        reinitialized++;
                    }
                } else if (synonyms.size() < settings.maxSynonyms() && exceeds(sc, synonyms.get(synonyms.size() - 1).score())) {
                    synonyms.add(new Synonym(c, sc));
                }
            }
        }
        for (int i = 0; i < pop && settings.lifetime() > 0; i++) {
            if (scores[i] != null && g - born[i] >= settings.lifetime()) {
                reinitialize(population, scores, born, i, g);
                reinitialized++;
            }
        }
        if (settings.watchdog() > 0 && g - lastImprovement >= settings.watchdog()) {
            for (int i = 0; i < pop; i++) {
                reinitialize(population, scores, born, i, g);
            }
            reinitialized += pop;
            lastImprovement = g;
        }
        long evaluations = s.evaluations() + exact + pruned + deadlocked;
        double seconds = s.seconds() + (System.nanoTime() - started) / 1e9;
        long[] sig = signatures.stream().mapToLong(Long::longValue).sorted().toArray();
        List<Generation> history = new ArrayList<>(s.history());
        history.add(new Generation(g, bestScore.objective(), bestScore.duration(), exact == 0 ? Double.NaN : sum / exact, exact,
                pruned, crossover, reinitialized, evaluations, seconds, deadlocked));
        return new State(g, population, scores, born, best, bestScore, bestGeneration, lastImprovement, sig,
                List.copyOf(synonyms), evaluations, seconds, history, settings.seed(), State.counted(s.simulations(), evaluator,
                simulated));
    }

    private void reinitialize(Chromosome[] population, Score[] scores, int[] born, int slot, int g) {
        population[slot] = space.initial(SeededStreams.of(settings.seed(), g, 2 * settings.population() + slot),
                settings.initialScheme());
        scores[slot] = null;
        born[slot] = g;
    }

    /** Slots sorted best first; unevaluated ones last; ties by age (older first) or in a random order. */
    private Integer[] rank(State s, SplittableRandom rnd) {
        int pop = settings.population();
        Integer[] idx = new Integer[pop];
        for (int i = 0; i < pop; i++) {
            idx[i] = i;
        }
        if (settings.tie() == Tie.RANDOM) {
            for (int i = pop - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                Integer t = idx[i];
                idx[i] = idx[j];
                idx[j] = t;
            }
        }
        Score[] sc = s.scores();
        Comparator<Integer> byScore = (a, b) -> sc[a] == null || sc[b] == null
                ? Boolean.compare(sc[a] == null, sc[b] == null) : order.compare(sc[a], sc[b]);
        Comparator<Integer> c = settings.tie() == Tie.AGE ? byScore.thenComparingInt(i -> s.born()[i]) : byScore;
        Arrays.sort(idx, c); // stable: random ties keep the shuffled order; age ties fall back to slot order
        return idx;
    }

    /** The §6.3 filter: one or more of ir, or, ib, ob, lb and T_e larger than the last recorded synonym's. */
    private static boolean exceeds(Score s, Score record) {
        return s.ir() > record.ir() || s.or() > record.or() || s.ib() > record.ib() || s.ob() > record.ob()
                || s.lb() > record.lb() || s.thickness() > record.thickness();
    }
}
