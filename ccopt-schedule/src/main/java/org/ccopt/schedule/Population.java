package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What the evolutionary solvers share: random chromosomes, the MIN paper's repair heuristics, and fitness
 * evaluation of many chromosomes on worker threads (one {@link ConflictState} per worker). Evaluation is a pure
 * function of a chromosome, so the results do not depend on the thread count.
 */
final class Population implements AutoCloseable {

    private final ScheduleProblem p;
    private final int steps;
    private final ExecutorService pool;
    private final int threads;
    private final ThreadLocal<ConflictState> states;
    private final boolean pairs;
    /** Scratch of {@link #accelerate} (repairs run on the calling thread; not thread-safe). */
    private int[] sendLoad;
    private int[] recvLoad;
    private int[] free;

    Population(ScheduleProblem p, int steps, int threads) {
        this(p, steps, threads, false);
    }

    /** With {@code pairs}, {@link #cost} counts conflicting pairs ({@link ConflictState#pairCost}), else excess. */
    Population(ScheduleProblem p, int steps, int threads, boolean pairs) {
        this.pairs = pairs;
        this.p = p;
        this.steps = steps;
        this.threads = threads;
        this.pool = threads > 1 ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ccopt-schedule-eval");
            t.setDaemon(true);
            return t;
        }) : null;
        this.states = ThreadLocal.withInitial(() -> new ConflictState(p, steps));
    }

    /** A chromosome with random genes (the initial population of the EAs). */
    Schedule random(SplittableRandom rnd) {
        Schedule s = new Schedule(steps, p.transferCount());
        for (int t = 0; t < p.transferCount(); t++) {
            int si = rnd.nextInt(p.sources(t).length);
            s.set(t, rnd.nextInt(steps), si, rnd.nextInt(p.paths(p.sources(t)[si], p.destination(t)).length));
        }
        return s;
    }

    /**
     * Applies the MIN paper's repair heuristic of the collective's kind (§4.4): restoration for broadcasts (with
     * {@code accelerateBroadcasts}, then acceleration and restoration again), acceleration for scatters; the
     * acceleration relieves senders only, or with {@code receivers} receivers as well (see {@link #accelerate}).
     */
    void repair(Schedule s, SplittableRandom rnd, boolean accelerateBroadcasts, boolean receivers) {
        if (p.relays()) {
            restore(s, rnd);
            if (accelerateBroadcasts) {
                accelerate(s, rnd, receivers);
                restore(s, rnd);
            }
        } else {
            accelerate(s, rnd, receivers);
        }
    }

    /**
     * Broadcast-tree restoration (Jaros et al., MIN paper, §4.4; Jaros, Ohlidal, Dvorak 2007, §3.2): a transfer
     * whose source does not hold the message before its step gets a random source that does (the sender always
     * does), and a random path of the new pair. A path index beyond the pair's path count wraps (modulo).
     */
    void restore(Schedule s, SplittableRandom rnd) {
        int[] eligible = new int[64];
        for (int t = 0; t < p.transferCount(); t++) {
            int[] sources = p.sources(t);
            int m = p.message(t);
            int d = p.destination(t);
            int f = sources[s.source[t]];
            if (f != p.sender(m) && s.step[p.transferOf(m, f)] >= s.step[t]) {
                if (eligible.length < sources.length) {
                    eligible = new int[sources.length];
                }
                int k = 0;
                for (int si = 0; si < sources.length; si++) {
                    int g = sources[si];
                    if (g == p.sender(m) || s.step[p.transferOf(m, g)] < s.step[t]) {
                        eligible[k++] = si;
                    }
                }
                if (k == 0) {
                    continue; // SF: no informed neighbour yet; the fitness counts it
                }
                int si = eligible[rnd.nextInt(k)];
                s.source[t] = si;
                s.path[t] = rnd.nextInt(p.paths(sources[si], d).length);
            } else {
                s.path[t] %= p.paths(f, d).length;
            }
        }
    }

    /**
     * The acceleration heuristic for scatters (MIN paper §4.4: "no node can send more than one message in a
     * communication step, an acceleration heuristic checks this condition in the whole chromosome and redesigns
     * terminal node utilization in all communication steps"). Transfers are visited in chromosome order; one whose
     * sender (for a broadcast, its relaying source) has more transfers in its step than send ports moves to a random
     * step where the sender has a free port. That is the sentence as written, and the default.
     *
     * <p>With {@code receivers} (ccopt's extension, an option) a transfer whose receiver has
     * more transfers in its step than receive ports moves too, to a random step where both sides are under their
     * limits (where none is, to one where the sender is). Measured here (`schedule --solver umda`, 30 s,
     * seed 1): it keeps the UMDA population from converging (87 % of the genes still differ from the best after
     * 14,000 generations on Omega 16 AAS, against 0.5 % sender-only), so that Omega 16 AAS stalled at 170-180
     * conflicting pairs and Clos 12 AAB at 54-75, where the sender-only rule reaches 1-14 and solves Clos 12 AAB in
     * 1.4 s (docs/results/schedule-umda.md).
     */
    void accelerate(Schedule s, SplittableRandom rnd, boolean receivers) {
        int nodes = p.topology().nodeCount();
        if (sendLoad == null) {
            sendLoad = new int[nodes * steps];
            recvLoad = new int[nodes * steps];
            free = new int[steps];
        }
        int[] send = sendLoad; // per node and step, the transfers it sends and receives
        int[] recv = recvLoad;
        java.util.Arrays.fill(send, 0);
        java.util.Arrays.fill(recv, 0);
        int n = p.transferCount();
        for (int t = 0; t < n; t++) {
            int f = p.sources(t)[s.source[t]];
            s.path[t] %= p.paths(f, p.destination(t)).length;
            send[f * steps + s.step[t]]++;
            recv[p.destination(t) * steps + s.step[t]]++;
        }
        for (int t = 0; t < n; t++) {
            int f = p.sources(t)[s.source[t]];
            int d = p.destination(t);
            int st = s.step[t];
            int sendCap = p.sendPorts(f);
            int recvCap = p.receivePorts(d);
            boolean overSend = send[f * steps + st] > sendCap;
            if (!overSend && (!receivers || recv[d * steps + st] <= recvCap)) {
                continue;
            }
            int k = 0;
            for (int x = 0; x < steps && receivers; x++) {
                if (send[f * steps + x] < sendCap && recv[d * steps + x] < recvCap) {
                    free[k++] = x;
                }
            }
            if (k == 0 && overSend) {
                for (int x = 0; x < steps; x++) {
                    if (send[f * steps + x] < sendCap) {
                        free[k++] = x;
                    }
                }
            }
            if (k == 0) {
                continue;
            }
            int x = free[rnd.nextInt(k)];
            send[f * steps + st]--;
            recv[d * steps + st]--;
            send[f * steps + x]++;
            recv[d * steps + x]++;
            s.step[t] = x;
        }
    }

    /** The fitness of a chromosome: its conflict count, in pairs when this population counts pairs. */
    long cost(Schedule s) {
        ConflictState st = states.get();
        long c = st.load(s);
        return pairs ? st.pairCost() : c;
    }

    /** Costs of many chromosomes, computed on the worker threads. */
    long[] costs(List<Schedule> list) {
        long[] costs = new long[list.size()];
        if (pool == null || list.size() < 2) {
            for (int i = 0; i < list.size(); i++) {
                costs[i] = cost(list.get(i));
            }
            return costs;
        }
        int chunks = Math.min(threads, list.size());
        List<Future<?>> futures = new ArrayList<>(chunks);
        for (int c = 0; c < chunks; c++) {
            int from = c * list.size() / chunks;
            int to = (c + 1) * list.size() / chunks;
            futures.add(pool.submit(() -> {
                for (int i = from; i < to; i++) {
                    costs[i] = cost(list.get(i));
                }
            }));
        }
        await(futures);
        return costs;
    }

    /** Runs tasks on the worker threads (or here, with one thread) and waits for all of them. */
    void runAll(List<Runnable> tasks) {
        if (pool == null) {
            tasks.forEach(Runnable::run);
            return;
        }
        List<Future<?>> futures = new ArrayList<>(tasks.size());
        for (Runnable r : tasks) {
            futures.add(pool.submit(r));
        }
        await(futures);
    }

    private static void await(List<Future<?>> futures) {
        try {
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
