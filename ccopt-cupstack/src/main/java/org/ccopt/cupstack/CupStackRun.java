package org.ccopt.cupstack;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.util.SeededStreams;

/**
 * One Cup-Stacking run by any {@link Method} of Yokota et al. 2023: sets up the GA's problem (the target slices,
 * or the source slices of extrapolation and post-stacking, or one slice for rough estimation), the gene ranges from
 * the single-slice reference run t_d0 (App. A.3), the evaluator and the GA; {@link #finish} turns the GA's final
 * state into the method's answer (re-stacking by V sweeps where the method asks for it), adds the unsplit and
 * simple-stacking references, and has the answer re-checked by {@link CupStackValidator}.
 */
public final class CupStackRun implements AutoCloseable {

    /**
     * @param scheme        C of every port where C is frozen (and of the unsplit reference)
     * @param freeze        gene groups frozen on top of the method's own
     * @param fromSlices    slices of the GA run for extrapolation and post-stacking (S1, S2, S4)
     * @param estimateSlices S' of rough estimation (E2, E4)
     * @param interval      V where V is frozen
     * @param seedSimple    start the GA with simple stacking's configuration among the random chromosomes
     * @param historyLength the late-acceptance search's history ({@link Method#LAHC} only)
     */
    public record Options(Method method, Problem problem, VcSelection scheme, EnumSet<GeneGroup> freeze, SortKey key,
                          int fromSlices, int estimateSlices, int interval, CupStackGa.Settings ga, String traffic, int threads,
                          boolean seedSimple, int historyLength) {

        /**
         * The options of a run as {@code ccopt cupstack} sets them unless told otherwise: the model's default scheme,
         * nothing frozen, S1 for extrapolate and post, S' = 2 for estimate, V the slice length where it is frozen, one
         * thread, an all-random start, the default late-acceptance history. {@code key} must be the sort key the
         * problem was built for (its re-initialisation and interlocking).
         */
        public static Options of(Method method, Problem problem, SortKey key, CupStackGa.Settings ga, String traffic) {
            return new Options(method, problem, problem.setup().defaultScheme(),
                    EnumSet.noneOf(GeneGroup.class), key, 1, 2,
                    problem.sliceFlits(), ga, traffic, 1, false, DEFAULT_HISTORY);
        }

        /** These options on {@code count} evaluation threads (results do not depend on it). */
        public Options withThreads(int count) {
            return new Options(method, problem, scheme, freeze, key, fromSlices, estimateSlices, interval, ga, traffic, count,
                    seedSimple, historyLength);
        }
    }

    /** The late-acceptance history of Burke and Bykov's examples, ccopt's default for {@link Method#LAHC}. */
    public static final int DEFAULT_HISTORY = 200;

    /** The method's answer and its references. */
    public record Result(int baselineCycles, int simpleStackingCycles, int[] simplePerScheme, int[] simpleIntervals,
                         Chromosome best, Score bestScore, int restacked) {
    }

    private static final int REFERENCE_DRAWS = 100;

    private final Options options;
    private final Problem target;
    private final Problem gaProblem;
    private final RouterConfig base;
    private final GeneSpace space;
    private final Evaluator evaluator;
    private final CupStackGa ga;
    private final LateAcceptance lateAcceptance;
    private final int td0;
    /** ccopt's simple-stacking seed of the initial population, or null. */
    private final Chromosome seed;
    /** Simple stacking of the target per scheme (index: scheme ordinal), where the seed already swept it, else null. */
    private final Stacking.Sweep[] simpleSwept = new Stacking.Sweep[VcSelection.values().length];
    /** Simulations before the search: t_d0's reference draws and the seed's simple-stacking sweeps. */
    private long setupSimulations;

