package org.ccopt.schedule;

import java.util.List;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;

/**
 * One schedule request, assembled and solved: the service behind {@code ccopt schedule} and any other front end.
 *
 * <p>It picks the engine a request needs and shows every result the same way:
 * <ul>
 *   <li>a wormhole problem, or a store-and-forward broadcast, goes to {@link Scheduler};</li>
 *   <li>a store-and-forward scatter or permutation goes to {@link SfScatter}, hop by hop;</li>
 *   <li>a reduce (AOR, AAR) is solved as the time reverse of a broadcast on the transposed network
 *       ({@link Reduction}; Jaros, Ohlidal, Dvorak 2007, §3: "the reduction is a broadcast with reversed
 *       communications"), and its transfers are reversed back before they are checked and shown.</li>
 * </ul>
 * Every schedule returned has been re-checked by {@link ScheduleValidator} against the request as the user gave it
 * (the reduce itself, not the broadcast it was solved as).
 */
public final class ScheduleJob {

    /**
     * What to schedule.
     *
     * @param collective  the collective, or null for a permutation
     * @param destination for a permutation: node s sends one message to {@code destination[s]}; else null
     * @param extraHops   routes up to this many hops longer than minimal (wormhole and store-and-forward broadcasts only)
     * @param pathLimit   routes listed per node pair, or null for {@link ScheduleProblem#DEFAULT_PATH_LIMIT}
     */
    public record Request(Topology topology, Collective collective, int[] destination, PortModel ports,
                          Switching switching, int extraHops, Integer pathLimit) {
        public Request {
            if ((collective == null) == (destination == null)) {
                throw new IllegalArgumentException("a request schedules either a collective or a permutation");
            }
        }

        /** Whether the request is solved hop by hop by {@link SfScatter}. */
        public boolean hopByHop() {
            return switching.storeAndForward() && (collective == null || !collective.kind().isBroadcast());
        }
    }

    /**
     * A finished search, as shown: the transfers in the user's terms and how they were found and checked.
     *
     * @param cc             the collective's name, or PERM for a permutation
     * @param label          a one-line description of the problem
     * @param found          whether a schedule exists (false only when the exact model proved none at the target)
     * @param broadcastCells whether a table cell names the message a node forwards (broadcasts)
     * @param rootCells      whether a table cell names the root a partial result is for (AAR)
     * @param reduce         the reduce, for a replay in which a node sends after what it receives; else null
     * @param hopItems       whether every transfer is one hop of a store-and-forward message
     */
    public record Outcome(String topology, String cc, String ports, String switching, String label, int steps,
                          long lowerBound, String boundArgument, long provenLowerBound, String status, String solver,
                          boolean found, boolean valid, double seconds, long evaluations, List<String> log,
                          List<ScheduleValidator.Item> items, boolean broadcastCells, boolean rootCells,
                          Collective reduce, boolean hopItems) {
    }

    private final Request request;
    /** The wormhole (or store-and-forward broadcast) problem, or null when solved hop by hop. */
    private final ScheduleProblem problem;
    private final SfScatter hops;
    private final int[][] pairs;
    /** For a reduce: the reduce itself (the problem is its broadcast on the transposed network); else null. */
    private final Collective reduce;
    private final LowerBounds.Bound bound;

