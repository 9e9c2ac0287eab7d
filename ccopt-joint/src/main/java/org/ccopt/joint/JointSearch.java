package org.ccopt.joint;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import org.ccopt.InvalidInputException;
import org.ccopt.cupstack.Chromosome;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupStackRun;
import org.ccopt.cupstack.GeneGroup;
import org.ccopt.cupstack.LateAcceptance;
import org.ccopt.cupstack.Method;
import org.ccopt.cupstack.Problem;
import org.ccopt.cupstack.Score;
import org.ccopt.cupstack.SortKey;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.LinkLoadBound;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.mapping.ContentionAnnealing;
import org.ccopt.mapping.MappingEvaluator;
import org.ccopt.mapping.MappingScore;
import org.ccopt.mapping.MutationVariant;
import org.ccopt.mapping.NodeMappingGa;
import org.ccopt.mapping.PatternTiming;
import org.ccopt.mapping.SurvivalOrder;
import org.ccopt.util.Permutations;
import org.ccopt.util.SeededStreams;

/**
 * Spatio-temporal optimisation: the node mapping of Yokota et al. 2018 and the Cup-Stacking of Yokota et al. 2023
 * on one router model, separately and together, every method within the same budget of simulations.
 *
 * <p>Why this design. The 2018 paper removes interference spatially (logical addressing, §1-§2), the 2023 paper
 * temporally (injection timing; its §1 and §5.4 call the combination "spatio-temporal optimization"); neither built
 * both. Measured on ccopt's router (docs/results/joint-tables.md):
 * <ul>
 *   <li>The 2018 GA's best mappings run close to the link-load bound of their own mapping ({@link LinkLoadBound}),
 *       which no injection plan beats: 0.7 cycles above it on average over the fifteen pairs, 3.8 over the twenty
 *       triples. A pattern at 67 cycles has two flows on one link. Stacking after mapping (the sequential method)
 *       therefore gains little, and stacking inside the fitness pays for sweeps that cannot pass that bound; during
 *       development a GA scored that way from random mappings (no shipped method) ended far above the plain GA at
 *       10,000 simulations, having evaluated a few hundred mappings.
 *   <li>Which links flows share is known from the routes alone, without simulating. An annealing on that surrogate
 *       ({@link ContentionAnnealing}) finds starting mappings the simulating GA does not reach, in under a second
 *       each.
 *   <li>Stacking helps where a pattern runs above its bound: head-of-line blocking and arbitration (2023, §4), which
 *       remain where no mapping frees every link.
 * </ul>
 * So the joint method spends no simulation on finding where to start: it anneals {@code restarts} candidate
 * mappings on the surrogate, seeds the 2018 GA with them (ranked by duration first: the candidates' hop counts are
 * low already), scores every mapping by its patterns' durations after simple stacking ({@link SimpleStacking};
 * pruned against the survivors by the bound, so most mutants cost no simulation), runs {@code rounds} such rounds
 * (each with new candidates and the best so far), and gives the rest of its budget to the stacker on the best
 * mapping. The surrogate method is the same search with plain durations and no stacking, so that the two show what
 * stacking adds; the alternating method scores candidates under fixed plans and restacks after every round.
 *
 * <p>Budgets. Every simulation counts, those cut short and the single-slice runs that set a sweep's range
 * included, and no method passes its budget: a method runs in phases (a GA's first population, each later generation,
 * a simple stacking of every pattern, a stacker's step), and a phase whose simulations would take the method past its
 * budget is discarded, the method keeping what it had before it and stopping there. A discarded phase's simulations
 * were run but their results never used; the outcome reports them apart ({@link Outcome#discarded}). A method whose
 * first phase does not fit is skipped and says why ({@link Outcome#skipped}); one that must end with a plan of every
 * pattern keeps the simulations for it in reserve (one per pattern, sent plainly, when a simple stacking after a
 * mapping search does not fit). A GA also stops at its generation cap and may use less. Every method is a pure
 * function of the problem, its settings and the seed: the counts that decide when a method stops do not depend on the
 * thread count.
 */
public final class JointSearch implements AutoCloseable {

