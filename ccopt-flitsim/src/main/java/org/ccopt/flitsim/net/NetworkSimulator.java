package org.ccopt.flitsim.net;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * The flit engine over any {@link FlitNetwork}: input-queued routers with V virtual channels of B flits per port,
 * wormhole switching with credit flow control, a {@link RoutingFunction} chosen by name, and a pipeline of
 * {@link RouterTiming}. VC allocation and switch allocation are separable iSLIP allocators of one iteration
 * (McKeown 1999), as in BookSim 2's {@code iq} router: in VC allocation every head flit requests all free VCs of its
 * route's class at its output port, each output VC grants the requesting input VC next after its round-robin pointer
 * and each input VC accepts the granting output VC next after its own; in switch allocation each input port puts
 * forward, per output port, its VC next after its round-robin pointer that has a flit and a credit, each output port
 * grants one input port and each input port accepts one output port, pointers moving past a winner only.
 *
 * <p>Terminals inject one flit per cycle into their router's terminal port, a new packet taking a free VC with a
 * credit next after the last one used; they eject into an unbounded sink. Every router decides from the state at the
 * start of a cycle and its flits and credits reach other routers one cycle or more later, so the order in which
 * routers are visited changes nothing. All state is in primitive arrays allocated at set-up (the packet table grows
 * by doubling when an open-loop run needs more); the cycle loop allocates nothing.
 */
public final class NetworkSimulator {

    private static final int SEQ_BITS = 10;
    private static final int SEQ_MASK = (1 << SEQ_BITS) - 1;
    static final int MAX_PACKET_FLITS = SEQ_MASK + 1;
    private static final int MAX_PACKETS = 1 << (31 - SEQ_BITS);
    /** Cycles of a terminal's injection and ejection channels (BookSim: always 1). */
    static final int TERMINAL_LATENCY = 1;

    private final FlitNetwork net;
    private final RoutingFunction routing;
    /** {@link RoutingFunction#adaptive}: the source router consults {@link #congestion} before a packet's first route. */
    private final boolean adaptive;
    /** An output port's flits not yet credited back, summed over its VCs (a terminal's port: 0). */
    private final RoutingFunction.Congestion congestion;
    private final RouterTiming timing;
    private final int vcs;
    private final int buffer;
    private final VcClasses classes;
    private final int ports;
    private final int terminals;
    private final int routers;
    private final int maxRadix;
    private final int linkLatency;
    private final int[] classOfVc;

    // input VCs, iv = port * V + vc
    private final int[] flits;
    private final int[] head;
    private final int[] count;
    /** 0 idle, 1 routed and waiting for VC allocation, 2 holding an output VC. */
    private final byte[] state;
    private final int[] ready;
    /** Routed output port (global) and the VC range of its class. */
    private final int[] outPort;
    private final int[] vcLow;
    private final int[] vcHigh;
    /** The output VC held (global ov = port * V + vc). */
    private final int[] outVc;
    // output VCs, ov = port * V + vc
    private final int[] owner;
    private final int[] credit;
    // allocator pointers
    private final int[] vaGrant;
    private final int[] vaAccept;
    private final int[] saGrant;
    private final int[] saAccept;
    private final int[] saVc;
    /** Per port, the VCs holding an output VC with a flit to send, one bit each (switch allocation looks at no other). */
    private final int[] sendable;
    /** Per router, how many VCs are sendable and how many heads wait for VC allocation: a router with neither is skipped. */
    private final int[] sendableCount;
    private final int[] waitingCount;

    // event wheels: flits to input VCs (or terminal sinks), credits to output VCs (or terminals' injection VCs)
    private final int wheelMask;
    private final int flitCap;
    private final int[] flitTarget;
    private final int[] flitValue;
    private final int[] flitCount;
    private final int creditCap;
    private final int[] creditTarget;
    private final int[] creditCount;

    // terminals
    private final int[] queueHead;
    private final int[] queueTail;
    private final int[] current;
    private final int[] currentSeq;
    private final int[] currentVc;
    private final int[] lastVc;
    private final boolean[] injectionOwned;
    private final int[] injectionCredit;
    private final boolean[] on;
    /** Per terminal, the cycle of its next packet (Bernoulli sources). */
    private final int[] nextArrival;

