package org.ccopt.flitsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.DimensionOrderRouting;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * Cycle-accurate flit-level simulator of the router model of Yokota et al. 2023 (§4, §5.2-5.3, App. A.1) on
 * k-ary n-cube tori and meshes: one non-pipelined router per node with a processor port, V virtual channels
 * of B flits per input port, a central crossbar from every input queue to every output VC, wormhole switching
 * and credit flow control.
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
 * Dimension-order routing (x, then y, ...; the tie at exactly k/2 goes in the positive direction). Packets are
 * injected on VC 0 and move up one VC whenever a hop crosses a dateline, at coordinate 0 and at k/2 of every
 * wrapped dimension (App. A.1: x = 0, y = 0, x = N/2, y = N/2). A dimension-order path crosses at most one
 * dateline per dimension, so a torus of n dimensions needs n + 1 VCs; within one VC class no path segment
 * crosses a dateline, so the channel dependency graph of every class is acyclic. Every run checks flit
 * conservation and raises {@link DeadlockException} (naming the cycle and the blocked queues) instead of hanging.
 *
 * <h2>Speed</h2>
 * All state lives in primitive arrays allocated in the constructor; {@link #run} resets and reuses them and the
 * cycle loop allocates nothing. Routers with no buffered flit are skipped. One instance is not thread-safe: use
 * one per thread ({@link FlitBatch}).
 */
public final class FlitSimulator {

    private static final int SEQ_BITS = 11;
    private static final int SEQ_MASK = (1 << SEQ_BITS) - 1;

    private final Topology topology;
    private final int n;
    private final int dims;
    private final int ports;
    private final int pPort;
    private final int vcs;
    private final int buffer;
    private final int deadlockHorizon;
    private final int[] coord;
    private final int[] radix;
    private final boolean[] wrap;
    private final byte[][] direction;
    private final int[] neighbour;
    private final int[] downstreamBase;
    private final int[] ownedMask;
    private final int[] vcOrder;
    private final int[] routeCache;
    private final int[] injectors;
    private int injectorCount;
    private final int[] parked;
    private int parkedCount;
    private int minWaitingRelease;

    // per input queue q = (node * ports + port) * vcs + vc (output VCs use the same numbering)
    private final int[] buf;
    private final int[] arrival;
    private final int[] head;
    private final int[] count;
    private final int[] space;
    private final int[] owner;
    private final int[] target;
    private final int[] returned;
    private int returnedCount;
    private final int[] buffered;
    private final int[] waitingHeaders;
    /**
     * Queue selection at a router can only change its outcome when a header reaches the head of a queue or an
     * output VC is freed; routers without such an event since their last queue selection are skipped (results are
     * identical). Atomic VC allocation also depends on buffers draining, so it always runs.
     */
    private final boolean[] dirty;
    private final int[] rrLast;
    private final byte[] order;
    private final int[] schemeOrdinal;
    private static final boolean[] ROUND_ROBIN = roundRobinTable();
    private final int[] linkFirst;
    private final int[] linkLast;
    private final int[] reqQueue;
    private final int[] reqOut;

    // packets
    private int[] packetDest = new int[0];
    private int[] packetSlice = new int[0];
    private final int[] nextPacket;
    private final int[] endPacket;
    private final int[] nextSeq;
    private int flitsPerPacket;
    private int interval;
    private boolean atomic;
    private boolean reinitialize;
    private boolean interlock;
    private int packetsPerSlice;
    private byte[] initialOrder;
    private final int[] received;
    private final int[] expected;
    private final int[] receivedCycle;
    private LinkTrace trace;
    private boolean datelines = true;
    private int[] delay;

    public FlitSimulator(Topology topology, int vcs, int bufferFlits) {
        if (!(topology.geometry() instanceof Geometry.Grid grid)) {
            throw new InvalidInputException("the flit simulator models tori and meshes; got '" + topology.spec()
                    + "'; expected torus:AxB... or mesh:AxB...");
        }
        this.topology = topology;
        this.n = topology.nodeCount();
        this.dims = grid.dimensions();
        this.ports = 2 * dims + 1;
        this.pPort = 2 * dims;
        this.vcs = vcs;
        this.buffer = bufferFlits;
        this.radix = grid.radix().clone();
        this.wrap = new boolean[dims];
        int needed = 1;
        for (int d = 0; d < dims; d++) {
            wrap[d] = grid.wrap() && radix[d] > 2;
            needed += wrap[d] ? 1 : 0;
        }
        if (vcs < needed) {
            throw new InvalidInputException("dateline routing on '" + topology.spec() + "' needs " + needed
                    + " virtual channels (one per wrapped dimension plus one); got --vcs " + vcs);
        }
        if (bufferFlits < 1) {
            throw new InvalidInputException("buffer size " + bufferFlits + " is invalid; expected >= 1 flit");
        }
        this.deadlockHorizon = 1000 + 64 * bufferFlits;
        coord = new int[n * dims];
        for (int u = 0; u < n; u++) {
            int[] c = grid.coordinates(u);
            System.arraycopy(c, 0, coord, u * dims, dims);
        }
        DimensionOrderRouting dor = new DimensionOrderRouting(topology, DimensionOrderRouting.Tie.POSITIVE);
        direction = new byte[dims][];
        for (int d = 0; d < dims; d++) {
            int k = radix[d];
            direction[d] = new byte[k * k];
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    direction[d][a * k + b] = (byte) dor.direction(d, a, b);
                }
            }
        }
        neighbour = new int[n * ports];
        Arrays.fill(neighbour, -1);
        for (int u = 0; u < n; u++) {
            int[] c = grid.coordinates(u);
            for (int d = 0; d < dims; d++) {
                for (int s = 0; s < 2; s++) {
                    int step = s == 0 ? 1 : -1;
                    int x = c[d] + step;
                    if (x < 0 || x >= radix[d]) {
                        if (!grid.wrap() || radix[d] <= 2) {
                            continue;
                        }
                        x = Math.floorMod(x, radix[d]);
                    }
                    int old = c[d];
                    c[d] = x;
                    neighbour[u * ports + 2 * d + s] = grid.node(c);
                    c[d] = old;
                }
            }
        }
        // output VC (u, op, v) feeds input queue downstreamBase[u * ports + op] + v at the neighbour (input port op)
        downstreamBase = new int[n * ports];
        for (int i = 0; i < n * ports; i++) {
            downstreamBase[i] = neighbour[i] < 0 ? -1 : (neighbour[i] * ports + i % ports) * vcs;
        }
        ownedMask = new int[n * ports];
        // evaluation order of every scheme given the previously selected VC: vcOrder[(scheme * V + last) * V + k]
        VcSelection[] schemes = VcSelection.values();
        vcOrder = new int[schemes.length * vcs * vcs];
        for (VcSelection c : schemes) {
            for (int last = 0; last < vcs; last++) {
                int v = c.start(last, vcs);
                for (int k = 0; k < vcs; k++) {
                    vcOrder[(c.ordinal() * vcs + last) * vcs + k] = v;
                    v = Math.floorMod(v + c.step(), vcs);
                }
            }
        }
        injectors = new int[n];
        parked = new int[n];
        received = new int[n];
        expected = new int[n];
        receivedCycle = new int[n];
        routeCache = new int[n * ports * vcs];
        int queues = n * ports * vcs;
        buf = new int[queues * bufferFlits];
        arrival = new int[queues * bufferFlits];
        head = new int[queues];
        count = new int[queues];
        space = new int[queues];
        owner = new int[queues];
        target = new int[queues];
        returned = new int[n * ports]; // at most one pop per output port and cycle
        buffered = new int[n];
        waitingHeaders = new int[n];
        dirty = new boolean[n];
        rrLast = new int[n * ports];
        order = new byte[queues * ports];
        schemeOrdinal = new int[n * ports];
        linkFirst = new int[n * ports];
        linkLast = new int[n * ports];
        reqQueue = new int[ports * vcs];
        reqOut = new int[ports * vcs];
        nextPacket = new int[n];
        endPacket = new int[n];
        nextSeq = new int[n];
    }

    public Topology topology() {
        return topology;
    }

    public int nodes() {
        return n;
    }

    public int dimensions() {
        return dims;
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
        datelines = false;
        return this;
    }

    /** Records the next runs into {@code sink} (null switches tracing off). */
    public FlitSimulator trace(LinkTrace sink) {
        this.trace = sink;
        return this;
    }

    /** Simulates one workload under one router configuration; the instance is reset first. */
    public SimResult run(RouterConfig config, Workload w) {
        if (config.nodes() != n || config.ports() != ports || config.vcs() != vcs || config.bufferFlits() != buffer) {
            throw new InvalidInputException("router configuration is for " + config.nodes() + " nodes, " + config.vcs()
                    + " VCs, " + config.bufferFlits() + "-flit buffers; this simulator has " + n + ", " + vcs + ", " + buffer);
        }
        if (w.nodes() != n) {
            throw new InvalidInputException("workload for " + w.nodes() + " nodes; the topology has " + n);
        }
        reset(config, w);
        long totalFlits = (long) endPacket[n - 1] * flitsPerPacket;
        long ejected = 0;
        long injected = 0;
        long ir = 0, or = 0, ib = 0, ob = 0, lb = 0;
        long routerCycles = 0;
        int lastEject = 0;
        int stall = 0;
        int cycle = 0;
        int inNetwork = 0;
        while (ejected < totalFlits) {
            cycle++;
            boolean moved = false;
            if (inNetwork == 0 && injectorCount == 0 && minWaitingRelease + 1 > cycle) {
                cycle = minWaitingRelease + 1; // nothing to do until the next slice is released
            }
            routerCycles += n;
            // ---- phase A: queue selection (VC allocation)
            for (int u = 0; u < n; u++) {
                if (waitingHeaders[u] == 0 || !(dirty[u] || atomic)) {
                    continue;
                }
                dirty[u] = false;
                int requests = 0;
                int qBase = u * ports * vcs;
                for (int i = 0; i < ports * vcs; i++) {
                    int q = qBase + i;
                    if (count[q] > 0 && target[q] < 0 && arrival[q * buffer + head[q]] < cycle) {
                        int o = routeCache[q];
                        if (o < 0) {
                            o = route(u, buf[q * buffer + head[q]] >>> SEQ_BITS, i % vcs);
                            routeCache[q] = o;
                        }
                        reqQueue[requests] = q;
                        reqOut[requests] = o;
                        requests++;
                    }
                }
                for (int r = 0; r < requests; r++) {
                    int o = reqOut[r];
                    if (o < 0 || owner[o] >= 0
                            || (atomic && (o / vcs) % ports != pPort && space[downstreamBase[o / vcs] + o % vcs] != buffer)) {
                        continue;
                    }
                    // arbitrate output VC o among all requests for it, in its Q order
                    int oBase = o * ports;
                    int requesting = 0;
                    for (int x = r; x < requests; x++) {
                        if (reqOut[x] == o) {
                            requesting |= 1 << ((reqQueue[x] - qBase) / vcs);
                        }
                    }
                    int winnerSlot = -1;
                    int winnerPort = -1;
                    for (int j = 0; j < ports; j++) {
                        int ip = order[oBase + j];
                        if (ip >= 0 && (requesting & (1 << ip)) != 0) {
                            winnerSlot = j;
                            winnerPort = ip;
                            break;
                        }
                    }
                    if (winnerSlot < 0) {
                        continue; // requests only from input ports that Q marks N/A
                    }
                    int winner = r;
                    while (reqOut[winner] != o || (reqQueue[winner] - qBase) / vcs != winnerPort) {
                        winner++; // requests are in queue order, so this is the lowest VC of that port
                    }
                    int wq = reqQueue[winner];
                    int wSlice = packetSlice[buf[wq * buffer + head[wq]] >>> SEQ_BITS];
                    for (int x = r; x < requests; x++) {
                        if (x != winner && reqOut[x] == o) {
                            int bq = reqQueue[x];
                            if (packetSlice[buf[bq * buffer + head[bq]] >>> SEQ_BITS] < wSlice) {
                                or++;
                            } else {
                                ir++;
                            }
                            reqOut[x] = -1;
                        }
                    }
                    owner[o] = wq;
                    ownedMask[o / vcs] |= 1 << (o % vcs);
                    target[wq] = o;
                    routeCache[wq] = -1; // the next header in this queue routes afresh
                    waitingHeaders[u]--;
                    reqOut[winner] = -1;
                    byte granted = order[oBase + winnerSlot];
                    for (int j = winnerSlot; j + 1 < ports; j++) {
                        order[oBase + j] = order[oBase + j + 1];
                    }
                    order[oBase + ports - 1] = granted;
                }
            }
            // ---- phase B: VC selection and switch/link traversal
            for (int u = 0; u < n; u++) {
                if (buffered[u] == 0) {
                    continue;
                }
                for (int op = 0; op < ports; op++) {
                    int portId = u * ports + op;
                    if (ownedMask[portId] == 0) {
                        continue;
                    }
                    int oBase = portId * vcs;
                    int dBase = downstreamBase[portId];
                    int schemeIndex = schemeOrdinal[portId];
                    int orderBase = (schemeIndex * vcs + rrLast[portId]) * vcs;
                    int chosen = -1;
                    int chosenQ = -1;
                    int chosenSlice = -1;
                    boolean creditBlocked = false;
                    for (int k = 0; k < vcs; k++) {
                        int v = vcOrder[orderBase + k];
                        int q = owner[oBase + v];
                        if (q < 0 || count[q] == 0 || arrival[q * buffer + head[q]] >= cycle) {
                            continue;
                        }
                        if (op != pPort && space[dBase + v] == 0) {
                            creditBlocked = true;
                            continue;
                        }
                        if (chosen < 0) {
                            chosen = v;
                            chosenQ = q;
                            continue;
                        }
                        // a ready VC loses to the chosen one: count it in or out of slice order
                        if (chosenSlice < 0) {
                            chosenSlice = packetSlice[buf[chosenQ * buffer + head[chosenQ]] >>> SEQ_BITS];
                        }
                        if (packetSlice[buf[q * buffer + head[q]] >>> SEQ_BITS] < chosenSlice) {
                            ob++;
                        } else {
                            ib++;
                        }
                    }
                    if (creditBlocked) {
                        lb++;
                        if (trace != null) {
                            trace.record(cycle, portId, LinkTrace.BLOCKED);
                        }
                    }
                    if (chosen < 0) {
                        continue;
                    }
                    if (ROUND_ROBIN[schemeIndex]) {
                        rrLast[portId] = chosen;
                    }
                    int o = oBase + chosen;
                    int q = owner[o];
                    int slot = q * buffer + head[q];
                    int flit = buf[slot];
                    head[q] = head[q] + 1 == buffer ? 0 : head[q] + 1;
                    count[q]--;
                    buffered[u]--;
                    boolean tail = (flit & SEQ_MASK) == flitsPerPacket - 1;
                    if (tail && count[q] > 0) {
                        waitingHeaders[u]++; // the next packet's header is now at the head of q
                        dirty[u] = true;
                    }
                    returned[returnedCount++] = q;
                    moved = true;
                    if (op == pPort) {
                        ejected++;
                        inNetwork--;
                        lastEject = cycle;
                        if (tail) {
                            received[u]++;
                            receivedCycle[u] = cycle;
                            if (reinitialize) {
                                reinitialize(u);
                            }
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
                    if (tail) {
                        dirty[u] = true; // output VC o is free again
                        owner[o] = -1;
                        ownedMask[portId] &= ~(1 << chosen);
                        target[q] = -1;
                    }
                }
            }
            // ---- injection: one flit per node per cycle into its processor input queue, VC 0
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
                int q = (u * ports + pPort) * vcs;
                if (space[q] == 0) {
                    continue;
                }
                push(u, q, (p << SEQ_BITS) | nextSeq[u], cycle);
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
            // ---- credits freed this cycle become visible next cycle
            for (int i = 0; i < returnedCount; i++) {
                space[returned[i]]++;
            }
            returnedCount = 0;
            if (moved) {
                stall = 0;
            } else if ((inNetwork > 0 || injectorCount > 0) && ++stall > deadlockHorizon) {
                throw new DeadlockException(cycle, blockedQueues());
            }
        }
        if (injected != totalFlits || inNetwork != 0) {
            throw new IllegalStateException("flit conservation violated: injected " + injected + ", ejected " + ejected
                    + ", expected " + totalFlits);
        }
        for (int q = 0; q < space.length; q++) {
            if (space[q] != buffer || count[q] != 0) {
                throw new IllegalStateException("buffer accounting violated at queue " + q + ": space " + space[q]
                        + ", count " + count[q]);
            }
        }
        int thickness = 0;
        for (int i = 0; i < linkFirst.length; i++) {
            if (linkFirst[i] >= 0) {
                thickness = Math.max(thickness, linkLast[i] - linkFirst[i] + 1);
            }
        }
        return new SimResult(lastEject, ejected, thickness, ir, or, ib, ob, lb, routerCycles);
    }

    /**
     * Appends a flit to input queue q of router u (the sender already checked {@code space[q] > 0}); a header
     * that lands at the head of an empty queue starts waiting for queue selection.
     */
    private void push(int u, int q, int flit, int cycle) {
        space[q]--;
        int slot = q * buffer + (head[q] + count[q]) % buffer;
        buf[slot] = flit;
        arrival[slot] = cycle;
        if (count[q]++ == 0 && (flit & SEQ_MASK) == 0) {
            waitingHeaders[u]++;
            dirty[u] = true;
        }
        buffered[u]++;
    }

    /**
     * Injection bookkeeping: {@code injectors} holds the nodes whose next packet is released (they try to inject
     * every cycle), {@code parked} the nodes waiting for a later release; {@code minWaitingRelease} is the earliest
     * of those, so the parked list is only scanned when a release is due.
     */
    private void park(int u) {
        parked[parkedCount++] = u;
        minWaitingRelease = Math.min(minWaitingRelease, release(u, nextPacket[u]));
    }

    /** Moves every parked node released before {@code cycle} to the injectors. */
    private void promoteReleased(int cycle) {
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < parkedCount; i++) {
            int u = parked[i];
            int r = release(u, nextPacket[u]);
            if (r < cycle) {
                injectors[injectorCount++] = u;
                parked[i--] = parked[--parkedCount];
            } else {
                min = Math.min(min, r);
            }
        }
        minWaitingRelease = min;
    }

    /** Slice re-initialisation: node u's round-robin pointers and Q orders back to their initial values. */
    private void reinitialize(int u) {
        Arrays.fill(rrLast, u * ports, (u + 1) * ports, 0);
        int from = u * ports * vcs * ports;
        System.arraycopy(initialOrder, from, order, from, ports * vcs * ports);
    }

    /** Output VC id (node, port, vc) that the packet at node u on input VC vcIn requests next. */
    private int route(int u, int packet, int vcIn) {
        int dest = packetDest[packet];
        for (int d = 0; d < dims; d++) {
            int a = coord[u * dims + d];
            int b = coord[dest * dims + d];
            if (a != b) {
                int k = radix[d];
                int dir = direction[d][a * k + b];
                int vc = vcIn;
                if (wrap[d] && datelines) {
                    // the hop crosses the boundary just below coordinate `upper`: (upper-1) | upper
                    int upper = dir > 0 ? (a + 1 == k ? 0 : a + 1) : a;
                    if (upper == 0 || upper == k / 2) {
                        vc++; // dateline at x = 0 or x = k/2
                    }
                }
                return (u * ports + 2 * d + (dir > 0 ? 0 : 1)) * vcs + vc;
            }
        }
        return (u * ports + pPort) * vcs + vcIn;
    }

    private static boolean[] roundRobinTable() {
        VcSelection[] schemes = VcSelection.values();
        boolean[] table = new boolean[schemes.length];
        for (VcSelection c : schemes) {
            table[c.ordinal()] = c.isRoundRobin();
        }
        return table;
    }

    /** Release cycle of a packet: its slice s is released at s V + I_u (Yokota et al. 2023, §5.3). */
    private int release(int u, int packet) {
        return packetSlice[packet] * interval + delay[u];
    }

    private void reset(RouterConfig config, Workload w) {
        flitsPerPacket = w.flitsPerPacket();
        atomic = config.atomicVcAllocation();
        reinitialize = config.sliceReinitialization();
        interlock = config.sliceInterlocking();
        packetsPerSlice = w.packetsPerSlice();
        initialOrder = config.queueOrderArray();
        interval = w.interval();
        delay = w.injectionDelay();
        int perNode = w.slices() * w.packetsPerSlice();
        int[] dest = w.destination();
        int total = 0;
        for (int u = 0; u < n; u++) {
            if (dest[u] < 0 || dest[u] >= n) {
                throw new InvalidInputException("destination " + dest[u] + " of node " + u + " is not a node; expected 0.." + (n - 1));
            }
            total += dest[u] == u ? 0 : perNode;
        }
        if ((long) total >= (1L << (31 - SEQ_BITS))) {
            throw new InvalidInputException("workload has " + total + " packets; at most " + ((1 << (31 - SEQ_BITS)) - 1) + " are supported");
        }
        if (packetDest.length < total) {
            packetDest = new int[total];
            packetSlice = new int[total];
        }
        int p = 0;
        for (int u = 0; u < n; u++) {
            nextPacket[u] = p;
            nextSeq[u] = 0;
            if (dest[u] != u) {
                for (int s = 0; s < w.slices(); s++) {
                    for (int k = 0; k < w.packetsPerSlice(); k++) {
                        packetDest[p] = dest[u];
                        packetSlice[p] = s;
                        p++;
                    }
                }
            }
            endPacket[u] = p;
        }
        Arrays.fill(received, 0);
        Arrays.fill(expected, 0);
        Arrays.fill(receivedCycle, -1);
        for (int u = 0; u < n; u++) {
            if (dest[u] != u) {
                expected[dest[u]] += perNode;
            }
        }
        injectorCount = 0;
        parkedCount = 0;
        minWaitingRelease = Integer.MAX_VALUE;
        for (int u = 0; u < n; u++) {
            if (nextPacket[u] < endPacket[u]) {
                park(u);
            }
        }
        Arrays.fill(head, 0);
        Arrays.fill(count, 0);
        Arrays.fill(space, buffer);
        Arrays.fill(owner, -1);
        Arrays.fill(ownedMask, 0);
        Arrays.fill(routeCache, -1);
        Arrays.fill(target, -1);
        Arrays.fill(buffered, 0);
        Arrays.fill(waitingHeaders, 0);
        Arrays.fill(dirty, false);
        Arrays.fill(rrLast, 0);
        Arrays.fill(linkFirst, -1);
        Arrays.fill(linkLast, -1);
        returnedCount = 0;
        if (trace != null) {
            trace.start(n * ports, ports);
        }
        System.arraycopy(config.queueOrderArray(), 0, order, 0, order.length);
        VcSelection[] schemes = config.vcSelectionArray();
        for (int i = 0; i < schemeOrdinal.length; i++) {
            schemeOrdinal[i] = schemes[i].ordinal();
        }
    }

    private String blockedQueues() {
        StringBuilder s = new StringBuilder();
        int listed = 0;
        for (int q = 0; q < count.length && listed < 8; q++) {
            if (count[q] > 0) {
                int node = q / (ports * vcs);
                int port = (q / vcs) % ports;
                s.append(listed++ == 0 ? "" : ", ").append("node ").append(node).append(" port ").append(port)
                        .append(" vc ").append(q % vcs).append(" (").append(count[q]).append(" flits)");
            }
        }
        return s.toString();
    }
}
