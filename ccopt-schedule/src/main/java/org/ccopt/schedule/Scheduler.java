package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.LowerBounds;

/**
 * Runs a solver on a problem and certifies what it found.
 *
 * <ul>
 *   <li>{@code auto}: a first-fit schedule gives an upper bound (for wormhole broadcasts the best of first fit with
 *       relays, without relays and in one-hop transfers); all-to-all collectives try the constructions (the
 *       Latin-square schedules of {@link LatinScatter}, the ring pipeline of {@link RingBroadcast}, and on
 *       hypercubes the translation-invariant scatter of {@link HypercubeTranslation}); then, one step below the
 *       best schedule so far, the min-conflicts search and the exact CP-SAT model take turns (a small model first
 *       gets a short try of each, {@link #FIRST_TRY_VARIABLES}) until the lower bound is met, a step count is proven
 *       infeasible, or the time runs out. The step count only goes down, so every stage leaves a valid schedule.
 *   <li>{@code umda}, {@code hgsa}, {@code mboa}, {@code min-conflicts}: the papers' way: the search runs at a
 *       given step count (the lower bound unless {@code --steps} says otherwise) until its fitness reaches 0; it
 *       runs even where the first-fit schedule already meets that count, and the result's solver names whichever
 *       found the schedule printed.
 *   <li>{@code exact}: the CP-SAT model from the lower bound (or {@code --steps}) upwards; each count it proves
 *       infeasible raises the next try, so the first count it solves is optimal.
 * </ul>
 * Status: {@code optimal} when the schedule meets the lower bound or one step fewer is proven infeasible;
 * {@code feasible} for a valid schedule without that proof; {@code infeasible} when the exact model proves that
 * the requested {@code --steps} cannot be met; {@code timeout} when the chosen solver did not reach its target in
 * time (the schedule printed is then the first-fit one). Every schedule returned has passed
 * {@link ScheduleValidator}.
 */
public final class Scheduler {

    public enum Solver {
        AUTO("auto"), UMDA("umda"), HGSA("hgsa"), MBOA("mboa"), EXACT("exact"), MIN_CONFLICTS("min-conflicts"),
        GREEDY("greedy");

        public static final String NAMES = "auto, umda, hgsa, mboa, exact, min-conflicts, greedy";
        private final String label;

        Solver(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Solver parse(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            for (Solver s : values()) {
                if (s.label.equals(t)) {
                    return s;
                }
            }
            throw new InvalidInputException("unknown solver '" + text + "'; expected one of " + NAMES);
        }
    }

    /** Solver choice and its knobs; {@code steps} null means "start at the lower bound". */
    public record Settings(Solver solver, Integer steps, long seed, int threads, Umda.Params umda, Mboa.Params mboa,
                           Hgsa.Params hgsa) {
        /** UMDA at {@link Umda.Params#paper()}, MBOA at {@link Mboa.Params#defaults()}, HGSA at {@link Hgsa.Params#paper()}. */
        public Settings(Solver solver, Integer steps, long seed, int threads) {
            this(solver, steps, seed, threads, Umda.Params.paper(), Mboa.Params.defaults(), Hgsa.Params.paper());
        }

        /** HGSA at {@link Hgsa.Params#paper()}. */
        public Settings(Solver solver, Integer steps, long seed, int threads, Umda.Params umda, Mboa.Params mboa) {
            this(solver, steps, seed, threads, umda, mboa, Hgsa.Params.paper());
        }
    }

    /**
     * The certified outcome: always a validated schedule, the best found. Status {@code infeasible} says that the
     * {@code --steps} asked for was proven impossible ({@code provenLowerBound} - 1 steps); {@code timeout} that the
     * solver did not reach its target in the time given.
     */
    public record Result(Schedule schedule, int steps, long lowerBound, long provenLowerBound, String status,
                         String solver, List<String> log, long evaluations, double seconds,
                         ScheduleValidator.Report validation) {
    }

    private final ScheduleProblem p;
    private final long lowerBound;
    private final Settings settings;
    private final Budget budget;
    private final Consumer<String> progress;
    private final ScheduleProblem direct;
    /** For wormhole broadcasts on networks whose relays all receive: the same broadcast in one-hop transfers. */
    private final ScheduleProblem oneHop;
    private Schedule oneHopStart;
    private final List<String> log = new ArrayList<>();
    private long evaluations;