    // packets
    private int[] pDest = new int[0];
    private int[] pCreate = new int[0];
    private int[] pInject = new int[0];
    private int[] pAux = new int[0];
    private int[] pHops = new int[0];
    private int[] pSize = new int[0];
    private int[] pNext = new int[0];
    private int freePacket = -1;
    private int packetCapacity;

    // scratch of one router's allocation
    private final int[] vaRequesters;
    private final int[] vaBest;
    private final int[] vaTouched;
    private final int[] saRequest;
    private final int[] saCells;
    private final int[] saBest;
    private final int[] saTouched;
    private final int[] accBest;
    private final int[] accKey;
    private final int[] accTouched;

    // run state
    private int cycle;
    private long routerCycles;
    private long flitsInNetwork;
    private int lastMove;
    private final Stats stats = new Stats();
    /** Per-packet values of the routing function ({@link RoutingFunction#prepare}), one stream per run. */
    private SplittableRandom routeStream = new SplittableRandom(0);

    /**
     * An engine for {@code net} with {@code vcs} VCs of {@code bufferFlits} flits per port; proves the routing
     * function deadlock free ({@link DeadlockCheck}) and fails with one line where it is not or needs more VCs.
     */
    public NetworkSimulator(FlitNetwork net, RoutingFunction routing, RouterTiming timing, int vcs, int bufferFlits) {
        if (bufferFlits < 1) {
            throw new InvalidInputException("buffer size " + bufferFlits + " is invalid; expected >= 1 flit");
        }
        if (vcs > 31) {
            throw new InvalidInputException(vcs + " virtual channels per port; at most 31 are supported");
        }
        this.net = net;
        this.routing = routing;
        this.adaptive = routing.adaptive();
        this.timing = timing;
        this.vcs = vcs;
        this.buffer = bufferFlits;
        this.classes = new VcClasses(vcs, routing.vcClasses());
        DeadlockCheck.check(net, routing);
        ports = net.ports();
        terminals = net.terminals();
        routers = net.routers();
        maxRadix = net.maxRadix();
        linkLatency = timing.linkLatency(net.topology());
        classOfVc = new int[vcs];
        for (int v = 0; v < vcs; v++) {
            classOfVc[v] = classes.classOf(v);
        }
        int ivs = ports * vcs;
        flits = new int[ivs * bufferFlits];
        head = new int[ivs];
        count = new int[ivs];
        state = new byte[ivs];
        ready = new int[ivs];
        outPort = new int[ivs];
        vcLow = new int[ivs];
        vcHigh = new int[ivs];
        outVc = new int[ivs];
        owner = new int[ivs];
        credit = new int[ivs];
        vaGrant = new int[ivs];
        vaAccept = new int[ivs];
        saGrant = new int[ports];
        saAccept = new int[ports];
        saVc = new int[ports];
        sendable = new int[ports];
        sendableCount = new int[routers];
        waitingCount = new int[routers];
        // the wheels must span the longest delay ahead: a flit over a link, or a credit over a link or a terminal channel
        int longest = Math.max(timing.forward(Math.max(linkLatency, TERMINAL_LATENCY)),
                1 + Math.max(linkLatency, TERMINAL_LATENCY) + timing.creditDelay());
        int wheel = Integer.highestOneBit(longest) << 1;
        wheelMask = wheel - 1;
        flitCap = ports + terminals;
        flitTarget = new int[wheel * flitCap];
        flitValue = new int[wheel * flitCap];
        flitCount = new int[wheel];
        creditCap = ports + terminals;
        creditTarget = new int[wheel * creditCap];
        creditCount = new int[wheel];
        queueHead = new int[terminals];
        queueTail = new int[terminals];
        current = new int[terminals];
        currentSeq = new int[terminals];
        currentVc = new int[terminals];
        lastVc = new int[terminals];
        injectionOwned = new boolean[terminals * vcs];
        injectionCredit = new int[terminals * vcs];
        on = new boolean[terminals];
        nextArrival = new int[terminals];
        int local = maxRadix * vcs;
        vaRequesters = new int[local];
        vaBest = new int[local];
        vaTouched = new int[local];
        saRequest = new int[maxRadix * maxRadix];
        saCells = new int[maxRadix * maxRadix];
        saBest = new int[maxRadix];
        saTouched = new int[maxRadix];
        accBest = new int[maxRadix];
        accKey = new int[maxRadix];
        accTouched = new int[maxRadix];
        growPackets(1024);
        congestion = port -> {
            if (net.portTerminal(port) >= 0) {
                return 0;
            }
            int used = 0;
            for (int v = port * vcs, end = v + vcs; v < end; v++) {
                used += buffer - credit[v];
            }
            return used;
        };
    }