    private ScheduleJob(Request r, java.util.function.BooleanSupplier expired) {
        this.request = r;
        Topology t = r.topology();
        int pathLimit = r.pathLimit() == null ? ScheduleProblem.DEFAULT_PATH_LIMIT : r.pathLimit();
        this.pairs = r.destination() == null ? null : ScheduleProblem.pairs(t, r.destination());
        if (r.hopByHop()) {
            if (r.extraHops() > 0) {
                throw InvalidInputException.parameter("extra-hops", r.extraHops() + " does not apply to a store-and-forward "
                        + "scatter, whose messages take shortest paths hop by hop; expected 0");
            }
            if (r.pathLimit() != null) {
                throw InvalidInputException.parameter("path-limit", "does not apply to a store-and-forward scatter, which "
                        + "keeps every shortest path");
            }
            Collective c = pairs != null ? ScheduleProblem.pairsCollective(pairs) : r.collective();
            this.hops = new SfScatter(t, c, pairs, r.ports(), r.switching());
            this.problem = null;
            this.reduce = null;
            this.bound = hops.bound();
            return;
        }
        this.hops = null;
        if (pairs != null) {
            this.reduce = null;
            this.problem = ScheduleProblem.ofPairsWithin(expired, t, r.destination(), r.ports(), r.extraHops(), pathLimit);
        } else if (r.collective().kind().isReduce()) {
            Collective c = r.collective();
            this.reduce = c;
            this.problem = ScheduleProblem.within(expired, Reduction.transpose(t), Reduction.broadcastOf(c), r.ports(),
                    r.switching(), r.extraHops(), pathLimit);
            if (problem.relayNodes()) {
                throw new InvalidInputException(c.kind() + " under store-and-forward on " + t.spec() + " would combine "
                        + "partial results in nodes that take no part in the reduce (switches); expected --switching wh there");
            }
        } else {
            this.reduce = null;
            this.problem = ScheduleProblem.within(expired, t, r.collective(), r.ports(), r.switching(), r.extraHops(),
                    pathLimit);
        }
        this.bound = Scheduler.bound(problem);
    }

    /** The request assembled into its problem; a request no engine can take is refused with one line. */
    public static ScheduleJob of(Request r) {
        return new ScheduleJob(r, null);
    }

    /** {@link #of(Request)}, whose set-up (the listing of routes) counts against {@code budget}'s time and stop. */
    public static ScheduleJob of(Request r, Budget budget) {
        return new ScheduleJob(r, budget::expired);
    }

    /**
     * Searches within {@code budget} (the engine checks {@code settings.steps()} against the bound first).
     *
     * @param progress live lines of the search, or null
     */
    public Outcome solve(Scheduler.Settings settings, Budget budget, Consumer<String> progress) {
        return hops != null ? solveHops(settings, budget, progress) : solveProblem(settings, budget, progress);
    }

    private Outcome solveHops(Scheduler.Settings settings, Budget budget, Consumer<String> progress) {
        Request r = request;
        SfScatter.Solution o = hops.solve(settings.solver(), settings.steps(), settings.seed(), budget, progress);
        String what = pairs != null ? "permutation of " + pairs.length + " transfers" : r.collective().kind().name();
        String label = what + " on " + r.topology().spec() + ", " + r.ports() + ", " + r.switching().label()
                + ", minimal routing, one channel a step";
        return new Outcome(r.topology().spec(), pairs != null ? "PERM" : r.collective().kind().name(), r.ports().toString(),
                r.switching().label(), label, o.steps(), o.lowerBound(), o.boundArgument(), o.provenLowerBound(), o.status(),
                o.solver(), true, o.validation().ok(), o.seconds(), 0, o.log(), o.items(), false, false, null, true);
    }

    private Outcome solveProblem(Scheduler.Settings settings, Budget budget, Consumer<String> progress) {
        ScheduleProblem p = problem;
        Scheduler.Result r = new Scheduler(p, bound.steps(), settings, budget, progress).run();
        List<ScheduleValidator.Item> items = List.of();
        if (r.schedule() != null) {
            items = ScheduleValidator.items(p, r.schedule());
            items = reduce == null ? items : Reduction.reverse(items, r.steps());
        }
        Topology t = request.topology();
        boolean valid = r.schedule() != null && (reduce == null ? r.validation() != null && r.validation().ok()
                : ScheduleValidator.check(t, reduce, null, p.ports(), p.switching(), p.extraHops(), r.steps(), items).ok());
        String cc = p.pairs() != null ? "PERM" : reduce != null ? reduce.kind().name() : p.collective().kind().name();
        return new Outcome(t.spec(), cc, p.ports().toString(), p.switching().label(), label(), r.steps(), r.lowerBound(),
                bound.formula(), r.provenLowerBound(), r.status(), r.solver(), r.schedule() != null, valid, r.seconds(),
                r.evaluations(), r.log(), items, p.broadcast() && reduce == null,
                reduce != null && reduce.kind() == CollectiveKind.AAR, reduce, false);
    }

