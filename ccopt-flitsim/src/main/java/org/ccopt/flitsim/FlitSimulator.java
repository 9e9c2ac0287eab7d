package org.ccopt.flitsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopRouter;
import org.ccopt.flitsim.net.OpenLoopSource;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.topology.Topology;

/**
 * Cycle-accurate flit-level simulator of the router model of Yokota et al. 2023 (§4, §5.2-5.3, App. A.1) on
 * k-ary n-cube tori and meshes, as the papers ran it: one non-pipelined router per node with a processor port, V
 * virtual channels of B flits per input port, a central crossbar from every input queue to every output VC, wormhole
 * switching and credit flow control. The same router runs on any other two-way network ({@link NetworkRoutes}): the
 * flit engine's routers and ports (terminals on ports of their own, several per router where the network says so),
 * routed by the network's default routing function instead of the dimension-order readings; the timing and
 * arbitration below hold unchanged, with "node" read as router and "processor port" as a terminal's port.
 *
 * <h2>Timing</h2>
 * One flit moves at most one stage per cycle: processor to its router's input queue (injection, 1 cycle),
 * input queue across crossbar and link into the next router's input queue (one hop, 1 cycle), input queue to
 * processor (ejection, 1 cycle). A flit that arrived in cycle t moves on in cycle t+1 at the earliest, an output
 * VC freed by a tail in cycle t can be allocated in cycle t+1, and buffer space freed in cycle t is usable by the
 * upstream router in cycle t+1 (credits return at the end of the cycle). Hence a packet of L flits over h hops,
 * undisturbed, takes h + L + 1 cycles, and 4 back-to-back 8-flit packets to a neighbour take 1 + 1 + 1 + 31 = 34
 * cycles, the figure of Yokota et al. 2018, §5.2. The first injection happens in cycle 1; a slice released at
 * cycle r injects its first flit in cycle r + 1.
 *
 * <h2>Arbitration, every cycle</h2>
 * <ol>
 *   <li>Queue selection: for every idle output VC, channel by channel (ports ascending, VCs ascending), the input
 *       queues whose head is a header routed to it request it; the grant goes to the first input port in that
 *       output VC's order Q (within one input port, the lowest VC first), and the granted entry moves to the tail
 *       of Q (round-robin in Q's order).
 *   <li>VC selection: every output port sends one flit from one of its VCs that has a flit ready and, unless it is
 *       the processor port, buffer space downstream; the VC is chosen by the port's scheme C00-C09.
 * </ol>
 *
 * <h2>Routing and deadlock freedom</h2>
 * Dimension-order routing. Packets are injected on VC 0 and move up one VC whenever a hop crosses a dateline, at
 * coordinate 0 and at k/2 of every wrapped dimension (App. A.1: x = 0, y = 0, x = N/2, y = N/2). A dimension-order
 * path crosses at most one dateline per dimension, so with cumulative VC classes a torus of n dimensions needs n + 1
 * VCs; within one VC class no path segment crosses a dateline, so the channel dependency graph of every class is
 * acyclic. Every run checks flit conservation and raises {@link DeadlockException} (naming the cycle and the blocked
 * queues) instead of hanging.
 *
 * <h2>Readings</h2>
 * What the papers leave open is a {@link RouterModel} carried by the {@link RouterConfig}: where a dateline lies, the VC
 * of a hop, the dimension order, the direction at distance k/2, how many flits an input port forwards per cycle, how
 * Q changes after a grant and starts, when an output VC is free again, the credit delay, the round-robin start, the
 * ejection bandwidth and which VCs compete in VC selection. The
 * routing tables are rebuilt when a run's model routes differently from the previous one. The description above is
 * {@link RouterModel#CCOPT}, the model the golden test locks.
 *
 * <h2>Speed</h2>
 * All state lives in primitive arrays allocated in the constructor ({@code FlitState}, which this engine extends);
 * {@link #run} resets and reuses them and the
 * cycle loop allocates nothing. Work is event-driven within the cycle-accurate model: queue selection runs only
 * at routers with a new header or a freed output VC, and VC selection only at output ports that sent in the last
 * cycle or were woken by a grant, an arriving flit or a returning credit (bit sets, visited in ascending order,
 * so results equal those of a full scan). One instance is not thread-safe: use one per thread
 * ({@link FlitBatch}). A router may have at most 31 ports and 16 VCs a port.
 */
public final class FlitSimulator extends FlitState implements FlitRouter {

    public FlitSimulator(Topology topology, int vcs, int bufferFlits) {
        this(topology, vcs, bufferFlits, RouterModel.CCOPT);
    }

    /**
     * A simulator whose routing tables are built for {@code model} (a run under a configuration of another model
     * rebuilds them); fails with one line when the model's VC classes need more than {@code vcs} channels.
     */
    public FlitSimulator(Topology topology, int vcs, int bufferFlits, RouterModel model) {
        super(topology, vcs, bufferFlits, model);
    }

    @Override
    public Topology topology() {
        return topology;
    }

    /** Terminals: the nodes a workload names (on a torus or mesh, every router's own). */
    public int nodes() {
        return n;
    }

    /** Routers: the nodes of a {@link RouterConfig}. */
    public int routers() {
        return routers;
    }

    /** Port slots per router, its terminals' ports included (2n + 1 on an n-dimensional torus or mesh). */
    public int ports() {
        return ports;
    }

    /** Dimensions of a torus or mesh; 0 on any other network. */
    public int dimensions() {
        return dims;
    }

    /** The routing function's name: {@code dor} on a torus or mesh. */
    public String routing() {
        return routes instanceof NetworkRoutes r ? r.routingName() : "dor";
    }