    public FlitNetwork network() {
        return net;
    }

    public RoutingFunction routing() {
        return routing;
    }

    public RouterTiming timing() {
        return timing;
    }

    public int vcs() {
        return vcs;
    }

    public int bufferFlits() {
        return buffer;
    }

    /**
     * A closed batch: every terminal t sends {@code packetsPerTerminal} packets of {@code packetFlits} flits to
     * {@code destination[t]} (none when it is t itself), back to back from cycle 0; runs until the last flit is
     * ejected and returns the batch's statistics, its duration the cycle after the last ejection.
     */
    public OpenLoopResult runBatch(int[] destination, int packetsPerTerminal, int packetFlits, long seed) {
        if (destination.length != terminals) {
            throw new InvalidInputException("pattern for " + destination.length + " terminals; the network has " + terminals);
        }
        checkPacket(packetFlits);
        reset(seed);
        long total = 0;
        for (int t = 0; t < terminals; t++) {
            if (destination[t] != t) {
                for (int k = 0; k < packetsPerTerminal; k++) {
                    enqueue(t, destination[t], packetFlits, 0);
                    total++;
                }
            }
        }
        stats.window(0, Integer.MAX_VALUE);
        int horizon = deadlockHorizon();
        while (stats.retired < total) {
            step();
            if (cycle - lastMove > horizon) {
                throw deadlock();
            }
        }
        return stats.result(this, 0, cycle, true, cycle);
    }