    /**
     * @param budget             simulations per method
     * @param population         mappings per generation of the 2018 GA (the paper: 1,000)
     * @param maxGenerations     cap on the GA's generations
     * @param restarts           annealed candidate mappings a round (the surrogate, joint and alternating methods)
     * @param rounds             rounds of annealed candidates and seeded GA of the surrogate and joint methods
     * @param annealIterations   proposed swaps per annealing
     * @param stacker            how a stacking phase spends its budget after simple stacking
     * @param reserve            share of the budget the sequential method keeps for its stacking phase (the joint method's
     *                           stacker gets what its mapping search leaves)
     * @param movesPerGeneration population of the Cup-Stacking stacker (GA chromosomes or late-acceptance moves)
     * @param innerSchemes       VC selection schemes of the joint method's inner simple stacking
     * @param innerIntervals     intervals V = l_c.. of the inner simple stacking (0: up to t_d, the paper's range)
     */
    public record Settings(long budget, int population, MutationVariant variant, SurvivalOrder order, int maxGenerations,
                           int restarts, int rounds, long annealIterations, Stacker stacker, double reserve, int movesPerGeneration,
                           List<VcSelection> innerSchemes, int innerIntervals, long seed, int threads) {
        public Settings {
            if (budget < 1 || budget > 1_000_000_000L) {
                throw InvalidInputException.parameter("budget", budget + " is invalid; expected 1..1000000000 simulations");
            }
            if (maxGenerations < 1) {
                throw InvalidInputException.parameter("max-generations", maxGenerations + " is invalid; expected >= 1");
            }
            if (restarts < 1 || restarts > 100_000) {
                throw InvalidInputException.parameter("restarts", restarts + " is invalid; expected 1..100000");
            }
            if (rounds < 1 || rounds > 1000) {
                throw InvalidInputException.parameter("rounds", rounds + " is invalid; expected 1..1000");
            }
            if (annealIterations < 0 || annealIterations > 1_000_000_000L) {
                throw InvalidInputException.parameter("anneal-iterations", annealIterations + " is invalid; expected 0..1000000000");
            }
            if (!(reserve >= 0 && reserve < 1)) {
                throw InvalidInputException.parameter("reserve", reserve + " is invalid; expected 0 <= reserve < 1");
            }
            if (movesPerGeneration < 2) {
                throw InvalidInputException.parameter("stacker-population", movesPerGeneration + " is invalid; expected >= 2");
            }
            innerSchemes = List.copyOf(innerSchemes);
            org.ccopt.util.Workers.check("threads", threads);
        }
    }

    /**
     * What one method found and what it cost.
     *
     * @param plan        the method's plan, or null when it was skipped
     * @param simulations the simulations whose results the method used: at most the budget
     * @param discarded   simulations of a last phase that would have passed the budget, run and not used
     * @param skipped     why the method did not run within the budget (its first phase does not fit), or null
     */
    public record Outcome(JointMethod method, JointPlan plan, long simulations, long discarded, int generations, double seconds,
                          String skipped) {
    }

    /** A method's first phase does not fit its budget: the method is skipped with this message. */
    private static final class Unaffordable extends RuntimeException {
        Unaffordable(String message) {
            super(message, null, false, false);
        }
    }

    /** Candidates an alternating round scores before it stacks again (not the thread count: results must not depend on it). */
    static final int ROUND = 4;

    private final JointProblem problem;
    private final Settings settings;
    private final SimpleStacking simple;
    private final SimpleStacking inner;
    private final LinkLoadBound bound;
    private final FlitRouter sim;
    private final ForkJoinPool pool;
    /** The annealed candidates, made once a round and shared by the methods that use them. */
    private final List<List<int[]>> candidates = new ArrayList<>();

    public JointSearch(JointProblem problem, Settings settings) {
        if (problem.nodes() > LinkLoadBound.MAX_TABLE_NODES) {
            throw new InvalidInputException("spatio-temporal optimisation on '" + problem.topology().spec() + "' ("
                    + problem.nodes() + " nodes) is too large; at most " + LinkLoadBound.MAX_TABLE_NODES + " nodes are supported");
        }
        this.problem = problem;
        this.settings = settings;
        this.simple = new SimpleStacking(problem);
        this.inner = new SimpleStacking(problem, settings.innerSchemes(), settings.innerIntervals());
        this.sim = problem.router();
        this.bound = LinkLoadBound.of(sim, problem.kind());
        this.pool = new ForkJoinPool(settings.threads());
    }

    public JointProblem problem() {
        return problem;
    }

    /** The lower bound of pattern {@code k} under {@code mapping}: no plan ends sooner ({@link LinkLoadBound}). */
    public int lowerBound(int[] mapping, int k) {
        return bound.cycles(problem.physical(mapping, k), problem.flitsPerNode());
    }