    /**
     * The routing function the papers' router uses on {@code topology}: {@code dor} (the papers' dimension order under
     * the model's readings) on a torus or mesh, else the network's default ({@link org.ccopt.routing.RoutingFunctions#defaultName}).
     */
    public static String routingOf(Topology topology) {
        return topology.geometry() instanceof org.ccopt.topology.Geometry.Grid ? "dor"
                : org.ccopt.routing.RoutingFunctions.defaultName(topology);
    }

    /**
     * Which arbitration genes a run consulted, kept after the simulator moves on (a copy of the last run's record): a
     * scheme C where a port's VC selection chose among two or more VCs, a Q order where an output VC's queue selection
     * chose among two or more input ports. A gene the run never chose by decided nothing in it, and the cycles before
     * its first choice are the same whatever the gene; so a configuration that differs from the run's only in genes
     * not consulted runs the same, cycle by cycle, to the same result. (Yokota et al. 2023 name no such shortcut; it is
     * ccopt's, for its searches.) After {@link #runIntervals} the record covers every interval run, a superset.
     */
    public record Choices(long[] schemes, long[] orders) {

        /** Whether the run chose by the scheme C of port {@code portId} (node x ports + port, as {@link RouterConfig}'s genes). */
        public boolean scheme(int portId) {
            return (schemes[portId >>> 6] & (1L << portId)) != 0;
        }

        /** Whether the run chose by the Q order of output VC {@code o} ((node x ports + port) x vcs + vc). */
        public boolean order(int o) {
            return (orders[o >>> 6] & (1L << o)) != 0;
        }
    }

    /** The last run's record of the genes it consulted. */
    public Choices choices() {
        return new Choices(schemeChoices.clone(), orderChoices.clone());
    }

    /** A configuration for this simulator's routers with every port at {@code scheme} and default Q orders. */
    public RouterConfig uniformConfig(VcSelection scheme, RouterModel model) {
        return RouterConfig.uniformPorts(routers, ports, vcs, buffer, scheme, model);
    }

    public int vcs() {
        return vcs;
    }

    public int bufferFlits() {
        return buffer;
    }

    /**
     * Test hook: routes without the dateline VC change, which makes torus rings deadlock-prone; used to check
     * that deadlocks are detected and reported instead of hanging.
     */
    FlitSimulator withoutDatelines() {
        ((FlitRouting) routes).datelines = false;
        return this;
    }

    /** Records the next runs into {@code sink} (null switches tracing off). */
    @Override
    public FlitSimulator trace(LinkTrace sink) {
        this.trace = sink;
        return this;
    }

    /** Simulates one workload under one router configuration; the instance is reset first. */
    public SimResult run(RouterConfig config, Workload w) {
        simulate(config, w, Integer.MAX_VALUE);
        return result();
    }

    /**
     * The full measurements of a run if it lasts at most {@code cycleLimit} cycles, else null (stopping as
     * {@link #durationWithin} does).
     */
    public SimResult runWithin(RouterConfig config, Workload w, int cycleLimit) {
        return simulate(config, w, cycleLimit) ? result() : null;
    }

    /**
     * The duration of a run if it is at most {@code cycleLimit} cycles, else -1; the simulation stops as soon as
     * the limit is passed. Optimizers use it to prune candidates that cannot rank among the ones they keep; a
     * run that finishes is checked for flit conservation as {@link #run} does.
     */
    @Override
    public int durationWithin(RouterConfig config, Workload w, int cycleLimit) {
        if (!simulate(config, w, cycleLimit)) {
            return -1;
        }
        return lastEject;
    }

    /**
     * Runs the cycle loop; false if it stopped at {@code cycleLimit} with flits still in flight. A run that
     * completes is checked for flit conservation.
     */
    private boolean simulate(RouterConfig config, Workload w, int cycleLimit) {
        start(config, w);
        if (cycleLimit != Integer.MAX_VALUE && releaseBound() > cycleLimit) {
            return false; // provably longer: no cycle needs simulating
        }
        return advance(cycleLimit, Integer.MAX_VALUE) == COMPLETE;
    }

    private static final int COMPLETE = 0;
    private static final int CUT = 1;
    private static final int PAUSED = 2;

