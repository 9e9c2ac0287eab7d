package org.ccopt.msgsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;

/**
 * Event-driven flow-level simulation of a {@link Program} on a {@link MsgNetwork} (the model SimGrid uses, which the
 * thesis's measurements come from: Cui 2024, §3.4.1, SimGrid 3.28; Velho and Legrand 2009 for the flow model).
 *
 * <p>A message is a flow over its route. It first spends its route latency (plus the optional per-message
 * overhead) without using bandwidth, then transfers its bytes at its current share. Active flows share every
 * resource by weighted max-min fairness, computed by progressive filling whenever a flow starts or ends: the
 * resource with the least remaining capacity per unit of weight of its unsaturated flows fixes those flows at
 * that level, and so on. Weights are 1 ({@link Sharing#MAXMIN}) or 1 / route latency ({@link Sharing#CM02}: SimGrid's
 * CM02 model gives a flow a sharing penalty equal to its latency, so a flow over a longer route gets a smaller
 * share); {@link Sharing#LV08} is SimGrid's default model (Velho and Legrand 2009), CM02 with its corrective factors.
 * With {@code crossTraffic} a flow also loads every resource of the route back from its destination with 5 % of its
 * rate, as SimGrid's {@code network/crosstraffic} (on by default there) models the acknowledgements of TCP: the
 * constraint of a resource is then the sum of coefficient x rate over its flows, 1 on the route and 0.05 back (1.05
 * where the two share a resource). There is no time stepping: the next event is the earliest latency end, delay end or flow completion,
 * and simultaneous events are processed together before the shares are repaired once. The repair recomputes only
 * the flows that lose or lack a bottleneck (see {@code repair}), which gives the same allocation as a full
 * recomputation because the max-min fair allocation is unique; remaining bytes are kept lazily, with a queue of
 * projected finishes, so an event costs time in the flows it changes, not in all active flows.
 *
 * <p>Optional refinements, off by default: a per-message start-up overhead added to the latency phase, and a
 * bandwidth factor for small messages (a message under a threshold transfers at that factor of its share,
 * modelled as its byte count divided by the factor), in the spirit of SimGrid's piecewise SMPI factors.
 */
public final class MessageSimulator {

    /** How flows sharing a resource divide it. */
    public enum Sharing {
        MAXMIN, CM02,
        /**
         * SimGrid's LV08 (its default network model; Velho and Legrand 2009): the latency phase is 13.01 times the
         * route latency, a flow moves at 0.97 of the bandwidth it is given, and its sharing penalty is its route
         * latency plus S / bandwidth for every resource of the route, S = 20,537 bytes.
         */
        LV08;

        /** LV08's latency factor, bandwidth factor and S (SimGrid's {@code network/latency-factor}, ...). */
        static final double LV08_LATENCY_FACTOR = 13.01;
        static final double LV08_BANDWIDTH_FACTOR = 0.97;
        static final double LV08_WEIGHT_S = 20537;
        /** SimGrid's {@code network/TCP-gamma} default: a flow is bounded by gamma / (2 x route latency). */
        static final double TCP_GAMMA = 4194304;
        /** The share of a flow's rate its cross traffic puts on the route back. */
        static final double CROSS_TRAFFIC = 0.05;

        public static Sharing parse(String text) {
            return org.ccopt.util.Enums.parse(Sharing.class, "sharing", text);
        }
    }

    /**
     * @param overhead    seconds added to every message's latency phase (0: off)
     * @param smallFactor  bandwidth factor of messages under {@code smallBytes} (1: off)
     * @param crossTraffic every flow also loads its route back with 5 % of its rate (SimGrid's cross traffic)
     */
    public record Options(Sharing sharing, double overhead, double smallFactor, double smallBytes, boolean crossTraffic) {
        public static final Options DEFAULT = new Options(Sharing.MAXMIN, 0, 1, 0);

        public Options(Sharing sharing, double overhead, double smallFactor, double smallBytes) {
            this(sharing, overhead, smallFactor, smallBytes, false);
        }