    private String label() {
        ScheduleProblem p = problem;
        if (reduce == null) {
            return p.label();
        }
        String what = reduce.kind() == CollectiveKind.AOR ? "AOR to " + reduce.receivers()[0] : reduce.kind().name();
        return what + " on " + request.topology().spec() + ", " + p.ports() + ", " + p.switching().label()
                + (p.extraHops() > 0 ? ", minimal +" + p.extraHops() + " hops" : ", minimal routing")
                + " (the time reverse of a broadcast)";
    }

    /**
     * The lower bound {@code ccopt bounds} reports for a collective under a port model and a switching mode: the
     * store-and-forward scatter bounds (per router or per node), the store-and-forward broadcast's, the conflict-clique
     * term on minimal routes for a scatter small enough ({@link Scheduler#CLIQUE_TRANSFERS}), else the closed-form
     * bounds ({@link LowerBounds#forCollective}); refuses, with one line, a switching mode not modelled for the kind.
     */
    public static LowerBounds.Bound bound(Topology t, Collective c, PortModel portModel, Switching sw) {
        CollectiveKind kind = c.kind();
        if (sw.storeAndForward() && kind.isReduce()) {
            throw new InvalidInputException("--switching " + sw.label() + " is modelled for broadcasts and scatters; "
                    + kind + " takes --switching wh");
        }
        if (sw == Switching.SF_ROUTER && kind.isBroadcast()) {
            throw new InvalidInputException("--switching sf-router applies to scatters; " + kind + " takes wh or sf");
        }
        if (sw.storeAndForward() && !kind.isBroadcast()) {
            return new SfScatter(t, c, null, portModel, sw).bound();
        } else if (sw == Switching.SF) {
            return Scheduler.bound(new ScheduleProblem(t, c, portModel, sw, 0, 1));
        } else if (!kind.isBroadcast() && (long) c.senders().length * c.receivers().length <= Scheduler.CLIQUE_TRANSFERS) {
            // scatters: the conflict-clique term of `ccopt schedule` on minimal routes as well
            return Scheduler.bound(new ScheduleProblem(t, c, portModel, sw, 0, ScheduleProblem.DEFAULT_PATH_LIMIT));
        }
        return LowerBounds.forCollective(t, c, portModel);
    }

    /**
     * {@code ccopt bounds}' report: the collective, its port model and switching, and the bound that decides with its
     * formula and arguments.
     */
    public record BoundReport(Topology topology, Collective collective, PortModel ports, Switching switching,
                              LowerBounds.Bound bound) {

        /** The figures {@code --json} prints, in order. */
        public java.util.Map<String, Object> figures() {
            java.util.Map<String, Object> r = new java.util.LinkedHashMap<>();
            r.put("topology", topology.spec());
            r.put("cc", collective.kind().name());
            r.put("ports", ports.toString());
            r.put("switching", switching.label());
            r.put("senders", collective.senders().length);
            r.put("receivers", collective.receivers().length);
            r.put("lowerBound", bound.steps());
            r.put("formula", bound.formula());
            r.put("arguments", bound.arguments());
            r.put("bisectionUsed", bound.bisectionUsed());
            return r;
        }

        /** The report as text: the bound, the formula that decides it, and its arguments, a line each. */
        public java.util.List<String> lines() {
            java.util.List<String> lines = new java.util.ArrayList<>();
            lines.add(collective.kind() + " on " + topology.spec() + ", " + ports + ", " + switching.label() + ": at least "
                    + bound.steps() + " steps");
            lines.add("  decided by: " + bound.formula());
            for (String a : bound.arguments()) {
                lines.add("  " + a);
            }
            return lines;
        }
    }

    /** {@link #bound} with what it was asked of, for a report. */
    public static BoundReport boundReport(Topology t, Collective c, PortModel portModel, Switching sw) {
        return new BoundReport(t, c, portModel, sw, bound(t, c, portModel, sw));
    }

    /** The title of an outcome's step diagram: the problem, its steps and the solver that found them. */
    public static String title(Outcome o) {
        return o.label() + ": " + o.steps() + " steps, " + o.solver();
    }
}