    /**
     * The cycle loop from the current state: COMPLETE when every flit is ejected (conservation checked), CUT when
     * the run provably passes {@code cycleLimit}, PAUSED (state intact, at the end of a cycle) before the first
     * cycle after {@code pauseAfter}.
     */
    private int advance(int cycleLimit, int pauseAfter) {
        while (ejected < totalFlits && (open == null || cycle < openEnd || open.measuredLeft() > 0)) {
            if (cycle >= cycleLimit) {
                return CUT;
            }
            if (cycle == Integer.MAX_VALUE) {
                throw new InvalidInputException("the run passes cycle " + Integer.MAX_VALUE + " with " + (totalFlits - ejected)
                        + " flits still to deliver; the simulator's clock cannot count further");
            }
            int next = cycle + 1;
            if (inNetwork == 0 && injectorCount == 0 && pendingCredits == 0 && minWaitingRelease + 1 > next) {
                next = minWaitingRelease + 1; // nothing to do until the next slice is released
            }
            if (next > pauseAfter) {
                return PAUSED;
            }
            cycle = next;
            routerCycles += routers;
            moved = false;
            long[] now = portNow;
            portNow = portNext;
            portNext = now; // cleared by traverse()
            creditBase = creditDelay <= 0 ? 0 : (cycle % (creditDelay + 1)) * creditSlot;
            allocate(cycle);
            traverse(cycle);
            inject(cycle);
            // credits freed this cycle become visible next cycle (or creditDelay cycles later); they wake the output
            // port upstream
            int from = 0;
            int to = returnedCount;
            if (creditDelay > 0) {
                int slots = creditDelay + 1;
                creditCount[cycle % slots] = returnedCount;
                pendingCredits += returnedCount;
                int due = (cycle + 1) % slots; // the slot of the credits freed creditDelay cycles ago
                from = due * creditSlot;
                to = from + creditCount[due];
                pendingCredits -= creditCount[due];
                creditCount[due] = 0;
            }
            for (int i = from; i < to; i++) {
                int q = returned[i];
                queue[(q << shift) + SPACE]++;
                int up = upstreamPort[q];
                if (up >= 0) {
                    portNext[up >>> 6] |= 1L << up;
                } else {
                    int u = portTerminal[queuePort[q]]; // a processor queue: its terminal may inject again
                    if (awaitingSpace[u]) {
                        awaitingSpace[u] = false;
                        injectors[injectorCount++] = u;
                    }
                }
            }
            returnedCount = 0;
            if (moved) {
                stall = 0;
            } else if ((inNetwork > 0 || injectorCount > 0) && ++stall > deadlockHorizon) {
                throw new DeadlockException(cycle, blockedQueues(), model.deadlockProne());
            }
            if (cycleLimit != Integer.MAX_VALUE && open == null && ejected < totalFlits && completionBound(cycle) > cycleLimit) {
                return CUT;
            }
        }
        if (open != null) {
            return COMPLETE; // an open load ends with packets still on their way
        }
        flushCredits();
        if (injected != totalFlits || inNetwork != 0) {
            throw new IllegalStateException("flit conservation violated: injected " + injected + ", ejected " + ejected
                    + ", expected " + totalFlits);
        }
        return COMPLETE;
    }

    /**
     * The papers' router under {@code config} as an open-loop router: every run generates its packets from an
     * {@link OpenLoopSource} (the very packets the booksim router is offered at the same seed), each released into its
     * terminal's processor queue at the cycle it is generated; latency counts from that cycle to the tail's ejection.
     * Deterministic readings only: a packet of a pair follows one route, as in a closed batch.
     */
    public OpenLoopRouter openLoop(RouterConfig config) {
        return (traffic, warmup, window, drain, seed) -> runOpenLoop(config, traffic, warmup, window, drain, seed);
    }

    /** One open-loop run ({@link OpenLoopRouter#runOpenLoop}) of the papers' router under {@code config}. */
    public OpenLoopResult runOpenLoop(RouterConfig config, OpenLoopTraffic traffic, int warmup, int window, int drain,
                                      long seed) {
        if (warmup < 0 || window < 1 || drain < 0 || (long) warmup + window + drain > Integer.MAX_VALUE / 2) {
            throw new InvalidInputException("warm-up " + warmup + ", window " + window + ", drain " + drain
                    + " cycles are invalid; expected warm-up >= 0, window >= 1, drain >= 0");
        }
        if (trace != null) {
            throw new IllegalStateException("open loads are not traced; detach the trace first");
        }
        int end = warmup + window;
        try {
            startOpen(config, traffic, warmup, end, end + drain, seed);
            boolean drained = advance(end + drain, Integer.MAX_VALUE) == COMPLETE && open.measuredLeft() == 0;
            return open.result(n, routerCycles, warmup, end, drained, cycle);
        } finally {
            endOpen();
        }
    }

