package org.ccopt.flitsim;

import java.lang.reflect.Array;
import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.OpenLoopSource;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.routing.RouterPorts;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * The state of a flit simulation and what manages it, beside the cycle engine of {@link FlitSimulator}, which extends
 * it: the routing tables and the per-router arrays the constructor allocates once, the reset before a run
 * ({@link #reset}), the snapshot from which {@link FlitSimulator#runIntervals} continues every interval, the lower
 * bounds that cut a run short, and the measurements of a finished run. Every array is a primitive array indexed by
 * node, port, VC or queue id; the cycle loop allocates nothing.
 */
abstract class FlitState {

    static final int SEQ_BITS = org.ccopt.flitsim.net.Flits.SEQ_BITS;
    static final int SEQ_MASK = org.ccopt.flitsim.net.Flits.SEQ_MASK;

    final Topology topology;
    /** Terminals: the nodes of a workload (on a torus or mesh, every router's one terminal). */
    final int n;
    final int routers;
    /** Dimensions of a torus or mesh; 0 on any other network. */
    final int dims;
    final int ports;
    final int vcs;
    final int buffer;
    final int deadlockHorizon;
    /** The routing tables, built for the routing readings of the last run's model. */
    final FlitRoutes routes;
    /** The router model of the current run. */
    RouterModel model;
    // readings of the current run (RouterModel)
    boolean onePerInputPort;
    /** A packet may be granted a VC above its class (ANY_AT_OR_ABOVE, CLASS_OR_NEXT, DIMENSION_WINDOW). */
    boolean anyAbove;
    boolean ejectPerVc;
    boolean readyCompete;
    boolean rotateQueueOrder;
    int creditDelay;
    /**
     * Credit delay -1 ({@link RouterModel#SAME_CYCLE_CREDIT}): a full buffer whose head flit leaves in a cycle takes a
     * flit in that same cycle. Resolved in passes: the first pass sees the buffers as the cycle began; a port that sat
     * idle on a full buffer that emptied a slot in an earlier pass tries again in the next pass, so a blocked chain of
     * packets moves as one, whatever the order in which ports are visited.
     */
    boolean sameCycleCredit;
    /** The pass of the current cycle's VC selection (1 first; {@code Integer.MAX_VALUE} while injecting). */
    int pass;
    /** Per queue, the cycle and pass in which its head flit last left (same-cycle credits). */
    final int[] popCycle;
    final int[] popPass;
    /** Ports to try again in the next pass, and a stamp per port that keeps them listed once. */
    int[] retry;
    int retryCount;
    int[] retryNext;
    int retryNextCount;
    final int[] retryStamp;
    int retryEpoch;
    /** Per port, the cycle whose link-blocked count (lb) the first pass charged to it. */
    final int[] blockedAt;
    int roundRobinStart;
    /** Per input port (node * ports + port): the cycle in which it last sent a flit (one-per-input-port crossbar). */
    final int[] inputSent;
    /** Per output port, the VC that holds its link until its packet's tail (packet multiplexing), or -1. */
    final int[] hold;
    /** {@link RouterModel.LinkMux} as a constant of the cycle code ({@link #MUX_FLIT}, ...), named, not its ordinal. */
    int linkMux;
    static final int MUX_FLIT = 0;
    static final int MUX_PACKET = 1;
    static final int MUX_PACKET_YIELD = 2;
    /** {@link RouterModel.OutputStage#REGISTER}: a one-flit register in every output VC. */
    boolean outputStage;
    /** Per output VC id, the flit in its register, or -1 (output stage only). */
    final int[] stage;
    /** Per output VC id, the cycle in which its register's flit entered it. */
    final int[] stageCycle;
    /** Per input queue, the cycle in which its head flit last crossed the crossbar (output stage only). */
    final int[] crossed;
    /** Credits still on their way back (credit delay > 0), per cycle slot of the ring in {@code returned}. */
    int[] creditCount;
    int pendingCredits;
    /** Where this cycle's freed slots are recorded in {@code returned}: a slot of {@code creditSlot} per cycle of delay. */
    int creditBase;
    final int creditSlot;
    /** {@link FlitRoutes#neighbour}, read in the cycle loop. */
    final int[] neighbour;
    /** {@link FlitRoutes#portTerminal}: the terminal on a port id, or -1. */
    final int[] portTerminal;
    /** Per terminal, its router and its injection queue's VC 0. */
    final int[] terminalRouter;
    final int[] terminalQueue;
    final int[] downstreamBase;
    final int[] ownedMask;
    final int[] vcStart;
    final int[] routeCache;
    final int[] injectors;
    int injectorCount;
    /** Nodes taken off the injectors because their processor queue was full; a returning credit puts them back. */
    final boolean[] awaitingSpace;
    final int[] parked;
    int parkedCount;
    int minWaitingRelease;

    // per input queue q = (node * ports + port) * vcs + vc (output VCs use the same numbering)
    /**
     * One record of {@code 1 << shift} ints per input queue, at {@code q << shift}: what a flit's move
     * reads and writes lies together (32 bytes for the default 4-flit buffers) instead of in one array each.
     */
    final int[] queue;
    final int shift;
    /** Record fields: flit count (bits 0-15) and head slot (bits 16-31). */
    static final int STATE = 0;
    /** The cycle in which the newest flit arrived. */
    static final int ARRIVAL = 1;
    /** Free slots as the upstream sender sees them (credits; freed slots count from the next cycle). */
    static final int SPACE = 2;
    /** The output port that owns the queue's packet (granted in queue selection), or -1. */
    static final int TARGET = 3;
    /** The buffer slots, a ring of B flits from the head slot. */
    static final int FLITS = 4;
    final int[] owner;
    final int[] queuePort;
    final int[] queueVc;
    final int[] queueInput;
    /** The output port that feeds input queue q, or -1 for processor queues. */
    final int[] upstreamPort;
    // per port id = node * ports + port
    final int[] portNode;
    final int[] portOp;
    final int[] blockedSince;
    int[] returned;
    int returnedCount;
    /**
     * Per router, one bit per input queue (port * V + vc) whose head is a header not yet granted an output VC: router
     * u's queues in the {@code 1 << wordShift} words from {@code u << wordShift} (one word up to 64 queues).
     */
    final long[] waitingHeaders;
    final int wordShift;
    /** Input queues per router: ports x VCs. */
    final int queuesPerRouter;
    /**
     * Routers with an event since their last queue selection (a header reached the head of a queue or an output
     * VC was freed), one bit each; only they can change their queue selection outcome.
     */
    final long[] dirtyNodes;
    /** Output ports to visit in this cycle's VC selection and in the next one, one bit each. */
    long[] portNow;
    long[] portNext;
    final int[] rrLast;
    final byte[] order;
    final int[] schemeOrdinal;
    static final boolean[] DESCENDING = descendingSchemes();
    final int[] linkFirst;
    final int[] linkLast;
    final int[] reqQueue;
    final byte[] rotation;
    final int[] reqOut;

    // packets
    int[] packetDest = new int[0];
    int[] packetSlice = new int[0];
    /** Per packet, its VC class under {@link RouterModel.VcClass#ANY_AT_OR_ABOVE} (the VC it holds may be higher). */
    int[] packetClass = new int[0];
    final int[] nextPacket;
    final int[] endPacket;
    final int[] nextSeq;
    int flitsPerPacket;
    int interval;
    boolean atomic;
    boolean reinitialize;
    boolean interlock;
    int packetsPerSlice;
    byte[] initialOrder;

    /**
     * The genes the run consulted with a choice to make: bit p of {@code schemeChoices} where port p's VC selection
     * chose among two or more VCs by its scheme C, bit o of {@code orderChoices} where output VC o's queue selection
     * chose among two or more input ports by its Q order. A gene whose bit stays clear never decided anything in the
     * run: a configuration that differs from this one only in such genes runs the same cycle by cycle
     * ({@link FlitSimulator.Choices}). Cleared by {@link #reset}, only ever set by the cycle loop.
     */
    final long[] schemeChoices;
    final long[] orderChoices;
    final int[] received;
    final int[] expected;
    /** Flits node u has still to eject, and the hops from u to its destination (for completion bounds). */
    final int[] toEject;
    final int[] hopsToDestination;
    final int[] receivedCycle;
    LinkTrace trace;
    int[] delay;
    /** The measurement of an open load ({@link FlitSimulator#runOpenLoop}), or null in a closed batch. */
    org.ccopt.flitsim.net.Stats open;
    /** The end of an open load's measurement window. */
    int openEnd = -1;
    /** Per packet of an open load: the cycle it was generated, the cycle its head was injected, its router hops. */
    int[] packetRelease;
    int[] packetInject;
    int[] packetHops;

    // run counters
    int cycle;
    int stall;
    Snapshot snapshot;
    long totalFlits;
    long routerCycles;
    long ejected;
    long injected;
    int inNetwork;
    boolean moved;
    int lastEject;
    long ir;
    long or;
    long ib;
    long ob;
    long lb;

    /**
     * The tables and the state of a simulator of {@code vcs} VCs of {@code bufferFlits} flits on {@code topology}: a
     * torus or mesh under the papers' routing readings, any other two-way network under its default routing function.
     */
    FlitState(Topology topology, int vcs, int bufferFlits, RouterModel model) {
        if (topology.hasChannelLatencies()) {
            throw new InvalidInputException("topology '" + topology.spec() + "' gives its links latencies, which BookSim's "
                    + "router takes (--model booksim); the papers' router moves a flit one hop a cycle; expected BookSim's "
                    + "router or a file without latencies");
        }
        this.topology = topology;
        this.vcs = vcs;
        if (topology.geometry() instanceof Geometry.Grid grid) {
            this.dims = grid.dimensions();
            routes = new FlitRouting(topology, grid, vcs, model);
        } else {
            this.dims = 0;
            routes = new NetworkRoutes(new RouterPorts(topology), vcs);
        }
        this.n = routes.terminals;
        this.routers = routes.routers;
        this.ports = routes.ports;
        this.buffer = bufferFlits;
        if (ports > 31) {
            throw new InvalidInputException("routers of " + ports + " ports on '" + topology.spec()
                    + "'; the papers' router supports at most 31 (its queue orders are bit sets)");
        }
        if (vcs < 1 || vcs > 16) {
            throw new InvalidInputException("virtual channel count " + vcs + " is out of range; expected 1..16");
        }
        if (bufferFlits < 1) {
            throw new InvalidInputException("buffer size " + bufferFlits + " is invalid; expected >= 1 flit");
        }
        this.deadlockHorizon = 1000 + 64 * bufferFlits;
        neighbour = routes.neighbour;
        portTerminal = routes.portTerminal;
        terminalRouter = new int[n];
        terminalQueue = new int[n];
        for (int t = 0; t < n; t++) {
            terminalRouter[t] = routes.terminalPort[t] / ports;
            terminalQueue[t] = routes.terminalPort[t] * vcs;
        }
        int portIds = routers * ports;
        // output VC (u, op, v) feeds input queue downstreamBase[u * ports + op] + v at the neighbour (its input port
        // inputAt: on a torus or mesh op itself, named after the direction travelled)
        downstreamBase = new int[portIds];
        for (int i = 0; i < portIds; i++) {
            downstreamBase[i] = neighbour[i] < 0 ? -1 : (neighbour[i] * ports + routes.inputAt[i]) * vcs;
        }
        ownedMask = new int[portIds];
        // first VC examined by every scheme given the previously selected one: vcStart[scheme * V + last]
        VcSelection[] schemes = VcSelection.values();
        vcStart = new int[schemes.length * vcs];
        for (VcSelection c : schemes) {
            for (int last = 0; last < vcs; last++) {
                vcStart[c.ordinal() * vcs + last] = c.start(last, vcs);
            }
        }
        injectors = new int[n];
        awaitingSpace = new boolean[n];
        parked = new int[n];
        received = new int[n];
        expected = new int[n];
        toEject = new int[n];
        hopsToDestination = new int[n];
        receivedCycle = new int[n];
        int queues = portIds * vcs;
        routeCache = new int[queues];
        shift = 32 - Integer.numberOfLeadingZeros(FLITS + bufferFlits - 1);
        queue = new int[queues << shift];
        owner = new int[queues];
        queuePort = new int[queues];
        queueVc = new int[queues];
        queueInput = new int[queues];
        upstreamPort = new int[queues];
        Arrays.fill(upstreamPort, -1);
        for (int q = 0; q < queues; q++) {
            queuePort[q] = q / vcs;
            queueVc[q] = q % vcs;
            queueInput[q] = (q / vcs) % ports;
        }
        portNode = new int[portIds];
        portOp = new int[portIds];
        for (int i = 0; i < portIds; i++) {
            portNode[i] = i / ports;
            portOp[i] = i % ports;
            for (int v = 0; downstreamBase[i] >= 0 && v < vcs; v++) {
                upstreamPort[downstreamBase[i] + v] = i;
            }
        }
        blockedSince = new int[portIds];
        creditSlot = queues; // at most one pop per output VC and cycle
        returned = new int[creditSlot];
        creditCount = new int[1];
        inputSent = new int[portIds];
        hold = new int[portIds];
        popCycle = new int[queues];
        stage = new int[queues];
        stageCycle = new int[queues];
        crossed = new int[queues];
        popPass = new int[queues];
        retry = new int[portIds];
        retryNext = new int[portIds];
        retryStamp = new int[portIds];
        blockedAt = new int[portIds];
        queuesPerRouter = ports * vcs;
        int words = (queuesPerRouter + 63) >>> 6;
        wordShift = 32 - Integer.numberOfLeadingZeros(words - 1);
        waitingHeaders = new long[routers << wordShift];
        dirtyNodes = new long[(routers + 63) >>> 6];
        portNow = new long[(portIds + 63) >>> 6];
        portNext = new long[portNow.length];
        rrLast = new int[portIds];
        schemeChoices = new long[(portIds + 63) >>> 6];
        orderChoices = new long[(queues + 63) >>> 6];
        order = new byte[queues * ports];
        schemeOrdinal = new int[portIds];
        linkFirst = new int[portIds];
        linkLast = new int[portIds];
        reqQueue = new int[ports * vcs];
        rotation = new byte[ports];
        reqOut = new int[ports * vcs];
        nextPacket = new int[n];
        endPacket = new int[n];
        nextSeq = new int[n];
    
    }

    SimResult result() {
        for (int q = 0; q < owner.length; q++) {
            if (space(q) != buffer || count(q) != 0) {
                throw new IllegalStateException("buffer accounting violated at queue " + q + ": space " + space(q) + ", count "
                        + count(q));
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

    void start(RouterConfig config, Workload w) {
        if (config.nodes() != routers || config.ports() != ports || config.vcs() != vcs || config.bufferFlits() != buffer) {
            throw new InvalidInputException("router configuration is for " + config.nodes() + " routers of " + config.ports()
                    + " ports, " + config.vcs() + " VCs, " + config.bufferFlits() + "-flit buffers; this simulator has "
                    + routers + ", " + ports + ", " + vcs + ", " + buffer);
        }
        if (w.nodes() != n) {
            throw new InvalidInputException("workload for " + w.nodes() + " nodes; the topology has " + n);
        }
        reset(config, w);
        totalFlits = (long) endPacket[n - 1] * flitsPerPacket;
        routerCycles = 0;
        stall = 0;
        cycle = 0;
    }

    /** Returns every credit still on its way (credit delay > 0) once the last flit is ejected. */
    void flushCredits() {
        for (int slot = 0; pendingCredits > 0 && slot < creditCount.length; slot++) {
            for (int i = 0; i < creditCount[slot]; i++) {
                queue[(returned[slot * creditSlot + i] << shift) + SPACE]++;
            }
            pendingCredits -= creditCount[slot];
            creditCount[slot] = 0;
        }
    }

    /** The state at the end of a cycle, for {@link FlitSimulator#runIntervals}: copies of {@link #stateArrays()} and the counters. */
    static final class Snapshot {
        final Object[] arrays;
        Counters counters;

        Snapshot(Object[] live) {
            arrays = new Object[live.length];
            for (int i = 0; i < live.length; i++) {
                arrays[i] = Array.newInstance(live[i].getClass().getComponentType(),
                        Array.getLength(live[i]));
            }
        }
    }

    /** The run counters a snapshot keeps, by name: every field the cycle loop carries from one cycle to the next. */
    record Counters(long ejected, long injected, int inNetwork, int lastEject, long ir, long or, long ib, long ob,
                            long lb, long routerCycles, int stall, int cycle, int pendingCredits) {
    }

    /**
     * Every array the cycle loop changes (portNow is all clear at the end of a cycle; the others stay as
     * {@link #reset} left them).
     */
    Object[] stateArrays() {
        return new Object[] {queue, owner, routeCache, ownedMask, waitingHeaders, dirtyNodes,
            portNext, blockedSince, rrLast, order, linkFirst, linkLast, nextPacket, nextSeq, received, receivedCycle, toEject,
            returned, creditCount, inputSent, packetClass, hold, stage, stageCycle, crossed};
    }

    /**
     * The fields a snapshot leaves out, each for a reason: fixed by the constructor; set by {@link #reset} from the
     * configuration and workload and never changed by the cycle loop; rebuilt or cleared by {@link #loadState}; or
     * scratch within one cycle. {@code FlitSimulatorTest} checks that every field of this class is in the snapshot
     * ({@link #stateArrays}, {@link Counters}) or here, so a new field must be placed before a run can rely on it.
     */
    static final java.util.Set<String> NOT_IN_SNAPSHOT = java.util.Set.of(
            // fixed by the constructor
            "topology", "n", "routers", "dims", "ports", "vcs", "wordShift", "queuesPerRouter", "buffer", "deadlockHorizon", "routes", "neighbour", "portTerminal", "terminalRouter", "terminalQueue",
            "downstreamBase", "vcStart", "queuePort", "queueVc", "queueInput", "upstreamPort", "portNode", "portOp",
            "shift", "creditSlot",
            // set by reset from the configuration and the workload
            "model", "onePerInputPort", "anyAbove", "ejectPerVc", "readyCompete", "rotateQueueOrder", "creditDelay",
            "sameCycleCredit", "roundRobinStart", "linkMux", "outputStage", "schemeOrdinal", "initialOrder", "packetDest",
            "packetSlice", "endPacket", "expected", "hopsToDestination", "delay", "flitsPerPacket", "atomic",
            "reinitialize", "interlock", "packetsPerSlice", "totalFlits", "trace", "snapshot",
            // an open load's, which runs from its start to its end without a snapshot
            "open", "openEnd", "packetRelease", "packetInject", "packetHops",
            // a record of the run for the searches, cleared by reset and only ever set: a restored snapshot keeps the
            // bits of the run that went on past it, more than its own run sets, never fewer
            "schemeChoices", "orderChoices",
            // rebuilt or cleared by loadState
            "popCycle", "popPass", "blockedAt", "injectors", "injectorCount", "awaitingSpace", "parked", "parkedCount",
            "minWaitingRelease", "portNow", "returnedCount", "interval",
            // scratch within one cycle (the credit ring's base follows from the cycle)
            "pass", "retry", "retryCount", "retryNext", "retryNextCount", "retryStamp", "retryEpoch", "creditBase",
            "reqQueue", "rotation", "reqOut", "moved");
    void saveState(Snapshot s) {
        Object[] live = stateArrays();
        for (int i = 0; i < live.length; i++) {
            System.arraycopy(live[i], 0, s.arrays[i], 0, Array.getLength(live[i]));
        }
        s.counters = new Counters(ejected, injected, inNetwork, lastEject, ir, or, ib, ob, lb, routerCycles, stall, cycle,
                pendingCredits);
    }

    /**
     * Restores a snapshot under inter-slice interval {@code v}: every array and counter as saved, and the nodes
     * with packets left split afresh into injectors (next packet released) and parked ones, as a run with this V
     * would hold them at that cycle.
     */
    void loadState(Snapshot s, int v) {
        Object[] live = stateArrays();
        for (int i = 0; i < live.length; i++) {
            System.arraycopy(s.arrays[i], 0, live[i], 0, Array.getLength(live[i]));
        }
        Arrays.fill(portNow, 0L);
        Counters c = s.counters;
        ejected = c.ejected();
        injected = c.injected();
        inNetwork = c.inNetwork();
        lastEject = c.lastEject();
        ir = c.ir();
        or = c.or();
        ib = c.ib();
        ob = c.ob();
        lb = c.lb();
        routerCycles = c.routerCycles();
        stall = c.stall();
        cycle = c.cycle();
        pendingCredits = c.pendingCredits();
        returnedCount = 0;
        Arrays.fill(popCycle, -1); // markers of cycles a run from this state may already have passed
        Arrays.fill(blockedAt, -1);
        interval = v;
        clearInjectors();
        for (int u = 0; u < n; u++) {
            if (nextPacket[u] < endPacket[u]) {
                if (release(u, nextPacket[u]) < cycle + 1 || nextSeq[u] > 0) {
                    injectors[injectorCount++] = u; // released (or in the middle of a packet)
                } else {
                    park(u);
                }
            }
        }
    }

    /**
     * A lower bound on the duration, at the end of {@code cycle}: a node ejects at most one flit per cycle (up to one
     * per VC under {@link RouterModel.Ejection#PER_VC}: flits waiting on several VCs of its router leave together), and
     * a flit not yet injected needs its node's remaining injections (one per cycle), its hops and one ejection.
     */
    int completionBound(int cycle) {
        int bound = 0;
        for (int u = 0; u < n; u++) {
            bound = Math.max(bound, ejectPerVc ? (toEject[u] + vcs - 1) / vcs : toEject[u]);
            int toInject = (endPacket[u] - nextPacket[u]) * flitsPerPacket - nextSeq[u];
            if (toInject > 0) {
                bound = Math.max(bound, toInject + hopsToDestination[u] + 1);
            }
        }
        return cycle + bound;
    }

    /**
     * A lower bound on the duration known before the first cycle: a node's last slice, released at (S-1) V + I_u,
     * cannot end before its P L flits are injected after the release (one per cycle) and the tail has travelled its
     * h hops and been ejected (the h + L + 1 rule of the timing above).
     */
    int releaseBound() {
        int bound = 0;
        for (int u = 0; u < n; u++) {
            if (endPacket[u] > nextPacket[u]) {
                bound = Math.max(bound, release(u, endPacket[u] - 1) + packetsPerSlice * flitsPerPacket + hopsToDestination[u] + 1);
            }
        }
        return bound;
    }

    /**
     * A queue's head flit can move in this cycle unless it arrived in this cycle. A queue receives at most one
     * flit per cycle (one upstream port, or the injector), so only its newest flit can be that recent: no
     * per-flit arrival times are needed.
     */
    boolean headReady(int q, int cycle) {
        int r = q << shift;
        int c = queue[r + STATE] & 0xFFFF;
        return c > 1 || (c == 1 && queue[r + ARRIVAL] != cycle);
    }

    /** Queue q of router u holds a header waiting for queue selection. */
    final void setWaiting(int u, int q) {
        int local = q - u * queuesPerRouter;
        waitingHeaders[(u << wordShift) + (local >>> 6)] |= 1L << local;
    }

    final void clearWaiting(int u, int q) {
        int local = q - u * queuesPerRouter;
        waitingHeaders[(u << wordShift) + (local >>> 6)] &= ~(1L << local);
    }

    /** Some queue of router u holds a waiting header. */
    final boolean hasWaiting(int u) {
        if (wordShift == 0) {
            return waitingHeaders[u] != 0;
        }
        for (int w = u << wordShift, end = w + (1 << wordShift); w < end; w++) {
            if (waitingHeaders[w] != 0) {
                return true;
            }
        }
        return false;
    }

    int count(int q) {
        return queue[(q << shift) + STATE] & 0xFFFF;
    }

    /** Free slots of queue q as its upstream sender sees them. */
    int space(int q) {
        return queue[(q << shift) + SPACE];
    }

    /** The flit at the head of queue q (which must not be empty). */
    int headFlit(int q) {
        int r = q << shift;
        return queue[r + FLITS + (queue[r + STATE] >>> 16)];
    }

    /** No node injecting, waiting for buffer space or parked: before the nodes with packets left are placed again. */
    private void clearInjectors() {
        injectorCount = 0;
        Arrays.fill(awaitingSpace, false);
        parkedCount = 0;
        minWaitingRelease = Integer.MAX_VALUE;
    }

    /**
     * Injection bookkeeping: {@code injectors} holds the nodes whose next packet is released (they try to inject
     * every cycle), {@code parked} the nodes waiting for a later release; {@code minWaitingRelease} is the earliest
     * of those, so the parked list is only scanned when a release is due.
     */
    void park(int u) {
        parked[parkedCount++] = u;
        minWaitingRelease = Math.min(minWaitingRelease, release(u, nextPacket[u]));
    }

    /** Moves every parked node released before {@code cycle} to the injectors. */
    void promoteReleased(int cycle) {
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

    /** Slice re-initialisation: router u's round-robin pointers and Q orders back to their initial values. */
    void reinitialize(int u) {
        Arrays.fill(rrLast, u * ports, (u + 1) * ports, roundRobinStart);
        int from = u * ports * vcs * ports;
        System.arraycopy(initialOrder, from, order, from, ports * vcs * ports);
    }

    static boolean[] descendingSchemes() {
        VcSelection[] schemes = VcSelection.values();
        boolean[] table = new boolean[schemes.length];
        for (VcSelection c : schemes) {
            table[c.ordinal()] = c.step() < 0;
        }
        return table;
    }

    /**
     * The first VC in {@code mask} in a scheme's evaluation order: from {@code start} upwards (or downwards),
     * wrapping around (Yokota et al. 2023, Table 1).
     */
    static int firstInOrder(int mask, int start, boolean descending) {
        if (descending) {
            int below = mask & ((2 << start) - 1);
            return 31 - Integer.numberOfLeadingZeros(below != 0 ? below : mask);
        }
        int above = mask >>> start;
        return above != 0 ? start + Integer.numberOfTrailingZeros(above) : Integer.numberOfTrailingZeros(mask);
    }

    /**
     * Release cycle of a packet: its slice s is released at s V + I_u (Yokota et al. 2023, §5.3); under an open load,
     * the cycle its source generated it.
     */
    int release(int u, int packet) {
        return open != null ? packetRelease[packet] : packetSlice[packet] * interval + delay[u];
    }

    /**
     * Sets up an open load ({@link FlitSimulator#runOpenLoop}): the readings and genes of {@code config} as for a batch,
     * then every packet {@code traffic} generates in cycles {@code [0, stop)}, each released at its creation cycle,
     * packets of a terminal in creation order; those created in {@code [warmup, end)} are measured.
     */
    void startOpen(RouterConfig config, OpenLoopTraffic traffic, int warmup, int end, int stop, long seed) {
        int[] self = new int[n];
        for (int u = 0; u < n; u++) {
            self[u] = u;
        }
        start(config, Workload.simple(self, 1, traffic.packetFlits()));
        OpenLoopSource source = new OpenLoopSource(traffic, n, seed);
        int[] from = new int[1024];
        int[] to = new int[1024];
        int[] at = new int[1024];
        int[] perNode = new int[n + 1];
        int count = 0;
        int limit = org.ccopt.flitsim.net.Flits.MAX_PACKETS - 1;
        for (int c = 0; c < stop; c++) {
            for (int u = 0; u < n; u++) {
                int d = source.next(u, c);
                if (d < 0) {
                    continue;
                }
                if (count == limit) {
                    throw new InvalidInputException("the open load generates more than " + limit + " packets in its "
                            + stop + " cycles of warm-up, window and drain, which the papers' router holds at most in one "
                            + "run; expected a lower rate, a shorter --window or --drain, or a smaller network");
                }
                if (count == from.length) {
                    from = Arrays.copyOf(from, 2 * count);
                    to = Arrays.copyOf(to, 2 * count);
                    at = Arrays.copyOf(at, 2 * count);
                }
                from[count] = u;
                to[count] = d;
                at[count] = c;
                perNode[u + 1]++;
                count++;
            }
        }
        for (int u = 0; u < n; u++) {
            perNode[u + 1] += perNode[u];
        }
        if (packetDest.length < count) {
            packetDest = new int[count];
            packetSlice = new int[count];
            packetClass = new int[count];
        }
        Arrays.fill(packetSlice, 0);
        Arrays.fill(packetClass, 0);
        packetRelease = new int[count];
        packetInject = new int[count];
        packetHops = new int[count];
        open = new org.ccopt.flitsim.net.Stats();
        open.window(warmup, end);
        openEnd = end;
        int flits = traffic.packetFlits();
        int[] fill = Arrays.copyOf(perNode, n);
        for (int k = 0; k < count; k++) {
            int p = fill[from[k]]++;
            packetDest[p] = to[k];
            packetRelease[p] = at[k];
            packetHops[p] = routes.hops(from[k], to[k]);
            expected[to[k]]++;
            toEject[to[k]] += flits;
            open.created(at[k], flits);
        }
        clearInjectors();
        for (int u = 0; u < n; u++) {
            nextPacket[u] = perNode[u];
            endPacket[u] = perNode[u + 1];
            if (nextPacket[u] < endPacket[u]) {
                park(u);
            }
        }
        totalFlits = (long) count * flits;
        snapshot = null; // its packet arrays may have other sizes
    }

    /** Back to closed batches after an open load. */
    void endOpen() {
        open = null;
        openEnd = -1;
        packetRelease = null;
        packetInject = null;
        packetHops = null;
    }

    void reset(RouterConfig config, Workload w) {
        java.util.Arrays.fill(schemeChoices, 0);
        java.util.Arrays.fill(orderChoices, 0);
        RouterModel m = config.model();
        model = m;
        routes.use(m);
        onePerInputPort = m.crossbar() == RouterModel.Crossbar.PER_INPUT_PORT;
        anyAbove = routes.classRanges() || m.vcClass() == RouterModel.VcClass.ANY_AT_OR_ABOVE || m.vcClass() == RouterModel.VcClass.CLASS_OR_NEXT
                || m.vcClass() == RouterModel.VcClass.DIMENSION_WINDOW;
        ejectPerVc = m.ejection() == RouterModel.Ejection.PER_VC;
        readyCompete = m.vcCompetition() == RouterModel.VcCompetition.READY;
        linkMux = switch (m.linkMux()) {
            case FLIT -> MUX_FLIT;
            case PACKET -> MUX_PACKET;
            case PACKET_YIELD -> MUX_PACKET_YIELD;
        };
        outputStage = m.outputStage() == RouterModel.OutputStage.REGISTER;
        rotateQueueOrder = m.queueUpdate() == RouterModel.QueueUpdate.ROTATE;
        roundRobinStart = m.roundRobinStart() == RouterModel.RoundRobinStart.LAST ? vcs - 1 : 0;
        if (creditDelay != m.creditDelay()) {
            creditDelay = m.creditDelay();
            returned = new int[(Math.max(creditDelay, 0) + 1) * creditSlot];
            creditCount = new int[Math.max(creditDelay, 0) + 1];
            snapshot = null; // its arrays have the old sizes
        }
        sameCycleCredit = creditDelay < 0;
        Arrays.fill(popCycle, -1);
        Arrays.fill(blockedAt, -1);
        Arrays.fill(creditCount, 0);
        pendingCredits = 0;
        Arrays.fill(inputSent, -1);
        Arrays.fill(hold, -1);
        Arrays.fill(stage, -1);
        Arrays.fill(stageCycle, -1);
        Arrays.fill(crossed, -1);
        flitsPerPacket = w.flitsPerPacket();
        atomic = config.atomicVcAllocation();
        reinitialize = config.sliceReinitialization();
        interlock = config.sliceInterlocking();
        packetsPerSlice = w.packetsPerSlice();
        initialOrder = config.queueOrderArray();
        interval = w.interval();
        delay = w.injectionDelay();
        int perNode = w.slices() * w.packetsPerSlice(); // bounded by the Workload
        int[] dest = w.destination();
        int total = 0;
        for (int u = 0; u < n; u++) {
            if (dest[u] < 0 || dest[u] >= n) {
                throw new InvalidInputException("destination " + dest[u] + " of node " + u + " is not a node; expected 0.." + (n - 1));
            }
            total += dest[u] == u ? 0 : perNode;
        }
        if ((long) total >= org.ccopt.flitsim.net.Flits.MAX_PACKETS) {
            throw new InvalidInputException("workload has " + total + " packets; at most "
                    + (org.ccopt.flitsim.net.Flits.MAX_PACKETS - 1) + " are supported");
        }
        if (packetDest.length < total) {
            packetDest = new int[total];
            packetSlice = new int[total];
            packetClass = new int[total];
            snapshot = null; // its arrays have the old sizes
        }
        Arrays.fill(packetClass, 0);
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
            hopsToDestination[u] = 0;
            if (dest[u] != u) {
                expected[dest[u]] += perNode;
                hopsToDestination[u] = routes.hops(u, dest[u]);
            }
        }
        for (int u = 0; u < n; u++) {
            toEject[u] = expected[u] * flitsPerPacket;
        }
        clearInjectors();
        for (int u = 0; u < n; u++) {
            if (nextPacket[u] < endPacket[u]) {
                park(u);
            }
        }
        for (int r = 0; r < queue.length; r += 1 << shift) {
            queue[r + STATE] = 0;
            queue[r + ARRIVAL] = 0;
            queue[r + SPACE] = buffer;
            queue[r + TARGET] = -1;
        }
        Arrays.fill(owner, -1);
        Arrays.fill(ownedMask, 0);
        Arrays.fill(routeCache, -1);
        Arrays.fill(waitingHeaders, 0L);
        Arrays.fill(dirtyNodes, 0L);
        Arrays.fill(portNow, 0L);
        Arrays.fill(portNext, 0L);
        Arrays.fill(blockedSince, -1);
        ejected = 0;
        injected = 0;
        inNetwork = 0;
        lastEject = 0;
        ir = 0;
        or = 0;
        ib = 0;
        ob = 0;
        lb = 0;
        Arrays.fill(rrLast, roundRobinStart);
        Arrays.fill(linkFirst, -1);
        Arrays.fill(linkLast, -1);
        returnedCount = 0;
        if (trace != null) {
            trace.start(routers * ports, ports);
        }
        System.arraycopy(config.queueOrderArray(), 0, order, 0, order.length);
        VcSelection[] schemes = config.vcSelectionArray();
        for (int i = 0; i < schemeOrdinal.length; i++) {
            schemeOrdinal[i] = schemes[i].ordinal();
        }
    }

    String blockedQueues() {
        StringBuilder s = new StringBuilder();
        int listed = 0;
        for (int q = 0; q < owner.length && listed < 8; q++) {
            if (count(q) > 0) {
                int node = q / (ports * vcs);
                int port = (q / vcs) % ports;
                s.append(listed++ == 0 ? "" : ", ").append(dims > 0 ? "node " : "router ").append(node).append(" port ").append(port)
                        .append(" vc ").append(q % vcs).append(" (").append(count(q)).append(" flits)");
            }
        }
        return s.toString();
    }
}