    public Scheduler(ScheduleProblem problem, long lowerBound, Settings settings, Budget budget,
                     Consumer<String> progress) {
        if (settings.steps() != null && settings.steps() < Math.max(1, lowerBound)) {
            throw InvalidInputException.parameter("steps", settings.steps() + " is below the lower bound "
                    + Math.max(1, lowerBound) + " of this problem; expected " + Math.max(1, lowerBound)
                    + " or more (no schedule in fewer steps exists)");
        }
        if (settings.threads() < 1) {
            throw InvalidInputException.parameter("threads", settings.threads() + " is invalid; expected 1 or more");
        }
        this.p = problem;
        this.lowerBound = Math.max(1, lowerBound);
        this.settings = settings;
        this.budget = budget;
        this.progress = progress;
        this.direct = problem.relays() && problem.switching() == Switching.WH ? problem.direct() : null;
        this.oneHop = direct == null ? null : oneHop(problem);
    }

    /** Problems of up to this many transfers get the conflict-clique term from a full search ({@link ConflictClique}). */
    public static final int CLIQUE_TRANSFERS = ConflictClique.MAX_TRANSFERS;

    /** The lower bound of a problem; {@link #bound} says which argument gives it. */
    public static long lowerBound(ScheduleProblem p) {
        return bound(p).steps();
    }

    /**
     * The lower bound of a problem with its arguments: the collective's ({@link LowerBounds}, with the exact
     * bisection where it helps) or, for explicit pairs, the most transfers that must leave or enter one node per
     * port; and, where every transfer starts at its sender (scatters, permutations; not broadcasts with relays)
     * and every route is listed, the largest set of transfers that pairwise must conflict ({@link ConflictClique}),
     * a bound for the routing model of the problem (minimal routes, or up to {@code --extra-hops} longer); and where
     * every transfer starts at its sender, the channels the transfers must hold over the channels there are
     * ({@link #channelLoad}).
     */
    public static LowerBounds.Bound bound(ScheduleProblem p) {
        LowerBounds.Bound base = p.pairs() == null ? LowerBounds.forCollective(p.topology(), p.collective(), p.ports())
                : LowerBounds.forPairs(p.topology(), p.pairs(), p.ports());
        if (p.switching() == Switching.SF) {
            base = with(base, storeAndForwardArrivals(p), "store-and-forward arrivals: the message of s reaches receiver r "
                    + "no earlier than step dist(s, r), at most ports(r) a step (release-time bound per receiver)");
        }
        if (p.relays()) {
            return base;
        }
        base = with(base, channelLoad(p), "channel load: ceil(sum over transfers of their shortest route's channels / "
                + "the network's " + p.topology().channelCount() + " channels), each channel carrying one transfer a step");
        if (!p.complete()) {
            return base;
        }
        ConflictClique clique = p.conflictClique();
        String routes = p.extraHops() > 0 ? "routes of at most minimal + " + p.extraHops() + " hops" : "minimal routes";
        return with(base, clique.size(), clique.argument() + " on " + routes);
    }

    /**
     * Every transfer of a problem without relays goes from its sender to its receiver over at least dist(s, r)
     * channels, whatever route it takes, and holds every channel of its route for its step, one transfer a channel,
     * so the steps are at least the channels the transfers must hold over the channels there are: the wormhole twin
     * of {@link SfScatter}'s store-and-forward load (store-and-forward scatters are scheduled there, not as a
     * problem of this class). ccopt's counting argument, beside Jaros et al. 2007's per-port and bisection terms,
     * which it exceeds where transfers travel far (the two-dimensional Octagon's all-port AAS: 30 steps, where those
     * give 11).
     */
    static long channelLoad(ScheduleProblem p) {
        org.ccopt.topology.metrics.HopDistances hops = p.distances();
        long channels = 0;
        for (int t = 0; t < p.transferCount(); t++) {
            channels += Math.max(0, hops.distance(p.sender(p.message(t)), p.destination(t)));
        }
        int c = p.topology().channelCount();
        return c == 0 ? 0 : (channels + c - 1) / c;
    }

    /** The bound with one more argument. */
    private static LowerBounds.Bound with(LowerBounds.Bound base, long value, String name) {
        List<String> args = new ArrayList<>(base.arguments());
        args.add(name + " = " + value);
        return value > base.steps() ? new LowerBounds.Bound(value, name, args, base.bisectionUsed())
                : new LowerBounds.Bound(base.steps(), base.formula(), args, base.bisectionUsed());
    }