        public Options {
            if (!(overhead >= 0) || !(smallFactor > 0) || !(smallBytes >= 0)) {
                throw new InvalidInputException("overhead " + overhead + ", small-message factor " + smallFactor
                        + " and threshold " + smallBytes + " are invalid; expected overhead >= 0, factor > 0, threshold >= 0");
            }
        }
    }

    /**
     * @param seconds  time at which the last task finishes
     * @param messages message tasks (flows)
     * @param events   event times processed (each followed by at most one share computation)
     * @param shares   flow shares computed in total (the size of the work: events x flows recomputed per event)
     * @param finish   finish time of every task
     */
    public record Result(double seconds, int messages, long events, long shares, double[] finish) {
    }

    private static final int LATENCY_END = 0;
    private static final int DELAY_END = 1;

    private MessageSimulator() {
    }

    public static Result run(MsgNetwork net, Program program, Options options) {
        return new Engine(net, program, options).run();
    }

    /**
     * Every message's resources and hops: its own route where the program gives one, else the network's
     * deterministic route (computed for those messages only: an own route may end at a switch, which has none).
     */
    private static MsgNetwork.Routes routesOf(MsgNetwork net, Program p, int[] from, int[] to, int[] taskOf) {
        int messages = from.length;
        int[] plain = new int[messages];
        int count = 0;
        for (int m = 0; m < messages; m++) {
            if (p.route[taskOf[m]] == null) {
                plain[count++] = m;
            }
        }
        int[] pf = new int[count];
        int[] pt = new int[count];
        for (int i = 0; i < count; i++) {
            pf[i] = from[plain[i]];
            pt[i] = to[plain[i]];
        }
        MsgNetwork.Routes deterministic = net.routes(pf, pt);
        int[][] resources = new int[messages][];
        int[] hops = new int[messages];
        for (int i = 0; i < count; i++) {
            resources[plain[i]] = deterministic.resources()[i];
            hops[plain[i]] = deterministic.hops()[i];
        }
        for (int m = 0; m < messages; m++) {
            int[] path = p.route[taskOf[m]];
            if (path != null) {
                resources[m] = net.pathResources(from[m], to[m], path);
                hops[m] = path.length - 1;
            }
        }
        return new MsgNetwork.Routes(resources, hops);
    }

    private static final class Engine {
        final MsgNetwork net;
        final Program p;
        final int tasks;
        /** Resources of task t's route: {@code routeRes[routeStart[t] .. routeStart[t+1]-1]} (empty for delays). */
        final int[] routeStart;
        int[] routeRes;
        /** Coefficient of each route entry in its resource's constraint: 1 on the route, 0.05 back, summed. */
        double[] coef;
        final boolean crossTraffic;
        final double[] latency;
        final double[] weight;
        final double[] remaining;
        final double[] rate;
        final int[] pending;
        final int[] dependentStart;
        final int[] dependents;
        final double[] finish;
        final int[] active;
        final int[] activePos;
        int activeCount;
        final MinHeap events = new MinHeap(true);
        // share computation scratch
        /**
         * Per resource, interleaved so one touch loads one cache line: {@code rs[3r]} active flows on it,
         * {@code rs[3r+1]} search stamp, {@code rs[3r+2]} unfixed flows; {@code rd[2r]} remaining capacity,
         * {@code rd[2r+1]} weight of its unfixed flows.
         */
        final int[] rs;
        final double[] rd;
        final boolean[] fixed;
        final MinHeap ratios = new MinHeap(false);
        // active flows per resource, as route-entry indices, for finding the flows an event can affect
        int[] ownerOf;
        int[] posInRes;
        int[][] resList;
        int[] flowStamp;
        int stamp;
        int[] affected;
        int[] flowMark;
        int mark;
        int[] changedFlows = new int[16];
        int changedCount;
        long recomputed;
        double now;
        /** Remaining bytes of a flow are {@code remaining[f]} at time {@code since[f]}; its projected finish. */
        final double[] since;
        final double[] finishAt;
        final MinHeap finishes = new MinHeap(true);
        long eventCount;
        int done;

