package org.ccopt.schedule;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.LowerBounds;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * Store-and-forward scatters (OAS, AAS, MNS, AOG and permutations), scheduled hop by hop. Under store-and-forward a
 * message moves "only ... to the adjacent nodes in one step" (Jaros, Ohlidal, Dvorak 2007, §2) and "can stop for one
 * or more steps at some nodes along the path" (§3.1): the message from s to r crosses the dist(s, r) channels of one
 * shortest path, one channel a step, in increasing steps. A scatter's messages are all distinct, so no two of them
 * share a channel in a step (the paper's "single use" of a channel by the paths of one sender, §3.1, is the copies of
 * one broadcast message). Every hop out of a node is a send and every hop into one a receive, at most its ports a
 * step; under {@link Switching#SF_ROUTER} only the hop out of the sender and the hop into the receiver count, the
 * message waiting in the routers it passes.
 *
 * <p>Solvers: a list scheduler that routes one message at a time, farthest first (or most congested first: the
 * expected load of the channels on its shortest paths), along the shortest path that reaches its receiver earliest
 * given the hops already placed (an earliest-arrival search over the shortest-path DAG with waiting, so its choice is
 * optimal for that message), repeated with seeded random orders around both keys, then improved by rip-up and
 * reroute (messages that finish last and a few random others routed again); and an exact CP-SAT
 * model, a time-expanded flow per message: a Boolean per (message, channel of its shortest-path DAG, step), one unit
 * out of the sender, conservation and "out no earlier than after in" at every node it passes, one message per channel
 * and step, ports per node and step. Every shortest path is in the model, so an infeasible answer proves that no
 * schedule of that many steps exists under minimal routing.
 *
 * <p>Lower bound: the wormhole bound of the same sets (every argument of it counts channel and port use per step,
 * which store-and-forward keeps), and five of store-and-forward's own: a sender's messages leave at most its ports a
 * step and the j-th farthest still needs dist - 1 steps after leaving (max over j of ceil(j / k) + d_j - 1, distances
 * in decreasing order), the same for arrivals at a receiver, the total hops over the channels, and, under
 * {@link Switching#SF}, where every hop is a send and a receive, the total hops over all nodes' ports and, per node,
 * its own messages plus those whose every shortest path passes it, over its ports.
 */
public final class SfScatter {

    /** Every hop of a schedule: message index, channel and step (0-based); {@code steps} = last step + 1. */
    public record Plan(int steps, int[] message, int[] channel, int[] step) {
    }

    /** A finished search: the schedule as printed transfers (one per hop), and how it was found and checked. */
    public record Solution(List<ScheduleValidator.Item> items, int steps, long lowerBound, String boundArgument,
                          long provenLowerBound, String status, String solver, List<String> log, double seconds,
                          ScheduleValidator.Report validation) {
    }

    /** Models with more Boolean variables than this are not built. */
    static final long MAX_VARIABLES = 2_000_000;

    private final Topology t;
    private final Collective collective;
    private final int[][] pairs;
    private final PortModel ports;
    private final Switching switching;
    private final int[] src;
    private final int[] dst;
    private final int[] len;
    /** Per message: the channels of its shortest-path DAG in order of their depth (distance of their tail from s). */
    private final int[][] arcChannel;
    private final int[][] arcDepth;
    private final int[] sendCap;
    private final int[] recvCap;

    /**
     * @param pairs the (sender, receiver) pairs of a permutation, or null for every sender of the collective to every
     *              receiver other than itself
     */
    public SfScatter(Topology topology, Collective collective, int[][] pairs, PortModel ports, Switching switching) {
        if (!switching.storeAndForward()) {
            throw new IllegalArgumentException("not store-and-forward: " + switching);
        }
        if (collective.kind().isBroadcast()) {
            throw new InvalidInputException(collective.kind() + " is not a scatter; store-and-forward broadcasts are "
                    + "scheduled as one-hop transfers from any node that holds the message");
        }
        this.t = topology;
        this.collective = collective;
        this.pairs = pairs;
        this.ports = ports;
        this.switching = switching;
        List<int[]> list = new ArrayList<>();
        if (pairs != null) {
            list.addAll(Arrays.asList(pairs));
        } else {
            for (int s : collective.senders()) {
                for (int r : collective.receivers()) {
                    if (s != r) {
                        list.add(new int[] {s, r});
                    }
                }
            }
        }
        int m = list.size();
        int n = t.nodeCount();
        src = new int[m];
        dst = new int[m];
        len = new int[m];
        arcChannel = new int[m][];
        arcDepth = new int[m][];
        HopDistances toward = new HopDistances(t);
        int[][] from = new int[n][];
        int[] queue = new int[n];
        for (int i = 0; i < m; i++) {
            int s = list.get(i)[0];
            int r = list.get(i)[1];
            src[i] = s;
            dst[i] = r;
            if (from[s] == null) {
                from[s] = new int[n];
                HopDistances.bfs(t, s, false, from[s], queue);
            }
            int[] ds = from[s];
            int[] dr = toward.to(r);
            len[i] = ds[r];
            if (len[i] == HopDistances.UNREACHABLE) {
                throw new InvalidInputException("terminal " + r + " cannot be reached from " + s + " on " + t.spec()
                        + "; the collective needs a connected network");
            }
            List<int[]> arcs = new ArrayList<>();
            for (int c = 0; c < t.channelCount(); c++) {
                int u = t.channelSource(c);
                int v = t.channelTarget(c);
                if (ds[u] >= 0 && dr[v] >= 0 && ds[u] + 1 + dr[v] == len[i]) {
                    arcs.add(new int[] {ds[u], c});
                }
            }
            arcs.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
            arcChannel[i] = arcs.stream().mapToInt(a -> a[1]).toArray();
            arcDepth[i] = arcs.stream().mapToInt(a -> a[0]).toArray();
        }
        sendCap = new int[n];
        recvCap = new int[n];
        for (int v = 0; v < n; v++) {
            sendCap[v] = ports.sendPorts(t, v);
            recvCap[v] = ports.receivePorts(t, v);
        }
    }

    public int messageCount() {
        return src.length;
    }

    /** Whether the hop of message m out of node u uses u's ports (every hop under SF; the first under SF_ROUTER). */
    private boolean sendCounts(int m, int u) {
        return switching == Switching.SF || u == src[m];
    }

    private boolean receiveCounts(int m, int v) {
        return switching == Switching.SF || v == dst[m];
    }

    /** The lower bound with every argument (see the class comment). */
    public LowerBounds.Bound bound() {
        int n = t.nodeCount();
        LowerBounds.Bound base = pairs == null ? LowerBounds.forCollective(t, collective, ports)
                : LowerBounds.forPairs(t, pairs, ports);
        List<List<Integer>> bySender = new ArrayList<>();
        List<List<Integer>> byReceiver = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            bySender.add(new ArrayList<>());
            byReceiver.add(new ArrayList<>());
        }
        long hops = 0;
        for (int i = 0; i < src.length; i++) {
            bySender.get(src[i]).add(len[i]);
            byReceiver.get(dst[i]).add(len[i]);
            hops += len[i];
        }
        long departures = 0;
        long arrivals = 0;
        for (int v = 0; v < n; v++) {
            departures = Math.max(departures, releaseBound(toArray(bySender.get(v)), sendCap[v]));
            arrivals = Math.max(arrivals, releaseBound(toArray(byReceiver.get(v)), recvCap[v]));
        }
        long load = ceilDiv(hops, t.channelCount());
        long sendPorts = 0;
        long receivePorts = 0;
        for (int v = 0; v < n; v++) {
            sendPorts += sendCap[v];
            receivePorts += recvCap[v];
        }
        long portLoad = switching == Switching.SF ? ceilDiv(hops, Math.min(sendPorts, receivePorts)) : 0;
        long transit = 0;
        if (switching == Switching.SF) {
            long[] forced = new long[n];
            for (int m = 0; m < src.length; m++) {
                for (int v : forcedTransit(m)) {
                    forced[v]++;
                }
            }
            for (int v = 0; v < n; v++) {
                long out = bySender.get(v).size() + forced[v];
                long in = byReceiver.get(v).size() + forced[v];
                transit = Math.max(transit, Math.max(ceilDiv(out, sendCap[v]), ceilDiv(in, recvCap[v])));
            }
        }
        List<String> args = new ArrayList<>(base.arguments());
        long best = base.steps();
        String formula = base.formula();
        String[] names = {
            "store-and-forward departures: a sender's j-th farthest message leaves in step ceil(j / ports) at the earliest and needs dist - 1 more",
            "store-and-forward arrivals: a receiver's j-th farthest message cannot arrive before step dist, and it takes ports a step",
            "store-and-forward load: every message crosses dist(s, r) channels, each channel one message a step",
            "store-and-forward port load: every hop is a send and a receive of the nodes at its ends, at most their ports a step",
            "store-and-forward transit: a node sends its own messages and every message all of whose shortest paths pass it, at most its ports a step"};
        long[] values = {departures, arrivals, load, portLoad, transit};
        for (int i = 0; i < names.length; i++) {
            args.add(names[i] + " = " + values[i]);
            if (values[i] > best) {
                best = values[i];
                formula = names[i];
            }
        }
        return new LowerBounds.Bound(best, formula, args, base.bisectionUsed());
    }

    /** The nodes that every shortest path of message m passes (a depth of its DAG with one node), sender and receiver excluded. */
    private int[] forcedTransit(int m) {
        int[] only = new int[len[m]];
        Arrays.fill(only, -1);
        for (int a = 0; a < arcChannel[m].length; a++) {
            int z = arcDepth[m][a];
            if (z == 0) {
                continue;
            }
            int u = t.channelSource(arcChannel[m][a]);
            only[z] = only[z] == -1 ? u : only[z] == u ? u : -2;
        }
        return Arrays.stream(only).filter(v -> v >= 0).toArray();
    }

    /**
     * Unit jobs with tails: {@code distances.length} messages leave (or arrive at) one node, at most k a step, and the
     * one at distance d needs d - 1 steps besides its own; the shortest makespan is max over j of ceil(j / k) + d_j - 1,
     * the distances in decreasing order. Also the store-and-forward arrival bound of {@link Scheduler}.
     */
    static long releaseBound(int[] distances, int k) {
        int[] d = distances.clone();
        Arrays.sort(d);
        long best = 0;
        for (int j = 0; j < d.length; j++) {
            best = Math.max(best, ceilDiv(j + 1, k) + d[d.length - 1 - j] - 1);
        }
        return best;
    }

    private static int[] toArray(List<Integer> values) {
        return values.stream().mapToInt(Integer::intValue).toArray();
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    // ---------------------------------------------------------------- list scheduling

    /** Channel and port use per step, growing with the schedule. */
    private final class Occupancy {
        int horizon = 16;
        boolean[] channel = new boolean[horizon * t.channelCount()];
        int[] sends = new int[horizon * t.nodeCount()];
        int[] receives = new int[horizon * t.nodeCount()];

        void ensure(int step) {
            if (step < horizon) {
                return;
            }
            int h = Math.max(step + 1, horizon * 2);
            channel = Arrays.copyOf(channel, h * t.channelCount());
            sends = Arrays.copyOf(sends, h * t.nodeCount());
            receives = Arrays.copyOf(receives, h * t.nodeCount());
            horizon = h;
        }

        /** The first step at or after {@code from} in which message m may cross channel c. */
        int firstFree(int m, int c, int from) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            int n = t.nodeCount();
            boolean cs = sendCounts(m, u);
            boolean cr = receiveCounts(m, v);
            for (int s = from; ; s++) {
                ensure(s);
                if (!channel[s * t.channelCount() + c] && (!cs || sends[s * n + u] < sendCap[u])
                        && (!cr || receives[s * n + v] < recvCap[v])) {
                    return s;
                }
            }
        }

        /** Takes ({@code delta} 1) or frees (-1) channel c in step s for message m, with the ports it uses. */
        void take(int m, int c, int s, int delta) {
            ensure(s);
            int n = t.nodeCount();
            channel[s * t.channelCount() + c] = delta > 0;
            if (sendCounts(m, t.channelSource(c))) {
                sends[s * n + t.channelSource(c)] += delta;
            }
            if (receiveCounts(m, t.channelTarget(c))) {
                receives[s * n + t.channelTarget(c)] += delta;
            }
        }
    }

    /**
     * A schedule under construction: every routed message's hops (channel and step, from its sender on), the
     * occupancy they take, and how many messages finish in each step.
     */
    private final class Routing {
        final Occupancy occ = new Occupancy();
        final int[][] hopChannel = new int[src.length][];
        final int[][] hopStep = new int[src.length][];
        int[] finishing = new int[16];
        // scratch of the earliest-arrival search
        private final int[] arrival = new int[t.nodeCount()];
        private final int[] viaArc = new int[t.nodeCount()];
        private final int[] viaStep = new int[t.nodeCount()];

        Routing() {
            Arrays.fill(arrival, Integer.MAX_VALUE);
        }

        /** Routes message m along the shortest path that reaches its receiver earliest, waiting where it must. */
        void route(int m) {
            int[] ch = arcChannel[m];
            arrival[src[m]] = 0;
            for (int a = 0; a < ch.length; a++) {
                int u = t.channelSource(ch[a]);
                if (arrival[u] == Integer.MAX_VALUE) {
                    continue;
                }
                int v = t.channelTarget(ch[a]);
                int s = occ.firstFree(m, ch[a], arrival[u]);
                if (s + 1 < arrival[v]) {
                    arrival[v] = s + 1;
                    viaArc[v] = a;
                    viaStep[v] = s;
                }
            }
            int[] c = new int[len[m]];
            int[] st = new int[len[m]];
            int i = len[m];
            for (int v = dst[m]; v != src[m]; v = t.channelSource(ch[viaArc[v]])) {
                i--;
                c[i] = ch[viaArc[v]];
                st[i] = viaStep[v];
            }
            for (int a : ch) { // reset what this search touched
                arrival[t.channelSource(a)] = Integer.MAX_VALUE;
                arrival[t.channelTarget(a)] = Integer.MAX_VALUE;
            }
            place(m, c, st);
        }

        void place(int m, int[] c, int[] st) {
            for (int h = 0; h < c.length; h++) {
                occ.take(m, c[h], st[h], 1);
            }
            hopChannel[m] = c;
            hopStep[m] = st;
            int f = st[st.length - 1];
            if (f >= finishing.length) {
                finishing = Arrays.copyOf(finishing, Math.max(f + 1, 2 * finishing.length));
            }
            finishing[f]++;
        }

        void remove(int m) {
            int[] c = hopChannel[m];
            int[] st = hopStep[m];
            for (int h = 0; h < c.length; h++) {
                occ.take(m, c[h], st[h], -1);
            }
            finishing[st[st.length - 1]]--;
            hopChannel[m] = null;
            hopStep[m] = null;
        }

        /** The last step with a message finishing in it, plus one. */
        int steps() {
            for (int f = finishing.length - 1; f >= 0; f--) {
                if (finishing[f] > 0) {
                    return f + 1;
                }
            }
            return 0;
        }

        Plan plan() {
            int total = 0;
            for (int l : len) {
                total += l;
            }
            int[] hm = new int[total];
            int[] hc = new int[total];
            int[] hs = new int[total];
            int k = 0;
            for (int m = 0; m < src.length; m++) {
                for (int h = 0; h < len[m]; h++) {
                    hm[k] = m;
                    hc[k] = hopChannel[m][h];
                    hs[k] = hopStep[m][h];
                    k++;
                }
            }
            return new Plan(steps(), hm, hc, hs);
        }
    }

    /**
     * One pass of the list scheduler over the messages in {@code order}: each takes the shortest path on which it
     * reaches its receiver earliest, given the hops placed before it.
     */
    Plan listSchedule(int[] order) {
        Routing r = new Routing();
        for (int m : order) {
            r.route(m);
        }
        return r.plan();
    }

    /**
     * Rip-up and reroute from a plan: a message finishing in the last step and a few others chosen at random are taken
     * out and routed again, in random order, each at its earliest arrival; the change is kept unless it makes the
     * schedule longer or leaves more messages finishing in its last step. After {@link #PATIENCE} rounds without
     * progress the descent starts again from the list schedule of a fresh random order. Stops at {@code goal} steps,
     * after {@code rounds} rounds in all, or when the budget ends; returns the shortest plan seen.
     */
    Plan improve(Plan start, long goal, int rounds, SplittableRandom random, Budget budget) {
        Plan best = start;
        Plan from = start;
        int done = 0;
        while (done < rounds && best.steps() > goal && !budget.expired()) {
            if (from == null) {
                from = listSchedule(order(random)); // stuck: start again from a fresh random order
            }
            int[] used = {0};
            Plan p = descend(from, goal, rounds - done, random, budget, used);
            done += used[0];
            if (p.steps() < best.steps()) {
                best = p;
            }
            from = null;
        }
        return best;
    }

    /** Rounds without a shorter schedule or fewer messages in its last step after which the search starts again. */
    static final int PATIENCE = 20_000;

    /** One descent of {@link #improve}: until {@link #PATIENCE} rounds bring nothing; {@code used[0]} counts the rounds. */
    private Plan descend(Plan start, long goal, int rounds, SplittableRandom random, Budget budget, int[] used) {
        Routing r = new Routing();
        int[][] c = new int[src.length][];
        int[][] st = new int[src.length][];
        for (int m = 0; m < src.length; m++) {
            c[m] = new int[len[m]];
            st[m] = new int[len[m]];
        }
        int[] fill = new int[src.length];
        for (int h = 0; h < start.message().length; h++) { // a plan's hops of one message come in path order
            int m = start.message()[h];
            c[m][fill[m]] = start.channel()[h];
            st[m][fill[m]++] = start.step()[h];
        }
        for (int m = 0; m < src.length; m++) {
            r.place(m, c[m], st[m]);
        }
        int steps = r.steps();
        int[] victims = new int[Math.min(src.length, 6)];
        int[][] oldC = new int[victims.length][];
        int[][] oldS = new int[victims.length][];
        int quiet = 0;
        for (int round = 0; round < rounds && steps > goal && quiet < PATIENCE && !budget.expired(); round++) {
            used[0]++;
            quiet++;
            int last = steps - 1;
            int atLast = r.finishing[last];
            // the first message finishing last from a random start, and random others
            int k = 0;
            for (int i = 0, m = random.nextInt(src.length); i < src.length; i++, m = (m + 1) % src.length) {
                if (r.hopStep[m][len[m] - 1] == last) {
                    victims[k++] = m;
                    break;
                }
            }
            int want = 1 + random.nextInt(victims.length);
            while (k < want) {
                int m = random.nextInt(src.length);
                boolean dup = false;
                for (int i = 0; i < k; i++) {
                    dup |= victims[i] == m;
                }
                if (!dup) {
                    victims[k++] = m;
                }
            }
            for (int i = k - 1; i > 0; i--) { // random order
                int j = random.nextInt(i + 1);
                int x = victims[i];
                victims[i] = victims[j];
                victims[j] = x;
            }
            for (int i = 0; i < k; i++) {
                oldC[i] = r.hopChannel[victims[i]];
                oldS[i] = r.hopStep[victims[i]];
                r.remove(victims[i]);
            }
            for (int i = 0; i < k; i++) {
                r.route(victims[i]);
            }
            int now = r.steps();
            if (now < steps || (now == steps && r.finishing[last] <= atLast)) {
                if (now < steps || r.finishing[last] < atLast) {
                    quiet = 0;
                }
                steps = now;
            } else {
                for (int i = 0; i < k; i++) {
                    r.remove(victims[i]);
                }
                for (int i = 0; i < k; i++) {
                    r.place(victims[i], oldC[i], oldS[i]);
                }
            }
        }
        return r.plan();
    }

    /**
     * The expected congestion along each message's shortest paths: every arc of its DAG weighs 1 / (arcs at its
     * depth), the channels sum these weights over all messages, and a message scores the weighted sum of its arcs'
     * channel loads.
     */
    double[] congestion() {
        double[] load = new double[t.channelCount()];
        double[][] weight = new double[src.length][];
        for (int m = 0; m < src.length; m++) {
            int[] perDepth = new int[len[m]];
            for (int z : arcDepth[m]) {
                perDepth[z]++;
            }
            weight[m] = new double[arcChannel[m].length];
            for (int a = 0; a < weight[m].length; a++) {
                weight[m][a] = 1.0 / perDepth[arcDepth[m][a]];
                load[arcChannel[m][a]] += weight[m][a];
            }
        }
        double[] score = new double[src.length];
        for (int m = 0; m < src.length; m++) {
            for (int a = 0; a < weight[m].length; a++) {
                score[m] += weight[m][a] * load[arcChannel[m][a]];
            }
        }
        return score;
    }

    /** The farthest-first order (ties by sender, then receiver), or a seeded random order that favours far messages. */
    int[] order(SplittableRandom random) {
        double[] length = new double[src.length];
        for (int i = 0; i < length.length; i++) {
            length[i] = len[i];
        }
        return order(length, random == null ? 0 : 2.5, random);
    }

    /** Messages by decreasing {@code key} plus a uniform jitter of up to {@code jitter} (ties by sender, then receiver). */
    int[] order(double[] base, double jitter, SplittableRandom random) {
        Integer[] idx = new Integer[src.length];
        double[] key = new double[src.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
            key[i] = base[i] + (random == null ? 0 : jitter * random.nextDouble());
        }
        Arrays.sort(idx, (a, b) -> key[a] != key[b] ? Double.compare(key[b], key[a])
                : src[a] != src[b] ? Integer.compare(src[a], src[b]) : Integer.compare(dst[a], dst[b]));
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    // ---------------------------------------------------------------- exact model

    /** Boolean variables of the exact model at {@code steps}. */
    long variables(int steps) {
        long count = 0;
        for (int m = 0; m < src.length; m++) {
            count += (long) arcChannel[m].length * Math.max(0, steps - len[m] + 1);
        }
        return count;
    }

    /** The exact model at {@code steps}: a plan, or null with {@code outcome[0]} INFEASIBLE or UNKNOWN. */
    Plan exact(int steps, Budget budget, long seed, Attempt.Outcome[] outcome) {
        for (int l : len) {
            if (l > steps) {
                outcome[0] = Attempt.Outcome.INFEASIBLE;
                return null;
            }
        }
        long vars = variables(steps);
        if (vars > MAX_VARIABLES || vars > ExactSolver.VARIABLES_PER_SECOND * budget.remainingSeconds()) {
            outcome[0] = Attempt.Outcome.UNKNOWN;
            return null;
        }
        ExactSolver.requireNative();
        int n = t.nodeCount();
        int channels = t.channelCount();
        CpModel model = new CpModel();
        List<List<Literal>> chan = cells(steps * channels);
        List<List<Literal>> send = cells(steps * n);
        List<List<Literal>> recv = cells(steps * n);
        BoolVar[][][] y = new BoolVar[src.length][][];
        for (int m = 0; m < src.length; m++) {
            if (budget.expired()) {
                outcome[0] = Attempt.Outcome.UNKNOWN;
                return null;
            }
            int[] ch = arcChannel[m];
            int slack = steps - len[m];
            y[m] = new BoolVar[ch.length][slack + 1];
            for (int a = 0; a < ch.length; a++) {
                int u = t.channelSource(ch[a]);
                int v = t.channelTarget(ch[a]);
                boolean cs = sendCounts(m, u) && sendCap[u] < t.outDegree(u);
                boolean cr = receiveCounts(m, v) && recvCap[v] < t.inDegree(v);
                for (int i = 0; i <= slack; i++) {
                    int s = arcDepth[m][a] + i;
                    BoolVar x = model.newBoolVar("");
                    y[m][a][i] = x;
                    chan.get(s * channels + ch[a]).add(x);
                    if (cs) {
                        send.get(s * n + u).add(x);
                    }
                    if (cr) {
                        recv.get(s * n + v).add(x);
                    }
                }
            }
            flow(model, m, y[m], steps);
        }
        for (List<Literal> cell : chan) {
            if (cell.size() > 1) {
                model.addAtMostOne(cell.toArray(new Literal[0]));
            }
        }
        for (int i = 0; i < send.size(); i++) {
            if (send.get(i).size() > sendCap[i % n]) {
                model.addLessOrEqual(LinearExpr.sum(send.get(i).toArray(new Literal[0])), sendCap[i % n]);
            }
            if (recv.get(i).size() > recvCap[i % n]) {
                model.addLessOrEqual(LinearExpr.sum(recv.get(i).toArray(new Literal[0])), recvCap[i % n]);
            }
        }
        CpSolver solver = ExactSolver.solver(Math.max(0.1, budget.remainingSeconds() - 1.0), seed, budget);
        CpSolverStatus status = ExactSolver.run(solver, model, budget);
        if (status == CpSolverStatus.OPTIMAL || status == CpSolverStatus.FEASIBLE) {
            Routing r = new Routing();
            for (int m = 0; m < src.length; m++) {
                int[] c = new int[len[m]];
                int[] st = new int[len[m]];
                for (int a = 0; a < arcChannel[m].length; a++) { // arcs by depth: the chosen ones in path order
                    for (int i = 0; i < y[m][a].length; i++) {
                        if (solver.booleanValue(y[m][a][i])) {
                            c[arcDepth[m][a]] = arcChannel[m][a];
                            st[arcDepth[m][a]] = arcDepth[m][a] + i;
                        }
                    }
                }
                r.place(m, c, st);
            }
            outcome[0] = Attempt.Outcome.FOUND;
            return r.plan();
        }
        outcome[0] = status == CpSolverStatus.INFEASIBLE ? Attempt.Outcome.INFEASIBLE : Attempt.Outcome.UNKNOWN;
        return null;
    }

    /**
     * Message m's flow through its DAG: one unit out of the sender, in = out at every node it may pass, and at such a
     * node the hops out up to step s are covered by the hops in before s.
     */
    private void flow(CpModel model, int m, BoolVar[][] y, int steps) {
        int[] ch = arcChannel[m];
        LinearExprBuilder out = LinearExpr.newBuilder();
        LinearExprBuilder in = LinearExpr.newBuilder();
        List<Integer> inner = new ArrayList<>();
        for (int a = 0; a < ch.length; a++) {
            int u = t.channelSource(ch[a]);
            int v = t.channelTarget(ch[a]);
            if (u == src[m]) {
                out.addSum(y[a]);
            }
            if (v == dst[m]) {
                in.addSum(y[a]);
            }
            if (u != src[m] && !inner.contains(u)) {
                inner.add(u);
            }
        }
        model.addEquality(out, 1);
        model.addEquality(in, 1);
        for (int v : inner) {
            // per step: the hops into v and out of v
            List<List<Literal>> into = cells(steps);
            List<List<Literal>> outOf = cells(steps);
            for (int a = 0; a < ch.length; a++) {
                for (int i = 0; i < y[a].length; i++) {
                    int s = arcDepth[m][a] + i;
                    if (t.channelTarget(ch[a]) == v) {
                        into.get(s).add(y[a][i]);
                    } else if (t.channelSource(ch[a]) == v) {
                        outOf.get(s).add(y[a][i]);
                    }
                }
            }
            LinearExprBuilder balance = LinearExpr.newBuilder();
            LinearExprBuilder before = LinearExpr.newBuilder(); // sum over steps < s of in, minus sum over steps <= s of out
            for (int s = 0; s < steps; s++) {
                for (Literal x : outOf.get(s)) {
                    balance.addTerm(x, -1);
                    before.addTerm(x, -1);
                }
                if (!outOf.get(s).isEmpty()) {
                    model.addGreaterOrEqual(before, 0);
                }
                for (Literal x : into.get(s)) {
                    balance.add(x);
                    before.add(x);
                }
            }
            model.addEquality(balance, 0);
        }
    }

    private static List<List<Literal>> cells(int size) {
        List<List<Literal>> cells = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            cells.add(new ArrayList<>(2));
        }
        return cells;
    }

    // ---------------------------------------------------------------- driver

    /** The printed transfers of a plan: one per hop, from its tail to its head, named by the message's pair. */
    public List<ScheduleValidator.Item> items(Plan plan) {
        List<ScheduleValidator.Item> items = new ArrayList<>(plan.message().length);
        for (int h = 0; h < plan.message().length; h++) {
            int m = plan.message()[h];
            int c = plan.channel()[h];
            items.add(new ScheduleValidator.Item(src[m], dst[m], t.channelSource(c), plan.step()[h],
                    new int[] {t.channelSource(c), t.channelTarget(c)}));
        }
        return items;
    }

    /** Random orders the list scheduler tries under {@code auto} (besides farthest first), at most. */
    static final int ORDERS = 200;
    /** Rounds of rip-up and reroute under {@code auto}, at most. */
    static final int ROUNDS = 200_000;

    /**
     * Searches a schedule: {@code greedy} one farthest-first pass; {@code auto} also a most-congested-first pass and up
     * to {@link #ORDERS} seeded random orders around the two (a fifth of the time budget at most) and up to
     * {@link #ROUNDS} rounds of rip-up and reroute (two fifths of what is left), then the exact model one step below the best so far until a step
     * count is proven infeasible, the bound is met, or the budget ends; {@code exact} the first pass and then the exact
     * model the same way. With {@code target} steps, the search stops as soon as it has a schedule of at most that many,
     * and the exact model runs at the target only. Every schedule is re-checked by {@link ScheduleValidator}.
     */
    public Solution solve(Scheduler.Solver solver, Integer target, long seed, Budget budget, Consumer<String> progress) {
        if (solver != Scheduler.Solver.AUTO && solver != Scheduler.Solver.GREEDY && solver != Scheduler.Solver.EXACT) {
            throw new InvalidInputException("--solver " + solver.label() + " does not schedule store-and-forward scatters "
                    + "(it schedules one-step transfers); a store-and-forward scatter takes auto, greedy or exact");
        }
        if (target != null && target < 1) {
            throw InvalidInputException.parameter("steps", target + " is invalid; expected 1 or more");
        }
        if (solver == Scheduler.Solver.EXACT) {
            ExactSolver.requireNative();
        }
        long t0 = System.nanoTime();
        LowerBounds.Bound lower = bound();
        long bound = Math.max(1, lower.steps());
        if (target != null && target < bound) {
            throw InvalidInputException.parameter("steps", target + " is below the lower bound " + bound + " of this "
                    + "problem; expected " + bound + " or more (no schedule in fewer steps exists)");
        }
        List<String> log = new ArrayList<>();
        Consumer<String> say = line -> {
            log.add(line);
            if (progress != null) {
                progress.accept(line);
            }
        };
        Plan best = listSchedule(order(null));
        String by = "list schedule";
        say.accept("farthest-first list schedule: " + best.steps() + " steps");
        long goal = target == null ? bound : target;
        if (solver == Scheduler.Solver.AUTO && best.steps() > goal) {
            double[] congestion = congestion();
            double mean = Arrays.stream(congestion).average().orElse(0);
            Plan p = listSchedule(order(congestion, 0, null));
            say.accept("most-congested-first list schedule: " + p.steps() + " steps");
            best = p.steps() < best.steps() ? p : best;
            Budget slice = budget.slice(budget.remainingSeconds() / 5);
            SplittableRandom random = new SplittableRandom(seed);
            int tried = 0;
            while (tried < ORDERS && best.steps() > goal && !slice.expired()) {
                p = listSchedule(tried % 2 == 0 ? order(random) : order(congestion, 0.5 * mean, random));
                tried++;
                if (p.steps() < best.steps()) {
                    best = p;
                }
            }
            say.accept("random orders (both keys): " + tried + " tried, best " + best.steps() + " steps");
            if (best.steps() > goal) {
                Plan q = improve(best, goal, ROUNDS, random, budget.slice(budget.remainingSeconds() * 0.4));
                say.accept("rip-up and reroute: " + q.steps() + " steps");
                if (q.steps() < best.steps()) {
                    best = q;
                    by = "rip-up and reroute";
                }
            }
        }
        long proven = bound;
        boolean infeasibleTarget = false;
        if (solver != Scheduler.Solver.GREEDY && best.steps() > goal && ExactSolver.available()) {
            int from = target == null ? best.steps() - 1 : target;
            for (int s = from; s >= goal && !budget.expired(); s--) {
                Attempt.Outcome[] outcome = new Attempt.Outcome[1];
                long e0 = System.nanoTime();
                Plan p = exact(s, budget, seed, outcome);
                say.accept(String.format(java.util.Locale.ROOT, "exact model at %d steps: %s (%.1f s)", s,
                        outcome[0].name().toLowerCase(java.util.Locale.ROOT), (System.nanoTime() - e0) / 1e9));
                if (outcome[0] == Attempt.Outcome.FOUND) {
                    best = p;
                    by = "exact";
                    if (target != null) {
                        break;
                    }
                } else {
                    if (outcome[0] == Attempt.Outcome.INFEASIBLE) {
                        proven = Math.max(proven, s + 1L);
                        infeasibleTarget = target != null;
                    }
                    break;
                }
            }
        }
        List<ScheduleValidator.Item> items = items(best);
        ScheduleValidator.Report report = ScheduleValidator.check(t, collective, pairs, ports, switching, 0, best.steps(), items);
        String status = infeasibleTarget ? "infeasible" : best.steps() <= proven ? "optimal"
                : target != null && best.steps() > target ? "timeout" : "feasible";
        return new Solution(items, best.steps(), bound, lower.formula(), Math.min(proven, best.steps()), status, by, log,
                (System.nanoTime() - t0) / 1e9, report);
    }
}