    /** Runs one method within the settings' budget (never past it; skipped, saying why, where its first phase does not fit). */
    public Outcome run(JointMethod method) {
        return run(method, () -> false);
    }

    /**
     * As {@link #run(JointMethod)}, ending early once {@code stop} holds: no phase after that is kept, as if the budget
     * were spent, so the outcome is not the method's over its budget (Ctrl-C: the caller drops it).
     */
    public Outcome run(JointMethod method, java.util.function.BooleanSupplier stop) {
        long started = System.nanoTime();
        Ledger ledger = new Ledger(settings.budget(), stop);
        int[] generations = {0};
        long reserve = problem.patterns().length; // the plain plan a mapping search must still pay for
        JointPlan plan = null;
        String skipped = null;
        try {
            plan = switch (method) {
                case PHYSICAL -> plain(problem.identity(), ledger);
                case MAPPING -> plain(paperGa(ledger.budget - reserve, ledger, generations), ledger);
                case SURROGATE -> plain(annealedGa(null, ledger.budget - reserve, ledger, generations), ledger);
                case STACKING -> stackPhase(problem.identity(), null, ledger, true);
                case SEQUENTIAL -> stackPhase(paperGa(mappingShare() - reserve, ledger, generations), null, ledger, false);
                // the GA may take the whole budget (it often stops at its generation cap first); the stacker gets the rest
                case JOINT -> stackPhase(annealedGa(inner, ledger.budget - reserve, ledger, generations), null, ledger, false);
                case ALTERNATING -> alternating(ledger);
            };
        } catch (Unaffordable e) {
            skipped = e.getMessage();
        }
        return new Outcome(method, plan, ledger.used, ledger.discarded, generations[0], (System.nanoTime() - started) / 1e9,
                skipped);
    }

    /** The budget the sequential method's mapping search may use: all of it with the simple stacker. */
    private long mappingShare() {
        return settings.stacker() == Stacker.SIMPLE ? settings.budget() : (long) Math.ceil(settings.budget() * (1 - settings.reserve()));
    }

    /** Every pattern sent plainly (2018's workload) under {@code mapping}: one simulation a pattern. */
    private JointPlan plain(int[] mapping, Ledger ledger) {
        int k = problem.patterns().length;
        if (!ledger.commit(k)) {
            throw new Unaffordable("needs " + k + " simulations to send its " + k + " patterns once; the budget is "
                    + ledger.budget);
        }
        List<PatternPlan> plans = new ArrayList<>();
        RouterConfig config = problem.config(problem.setup().defaultScheme());
        for (int i = 0; i < k; i++) {
            Workload w = problem.plain(problem.physical(mapping, i));
            plans.add(new PatternPlan(config, w, sim.run(config, w).durationCycles(), "plain"));
        }
        return new JointPlan(mapping, plans);
    }

    /**
     * The 2018 GA as the paper runs it (plain durations, the settings' variant and order; its random start with physical
     * addressing among the mappings, ccopt's addition, so that it never ends above physical addressing) for as many
     * generations as fit {@code limit} simulations, or to the generation cap.
     */
    private int[] paperGa(long limit, Ledger ledger, int[] generations) {
        NodeMappingGa.Settings ga = new NodeMappingGa.Settings(settings.population(), settings.maxGenerations(),
                settings.variant(), settings.order(), settings.seed());
        try (MappingEvaluator evaluator = evaluator(null)) {
            NodeMappingGa search = new NodeMappingGa(evaluator, ga);
            NodeMappingGa.State s = search.initial(List.of(problem.identity()));
            if (!ledger.commit(evaluator.simulations(), limit)) {
                throw new Unaffordable("needs " + evaluator.simulations() + " simulations for the 2018 GA's first "
                        + "population, and " + (ledger.budget - limit) + " kept for the phases after it; the budget is " + ledger.budget);
            }
            s = evolve(search, s, settings.maxGenerations(), evaluator, limit, ledger);
            generations[0] += s.generation();
            return s.bestMapping();
        }
    }

    /**
     * Generations of {@code search} from {@code s} until {@code cap}, or until a generation would take the method past
     * {@code limit} simulations: that generation is discarded ({@link Ledger#commit}) and the state before it returned.
     */
    private static NodeMappingGa.State evolve(NodeMappingGa search, NodeMappingGa.State s, int cap, MappingEvaluator evaluator,
                                              long limit, Ledger ledger) {
        while (s.generation() < cap && ledger.used < limit) {
            long before = evaluator.simulations();
            NodeMappingGa.State next = search.step(s);
            if (!ledger.commit(evaluator.simulations() - before, limit)) {
                break;
            }
            s = next;
        }
        return s;
    }