        Engine(MsgNetwork net, Program p, Options o) {
            this.net = net;
            this.p = p;
            tasks = p.size();
            crossTraffic = o.crossTraffic();
            routeStart = new int[tasks + 1];
            latency = new double[tasks];
            weight = new double[tasks];
            remaining = new double[tasks];
            rate = new double[tasks];
            finish = new double[tasks];
            Arrays.fill(finish, Double.NaN);
            since = new double[tasks];
            finishAt = new double[tasks];
            int messages = p.messages();
            int[] from = new int[messages];
            int[] to = new int[messages];
            int[] taskOf = new int[messages];
            for (int t = 0, m = 0; t < tasks; t++) {
                if (p.isMessage(t)) {
                    from[m] = p.from[t];
                    to[m] = p.to[t];
                    taskOf[m++] = t;
                }
            }
            MsgNetwork.Routes routes = routesOf(net, p, from, to, taskOf);
            int[][] entries = routes.resources();
            double[][] coefs = new double[messages][];
            if (o.crossTraffic()) {
                if (p.hasOwnRoutes()) {
                    throw new InvalidInputException("cross traffic loads the network's route back of every flow; a program "
                            + "that routes its messages itself (a replayed schedule) runs without it");
                }
                int[][] back = net.routes(to, from).resources();
                entries = new int[messages][];
                for (int m = 0; m < messages; m++) {
                    withCrossTraffic(routes.resources()[m], back[m], m, entries, coefs);
                }
            }
            for (int m = 0; m < messages; m++) {
                routeStart[taskOf[m] + 1] = entries[m].length;
            }
            for (int t = 0; t < tasks; t++) {
                routeStart[t + 1] += routeStart[t];
            }
            routeRes = new int[routeStart[tasks]];
            coef = new double[routeRes.length];
            Arrays.fill(coef, 1.0);
            for (int m = 0; m < messages; m++) {
                int t = taskOf[m];
                System.arraycopy(entries[m], 0, routeRes, routeStart[t], entries[m].length);
                if (coefs[m] != null) {
                    System.arraycopy(coefs[m], 0, coef, routeStart[t], coefs[m].length);
                }
                double lat = routes.hops()[m] * net.latency();
                double bytes = p.bytes[t] < o.smallBytes() ? p.bytes[t] / o.smallFactor() : p.bytes[t];
                if (o.sharing() != Sharing.MAXMIN && lat > 0 && Sharing.TCP_GAMMA / (2 * lat) < net.bandwidth()) {
                    throw new InvalidInputException("the flow from terminal " + from[m] + " to " + to[m] + " has a route"
                            + " latency of " + lat + " s, so SimGrid's TCP window bound (gamma / (2 x latency), gamma = "
                            + (long) Sharing.TCP_GAMMA + " B) would cap it below the link bandwidth, which ccopt does "
                            + "not model; expected route latencies under " + Sharing.TCP_GAMMA / (2 * net.bandwidth()) + " s");
                }
                switch (o.sharing()) {
                    case MAXMIN -> {
                        latency[t] = lat + o.overhead();
                        weight[t] = 1.0;
                        remaining[t] = bytes;
                    }
                    case CM02 -> {
                        latency[t] = lat + o.overhead();
                        weight[t] = lat > 0 ? 1.0 / lat : 1.0;
                        remaining[t] = bytes;
                    }
                    case LV08 -> {
                        latency[t] = Sharing.LV08_LATENCY_FACTOR * lat + o.overhead();
                        // SimGrid gives a flow without latency the penalty 1, not its sharing penalty
                        weight[t] = lat > 0 ? 1.0 / (lat + Sharing.LV08_WEIGHT_S * routes.resources()[m].length / net.bandwidth()) : 1.0;
                        remaining[t] = bytes / Sharing.LV08_BANDWIDTH_FACTOR;
                    }
                    default -> throw new IllegalStateException(o.sharing().name());
                }
            }
            pending = new int[tasks];
            dependentStart = new int[tasks + 1];
            for (int t = 0; t < tasks; t++) {
                pending[t] = p.dependsOn(t).length;
                for (int d : p.dependsOn(t)) {
                    dependentStart[d + 1]++;
                }
            }
            for (int t = 0; t < tasks; t++) {
                dependentStart[t + 1] += dependentStart[t];
            }
            dependents = new int[dependentStart[tasks]];
            int[] fill = Arrays.copyOf(dependentStart, tasks);
            for (int t = 0; t < tasks; t++) {
                for (int d : p.dependsOn(t)) {
                    dependents[fill[d]++] = t;
                }
            }
            active = new int[Math.max(1, messages)];
            activePos = new int[tasks];
            int r = net.resourceCount();
            rs = new int[3 * r];
            rd = new double[2 * r];
            fixed = new boolean[tasks];
            ownerOf = new int[routeRes.length];
            for (int t = 0; t < tasks; t++) {
                for (int k = routeStart[t]; k < routeStart[t + 1]; k++) {
                    ownerOf[k] = t;
                }
            }
            posInRes = new int[routeRes.length];
            resList = new int[r][];
            flowStamp = new int[tasks];
            flowMark = new int[tasks];
            affected = new int[Math.max(1, messages)];
        }