    /**
     * Under store-and-forward a message moves one channel a step, so the message of sender s cannot reach receiver r
     * before step dist(s, r), and r absorbs at most ports(r) messages a step: unit jobs with release times on
     * ports(r) machines, whose shortest makespan is max over release times d of d - 1 + ceil(jobs released at d or
     * later / ports(r)). The largest over the receivers (ccopt's bound; the 2007 paper's Table 1 counts ports only).
     */
    static long storeAndForwardArrivals(ScheduleProblem p) {
        org.ccopt.topology.metrics.HopDistances hops = p.distances();
        long best = 0;
        for (int r : p.collective().receivers()) {
            int[] release = java.util.Arrays.stream(p.collective().senders()).filter(s -> s != r)
                    .map(s -> hops.distance(s, r)).toArray();
            best = Math.max(best, SfScatter.releaseBound(release, p.receivePorts(r)));
        }
        return best;
    }

    public Result run() {
        long t0 = System.nanoTime();
        Schedule greedy = Greedy.build(p, settings.seed(), budget);
        if (direct != null) {
            Schedule plain = Greedy.build(direct, settings.seed(), budget);
            if (plain.steps() < greedy.steps()) {
                greedy = plain; // the sender is source 0 in both problems, so the genes carry over
            }
        }
        if (oneHop != null) {
            oneHopStart = Greedy.build(oneHop, settings.seed(), budget);
            if (oneHopStart.steps() < greedy.steps()) {
                greedy = fromOneHop(oneHopStart);
            }
        }
        note("greedy: " + greedy.steps() + " steps");
        Result r = switch (settings.solver()) {
            case AUTO -> auto(greedy, t0);
            case EXACT -> exact(greedy, t0);
            case GREEDY -> done(greedy, "greedy", lowerBound, t0);
            default -> heuristic(greedy, t0);
        };
        return r;
    }

    private Result auto(Schedule greedy, long t0) {
        if (!ExactSolver.available()) {
            note("exact model unavailable (" + ExactSolver.unavailableReason() + "): heuristics only, no optimality proof "
                    + "beyond the lower bound");
        }
        Schedule best = greedy;
        String by = "greedy";
        long proven = lowerBound;
        if (settings.steps() != null && settings.steps() < best.steps()) {
            // a requested count: go straight there
            Attempt a = tryAt(best, settings.steps());
            if (a.found()) {
                return done(a.best().compacted(), a.solver(), proven, t0);
            }
            if (a.outcome() == Attempt.Outcome.INFEASIBLE) {
                return infeasible(best, settings.steps(), t0);
            }
            return timeout(best, proven, t0);
        }
        ScheduleProblem scatter = LatinScatter.applies(p) ? p : direct != null && LatinScatter.applies(direct) ? direct : null;
        if (scatter != null && best.steps() > p.topology().terminalCount() - 1) {
            Attempt a = LatinScatter.run(scatter, budget.slice(budget.remainingSeconds() * 0.3), settings.seed());
            record(a);
            if (a.found()) {
                best = validated(a.best()); // a scatter schedule is a broadcast schedule without relays: same genes
                by = a.solver();
            }
        }
        if (RingBroadcast.applies(p) && best.steps() > p.topology().terminalCount() - 1) {
            Attempt a = RingBroadcast.run(p, budget.slice(budget.remainingSeconds() * 0.2), settings.seed());
            record(a);
            if (a.found()) {
                best = validated(a.best());
                by = a.solver();
            }
        }
        if (HypercubeTranslation.applies(p) && best.steps() > lowerBound) {
            Attempt a = HypercubeTranslation.run(p, (int) lowerBound, budget.slice(budget.remainingSeconds() * 0.6),
                    settings.seed());
            record(a);
            if (a.found()) {
                best = validated(a.best().compacted());
                by = a.solver();
            }
        }
        while (best.steps() > proven && !budget.expired()) {
            int target = best.steps() - 1;
            Attempt a = tryAt(best, target);
            if (a.found()) {
                best = validated(a.best().compacted());
                by = a.solver();
            } else {
                if (a.outcome() == Attempt.Outcome.INFEASIBLE) {
                    proven = target + 1;
                }
                break;
            }
        }
        return done(best, by, proven, t0);
    }