    private MappingEvaluator evaluator(PatternTiming timing) {
        return new MappingEvaluator(problem.setup(), problem.patterns(), problem.packets(), problem.flitsPerPacket(),
                settings.threads(), timing);
    }

    /**
     * The annealed candidates of round {@code round}: candidate r (numbered across rounds) anneals from a random
     * mapping (stream (seed, 0, r)) with stream (seed, 1, r), in parallel, made once.
     */
    private synchronized List<int[]> candidates(int round) {
        while (candidates.size() <= round) {
            ContentionAnnealing annealing = new ContentionAnnealing(bound, problem.patterns());
            int first = candidates.size() * settings.restarts();
            int[][] out = new int[settings.restarts()][];
            pool.submit(() -> IntStream.range(0, out.length).parallel().forEach(r -> out[r] = annealing.anneal(
                    Permutations.shuffled(problem.nodes(), SeededStreams.of(settings.seed(), 0, first + r)),
                    settings.annealIterations(), SeededStreams.of(settings.seed(), 1, first + r)))).join();
            candidates.add(List.of(out));
        }
        return candidates.get(round);
    }

    /** The most simulations scoring one mapping can take under {@code timing} (null: plain). */
    private long costCeiling(PatternTiming timing) {
        return (long) problem.patterns().length * (timing == null ? 1 : inner.maxRuns());
    }

    /**
     * The annealed methods' mapping search: rounds of the 2018 GA (S20 mutations, ranked by duration first: the
     * candidates' hop counts are low already), each seeded with a round of annealed candidates and the best mapping
     * so far, at most {@code maxGenerations / rounds} generations a round, until the budget is spent or
     * {@code rounds} rounds have run. {@code timing}: the patterns' durations (null: plain).
     */
    private int[] annealedGa(PatternTiming timing, long limit, Ledger ledger, int[] generations) {
        int[] best = null;
        NodeMappingGa.Settings ga = new NodeMappingGa.Settings(settings.population(), Math.max(1, settings.maxGenerations()
                / settings.rounds()), settings.variant(), SurvivalOrder.SC, settings.seed());
        try (MappingEvaluator evaluator = evaluator(timing)) {
            NodeMappingGa search = new NodeMappingGa(evaluator, ga);
            for (int round = 0; round < settings.rounds() && (best == null || ledger.used < limit); round++) {
                List<int[]> starts = new ArrayList<>();
                if (best != null) {
                    starts.add(best);
                }
                // as many candidates as their scoring can afford at most, repeated to fill the population (a mapping
                // given twice is scored once)
                List<int[]> fresh = candidates(round);
                long room = Math.max(1, (limit - ledger.used) / costCeiling(timing));
                int take = (int) Math.min(Math.min(fresh.size(), room), settings.population() - starts.size());
                for (int i = 0; starts.size() < settings.population(); i++) {
                    starts.add(fresh.get(i % take));
                }
                long before = evaluator.simulations();
                NodeMappingGa.State s = search.initial(starts);
                if (!ledger.commit(evaluator.simulations() - before, limit)) {
                    if (best == null) {
                        throw new Unaffordable("needs " + (evaluator.simulations() - before) + " simulations to score its "
                                + "first round's starting mappings, and " + (ledger.budget - limit) + " kept for the phases after it; the "
                                + "budget is " + ledger.budget);
                    }
                    break;
                }
                s = evolve(search, s, ga.generations(), evaluator, limit, ledger);
                generations[0] += s.generation();
                best = s.bestMapping();
            }
            return best;
        }
    }