    /**
     * Runs {@code w} at every interval of {@code intervals}, in that order, with the results {@link #runWithin}
     * would give: null for a run that provably lasts longer than {@code cycleLimit} or, with {@code cutAtBest},
     * than the shortest earlier run of the list. The runs share their first cycles: until the earliest release of
     * a second slice (the smallest interval plus the smallest injection delay of a sending node) nothing depends on
     * V, so those cycles are simulated once and each interval continues from a copy of that state (the perturbation
     * method of Yokota et al. 2023, §7.1, tries V - 5 .. V + 5 at every evaluation).
     */
    public SimResult[] runIntervals(RouterConfig config, Workload w, int[] intervals, int cycleLimit, boolean cutAtBest) {
        SimResult[] out = new SimResult[intervals.length];
        if (intervals.length == 0) {
            return out;
        }
        if (trace != null) {
            throw new IllegalStateException("runIntervals does not trace; detach the trace first");
        }
        int vMin = Integer.MAX_VALUE;
        int vMax = 0;
        for (int v : intervals) {
            vMin = Math.min(vMin, v);
            vMax = Math.max(vMax, v);
        }
        w.withInterval(vMax); // the latest release must be within the workload's bounds too
        Workload first = w.withInterval(vMin);
        start(config, first);
        int minDelay = Integer.MAX_VALUE;
        for (int u = 0; u < n; u++) {
            if (endPacket[u] > nextPacket[u]) {
                minDelay = Math.min(minDelay, delay[u]);
            }
        }
        int shared = w.slices() < 2 || minDelay == Integer.MAX_VALUE ? Integer.MAX_VALUE : vMin + minDelay;
        int status = advance(Integer.MAX_VALUE, shared);
        if (status == PAUSED) {
            if (snapshot == null) {
                snapshot = new Snapshot(stateArrays());
            }
            saveState(snapshot);
        }
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < intervals.length; i++) {
            int limit = cutAtBest ? Math.min(cycleLimit, best) : cycleLimit;
            if (status == COMPLETE) { // one slice, or nobody sends: V changes nothing
                out[i] = lastEject <= limit ? result() : null;
            } else {
                loadState(snapshot, intervals[i]);
                boolean done = releaseBound() <= limit && advance(limit, Integer.MAX_VALUE) == COMPLETE;
                out[i] = done ? result() : null;
            }
            if (out[i] != null) {
                best = Math.min(best, out[i].durationCycles());
            }
        }
        return out;
    }

    /**
     * Phase A, queue selection, at every router with a waiting header and an event since its last queue
     * selection (a header reached the head of a queue or an output VC was freed; results are identical to
     * arbitrating everywhere). Atomic VC allocation also depends on buffers draining, so it visits every router
     * with a waiting header.
     */
    private void allocate(int cycle) {
        if (atomic) {
            for (int u = 0; u < routers; u++) {
                if (hasWaiting(u)) {
                    allocate(u, cycle);
                }
            }
            Arrays.fill(dirtyNodes, 0L);
            return;
        }
        for (int w = 0; w < dirtyNodes.length; w++) {
            long bits = dirtyNodes[w];
            dirtyNodes[w] = 0L;
            while (bits != 0) {
                int u = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (hasWaiting(u)) {
                    allocate(u, cycle);
                }
            }
        }
    }

    private void allocate(int u, int cycle) {
        int requests = 0;
        int wBase = u << wordShift;
        for (int w = 0; w < 1 << wordShift; w++) {
            int qBase = u * queuesPerRouter + (w << 6);
            for (long m = waitingHeaders[wBase + w]; m != 0; m &= m - 1) {
                int q = qBase + Long.numberOfTrailingZeros(m);
                if (headReady(q, cycle)) {
                    int o = routeCache[q];
                    if (o < 0) {
                        int packet = headFlit(q) >>> SEQ_BITS;
                        o = route(u, packet, anyAbove ? packetClass[packet] : queueVc[q], queueInput[q]);
                        routeCache[q] = o;
                    }
                    reqQueue[requests] = q;
                    reqOut[requests] = o;
                    requests++;
                }
            }
        }
        if (anyAbove) {
            allocateAnyAbove(u, requests);
            return;
        }
        for (int r = 0; r < requests; r++) {
            int o = reqOut[r];
            if (o < 0 || !grantable(o)) {
                continue;
            }
            // arbitrate output VC o among all requests for it, in its Q order
            int oBase = o * ports;
            int requesting = 0;
            int competing = 0;
            for (int x = r; x < requests; x++) {
                if (reqOut[x] == o) {
                    requesting |= 1 << queueInput[reqQueue[x]];
                    competing++;
                }
            }
            if ((requesting & (requesting - 1)) != 0) {
                orderChoices[o >>> 6] |= 1L << o; // two or more input ports: the Q order decides
            }
            int winnerSlot = firstRequesting(oBase, requesting);
            if (winnerSlot < 0) {
                continue; // requests only from input ports that Q marks N/A
            }
            int winnerPort = order[oBase + winnerSlot];
            int winner = r;
            while (reqOut[winner] != o || queueInput[reqQueue[winner]] != winnerPort) {
                winner++; // requests are in queue order, so this is the lowest VC of that port
            }
            int wq = reqQueue[winner];
            if (competing > 1) {
                int wSlice = packetSlice[headFlit(wq) >>> SEQ_BITS];
                for (int x = r; x < requests; x++) {
                    if (x != winner && reqOut[x] == o) {
                        countQueueLoser(reqQueue[x], wSlice);
                        reqOut[x] = -1;
                    }
                }
            }
            reqOut[winner] = -1;
            grant(u, o, wq, winnerSlot);
        }
    }

    /** Output VC o is free, and under atomic allocation its downstream buffer has drained. */
    private boolean grantable(int o) {
        int port = queuePort[o];
        return owner[o] < 0 && !(outputStage && stage[o] >= 0)
                && !(atomic && downstreamBase[port] >= 0 && space(downstreamBase[port] + queueVc[o]) != buffer);
    }

    /** Queue selection: a request that lost to a packet of slice {@code winnerSlice} blocks in or out of slice order. */
    private void countQueueLoser(int loserQueue, int winnerSlice) {
        if (packetSlice[headFlit(loserQueue) >>> SEQ_BITS] < winnerSlice) {
            or++;
        } else {
            ir++;
        }
    }

    /** The first position of the Q order at {@code oBase} whose input port is in {@code requesting}, or -1. */
    private int firstRequesting(int oBase, int requesting) {
        for (int j = 0; j < ports; j++) {
            int ip = order[oBase + j];
            if (ip >= 0 && (requesting & (1 << ip)) != 0) {
                return j;
            }
        }
        return -1;
    }

    /** Output VC o goes to the packet at the head of queue wq, whose input port stood at {@code slot} of o's Q. */
    private void grant(int u, int o, int wq, int slot) {
        int port = queuePort[o];
        owner[o] = wq;
        ownedMask[port] |= 1 << queueVc[o];
        portNow[port >>> 6] |= 1L << port; // its VC selection runs in this cycle
        queue[(wq << shift) + TARGET] = port;
        routeCache[wq] = -1; // the next header in this queue routes afresh
        clearWaiting(u, wq);
        int oBase = o * ports;
        if (rotateQueueOrder) {
            // the entry after the granted one leads: Q[j] = old Q[(j + slot + 1) mod ports]
            System.arraycopy(order, oBase, rotation, 0, ports);
            for (int j = 0; j < ports; j++) {
                int from = j + slot + 1;
                order[oBase + j] = rotation[from >= ports ? from - ports : from];
            }
        } else {
            byte granted = order[oBase + slot];
            for (int j = slot; j + 1 < ports; j++) {
                order[oBase + j] = order[oBase + j + 1];
            }
            order[oBase + ports - 1] = granted;
        }
    }

    /**
     * Queue selection under {@link RouterModel.VcClass#ANY_AT_OR_ABOVE}, {@link RouterModel.VcClass#CLASS_OR_NEXT} and
     * {@link RouterModel.VcClass#DIMENSION_WINDOW}:
     * a request names its output port and the lowest VC it may use; every free VC of that port, in ascending order,
     * is arbitrated in its own Q order among the requests that may use it (at most {@code classSpan} above the lowest)
     * and are not yet granted (a request that loses one VC may win a higher one).
     */
    private void allocateAnyAbove(int u, int requests) {
        for (int r = 0; r < requests; r++) {
            if (reqOut[r] < 0) {
                continue;
            }
            int port = queuePort[reqOut[r]];
            for (int v = 0; v < vcs; v++) {
                int o = port * vcs + v;
                if (!grantable(o)) {
                    continue;
                }
                int requesting = 0;
                for (int x = r; x < requests; x++) {
                    if (reqOut[x] >= 0 && queuePort[reqOut[x]] == port && reqOut[x] <= o
                            && o - reqOut[x] <= routes.span(reqOut[x])) {
                        requesting |= 1 << queueInput[reqQueue[x]];
                    }
                }
                if (requesting == 0) {
                    continue;
                }
                int oBase = o * ports;
                if ((requesting & (requesting - 1)) != 0) {
                    orderChoices[o >>> 6] |= 1L << o;
                }
                int winnerSlot = firstRequesting(oBase, requesting);
                if (winnerSlot < 0) {
                    continue;
                }
                int winnerPort = order[oBase + winnerSlot];
                int winner = r;
                while (reqOut[winner] < 0 || queuePort[reqOut[winner]] != port || reqOut[winner] > o
                        || o - reqOut[winner] > routes.span(reqOut[winner]) || queueInput[reqQueue[winner]] != winnerPort) {
                    winner++;
                }
                int wq = reqQueue[winner];
                int wSlice = packetSlice[headFlit(wq) >>> SEQ_BITS];
                for (int x = r; x < requests; x++) {
                    if (x != winner && reqOut[x] >= 0 && queuePort[reqOut[x]] == port && reqOut[x] <= o
                            && o - reqOut[x] <= routes.span(reqOut[x])) {
                        countQueueLoser(reqQueue[x], wSlice);
                    }
                }
                packetClass[headFlit(wq) >>> SEQ_BITS] = reqOut[winner] % vcs; // its class, whatever VC it got
                reqOut[winner] = -1;
                grant(u, o, wq, winnerSlot);
            }
            for (int x = r; x < requests; x++) {
                if (reqOut[x] >= 0 && queuePort[reqOut[x]] == port) {
                    reqOut[x] = -1; // every VC of the port was offered: it waits for the next cycle
                }
            }
        }
    }

    /**
     * Phase B, VC selection and switch/link traversal, at every output port that may send: {@code portNow} holds
     * the ports that sent in the previous cycle, were granted an output VC in this cycle, or were woken by a flit
     * arriving in a queue that owns one of their VCs or by a credit returning to them; ports run in ascending id
     * order, as a full scan would. Any other port cannot send: its VCs are free, empty, or blocked on credit. A
     * port that sleeps blocked on credit is charged the lb cycles it slept through when it next runs (with a trace
     * attached, blocked ports stay awake so that every blocked cycle is recorded in order).
     */
    private void traverse(int cycle) {
        pass = 1;
        retryEpoch++;
        for (int w = 0; w < portNow.length; w++) {
            long bits = portNow[w];
            if (bits == 0) {
                continue;
            }
            portNow[w] = 0L;
            do {
                int portId = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (ownedMask[portId] != 0) {
                    traverse(portId, cycle);
                    if (outputStage) {
                        fill(portId, cycle);
                    }
                }
            } while (bits != 0);
        }
        while (retryNextCount > 0) { // same-cycle credits: ports that can use a slot freed in the previous pass
            pass++;
            retryEpoch++;
            int[] list = retryNext;
            retryNext = retry;
            retry = list;
            retryCount = retryNextCount;
            retryNextCount = 0;
            Arrays.sort(retry, 0, retryCount); // ascending port order, as in the first pass
            for (int i = 0; i < retryCount; i++) {
                retraverse(retry[i], cycle);
                if (outputStage) {
                    fill(retry[i], cycle);
                }
            }
        }
        pass = Integer.MAX_VALUE; // injection sees every slot freed in this cycle
    }

    /**
     * Same-cycle credits: queue q's head left in this cycle and pass. Its upstream output port (or, for a processor
     * queue, its node's injector) may use the slot in a later pass of this cycle.
     */
    private void freedInPass(int q, int cycle) {
        popCycle[q] = cycle;
        popPass[q] = pass;
        int up = upstreamPort[q];
        if (up >= 0) {
            if (retryStamp[up] != retryEpoch && linkLast[up] != cycle) {
                retryStamp[up] = retryEpoch;
                retryNext[retryNextCount++] = up;
            }
        } else {
            int u = portTerminal[queuePort[q]];
            if (awaitingSpace[u]) {
                awaitingSpace[u] = false;
                injectors[injectorCount++] = u;
            }
        }
    }

    /**
     * The free slots of queue q as its upstream sender sees them in the current pass: under same-cycle credits a
     * slot freed in an earlier pass of this cycle counts (a queue frees at most one slot per cycle).
     */
    private int credit(int q, int cycle) {
        int s = space(q);
        return sameCycleCredit && popCycle[q] == cycle && popPass[q] < pass ? s + 1 : s;
    }

    /**
     * The owned VCs of an output port whose head flit may move in this cycle (bits 0-15) and, among them, those without
     * buffer space downstream as the current pass sees it (bits 16-31); the processor port ({@code dBase} -1) never blocks.
     */
    private int readyAndBlocked(int oBase, int dBase, int owned, int cycle) {
        int ready = 0;
        int blocked = 0;
        for (int m = owned; m != 0; m &= m - 1) {
            int v = Integer.numberOfTrailingZeros(m);
            if (outputStage ? stageReady(oBase + v, cycle) : headReady(owner[oBase + v], cycle)) {
                ready |= 1 << v;
                if (dBase >= 0 && credit(dBase + v, cycle) == 0) {
                    blocked |= 1 << v;
                }
            }
        }
        return ready | blocked << 16;
    }

    /**
     * A later pass of VC selection at a port that has not sent in this cycle (same-cycle credits): as in the first
     * pass, with the slots freed since counted. A port that now sends was not blocked in this cycle after all, so the
     * link-blocked count the first pass charged (or the cycles it slept through) is settled here.
     */
    private void retraverse(int portId, int cycle) {
        if (linkLast[portId] == cycle || ownedMask[portId] == 0) {
            return;
        }
        int oBase = portId * vcs;
        int dBase = downstreamBase[portId];
        int masks = readyAndBlocked(oBase, dBase, ownedMask[portId], cycle);
        int ready = masks & 0xFFFF;
        int blocked = masks >>> 16;
        int eligible = ready & ~blocked;
        if (eligible == 0) {
            return;
        }
        if (blockedWinner(portId, ready, blocked) >= 0) {
            return; // the winner is still blocked: the link idles, as the first pass found
        }
        eligible = heldLink(portId, dBase, inputPortFree(oBase, eligible, cycle));
        if (eligible == 0) {
            return;
        }
        int sleptSince = blockedSince[portId];
        if (sleptSince >= 0) {
            if (sleptSince < cycle) {
                lb += cycle - sleptSince - 1; // the cycles it slept through before this one
            }
            blockedSince[portId] = -1;
        }
        if (blockedAt[portId] == cycle) {
            lb--; // the first pass charged this cycle as blocked
            blockedAt[portId] = -1;
            if (trace != null) {
                trace.unblock(cycle, portId);
            }
        }
        choose(portId, oBase, dBase, eligible, cycle);
    }

    private void traverse(int portId, int cycle) {
        int sleptSince = blockedSince[portId];
        if (sleptSince >= 0) {
            lb += cycle - sleptSince - 1;
            blockedSince[portId] = -1;
        }
        int oBase = portId * vcs;
        int dBase = downstreamBase[portId]; // -1 at the processor port, which never blocks
        int masks = readyAndBlocked(oBase, dBase, ownedMask[portId], cycle);
        int ready = masks & 0xFFFF;
        int blocked = masks >>> 16;
        if (ready == 0) {
            return; // asleep until a flit arrives
        }
        int eligible = ready & ~blocked;
        int winner = eligible != 0 ? blockedWinner(portId, ready, blocked) : -1;
        if (winner >= 0) {
            // VC selection among every VC with a flit ready: a winner blocked on credit idles the link this cycle
            lb++;
            if (sameCycleCredit) {
                blockedAt[portId] = cycle;
            }
            rrLast[portId] = winner;
            portNext[portId >>> 6] |= 1L << portId;
            if (trace != null) {
                trace.record(cycle, portId, LinkTrace.BLOCKED);
            }
            return;
        }
        if (blocked != 0) {
            lb++;
            if (sameCycleCredit) {
                blockedAt[portId] = cycle;
            }
            if (trace != null) {
                trace.record(cycle, portId, LinkTrace.BLOCKED);
                portNext[portId >>> 6] |= 1L << portId;
            } else if (eligible == 0) {
                blockedSince[portId] = cycle; // asleep until a credit (or a flit, or a grant) wakes it
            }
            if (eligible == 0) {
                return;
            }
        }
        if (onePerInputPort) {
            eligible = inputPortFree(oBase, eligible, cycle);
            if (eligible == 0) {
                portNext[portId >>> 6] |= 1L << portId; // it tries again in the next cycle
                return;
            }
        }
        eligible = heldLink(portId, dBase, eligible);
        if (eligible == 0) {
            portNext[portId >>> 6] |= 1L << portId; // the link idles for its holder; try again in the next cycle
            return;
        }
        choose(portId, oBase, dBase, eligible, cycle);
    }

    /**
     * Under {@link RouterModel.VcCompetition} among every ready VC ({@code readyCompete}), with several VCs ready and
     * some blocked on credit: the VC selection's winner when it is blocked (the link idles), else -1. The first and the
     * later passes of VC selection ({@link #traverse}, {@link #retraverse}) share it.
     */
    private int blockedWinner(int portId, int ready, int blocked) {
        if (!readyCompete || blocked == 0 || (ready & (ready - 1)) == 0) {
            return -1;
        }
        schemeChoices[portId >>> 6] |= 1L << portId; // two or more VCs ready: the scheme decides
        int schemeIndex = schemeOrdinal[portId];
        int winner = firstInOrder(ready, vcStart[schemeIndex * vcs + rrLast[portId]], DESCENDING[schemeIndex]);
        return (blocked & (1 << winner)) != 0 ? winner : -1;
    }

    /**
     * Packet multiplexing ({@link RouterModel.LinkMux}): a packet that holds the link is the only candidate while it
     * is eligible; when it is not, the link idles (0) under {@code packet} or is open to the others under
     * {@code packet-yield}. Under flit multiplexing, or at an ejection port that takes every VC, {@code eligible}.
     */
    private int heldLink(int portId, int dBase, int eligible) {
        int h = hold[portId];
        if (linkMux == MUX_FLIT || h < 0 || (dBase < 0 && ejectPerVc) || eligible == 0) {
            return eligible;
        }
        if ((eligible & (1 << h)) != 0) {
            return 1 << h;
        }
        return linkMux == MUX_PACKET ? 0 : eligible;
    }

    /** Under the one-per-input-port crossbar, the VCs of {@code eligible} whose input port has not sent in this cycle. */
    private int inputPortFree(int oBase, int eligible, int cycle) {
        if (!onePerInputPort) {
            return eligible;
        }
        for (int m = eligible; m != 0; m &= m - 1) {
            int v = Integer.numberOfTrailingZeros(m);
            if (!crossbarFree(oBase + v, cycle)) {
                eligible &= ~(1 << v); // its input port already sent a flit in this cycle
            }
        }
        return eligible;
    }

    /**
     * Under the one-per-input-port crossbar, whether output VC o's next flit may move in this cycle: a flit in o's
     * register has crossed already; the head of o's queue may cross unless its input port sent a flit in this cycle.
     */
    private boolean crossbarFree(int o, int cycle) {
        return outputStage && stage[o] >= 0 || inputSent[queuePort[owner[o]]] != cycle;
    }

    /**
     * Output stage: whether output VC o has a flit for its link in this cycle, in its register (entered in an earlier
     * cycle) or, crossing the empty register, at the ready head of the queue that still feeds it.
     */
    private boolean stageReady(int o, int cycle) {
        if (stage[o] >= 0) {
            return stageCycle[o] != cycle;
        }
        int q = owner[o];
        return q >= 0 && crossed[q] != cycle && headReady(q, cycle);
    }

    /** The flit output VC o would send next: its register's under the output stage, else its queue's head. */
    private int nextFlit(int o) {
        return outputStage && stage[o] >= 0 ? stage[o] : headFlit(owner[o]);
    }

    /**
     * Output stage, after a port's VC selection: the crossbar moves the ready head flit of every queue that feeds an
     * output VC of the port with an empty register into that register (one flit per queue per cycle; under the
     * one-per-input-port crossbar, one per input port), whatever the VC selection chose.
     */
    private void fill(int portId, int cycle) {
        int oBase = portId * vcs;
        for (int m = ownedMask[portId]; m != 0; m &= m - 1) {
            int o = oBase + Integer.numberOfTrailingZeros(m);
            int q = owner[o];
            if (stage[o] >= 0 || q < 0 || crossed[q] == cycle || !headReady(q, cycle)) {
                continue;
            }
            if (onePerInputPort && inputSent[queuePort[q]] == cycle) {
                portNext[portId >>> 6] |= 1L << portId; // its input port is busy: try again in the next cycle
                continue;
            }
            int u = portNode[portId];
            int flit = cross(u, q, o, cycle);
            stage[o] = flit;
            stageCycle[o] = cycle;
            if ((flit & SEQ_MASK) == flitsPerPacket - 1) {
                dirtyNodes[u >>> 6] |= 1L << u; // a header may now be at the head of q
            }
            portNext[portId >>> 6] |= 1L << portId; // the register's flit may leave in the next cycle
        }
    }

    /** VC selection among {@code eligible} (not empty) by the port's scheme, and the move of the chosen VC's flit. */
    private void choose(int portId, int oBase, int dBase, int eligible, int cycle) {
        int chosen;
        if ((eligible & (eligible - 1)) == 0) {
            chosen = Integer.numberOfTrailingZeros(eligible); // the only candidate, whatever the scheme
        } else {
            schemeChoices[portId >>> 6] |= 1L << portId; // two or more VCs eligible: the scheme decides
            int schemeIndex = schemeOrdinal[portId];
            chosen = firstInOrder(eligible, vcStart[schemeIndex * vcs + rrLast[portId]], DESCENDING[schemeIndex]);
            countLosers(oBase, eligible & ~(1 << chosen), nextFlit(oBase + chosen));
        }
        rrLast[portId] = chosen; // read by the round-robin schemes only: a fixed scheme's start ignores it
        portNext[portId >>> 6] |= 1L << portId; // it may have more to send
        send(portId, oBase, dBase, chosen, cycle);
        if (ejectPerVc && dBase < 0) {
            for (int m = eligible & ~(1 << chosen); m != 0; m &= m - 1) {
                int v = Integer.numberOfTrailingZeros(m);
                if (!onePerInputPort || crossbarFree(oBase + v, cycle)) {
                    send(portId, oBase, dBase, v, cycle); // every ready VC ejects
                }
            }
        }
    }

    /**
     * Moves the next flit of output VC {@code chosen} of a port across the link (or ejects it): the flit in its register
     * under the output stage, else the head of the queue that owns it, across the crossbar in the same cycle.
     */
    private void send(int portId, int oBase, int dBase, int chosen, int cycle) {
        int u = portNode[portId];
        int o = oBase + chosen;
        int flit;
        if (outputStage && stage[o] >= 0) {
            flit = stage[o];
            stage[o] = -1;
        } else {
            flit = cross(u, owner[o], o, cycle);
        }
        boolean tail = (flit & SEQ_MASK) == flitsPerPacket - 1;
        if (dBase < 0) {
            eject(portTerminal[portId], tail, cycle);
            if (open != null) {
                ejectedOpen(flit >>> SEQ_BITS, tail, cycle);
            }
        } else {
            push(neighbour[portId], dBase + chosen, flit, cycle);
            if (linkFirst[portId] < 0) {
                linkFirst[portId] = cycle;
            }
            if (trace != null) {
                trace.record(cycle, portId, packetSlice[flit >>> SEQ_BITS]);
            }
            linkLast[portId] = cycle;
        }
        if (linkMux != MUX_FLIT) {
            hold[portId] = tail ? -1 : chosen;
        }
        if (tail) {
            dirtyNodes[u >>> 6] |= 1L << u; // output VC o is free again (and maybe a header is at the head of its queue)
            ownedMask[portId] &= ~(1 << chosen);
        }
    }

    /**
     * Takes the head flit of queue q (at router u, feeding output VC o) across the crossbar: the slot's credit goes
     * upstream, and after the tail the queue feeds o no more (its next packet's header waits for queue selection).
     */
    private int cross(int u, int q, int o, int cycle) {
        int r = q << shift;
        int state = queue[r + STATE];
        int h = state >>> 16;
        int left = (state & 0xFFFF) - 1;
        int flit = queue[r + FLITS + h];
        queue[r + STATE] = (h + 1 == buffer ? 0 : (h + 1) << 16) | left;
        boolean tail = (flit & SEQ_MASK) == flitsPerPacket - 1;
        if (tail && left > 0) {
            setWaiting(u, q); // the next packet's header is now at the head of q
        }
        returned[creditBase + returnedCount++] = q;
        if (sameCycleCredit) {
            freedInPass(q, cycle);
        }
        if (onePerInputPort) {
            inputSent[queuePort[q]] = cycle;
        }
        crossed[q] = cycle;
        moved = true;
        if (tail) {
            owner[o] = -1;
            queue[r + TARGET] = -1;
        }
        return flit;
    }

    /** VC selection: every other ready VC with buffer space loses to the chosen one, in or out of slice order. */
    private void countLosers(int oBase, int losers, int chosenFlit) {
        int chosenSlice = packetSlice[chosenFlit >>> SEQ_BITS];
        for (; losers != 0; losers &= losers - 1) {
            if (packetSlice[nextFlit(oBase + Integer.numberOfTrailingZeros(losers)) >>> SEQ_BITS] < chosenSlice) {
                ob++;
            } else {
                ib++;
            }
        }
    }

    /** An open load's flit ejected: its window's throughput, and its packet's latency at the tail. */
    private void ejectedOpen(int packet, boolean tail, int cycle) {
        open.ejected(cycle);
        if (tail) {
            open.retired(packetRelease[packet], packetInject[packet], cycle, packetHops[packet]);
        }
    }

    private void eject(int u, boolean tail, int cycle) {
        ejected++;
        toEject[u]--;
        inNetwork--;
        lastEject = cycle;
        if (tail) {
            received[u]++;
            receivedCycle[u] = cycle;
            if (reinitialize) {
                reinitialize(terminalRouter[u]);
            }
        }
    }

    /** Injection: one flit per node per cycle into its processor input queue, VC 0. */
    private void inject(int cycle) {
        if (cycle > minWaitingRelease) {
            promoteReleased(cycle);
        }
        for (int i = 0; i < injectorCount; i++) {
            int u = injectors[i];
            int p = nextPacket[u];
            // a reception is seen by the processor in the cycle after the tail was ejected
            int seen = received[u] - (receivedCycle[u] == cycle ? 1 : 0);
            if (interlock && nextSeq[u] == 0 && seen < Math.min(expected[u], packetSlice[p] * packetsPerSlice)) {
                continue;
            }
            int q = terminalQueue[u];
            if (credit(q, cycle) == 0) {
                injectors[i--] = injectors[--injectorCount]; // asleep until a credit returns (order does not matter)
                awaitingSpace[u] = true;
                continue;
            }
            if (open != null && nextSeq[u] == 0) {
                packetInject[p] = cycle;
            }
            push(terminalRouter[u], q, (p << SEQ_BITS) | nextSeq[u], cycle);
            injected++;
            inNetwork++;
            moved = true;
            if (++nextSeq[u] == flitsPerPacket) {
                nextSeq[u] = 0;
                if (++nextPacket[u] == endPacket[u]) {
                    injectors[i--] = injectors[--injectorCount]; // done: drop it (order does not matter)
                } else if (release(u, nextPacket[u]) >= cycle + 1) {
                    injectors[i--] = injectors[--injectorCount]; // its next slice is not released yet
                    park(u);
                }
            }
        }
    }

    /**
     * Appends a flit to input queue q of router u (the sender already checked that it has space). A header
     * that lands at the head of an empty queue starts waiting for queue selection; a flit behind a packet that
     * owns an output VC wakes that output port for the next cycle.
     */
    private void push(int u, int q, int flit, int cycle) {
        int r = q << shift;
        queue[r + SPACE]--;
        int packed = queue[r + STATE];
        int c = packed & 0xFFFF;
        int tailIndex = (packed >>> 16) + c;
        queue[r + FLITS + (tailIndex >= buffer ? tailIndex - buffer : tailIndex)] = flit;
        queue[r + STATE] = packed + 1;
        queue[r + ARRIVAL] = cycle;
        if (c == 0 && (flit & SEQ_MASK) == 0) {
            setWaiting(u, q);
            dirtyNodes[u >>> 6] |= 1L << u;
        }
        int port = queue[r + TARGET];
        if (port >= 0) {
            portNext[port >>> 6] |= 1L << port;
        }
    }

    /** Output VC id (node, port, vc) that the packet at node u on input VC vcIn requests next. */
    private int route(int u, int packet, int vcIn, int inPort) {
        return routes.routeTo(u, packetDest[packet], vcIn, inPort);
    }

    /**
     * For every output VC id {@code (node * ports + port) * vcs + vc}, the set of input ports (bit p for input
     * port p) from which some packet can request it under {@code model} ({@link FlitRouting#requestingInputs}).
     */
    public int[] requestingInputs(RouterModel model) {
        return routes.requestingInputs(model);
    }

    /**
     * The output VC ids {@code (node * ports + port) * vcs + vc} a packet from {@code src} to {@code dst} requests
     * under {@code model}'s routing, hop by hop, the last one at the destination's processor port.
     */
    public int[] path(RouterModel model, int src, int dst) {
        return routes.path(model, src, dst);
    }
}