    /**
     * Below the best schedule so far, a problem whose exact model has at most this many variables first gets two
     * short tries, min-conflicts for {@link #FIRST_ITERATIONS} iterations (it finds most feasible counts in far
     * fewer) and then the exact model for {@link #FIRST_DETERMINISTIC_SECONDS}: CP-SAT often settles such models, a
     * schedule or a proof that none exists, within a second or two, where min-conflicts cannot prove anything and
     * used to search out its whole share first (18 s of a one-minute limit for bcmp on {@code mesh:2x4}, whose one
     * step CP-SAT proves infeasible in 0.06 s; 36 s for the FB-Tree 31 root broadcast, 0.19 s).
     */
    static final long FIRST_TRY_VARIABLES = 200_000;
    /** The first min-conflicts try's iterations. */
    static final long FIRST_ITERATIONS = 100_000;
    /** The first exact try's limit in CP-SAT's deterministic seconds (a count of work, the same on any machine). */
    static final double FIRST_DETERMINISTIC_SECONDS = 5.0;
    /** ...and the first tries' wall-clock ceiling: a fifth of the time left, at most this. */
    static final double FIRST_SECONDS = 10.0;

    /**
     * min-conflicts for part of the time, then the exact model (unless it is too large) for the rest, after a short
     * try of each for a small model ({@link #FIRST_TRY_VARIABLES}); for wormhole broadcasts the exact model first
     * tries the smaller relay-free model, whose schedules are broadcast schedules too.
     */
    private Attempt tryAt(Schedule start, int target) {
        long variables = ExactSolver.available() ? ExactSolver.variables(p, target) : Long.MAX_VALUE;
        boolean exactFits = variables
                <= Math.min(ExactSolver.MAX_VARIABLES, ExactSolver.VARIABLES_PER_SECOND * budget.allowedSeconds() * 0.7);
        double share = exactFits ? Math.max(1.0, budget.remainingSeconds() * 0.3) : budget.remainingSeconds();
        if (exactFits && variables <= FIRST_TRY_VARIABLES) {
            Budget first = budget.slice(Math.min(FIRST_SECONDS, budget.remainingSeconds() * 0.2))
                    .capped(FIRST_ITERATIONS, FIRST_DETERMINISTIC_SECONDS);
            Attempt mc = MinConflicts.run(p, target, start, first, settings.seed() + target, MinConflicts.DEFAULT_NOISE);
            record(mc, "min-conflicts (first try)");
            if (mc.found() || budget.expired()) {
                return mc;
            }
            Attempt ex = ExactSolver.solve(p, target, first, settings.seed(), mc.best());
            record(ex, "exact (first try)");
            if (ex.found() || ex.outcome() == Attempt.Outcome.INFEASIBLE || budget.expired()) {
                return ex;
            }
            start = mc.best(); // the search goes on from where its first try stopped
        }
        Attempt mc = MinConflicts.run(p, target, start, budget.slice(share), settings.seed() + target,
                MinConflicts.DEFAULT_NOISE);
        record(mc);
        if (mc.found() || budget.expired()) {
            return mc;
        }
        if (oneHop != null) {
            Attempt hop = MinConflicts.run(oneHop, target, oneHopStart, budget.slice(share), settings.seed() + target,
                    MinConflicts.DEFAULT_NOISE);
            record(hop, "min-conflicts (one-hop)");
            if (hop.found()) {
                oneHopStart = hop.best();
                return new Attempt(hop.solver() + " (one-hop)", target, hop.outcome(), fromOneHop(hop.best()),
                        0, hop.evaluations(), hop.seconds());
            }
        }
        if (direct != null && ExactSolver.available()) {
            Attempt dx = ExactSolver.solve(direct, target, budget.slice(budget.remainingSeconds() * 0.5), settings.seed());
            record(dx, "exact without relays");
            if (dx.found()) {
                return dx;
            }
        }
        if (!exactFits || budget.expired()) {
            return mc;
        }
        Attempt ex = ExactSolver.solve(p, target, budget, settings.seed(), mc.best());
        record(ex);
        return ex;
    }

    /**
     * The broadcast with every transfer crossing one channel from a neighbour that holds the message (the
     * store-and-forward model); a wormhole schedule too. Null when that model stores messages in nodes that do not
     * receive them (its transfers are then not the wormhole problem's) or some node cannot be reached hop by hop.
     */
    private static ScheduleProblem oneHop(ScheduleProblem p) {
        try {
            ScheduleProblem sf = new ScheduleProblem(p.topology(), p.collective(), p.ports(), Switching.SF, 0, 1);
            return sf.relayNodes() ? null : sf;
        } catch (InvalidInputException e) {
            return null;
        }
    }