    /**
     * Stacking on a fixed mapping: simple stacking of every pattern (or the plans given, when {@code current} is not
     * null), then the stacker with what is left of the budget, an equal share per pattern still to go. A pattern's
     * stacker result replaces the plan only when shorter. Where simple stacking does not fit the budget, the method
     * is skipped ({@code first}: it is the method's first phase) or keeps the patterns sent plainly under the mapping.
     */
    private JointPlan stackPhase(int[] mapping, List<PatternPlan> current, Ledger ledger, boolean first) {
        int k = problem.patterns().length;
        List<PatternPlan> plans;
        if (current != null) {
            plans = new ArrayList<>(current);
        } else {
            AtomicLong count = new AtomicLong();
            List<PatternPlan> stacked = simplePlans(mapping, count);
            if (!ledger.commit(count.get())) {
                if (first) {
                    throw new Unaffordable("needs " + count.get() + " simulations for simple stacking of its " + k
                            + " patterns; the budget is " + ledger.budget);
                }
                return plain(mapping, ledger); // paid for by the reserve the mapping search left
            }
            plans = new ArrayList<>(stacked);
        }
        if (settings.stacker() == Stacker.SIMPLE) {
            return new JointPlan(mapping, plans);
        }
        for (int i = 0; i < k; i++) {
            long share = ledger.left() / (k - i);
            if (share <= 0) {
                break;
            }
            PatternPlan searched = stackerSearch(i, problem.physical(mapping, i), plans.get(i), share, ledger);
            if (searched != null && searched.duration() < plans.get(i).duration()) {
                plans.set(i, searched);
            }
        }
        return new JointPlan(mapping, plans);
    }

    /** Simple stacking (the paper's sweep) of every pattern under {@code mapping}, its simulations added to {@code count}. */
    private List<PatternPlan> simplePlans(int[] mapping, AtomicLong count) {
        List<PatternPlan> plans = new ArrayList<>();
        for (int k = 0; k < problem.patterns().length; k++) {
            int[] dest = problem.physical(mapping, k);
            plans.add(simple.plan(sim, dest, bound.cycles(dest, problem.flitsPerNode()), count));
        }
        return plans;
    }

    /**
     * The stacker on one pattern within {@code share} simulations (its set-up runs included; a step that would pass the
     * share is discarded), or null when the plan is at the bound already or the share cannot pay the set-up.
     */
    private PatternPlan stackerSearch(int k, int[] dest, PatternPlan current, long share, Ledger ledger) {
        if (current.duration() <= bound.cycles(dest, problem.flitsPerNode())) {
            return null; // nothing can end sooner
        }
        if (share < 2L * simple.maxRuns()) {
            return null; // its set-up sweeps every scheme as simple stacking does: a share that cannot pay twice that is kept
        }
        Problem p = new Problem(problem.setup(), dest, problem.slices(), problem.packetsPerSlice(), problem.flitsPerPacket(),
                false, false);
        int population = settings.movesPerGeneration();
        CupStackGa.Settings ga = new CupStackGa.Settings(population, Integer.MAX_VALUE / 2, 100, 0.02, 10, 0.8, population / 2,
                CupStackGa.Tie.AGE, 200, 0, 1000, settings.seed());
        Method method = settings.stacker() == Stacker.LAHC ? Method.LAHC : Method.FULL;
        CupStackRun.Options options = new CupStackRun.Options(method, p, problem.setup().defaultScheme(),
                EnumSet.noneOf(GeneGroup.class), SortKey.T01, 1, 2, p.sliceFlits(), ga, problem.names().get(k),
                settings.threads(), true, CupStackRun.DEFAULT_HISTORY);
        try (CupStackRun run = new CupStackRun(options)) {
            LongSupplier spent = () -> run.setupSimulations() + run.simulations();
            long[] kept = {0};
            CupStackGa.State s = method == Method.LAHC
                    ? withinShare(run.lateAcceptance()::initial, run.lateAcceptance()::step, spent, share, kept)
                    .map(LateAcceptance.State::asGaState).orElse(null)
                    : withinShare(run.ga()::initial, run.ga()::step, spent, share, kept).orElse(null);
            ledger.commit(kept[0]);
            ledger.discarded += spent.getAsLong() - kept[0];
            if (s == null) {
                return null; // the set-up and first population did not fit the share
            }
            RouterConfig config = run.space().config(s.best(), run.baseConfig());
            return new PatternPlan(config, p.workload(s.best()), s.bestScore().duration(), settings.stacker().label());
        }
    }

    /**
     * A stacker's search from {@code initial} stepped while each step stays within {@code share} simulations: a step
     * that passes it is discarded and the state before it returned, with the simulations kept in {@code kept[0]};
     * empty when the initial state alone passes the share.
     */
    private static <S> java.util.Optional<S> withinShare(java.util.function.Supplier<S> initial, UnaryOperator<S> step,
                                                         LongSupplier spent, long share, long[] kept) {
        S s = initial.get();
        if (spent.getAsLong() > share) {
            return java.util.Optional.empty();
        }
        kept[0] = spent.getAsLong();
        while (true) {
            S next = step.apply(s);
            if (spent.getAsLong() > share) {
                return java.util.Optional.of(s);
            }
            s = next;
            kept[0] = spent.getAsLong();
        }
    }