    public CupStackRun(Options o) {
        this.options = o;
        this.target = o.problem();
        Method m = o.method();
        if (m == Method.LAHC && o.key() != SortKey.T01) {
            throw InvalidInputException.parameter("sort-key", o.key() + " applies to the GA methods; lahc accepts by the duration (T01)");
        }
        if (m == Method.ESTIMATE && o.estimateSlices() < 2) {
            throw InvalidInputException.parameter("estimate-slices", o.estimateSlices() + " is invalid; expected >= 2 (E2, E4)");
        }
        if (o.fromSlices() < 1 || o.fromSlices() > 64) {
            throw InvalidInputException.parameter("from-slices", o.fromSlices() + " is invalid; expected 1..64 (S1, S2, S4)");
        }
        if (!target.papersRouter() && (m.restacks() || o.key() != SortKey.T01)) {
            throw new InvalidInputException((m.restacks() ? "--method " + m.label() + " restacks by the links' occupation "
                    + "time T_e" : "--sort-key " + o.key() + " sorts by the papers' router's block counters or slice "
                    + "functions") + ", which BookSim's router does not measure; on --model booksim expected --method "
                    + "full, no-tadj, simple, perturb or lahc with --sort-key T01");
        }
        int gaSlices = gaSlices(m, target.slices(), o.fromSlices());
        this.gaProblem = target.withSlices(gaSlices);
        EnumSet<GeneGroup> frozen = m.frozen();
        frozen.addAll(o.freeze());
        if (!target.papersRouter()) {
            frozen.addAll(EnumSet.of(GeneGroup.C, GeneGroup.Q)); // BookSim's router has no arbitration genes
        }
        if (gaSlices == 1) {
            frozen.add(GeneGroup.V); // one slice: V has no effect
        }
        this.base = target.baseConfig(o.scheme());
        FlitRouter sim = target.router();
        requireBoundedSweep(target, channelLoadBound(sim, target), "at least "); // before the candidates, quadratic in the nodes
        // t_d0: one slice with random C (unless frozen) and I = 0, App. A.3
        int[] candidates = target.papersRouter() ? sim.requestingInputs(target.papersModel())
                : new int[sim.routers() * sim.ports() * sim.vcs()]; // BookSim's router: no output VC has Q candidates
        GeneSpace reference = new GeneSpace(sim, candidates, target.destination(), target.sliceFlits(), target.sliceFlits(),
                EnumSet.complementOf(EnumSet.of(GeneGroup.C)), o.scheme(), o.interval());
        this.td0 = referenceDuration(sim, reference, frozen.contains(GeneGroup.C), o.ga().seed());
        requireBoundedSweep(target, td0, "");
        // the late-acceptance search always starts from simple stacking's best configuration
        SeedSweep seedSweep = m != Method.SIMPLE && (o.seedSimple() || m == Method.LAHC) ? seedSweep(sim, frozen) : null;
        // V's range reaches the seed's interval, so that the seed lies inside the gene space (ccopt's addition)
        int intervalCeiling = seedSweep == null ? 0 : seedSweep.sweep().interval();
        this.space = new GeneSpace(sim, candidates, target.destination(), target.sliceFlits(), td0, frozen, o.scheme(), o.interval(),
                intervalCeiling);
        this.evaluator = new Evaluator(gaProblem, space, base, o.key(), m == Method.ESTIMATE ? o.estimateSlices() : 0,
                m == Method.PERTURB, o.threads());
        this.seed = seedSweep == null ? null : seedChromosome(seedSweep, frozen);
        if (m != Method.SIMPLE && space.alterableGenes() == 0) {
            throw new InvalidInputException("every gene group is frozen (" + frozen + "): the GA has nothing left to search; "
                    + "freeze fewer groups, or use the simple method");
        }
        this.ga = m == Method.SIMPLE || m == Method.LAHC ? null : new CupStackGa(space, evaluator, o.ga(), o.key(), seed);
        this.lateAcceptance = m != Method.LAHC ? null : new LateAcceptance(space, evaluator, new LateAcceptance.Settings(
                o.historyLength(), o.ga().population(), o.ga().generations(), o.ga().seed()), seed);
    }

    /**
     * The most node-cycles the simple-stacking sweeps of a run may take: about half an hour on a 2-core machine of 2026,
     * which sweeps 2.6e7 a second (a 64x64 torus under brev, 7.9e9, takes about 5 minutes; a 128x128 one is refused).
     */
    public static final long MAX_SWEEP_NODE_CYCLES = 50_000_000_000L;

    /**
     * Refuses a problem whose simple-stacking sweeps (every run prints simple stacking: ten schemes, V from l_c to the
     * single-slice duration t_d0, each run about t_d0 cycles on every node) would pass {@link #MAX_SWEEP_NODE_CYCLES}.
     */
    private static void requireBoundedSweep(Problem p, int td0, String atLeast) {
        long nodes = p.topology().nodeCount();
        int schemes = VcSelection.values().length;
        int intervals = Math.max(1, td0 - p.sliceFlits());
        long estimate = (long) schemes * intervals * td0 * nodes;
        if (estimate > MAX_SWEEP_NODE_CYCLES) {
            throw new InvalidInputException("simple stacking on '" + p.topology().spec() + "' (" + nodes + " nodes, a "
                    + "slice takes " + atLeast + td0 + " cycles) simulates " + (atLeast.isEmpty() ? "about " : atLeast)
                    + estimate + " node-cycles (" + schemes
                    + " schemes x " + intervals + " intervals x " + td0 + " cycles x nodes), above the "
                    + MAX_SWEEP_NODE_CYCLES + " a run takes; expected a smaller network");
        }
    }