    /** A one-hop schedule in the genes of the wormhole problem (same transfers; the one-hop path is the minimal one). */
    private Schedule fromOneHop(Schedule s) {
        Schedule out = new Schedule(s.steps(), s.transferCount());
        for (int t = 0; t < s.transferCount(); t++) {
            out.set(t, s.step(t), p.sourceIndex(t, s.from(oneHop, t)), 0);
        }
        return out;
    }

    private Result exact(Schedule greedy, long t0) {
        ExactSolver.requireNative();
        int target = settings.steps() != null ? settings.steps() : (int) lowerBound;
        long proven = lowerBound;
        while (target < greedy.steps() && !budget.expired()) {
            Attempt ex = ExactSolver.solve(p, target, budget, settings.seed());
            record(ex);
            if (ex.found()) {
                return done(ex.best().compacted(), "exact", proven, t0);
            }
            if (ex.outcome() != Attempt.Outcome.INFEASIBLE) {
                return timeout(greedy, proven, t0);
            }
            if (settings.steps() != null) {
                return infeasible(greedy, target, t0);
            }
            proven = target + 1;
            target++;
        }
        // every count below the first-fit schedule's was proven infeasible, or more steps were asked for
        return target >= greedy.steps() ? done(greedy, "greedy", proven, t0) : timeout(greedy, proven, t0);
    }

    private Result heuristic(Schedule greedy, long t0) {
        int target = settings.steps() != null ? settings.steps() : (int) lowerBound;
        // the named solver always runs, even where the first-fit schedule already meets the target, so that the result
        // says what that solver does (its row's "solver" is the one that found the schedule)
        Attempt a = switch (settings.solver()) {
            case UMDA -> Umda.run(p, target, settings.umda(), budget, settings.seed(), settings.threads());
            case HGSA -> Hgsa.run(p, target, settings.hgsa(), budget, settings.seed(), settings.threads());
            case MBOA -> Mboa.run(p, target, settings.mboa(), budget, settings.seed(), settings.threads());
            default -> MinConflicts.run(p, target, greedy, budget, settings.seed(), MinConflicts.DEFAULT_NOISE);
        };
        record(a);
        if (a.found()) {
            return done(a.best().compacted(), a.solver(), lowerBound, t0);
        }
        return target >= greedy.steps() ? done(greedy, "greedy", lowerBound, t0) : timeout(greedy, lowerBound, t0);
    }

    private void record(Attempt a) {
        record(a, a.solver());
    }

    private void record(Attempt a, String name) {
        evaluations += a.evaluations();
        note(String.format(Locale.ROOT, "%s at %d steps: %s%s (%.2f s)", name, a.steps(),
                a.outcome().name().toLowerCase(Locale.ROOT), a.bestCost() > 0 ? ", best cost " + a.bestCost() : "",
                a.seconds()));
    }

    private void note(String line) {
        log.add(line);
        if (progress != null) {
            progress.accept(line);
        }
    }

    /** The independent check; an invalid schedule from an optimizer is a bug, never a result. */
    private ScheduleValidator.Report check(Schedule s) {
        ScheduleValidator.Report r = ScheduleValidator.check(p, s);
        if (!r.ok()) {
            throw new IllegalStateException("optimizer produced an invalid schedule: " + r.messages());
        }
        return r;
    }

    private Schedule validated(Schedule s) {
        check(s);
        return s;
    }

    /** A schedule found: optimal when it meets the lower bound or the proven one. */
    private Result done(Schedule s, String solver, long proven, long t0) {
        long bound = Math.max(proven, lowerBound);
        return new Result(s, s.steps(), lowerBound, bound, s.steps() <= bound ? "optimal" : "feasible", solver, log,
                evaluations, seconds(t0), check(s));
    }

    /** The chosen solver missed its target: the first-fit schedule stands. */
    private Result timeout(Schedule greedy, long proven, long t0) {
        return new Result(greedy, greedy.steps(), lowerBound, Math.max(proven, lowerBound), "timeout", "greedy", log,
                evaluations, seconds(t0), check(greedy));
    }

    /**
     * The exact model proved the requested step count impossible: the first-fit schedule, the best found, stands,
     * with the proof in {@code provenLowerBound} (the count asked for, plus one).
     */
    private Result infeasible(Schedule greedy, int steps, long t0) {
        return new Result(greedy, greedy.steps(), lowerBound, steps + 1, "infeasible", "greedy", log, evaluations,
                seconds(t0), check(greedy));
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