        /**
         * Flow m's constraint entries with cross traffic: its route with coefficient 1, then the resources of the
         * route back not already on it with 0.05; a resource on both gets 1.05 (SimGrid adds the two coefficients
         * of one variable in one constraint).
         */
        private static void withCrossTraffic(int[] route, int[] back, int m, int[][] entries, double[][] coefs) {
            int[] res = Arrays.copyOf(route, route.length + back.length);
            double[] c = new double[res.length];
            Arrays.fill(c, 0, route.length, 1.0);
            int n = route.length;
            for (int r : back) {
                int at = -1;
                for (int i = 0; i < n; i++) {
                    if (res[i] == r) {
                        at = i;
                        break;
                    }
                }
                if (at >= 0) {
                    c[at] += Sharing.CROSS_TRAFFIC;
                } else {
                    res[n] = r;
                    c[n++] = Sharing.CROSS_TRAFFIC;
                }
            }
            entries[m] = Arrays.copyOf(res, n);
            coefs[m] = Arrays.copyOf(c, n);
        }

        Result run() {
            for (int t = 0; t < tasks; t++) {
                if (pending[t] == 0) {
                    start(t);
                }
            }
            while (done < tasks) {
                double next = Math.min(events.isEmpty() ? Double.POSITIVE_INFINITY : events.peekKey(), nextFinish());
                if (next == Double.POSITIVE_INFINITY) {
                    throw new IllegalStateException("simulation stalled with " + (tasks - done)
                            + " tasks unfinished (a dependency cycle?)");
                }
                now = next;
                eventCount++;
                double slack = Math.ulp(now) * 16;
                changedCount = 0;
                // flows that finish now
                while (nextFinish() <= now + slack) {
                    int f = finishes.pop();
                    remaining[f] = 0;
                    deactivate(f);
                    noteChanged(f);
                    complete(f);
                }
                while (!events.isEmpty() && events.peekKey() <= now + slack) {
                    int code = events.pop();
                    int t = code >>> 1;
                    if ((code & 1) == DELAY_END || remaining[t] <= 0) {
                        complete(t); // a delay, or a message of no bytes, ends with its latency
                    } else {
                        activate(t);
                        noteChanged(t);
                    }
                }
                if (changedCount > 0) {
                    repair();
                }
            }
            return new Result(now, p.messages(), eventCount, recomputed, finish);
        }

        void start(int t) {
            if (p.isMessage(t)) {
                events.push(now + latency[t], (t << 1) | LATENCY_END);
            } else {
                events.push(now + p.delay[t], (t << 1) | DELAY_END);
            }
        }

        void complete(int t) {
            finish[t] = now;
            done++;
            for (int i = dependentStart[t]; i < dependentStart[t + 1]; i++) {
                int d = dependents[i];
                if (--pending[d] == 0) {
                    start(d);
                }
            }
        }