    /**
     * A lower bound on t_d0, from the routes alone: a channel moves one flit a cycle, so one slice lasts at least as
     * many cycles as the most flits any channel of its routes carries (the papers' router's routes; on BookSim's router,
     * whose routes may be drawn per packet, a slice's own flits, which its source injects one a cycle).
     */
    static int channelLoadBound(FlitRouter sim, Problem p) {
        int flits = p.sliceFlits();
        if (!(sim instanceof FlitSimulator papers)) {
            return flits;
        }
        int[] destination = p.destination();
        int[] load = new int[sim.routers() * sim.ports()];
        int most = flits;
        for (int src = 0; src < destination.length; src++) {
            if (destination[src] == src) {
                continue;
            }
            for (int outputVc : papers.path(p.papersModel(), src, destination[src])) {
                int channel = outputVc / sim.vcs();
                load[channel] += flits;
                most = Math.max(most, load[channel]);
            }
        }
        return most;
    }

    /**
     * t_d0 of App. A.3: one slice under a random C (unless C is frozen; drawn per port or as one scheme, by
     * {@link CupStackGa.InitialScheme}) with I = 0. Under readings that do not guarantee
     * freedom from deadlock a random C may deadlock; the next draw of the same seed is taken then, up to
     * {@value #REFERENCE_DRAWS} draws (the first deadlock is reported if all of them deadlock).
     */
    private int referenceDuration(FlitRouter sim, GeneSpace reference, boolean cFrozen, long seed) {
        DeadlockException first = null;
        for (int draw = 0; draw < (cFrozen ? 1 : REFERENCE_DRAWS); draw++) {
            setupSimulations++;
            Chromosome c0 = cFrozen ? reference.frozenDefault() : reference.initial(SeededStreams.of(seed, 0, -2 - draw),
                    options.ga().initialScheme());
            try {
                return Stacking.singleSlice(sim, base.withGenes(c0.scheme(), c0.queueOrder()), gaProblem, c0.delay()).durationCycles();
            } catch (DeadlockException e) {
                first = first == null ? e : first;
            }
        }
        throw first;
    }

    /**
     * The simple-stacking sweep ccopt's seed comes from: the best scheme's (the shortest of the ten, the lowest symbol
     * on a tie) where C is searched, the run's scheme where C is frozen; V from l_c to the single-slice duration as in
     * Table 2 (Yokota et al. 2023, §4.1), for the GA's slices (one slice: the single-slice run, V unused). The seed is
     * then the configuration of the simple-stacking value the run prints, so a seeded GA, which never loses its best,
     * cannot end above it. The paper leaves the initial population unspecified; this is ccopt's addition, off by default.
     */
    private SeedSweep seedSweep(FlitRouter sim, EnumSet<GeneGroup> frozen) {
        VcSelection[] schemes = frozen.contains(GeneGroup.C) ? new VcSelection[] {options.scheme()} : VcSelection.values();
        SeedSweep best = null;
        for (VcSelection c : schemes) {
            RouterConfig config = gaProblem.baseConfig(c);
            Stacking.Sweep sweep = gaProblem.slices() > 1 ? Stacking.simple(sim, config, gaProblem)
                    : new Stacking.Sweep(options.interval(), Score.of(Stacking.singleSlice(sim, config, gaProblem,
                            new int[gaProblem.destination().length]), 0, options.interval()), 1);
            setupSimulations += sweep.runs();
            if (gaProblem.slices() == target.slices()) {
                simpleSwept[c.ordinal()] = sweep; // finish() reports it again
            }
            if (best == null || sweep.score().duration() < best.sweep().score().duration()) {
                best = new SeedSweep(c, sweep);
            }
        }
        return best;
    }

    /** Slices of the GA's problem: one for the rough estimation, the source slices of extrapolation and post-stacking. */
    static int gaSlices(Method m, int slices, int fromSlices) {
        return m == Method.ESTIMATE ? 1 : m == Method.EXTRAPOLATE || m == Method.POST ? fromSlices : slices;
    }