    /**
     * An open-loop run at {@code rate} flits per terminal per cycle: packets are generated from cycle 0 on, those
     * generated in {@code [warmup, warmup + window)} are measured, and the run goes on (still injecting) until every
     * measured packet is ejected, or for at most {@code drainLimit} cycles after the window, after which the load is
     * unstable. Throughputs are counted over the window.
     */
    public OpenLoopResult runOpenLoop(OpenLoopTraffic traffic, int warmup, int window, int drainLimit, long seed) {
        checkPacket(traffic.packetFlits());
        if (warmup < 0 || window < 1 || drainLimit < 0) {
            throw new InvalidInputException("warm-up " + warmup + ", window " + window + ", drain " + drainLimit
                    + " cycles are invalid; expected warm-up >= 0, window >= 1, drain >= 0");
        }
        reset(seed);
        SplittableRandom inject = new SplittableRandom(seed ^ 0x5DEECE66DL);
        SplittableRandom dest = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 1);
        double p = traffic.packetProbability();
        double alpha = traffic.onProbability();
        double beta = traffic.offProbability();
        boolean bursty = traffic.process() == OpenLoopTraffic.Process.ON_OFF;
        double logMiss = Math.log1p(-p);
        for (int t = 0; t < terminals; t++) {
            nextArrival[t] = gap(inject, logMiss) - 1;
        }
        int end = warmup + window;
        stats.window(warmup, end);
        boolean drained = false;
        int horizon = deadlockHorizon();
        while (!full()) { // a backlog of 2^21 packets is far past saturation: unstable
            if (cycle >= end && stats.measuredRetired == stats.measuredCreated) {
                drained = true;
                break;
            }
            if (cycle >= end + drainLimit) {
                break;
            }
            for (int t = 0; t < terminals; t++) {
                boolean send;
                if (bursty) {
                    on[t] = on[t] ? inject.nextDouble() >= beta : inject.nextDouble() < alpha;
                    send = on[t] && inject.nextDouble() < p;
                } else {
                    // a Bernoulli process drawn by its geometric gaps: one draw per packet, not per cycle
                    send = nextArrival[t] == cycle;
                    if (send) {
                        nextArrival[t] += gap(inject, logMiss);
                    }
                }
                if (send) {
                    int d = traffic.destinations().next(t, dest);
                    if (d >= 0 && !full()) {
                        enqueue(t, d, traffic.packetFlits(), cycle);
                    }
                }
            }
            step();
            if (flitsInNetwork > 0 && cycle - lastMove > horizon) {
                throw deadlock();
            }
        }
        return stats.result(this, warmup, end, drained, cycle);
    }

    /** A gap of a Bernoulli process of success probability p = 1 - exp(logMiss): geometric on 1, 2, ... */
    private static int gap(SplittableRandom random, double logMiss) {
        if (logMiss == Double.NEGATIVE_INFINITY) {
            return 1; // p = 1
        }
        double g = 1 + Math.floor(Math.log(1 - random.nextDouble()) / logMiss);
        return g >= Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE / 2 : (int) g;
    }

    private int deadlockHorizon() {
        return 10_000 + 64 * buffer;
    }

    private InvalidInputException deadlock() {
        return new InvalidInputException("deadlock: no flit moved for " + deadlockHorizon() + " cycles up to cycle "
                + cycle + " with routing '" + routing.name() + "'");
    }

    private void checkPacket(int packetFlits) {
        if (packetFlits < 1 || packetFlits > MAX_PACKET_FLITS) {
            throw new InvalidInputException("packet size " + packetFlits + " flits is invalid; expected 1.." + MAX_PACKET_FLITS);
        }
    }

    private void reset(long seed) {
        cycle = 0;
        routerCycles = 0;
        flitsInNetwork = 0;
        lastMove = 0;
        Arrays.fill(count, 0);
        Arrays.fill(head, 0);
        Arrays.fill(state, (byte) 0);
        Arrays.fill(owner, -1);
        for (int port = 0; port < ports; port++) {
            int c = net.portTerminal(port) >= 0 ? Integer.MAX_VALUE / 2 : buffer; // a terminal's sink takes everything
            Arrays.fill(credit, port * vcs, (port + 1) * vcs, c);
        }
        Arrays.fill(vaGrant, 0);
        Arrays.fill(vaAccept, 0);
        Arrays.fill(saGrant, 0);
        Arrays.fill(saAccept, 0);
        Arrays.fill(saVc, 0);
        Arrays.fill(sendable, 0);
        Arrays.fill(sendableCount, 0);
        Arrays.fill(waitingCount, 0);
        Arrays.fill(flitCount, 0);
        Arrays.fill(creditCount, 0);
        Arrays.fill(queueHead, -1);
        Arrays.fill(queueTail, -1);
        Arrays.fill(current, -1);
        Arrays.fill(currentVc, -1);
        Arrays.fill(lastVc, vcs - 1);
        Arrays.fill(injectionOwned, false);
        Arrays.fill(injectionCredit, buffer);
        Arrays.fill(on, false);
        for (int i = 0; i < packetCapacity; i++) {
            pNext[i] = i + 1 < packetCapacity ? i + 1 : -1;
        }
        freePacket = 0;
        routeStream = new SplittableRandom(seed * 31 + 7);
        stats.reset();
    }

    private void growPackets(int capacity) {
        int old = packetCapacity;
        pDest = Arrays.copyOf(pDest, capacity);
        pCreate = Arrays.copyOf(pCreate, capacity);
        pInject = Arrays.copyOf(pInject, capacity);
        pAux = Arrays.copyOf(pAux, capacity);
        pHops = Arrays.copyOf(pHops, capacity);
        pSize = Arrays.copyOf(pSize, capacity);
        pNext = Arrays.copyOf(pNext, capacity);
        for (int i = old; i < capacity; i++) {
            pNext[i] = i + 1 < capacity ? i + 1 : freePacket;
        }
        freePacket = old;
        packetCapacity = capacity;
    }

    /** No packet slot is free and the table cannot grow. */
    private boolean full() {
        return freePacket < 0 && packetCapacity >= MAX_PACKETS;
    }

    private void enqueue(int source, int dest, int size, int created) {
        if (freePacket < 0) {
            if (packetCapacity >= MAX_PACKETS) {
                throw new InvalidInputException("more than " + packetCapacity + " packets in flight or queued; the offered "
                        + "load is far beyond saturation; lower the rate or the drain limit");
            }
            growPackets(Math.min(packetCapacity * 2, MAX_PACKETS));
        }
        int p = freePacket;
        freePacket = pNext[p];
        pDest[p] = dest;
        pCreate[p] = created;
        pInject[p] = -1;
        pHops[p] = 0;
        pSize[p] = size;
        pAux[p] = routing.prepare(source, dest, routeStream);
        pNext[p] = -1;
        if (queueTail[source] < 0) {
            queueHead[source] = p;
        } else {
            pNext[queueTail[source]] = p;
        }
        queueTail[source] = p;
        stats.created(created, size);
    }

    /** One cycle: deliveries, injection, then every router's allocation. */
    private void step() {
        int c = cycle;
        deliverCredits(c);
        deliverFlits(c);
        for (int t = 0; t < terminals; t++) {
            inject(t, c);
        }
        for (int r = 0; r < routers; r++) {
            if (waitingCount[r] > 0) {
                vcAllocate(r, c);
            }
            if (sendableCount[r] > 0) {
                switchAllocate(r, c);
            }
        }
        routerCycles += routers;
        cycle = c + 1;
    }

    private void deliverCredits(int c) {
        int slot = c & wheelMask;
        int base = slot * creditCap;
        for (int i = 0; i < creditCount[slot]; i++) {
            int target = creditTarget[base + i];
            if (target < ports * vcs) {
                credit[target]++;
            } else {
                injectionCredit[target - ports * vcs]++;
            }
        }
        creditCount[slot] = 0;
    }

    private void deliverFlits(int c) {
        int slot = c & wheelMask;
        int base = slot * flitCap;
        for (int i = 0; i < flitCount[slot]; i++) {
            int target = flitTarget[base + i];
            int flit = flitValue[base + i];
            if (target >= ports * vcs) {
                eject(flit, c);
                continue;
            }
            int iv = target;
            flits[iv * buffer + (head[iv] + count[iv]) % buffer] = flit;
            count[iv]++;
            if (count[iv] == 1) {
                if (state[iv] == 0) {
                    routeHead(iv, c);
                } else if (state[iv] == 2) {
                    markSendable(iv);
                }
            }
        }
        flitCount[slot] = 0;
    }

    private void eject(int flit, int c) {
        int p = flit >>> SEQ_BITS;
        int seq = flit & SEQ_MASK;
        flitsInNetwork--;
        lastMove = c;
        stats.ejected(c);
        if (seq == pSize[p] - 1) {
            stats.retired(pCreate[p], pInject[p], c, pHops[p]);
            pNext[p] = freePacket;
            freePacket = p;
        }
    }

    /** The head flit at the front of idle input VC iv is routed; it may request a VC {@code routingDelay} later. */
    private void routeHead(int iv, int c) {
        int port = iv / vcs;
        int r = net.portRouter(port);
        int flit = flits[iv * buffer + head[iv]];
        int p = flit >>> SEQ_BITS;
        int inPort = port - net.portStart(r);
        boolean fromTerminal = net.portTerminal(port) >= 0;
        int inClass = fromTerminal ? 0 : classOfVc[iv % vcs];
        if (adaptive && fromTerminal) {
            pAux[p] = routing.decide(r, inPort, pDest[p], pAux[p], congestion);
        }
        int route = routing.route(r, inPort, inClass, pDest[p], pAux[p]);
        int cls = RoutingFunction.vcClass(route);
        outPort[iv] = net.portStart(r) + RoutingFunction.port(route);
        if (net.portTerminal(outPort[iv]) >= 0) {
            vcLow[iv] = 0;
            vcHigh[iv] = vcs - 1;
        } else {
            vcLow[iv] = classes.low(cls);
            vcHigh[iv] = classes.high(cls);
        }
        state[iv] = 1;
        waitingCount[r]++;
        ready[iv] = c + timing.routingDelay();
    }

    private void markSendable(int iv) {
        int port = iv / vcs;
        sendable[port] |= 1 << (iv - port * vcs);
        sendableCount[net.portRouter(port)]++;
    }

    private void clearSendable(int iv) {
        int port = iv / vcs;
        sendable[port] &= ~(1 << (iv - port * vcs));
        sendableCount[net.portRouter(port)]--;
    }

    private void inject(int t, int c) {
        int p = current[t];
        if (p < 0) {
            p = queueHead[t];
            if (p < 0) {
                return;
            }
            queueHead[t] = pNext[p];
            if (queueHead[t] < 0) {
                queueTail[t] = -1;
            }
            current[t] = p;
            currentSeq[t] = 0;
            currentVc[t] = -1;
        }
        int base = t * vcs;
        if (currentVc[t] < 0) {
            for (int i = 1; i <= vcs; i++) {
                int v = (lastVc[t] + i) % vcs;
                if (!injectionOwned[base + v] && injectionCredit[base + v] > 0) {
                    currentVc[t] = v;
                    lastVc[t] = v;
                    injectionOwned[base + v] = true;
                    break;
                }
            }
            if (currentVc[t] < 0) {
                return;
            }
        }
        int v = currentVc[t];
        if (injectionCredit[base + v] == 0) {
            return;
        }
        injectionCredit[base + v]--;
        int seq = currentSeq[t]++;
        if (seq == 0) {
            pInject[p] = c;
        }
        int iv = net.terminalPort(t) * vcs + v;
        sendFlit(iv, (p << SEQ_BITS) | seq, c + 1 + TERMINAL_LATENCY); // written in c, on the channel from c + 1
        flitsInNetwork++;
        lastMove = c;
        if (seq == pSize[p] - 1) {
            injectionOwned[base + v] = false;
            current[t] = -1;
        }
    }

    private void sendFlit(int target, int flit, int at) {
        int slot = at & wheelMask;
        int i = slot * flitCap + flitCount[slot]++;
        flitTarget[i] = target;
        flitValue[i] = flit;
    }

    private void sendCredit(int target, int at) {
        int slot = at & wheelMask;
        creditTarget[slot * creditCap + creditCount[slot]++] = target;
    }

    /** One iteration of iSLIP between the router's routed head flits and the free VCs of their output class. */
    private void vcAllocate(int r, int c) {
        int first = net.portStart(r);
        int radix = net.radix(r);
        int locals = radix * vcs;
        int requesters = 0;
        int touched = 0;
        // grant phase: each free output VC picks the requester next after its pointer
        for (int li = 0; li < locals; li++) {
            int iv = first * vcs + li;
            if (state[iv] != 1 || ready[iv] > c) {
                continue;
            }
            vaRequesters[requesters++] = li;
            int op = outPort[iv];
            for (int v = vcLow[iv]; v <= vcHigh[iv]; v++) {
                int ov = op * vcs + v;
                if (owner[ov] >= 0) {
                    continue;
                }
                int lo = ov - first * vcs;
                int key = cyclic(li - vaGrant[ov], locals);
                if (vaBest[lo] == 0) {
                    vaTouched[touched++] = lo;
                    vaBest[lo] = li + 1;
                } else if (key < cyclic(vaBest[lo] - 1 - vaGrant[ov], locals)) {
                    vaBest[lo] = li + 1;
                }
            }
        }
        // accept phase: each requester takes the granting output VC next after its pointer
        for (int k = 0; k < requesters; k++) {
            int li = vaRequesters[k];
            int iv = first * vcs + li;
            int op = outPort[iv];
            int best = -1;
            int bestKey = Integer.MAX_VALUE;
            for (int v = vcLow[iv]; v <= vcHigh[iv]; v++) {
                int lo = op * vcs + v - first * vcs;
                if (vaBest[lo] == li + 1) {
                    int key = cyclic(lo - vaAccept[iv], locals);
                    if (key < bestKey) {
                        bestKey = key;
                        best = lo;
                    }
                }
            }
            if (best >= 0) {
                int ov = first * vcs + best;
                owner[ov] = iv;
                outVc[iv] = ov;
                state[iv] = 2;
                waitingCount[r]--;
                markSendable(iv);
                ready[iv] = c + timing.vcAllocDelay();
                vaGrant[ov] = (li + 1) % locals;
                vaAccept[iv] = (best + 1) % locals;
            }
        }
        for (int k = 0; k < touched; k++) {
            vaBest[vaTouched[k]] = 0;
        }
    }

    /** One iteration of iSLIP between input ports and output ports; winners move one flit each. */
    private void switchAllocate(int r, int c) {
        int first = net.portStart(r);
        int radix = net.radix(r);
        int touched = 0;
        int cells = 0;
        // requests: per input port and output port, the input's VC next after its pointer that can send
        int allVcs = (1 << vcs) - 1;
        for (int in = 0; in < radix; in++) {
            int port = first + in;
            int mask = sendable[port];
            if (mask == 0) {
                continue;
            }
            int start = saVc[port];
            int rotated = start == 0 ? mask : ((mask >>> start) | (mask << (vcs - start))) & allVcs;
            while (rotated != 0) {
                int v = Integer.numberOfTrailingZeros(rotated) + start;
                rotated &= rotated - 1;
                if (v >= vcs) {
                    v -= vcs;
                }
                int iv = port * vcs + v;
                if (ready[iv] > c || credit[outVc[iv]] == 0) {
                    continue;
                }
                int out = outPort[iv] - first;
                int cell = in * maxRadix + out;
                if (saRequest[cell] == 0) {
                    saRequest[cell] = v + 1;
                    saCells[cells++] = cell;
                    // grant phase, as requests arrive: the output keeps the input next after its pointer
                    int pointer = saGrant[first + out];
                    if (saBest[out] == 0) {
                        saTouched[touched++] = out;
                        saBest[out] = in + 1;
                    } else if (cyclic(in - pointer, radix) < cyclic(saBest[out] - 1 - pointer, radix)) {
                        saBest[out] = in + 1;
                    }
                }
            }
        }
        if (touched == 0) {
            for (int k = 0; k < cells; k++) {
                saRequest[saCells[k]] = 0;
            }
            return;
        }
        // accept phase: each input port takes the granting output next after its pointer
        int winners = 0;
        for (int k = 0; k < touched; k++) {
            int out = saTouched[k];
            int in = saBest[out] - 1;
            int key = cyclic(out - saAccept[first + in], radix);
            if (accBest[in] == 0) {
                accTouched[winners++] = in;
                accBest[in] = out + 1;
                accKey[in] = key;
            } else if (key < accKey[in]) {
                accBest[in] = out + 1;
                accKey[in] = key;
            }
        }
        for (int w = 0; w < winners; w++) {
            int in = accTouched[w];
            int out = accBest[in] - 1;
            int v = saRequest[in * maxRadix + out] - 1;
            accBest[in] = 0;
            saGrant[first + out] = in + 1 == radix ? 0 : in + 1;
            saAccept[first + in] = out + 1 == radix ? 0 : out + 1;
            saVc[first + in] = v + 1 == vcs ? 0 : v + 1;
            move(r, first + in, v, c); // touches no scratch of the allocation
        }
        for (int k = 0; k < touched; k++) {
            saBest[saTouched[k]] = 0;
        }
        for (int k = 0; k < cells; k++) {
            saRequest[saCells[k]] = 0;
        }
    }

    /** The flit at the front of input VC (port, v) crosses the switch in cycle c. */
    private void move(int r, int port, int v, int c) {
        int iv = port * vcs + v;
        int flit = flits[iv * buffer + head[iv]];
        int p = flit >>> SEQ_BITS;
        boolean tail = (flit & SEQ_MASK) == pSize[p] - 1;
        head[iv] = head[iv] + 1 == buffer ? 0 : head[iv] + 1;
        if (--count[iv] == 0 || tail) {
            clearSendable(iv); // empty, or the packet's tail left: the VC is idle or waits for routing
        }
        lastMove = c;
        int ov = outVc[iv];
        int op = ov / vcs;
        // the freed slot's credit goes upstream: to the router behind the input port, or to the terminal
        int upstream = net.peerPort(port);
        if (upstream >= 0) {
            sendCredit(upstream * vcs + v, c + 1 + linkLatency + timing.creditDelay());
        } else {
            sendCredit(ports * vcs + net.portTerminal(port) * vcs + v, c + 1 + TERMINAL_LATENCY + timing.creditDelay());
        }
        int downstream = net.peerPort(op);
        if (downstream >= 0) {
            credit[ov]--;
            if ((flit & SEQ_MASK) == 0) {
                pHops[p]++;
            }
            sendFlit(downstream * vcs + (ov % vcs), flit, c + timing.forward(linkLatency));
        } else {
            sendFlit(ports * vcs + net.portTerminal(op), flit, c + timing.forward(TERMINAL_LATENCY));
        }
        if (tail) {
            owner[ov] = -1;
            state[iv] = 0;
            if (count[iv] > 0) {
                routeHead(iv, c + 1);
            }
        }
    }

    /** {@code x mod m} for x in (-m, m). */
    private static int cyclic(int x, int m) {
        return x < 0 ? x + m : x;
    }

    long routerCycles() {
        return routerCycles;
    }

    int linkLatency() {
        return linkLatency;
    }
}
