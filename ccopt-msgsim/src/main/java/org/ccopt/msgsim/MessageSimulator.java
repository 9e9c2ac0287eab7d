package org.ccopt.msgsim;

import java.util.Arrays;
import java.util.Locale;
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
 * share). There is no time stepping: the next event is the earliest latency end, delay end or flow completion,
 * and simultaneous events are processed together before the shares are recomputed once.
 *
 * <p>Optional refinements, off by default: a per-message start-up overhead added to the latency phase, and a
 * bandwidth factor for small messages (a message under a threshold transfers at that factor of its share,
 * modelled as its byte count divided by the factor), in the spirit of SimGrid's piecewise SMPI factors.
 */
public final class MessageSimulator {

    /** How flows sharing a resource divide it. */
    public enum Sharing {
        MAXMIN, CM02;

        public static Sharing parse(String text) {
            String t = text.trim().toLowerCase(Locale.ROOT);
            return switch (t) {
                case "maxmin" -> MAXMIN;
                case "cm02" -> CM02;
                default -> throw new InvalidInputException("unknown sharing '" + text + "'; expected maxmin or cm02");
            };
        }
    }

    /**
     * @param overhead    seconds added to every message's latency phase (0: off)
     * @param smallFactor bandwidth factor of messages under {@code smallBytes} (1: off)
     */
    public record Options(Sharing sharing, double overhead, double smallFactor, double smallBytes) {
        public static final Options DEFAULT = new Options(Sharing.MAXMIN, 0, 1, 0);

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
     * @param finish   finish time of every task
     */
    public record Result(double seconds, int messages, long events, double[] finish) {
    }

    private static final int LATENCY_END = 0;
    private static final int DELAY_END = 1;

    private MessageSimulator() {
    }

    public static Result run(MsgNetwork net, Program program, Options options) {
        return new Engine(net, program, options).run();
    }

    private static final class Engine {
        final MsgNetwork net;
        final Program p;
        final int tasks;
        final int[][] route;
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
        final MinHeap events = new MinHeap();
        // share computation scratch
        final double[] capacity;
        final double[] weightSum;
        final int[] unfixed;
        final int[] resourceStart;
        final int[] resourceFill;
        final int[] touched;
        int[] flowsOnResource = new int[64];
        final boolean[] fixed;
        final MinHeap ratios = new MinHeap();
        double now;
        long eventCount;
        int done;

        Engine(MsgNetwork net, Program p, Options o) {
            this.net = net;
            this.p = p;
            tasks = p.size();
            route = new int[tasks][];
            latency = new double[tasks];
            weight = new double[tasks];
            remaining = new double[tasks];
            rate = new double[tasks];
            finish = new double[tasks];
            Arrays.fill(finish, Double.NaN);
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
            MsgNetwork.Routes routes = net.routes(from, to);
            for (int m = 0; m < messages; m++) {
                int t = taskOf[m];
                route[t] = routes.resources()[m];
                double lat = routes.hops()[m] * net.latency();
                latency[t] = lat + o.overhead();
                weight[t] = o.sharing() == Sharing.CM02 && lat > 0 ? 1.0 / lat : 1.0;
                double b = p.bytes[t];
                remaining[t] = b < o.smallBytes() ? b / o.smallFactor() : b;
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
            capacity = new double[r];
            weightSum = new double[r];
            unfixed = new int[r];
            resourceStart = new int[r + 1];
            resourceFill = new int[r];
            touched = new int[r];
            fixed = new boolean[tasks];
        }

        Result run() {
            for (int t = 0; t < tasks; t++) {
                if (pending[t] == 0) {
                    start(t);
                }
            }
            while (done < tasks) {
                double next = events.isEmpty() ? Double.POSITIVE_INFINITY : events.peekKey();
                for (int i = 0; i < activeCount; i++) {
                    int f = active[i];
                    next = Math.min(next, now + remaining[f] / rate[f]);
                }
                if (next == Double.POSITIVE_INFINITY) {
                    throw new IllegalStateException("simulation stalled with " + (tasks - done)
                            + " tasks unfinished (a dependency cycle?)");
                }
                double dt = next - now;
                now = next;
                eventCount++;
                double slack = Math.ulp(now) * 16;
                boolean changed = false;
                // flows that finish now
                for (int i = 0; i < activeCount; i++) {
                    int f = active[i];
                    remaining[f] -= rate[f] * dt;
                    if (remaining[f] <= rate[f] * slack) {
                        remaining[f] = 0;
                    }
                }
                for (int i = activeCount - 1; i >= 0; i--) {
                    int f = active[i];
                    if (remaining[f] == 0) {
                        deactivate(f);
                        complete(f);
                        changed = true;
                    }
                }
                while (!events.isEmpty() && events.peekKey() <= now + slack) {
                    int code = events.pop();
                    int t = code >>> 1;
                    if ((code & 1) == DELAY_END) {
                        complete(t);
                    } else if (remaining[t] <= 0) {
                        complete(t);
                    } else {
                        activate(t);
                        changed = true;
                    }
                }
                if (changed) {
                    share();
                }
            }
            return new Result(now, p.messages(), eventCount, finish);
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
            activePos[f] = activeCount;
            active[activeCount++] = f;
        }

        void deactivate(int f) {
            int i = activePos[f];
            int last = active[--activeCount];
            active[i] = last;
            activePos[last] = i;
            rate[f] = 0;
        }

        /** Weighted max-min fair shares of the active flows by progressive filling. */
        void share() {
            int nTouched = 0;
            int entries = 0;
            for (int i = 0; i < activeCount; i++) {
                int f = active[i];
                fixed[f] = false;
                for (int r : route[f]) {
                    if (unfixed[r] == 0) {
                        touched[nTouched++] = r;
                        capacity[r] = net.capacity(r);
                        weightSum[r] = 0;
                    }
                    unfixed[r]++;
                    weightSum[r] += weight[f];
                    entries++;
                }
            }
            if (flowsOnResource.length < entries) {
                flowsOnResource = new int[Math.max(entries, 2 * flowsOnResource.length)];
            }
            int offset = 0;
            for (int k = 0; k < nTouched; k++) {
                int r = touched[k];
                resourceStart[r] = offset;
                resourceFill[r] = offset;
                offset += unfixed[r];
            }
            for (int i = 0; i < activeCount; i++) {
                int f = active[i];
                for (int r : route[f]) {
                    flowsOnResource[resourceFill[r]++] = f;
                }
            }
            ratios.clear();
            for (int k = 0; k < nTouched; k++) {
                int r = touched[k];
                ratios.push(capacity[r] / weightSum[r], r);
            }
            while (!ratios.isEmpty()) {
                double key = ratios.peekKey();
                int r = ratios.pop();
                if (unfixed[r] == 0) {
                    continue;
                }
                double level = Math.max(0, capacity[r]) / weightSum[r];
                if (level > key * (1 + 1e-12)) {
                    ratios.push(level, r);
                    continue;
                }
                for (int i = resourceStart[r]; i < resourceFill[r]; i++) {
                    int f = flowsOnResource[i];
                    if (fixed[f]) {
                        continue;
                    }
                    fixed[f] = true;
                    rate[f] = weight[f] * level;
                    for (int r2 : route[f]) {
                        capacity[r2] -= rate[f];
                        weightSum[r2] -= weight[f];
                        unfixed[r2]--;
                    }
                }
            }
        }
    }
}