    /**
     * Whether a run's interval option acts ({@link Options#interval}, V when frozen): V is frozen, by the method or by
     * {@code freeze}, in a search over more than one slice. Simple stacking sweeps V itself, and with one slice V
     * changes nothing.
     */
    public static boolean fixesInterval(Method m, Set<GeneGroup> freeze, int slices, int fromSlices) {
        return m != Method.SIMPLE && (m.frozen().contains(GeneGroup.V) || freeze.contains(GeneGroup.V))
                && gaSlices(m, slices, fromSlices) > 1;
    }

    /** The scheme of ccopt's seed (the run's where C is frozen) and its simple-stacking sweep. */
    private record SeedSweep(VcSelection scheme, Stacking.Sweep sweep) {
    }

    /** The seed: every port at the seed's scheme, default Q, I = 0, the sweep's V (unless V is frozen). */
    private Chromosome seedChromosome(SeedSweep s, EnumSet<GeneGroup> frozen) {
        Chromosome c = space.uniform(s.scheme(), 0);
        return c.withInterval(frozen.contains(GeneGroup.V) ? options.interval() : s.sweep().interval());
    }

    /** Whether {@code c} is ccopt's simple-stacking seed (a best that the GA never improved on). */
    public boolean isSeed(Chromosome c) {
        return seed != null && seed.sameGenes(c);
    }

    /** The GA, or null for simple stacking and the late-acceptance search. */
    /** The options this run was made with. */
    public Options options() {
        return options;
    }

    public CupStackGa ga() {
        return ga;
    }

    /** The late-acceptance search of {@link Method#LAHC}, else null. */
    public LateAcceptance lateAcceptance() {
        return lateAcceptance;
    }

    public GeneSpace space() {
        return space;
    }

    public int td0() {
        return td0;
    }

    public long simulations() {
        return evaluator.simulations();
    }

    /** Simulations the run made before its search ({@link #simulations} counts the search's own). */
    public long setupSimulations() {
        return setupSimulations;
    }

    public RouterConfig baseConfig() {
        return base;
    }

    /**
     * The method's answer from the GA's final state ({@code null} for simple stacking; the late-acceptance search's
     * as {@link LateAcceptance.State#asGaState}), validated.
     */
    public Result finish(CupStackGa.State state) {
        Method m = options.method();
        // BookSim's router has no VC selection scheme: one sweep stands for every one
        VcSelection[] schemes = target.papersRouter() ? VcSelection.values() : new VcSelection[] {options.scheme()};
        List<Stacking.Sweep> simple = evaluator.map(schemes.length, (sim, i) -> simpleSwept[schemes[i].ordinal()] != null
                ? simpleSwept[schemes[i].ordinal()] : Stacking.simple(sim, target.baseConfig(schemes[i]), target));
        int[] perScheme = new int[schemes.length];
        int[] intervals = new int[schemes.length];
        int bestScheme = 0;
        for (int i = 0; i < schemes.length; i++) {
            perScheme[i] = simple.get(i).score().duration();
            intervals[i] = simple.get(i).interval();
            bestScheme = perScheme[i] < perScheme[bestScheme] ? i : bestScheme;
        }
        int baseline = evaluator.map(1, (sim, i) -> sim.run(base, target.unsplit())).get(0).durationCycles();
        Chromosome best;
        Score score;
        int restacked = 0;
        if (m == Method.SIMPLE) {
            best = space.uniform(schemes[bestScheme], intervals[bestScheme]);
            score = simple.get(bestScheme).score();
        } else if (m.restacks()) {
            List<Chromosome> candidates = m == Method.POST
                    ? state.synonyms().stream().map(CupStackGa.Synonym::chromosome).toList() : List.of(state.best());
            List<Stacking.Sweep> sweeps = evaluator.map(candidates.size(), (sim, i) -> Stacking.restack(sim,
                    space.config(candidates.get(i), base), target, candidates.get(i).delay()));
            int k = 0;
            for (int i = 1; i < sweeps.size(); i++) {
                k = sweeps.get(i).score().duration() < sweeps.get(k).score().duration() ? i : k;
            }
            best = candidates.get(k).withInterval(sweeps.get(k).interval());
            score = sweeps.get(k).score();
            restacked = candidates.size();
        } else {
            best = state.best();
            score = state.bestScore();
        }
        if (!m.restacks() && m != Method.SIMPLE) {
            space.check(best);
        }
        CupStackValidator.check(target, base, best, score, options.traffic());
        return new Result(baseline, perScheme[bestScheme], perScheme, intervals, best, score, restacked);
    }

    @Override
    public void close() {
        evaluator.close();
    }
}