    /**
     * Coordinate rounds from physical addressing and its simple stacking: each round scores the next {@value #ROUND}
     * candidates under the current plans, fixed per physical node, keeps the best
     * mapping if it improves, and stacks again under it. Rounds end when one improves neither half, or the candidates
     * run out, or a round's next phase would pass the budget (then discarded); the stacker then gets the rest.
     */
    private JointPlan alternating(Ledger ledger) {
        int k = problem.patterns().length;
        int[] mapping = problem.identity();
        AtomicLong first = new AtomicLong();
        List<PatternPlan> plans = simplePlans(mapping, first);
        if (!ledger.commit(first.get())) {
            throw new Unaffordable("needs " + first.get() + " simulations for simple stacking of its " + k
                    + " patterns under physical addressing; the budget is " + ledger.budget);
        }
        long best = new JointPlan(mapping, plans).cycles();
        List<int[]> all = candidates(0);
        for (int from = 0; from < all.size() && ledger.used < ledger.budget; from += ROUND) {
            List<PatternPlan> fixed = List.copyOf(plans);
            PatternTiming underPlans = (s, i, dest, lower, limit, counter) -> {
                counter.incrementAndGet();
                return s.durationWithin(fixed.get(i).config(), fixed.get(i).workload().withDestination(dest), limit);
            };
            int[] found = mapping;
            try (MappingEvaluator evaluator = evaluator(underPlans)) {
                MappingScore incumbent = evaluator.score(mapping);
                for (int[] c : all.subList(from, Math.min(all.size(), from + ROUND))) {
                    MappingScore s = evaluator.score(c, incumbent, SurvivalOrder.SC);
                    if (s.exact() && s.cycles() < incumbent.cycles()) {
                        found = c;
                        incumbent = s;
                    }
                }
                if (!ledger.commit(evaluator.simulations())) {
                    break;
                }
            }
            boolean improved = found != mapping;
            if (improved) {
                if (ledger.left() < k) {
                    break; // the plans cannot be replayed under it within the budget: keep the round before
                }
                mapping = found;
                plans = replay(mapping, fixed, ledger);
                best = new JointPlan(mapping, plans).cycles();
            }
            AtomicLong count = new AtomicLong();
            List<PatternPlan> restacked = simplePlans(mapping, count);
            if (!ledger.commit(count.get())) {
                break;
            }
            if (new JointPlan(mapping, restacked).cycles() < best) {
                plans = restacked;
                best = new JointPlan(mapping, plans).cycles();
                improved = true;
            }
            if (!improved) {
                break;
            }
        }
        return stackPhase(mapping, plans, ledger, false);
    }

    /** The plans' router settings and timing under another mapping, simulated again (one simulation a pattern). */
    private List<PatternPlan> replay(int[] mapping, List<PatternPlan> plans, Ledger ledger) {
        ledger.commit(plans.size());
        List<PatternPlan> out = new ArrayList<>();
        for (int k = 0; k < plans.size(); k++) {
            PatternPlan p = plans.get(k);
            Workload moved = p.workload().withDestination(problem.physical(mapping, k));
            out.add(new PatternPlan(p.config(), moved, sim.run(p.config(), moved).durationCycles(), p.label()));
        }
        return out;
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    /**
     * A method's simulations against its budget: those it used, at most the budget, and those of a phase it ran and
     * discarded because keeping it would have passed the budget.
     */
    private static final class Ledger {
        final long budget;
        final java.util.function.BooleanSupplier stop;
        long used;
        long discarded;

        Ledger(long budget, java.util.function.BooleanSupplier stop) {
            this.budget = budget;
            this.stop = stop;
        }

        long left() {
            return budget - used;
        }

        /** Keeps a phase of {@code n} simulations if the method stays within the budget; else counts them discarded. */
        boolean commit(long n) {
            return commit(n, budget);
        }

        /** {@link #commit(long)} against {@code limit}, a part of the budget (a search that leaves a reserve). */
        boolean commit(long n, long limit) {
            if (used + n > Math.min(limit, budget) || stop.getAsBoolean()) {
                discarded += n;
                return false;
            }
            used += n;
            return true;
        }
    }
}