        void activate(int f) {
            since[f] = now;
            activePos[f] = activeCount;
            active[activeCount++] = f;
            for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                int r = routeRes[k];
                if (resList[r] == null) {
                    resList[r] = new int[4];
                } else if (rs[3 * r] == resList[r].length) {
                    resList[r] = Arrays.copyOf(resList[r], 2 * rs[3 * r]);
                }
                posInRes[k] = rs[3 * r];
                resList[r][rs[3 * r]++] = k;
            }
        }

        void deactivate(int f) {
            int i = activePos[f];
            int last = active[--activeCount];
            active[i] = last;
            activePos[last] = i;
            rate[f] = 0;
            for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                int r = routeRes[k];
                int at = posInRes[k];
                int moved = resList[r][--rs[3 * r]];
                resList[r][at] = moved;
                posInRes[moved] = at;
            }
        }

        /**
         * Restores the max-min fair shares after an event, touching as few flows as it can (exact: the allocation is
         * unique and characterised by every flow having a bottleneck, a saturated resource on which its normalised rate,
         * rate / weight, is the largest). The set A to recompute starts with the started flows and the flows that
         * shared a resource with an ended flow and lost their bottleneck. A's shares are computed by progressive
         * filling on the capacity the other flows leave; then every flow of A and every flow next to A must have a
         * bottleneck, and those that do not (with the neighbours of a flow of A that does not) join A, until none is
         * missing. Flows outside A keep their shares: their resources' loads did not change or they passed the check.
         */
        void repair() {
            mark++;
            int n = 0;
            stamp++;
            for (int c = 0; c < changedCount; c++) {
                int f = changedFlows[c];
                if (isActive(f)) {
                    // a flow started now may already be in A as the neighbour of a flow that ended at the same instant
                    // (zero latency makes such coincidences common)
                    if (flowMark[f] != mark) {
                        n = addToRepair(f, n);
                    }
                    continue;
                }
                for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                    int r = routeRes[k];
                    int[] list = resList[r];
                    for (int i = 0, m = rs[3 * r]; i < m; i++) {
                        int g = ownerOf[list[i]];
                        if (flowMark[g] != mark && flowStamp[g] != stamp) {
                            flowStamp[g] = stamp;
                            if (rate[g] == 0 || !hasBottleneck(g)) {
                                n = addToRepair(g, n);
                            }
                        }
                    }
                }
            }
            while (n > 0) {
                solveResidual(n);
                recomputed += n;
                int before = n;
                stamp++;
                for (int i = 0; i < before; i++) {
                    int f = affected[i];
                    boolean fine = hasBottleneck(f);
                    for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                        int r = routeRes[k];
                        int[] list = resList[r];
                        for (int q = 0, m = rs[3 * r]; q < m; q++) {
                            int g = ownerOf[list[q]];
                            if (flowMark[g] == mark) {
                                continue;
                            }
                            if (!fine) {
                                n = addToRepair(g, n);
                            } else if (flowStamp[g] != stamp) {
                                flowStamp[g] = stamp;
                                if (!hasBottleneck(g)) {
                                    n = addToRepair(g, n);
                                }
                            }
                        }
                    }
                }
                if (n == before) {
                    break;
                }
            }
        }

        /** Earliest projected finish of an active flow; stale queue entries (the flow ended or its rate changed) go. */
        private double nextFinish() {
            while (!finishes.isEmpty()) {
                int f = finishes.peekValue();
                if (isActive(f) && finishAt[f] == finishes.peekKey()) {
                    return finishAt[f];
                }
                finishes.pop();
            }
            return Double.POSITIVE_INFINITY;
        }

        /** Sets a flow's rate from now on: its remaining bytes are brought up to now and its finish re-projected. */
        private void setRate(int f, double value) {
            remaining[f] -= rate[f] * (now - since[f]);
            if (remaining[f] < 0) {
                remaining[f] = 0;
            }
            since[f] = now;
            rate[f] = value;
            finishAt[f] = now + remaining[f] / value;
            finishes.push(finishAt[f], f);
        }

        private boolean isActive(int f) {
            return activePos[f] < activeCount && active[activePos[f]] == f;
        }

        private int addToRepair(int f, int n) {
            flowMark[f] = mark;
            affected[n] = f;
            return n + 1;
        }

        /** Progressive filling for the flows of A on the capacity the other flows leave. */
        private void solveResidual(int count) {
            stamp++;
            ratios.clear();
            for (int i = 0; i < count; i++) {
                fixed[affected[i]] = false;
            }
            for (int i = 0; i < count; i++) {
                int f = affected[i];
                for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                    int r = routeRes[k];
                    if (rs[3 * r + 1] == stamp) {
                        continue;
                    }
                    rs[3 * r + 1] = stamp;
                    int[] list = resList[r];
                    double cap = net.capacity(r);
                    double w = 0;
                    int inA = 0;
                    for (int q = 0, m = rs[3 * r]; q < m; q++) {
                        int e = list[q];
                        int g = ownerOf[e];
                        if (flowMark[g] == mark) {
                            w += coef[e] * weight[g];
                            inA++;
                        } else {
                            cap -= coef[e] * rate[g];
                        }
                    }
                    rd[2 * r] = cap;
                    rd[2 * r + 1] = w;
                    rs[3 * r + 2] = inA;
                    // with coefficient 1 everywhere, a resource whose only flow is one of A cannot bind before that
                    // flow's others do (see the end of this method); with cross traffic it can (the flow may be
                    // alone on its route and share only the routes back of others, with 0.05), so all count
                    if (inA >= 2 || crossTraffic || cap < net.capacity(r) * (1 - 1e-12)) {
                        ratios.append(Math.max(0, cap) / w, r);
                    }
                }
            }
            ratios.heapify();
            while (!ratios.isEmpty()) {
                double key = ratios.peekKey();
                int r = ratios.pop();
                if (rs[3 * r + 2] == 0) {
                    continue;
                }
                double level = Math.max(0, rd[2 * r]) / rd[2 * r + 1];
                if (level > key * (1 + 1e-12)) {
                    ratios.push(level, r);
                    continue;
                }
                int[] list = resList[r];
                for (int q = 0, m = rs[3 * r]; q < m; q++) {
                    int f = ownerOf[list[q]];
                    if (flowMark[f] == mark && !fixed[f]) {
                        fixed[f] = true;
                        double value = weight[f] * level;
                        setRate(f, value);
                        for (int k = routeStart[f]; k < routeStart[f + 1]; k++) {
                            int r2 = routeRes[k];
                            if (rs[3 * r2 + 1] == stamp) {
                                rd[2 * r2] -= coef[k] * value;
                                rd[2 * r2 + 1] -= coef[k] * weight[f];
                                rs[3 * r2 + 2]--;
                            }
                        }
                    }
                }
            }
            // a flow of A alone on all its resources, none of them used by others, runs at the full capacity
            for (int i = 0; i < count; i++) {
                int f = affected[i];
                if (!fixed[f]) {
                    fixed[f] = true;
                    setRate(f, net.bandwidth());
                }
            }
        }

        private boolean hasBottleneck(int g) {
            double mine = rate[g] / weight[g];
            for (int k = routeStart[g]; k < routeStart[g + 1]; k++) {
                int r = routeRes[k];
                int[] list = resList[r];
                double load = 0;
                double most = 0;
                for (int i = 0, n = rs[3 * r]; i < n; i++) {
                    int h = ownerOf[list[i]];
                    load += coef[list[i]] * rate[h];
                    most = Math.max(most, rate[h] / weight[h]);
                }
                if (load >= net.capacity(r) * (1 - 1e-9) && mine >= most * (1 - 1e-9)) {
                    return true;
                }
            }
            return false;
        }

        void noteChanged(int f) {
            if (changedCount == changedFlows.length) {
                changedFlows = Arrays.copyOf(changedFlows, 2 * changedCount);
            }
            changedFlows[changedCount++] = f;
        }

    }
}
