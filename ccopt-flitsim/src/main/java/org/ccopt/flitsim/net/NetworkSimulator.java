package org.ccopt.flitsim.net;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.DeadlockCheck;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunction;
import org.ccopt.routing.VcClasses;

/**
 * The flit engine over any {@link RouterPorts}: input-queued routers with V virtual channels of B flits per port,
 * wormhole switching with credit flow control, a {@link RoutingFunction} chosen by name, and a pipeline of
 * {@link RouterTiming}. In VC allocation every head flit requests all free VCs of its route's class at its output port;
 * in switch allocation each input port puts forward, per output port, its VC next after its round-robin pointer that has
 * a flit and a credit. By default both allocators are separable iSLIP allocators of one iteration (McKeown 1999), as
 * in BookSim 2's {@code iq} router: each output (VC or port) grants the requester next after its round-robin pointer,
 * each input accepts the granting output next after its own, and pointers move past a winner only. The others are
 * {@link Allocator}s chosen by BookSim's names ({@link RouterTiming#vcAllocator}, {@link RouterTiming#swAllocator}).
 *
 * <p>Terminals inject one flit per cycle into their router's terminal port, a new packet taking a free VC with a
 * credit next after the last one used; they eject into an unbounded sink. Every router decides from the state at the
 * start of a cycle and its flits and credits reach other routers one cycle or more later, so the order in which
 * routers are visited changes nothing. All state is in primitive arrays allocated at set-up (the packet table grows
 * by doubling when an open-loop run needs more); the cycle loop allocates nothing.
 *
 * <p>Layout, for speed: a VC's state, its output side's owner and credits and its buffer share one record of a
 * power-of-two number of ints, as do a port's masks and pointers and a packet's fields, so that moving a flit touches
 * a few cache lines and no integer division; VCs are numbered {@code port << vcBits | vc}. Routers with nothing to
 * allocate and terminals with nothing to send are not visited (bit sets over both, walked in ascending order, so the
 * order of visits and every result are those of a loop over all of them).
 */
public final class NetworkSimulator implements OpenLoopRouter {

    private static final int SEQ_BITS = Flits.SEQ_BITS;
    private static final int SEQ_MASK = Flits.SEQ_MASK;
    static final int MAX_PACKET_FLITS = Flits.MAX_PACKET_FLITS;
    private static final int MAX_PACKETS = Flits.MAX_PACKETS;
    /** Cycles of a terminal's injection and ejection channels (BookSim: always 1). */
    static final int TERMINAL_LATENCY = 1;

    // a VC's record in vc[], at (port << vcBits | v) << recordBits: its input side, its output side, then its buffer
    /** 0 idle, 1 routed and waiting for VC allocation, 2 holding an output VC. */
    private static final int STATE = 0;
    /** The cycle from which it may take part in the next allocation. */
    private static final int READY = 1;
    /** Routed output port (global) and the VC range of its class. */
    private static final int OUT_PORT = 2;
    private static final int VC_LOW = 3;
    private static final int VC_HIGH = 4;
    /** The output VC held, as a VC number. */
    private static final int OUT_VC = 5;
    private static final int HEAD = 6;
    private static final int COUNT = 7;
    private static final int VA_ACCEPT = 8;
    /** Output side: the input VC holding it (-1: free), its credits and its VC-allocation grant pointer. */
    private static final int OWNER = 9;
    private static final int CREDIT = 10;
    private static final int VA_GRANT = 11;
    private static final int BUFFER = 12;

    // a port's record in port[], at port << PORT_BITS
    private static final int PORT_BITS = 3;
    /** VCs holding an output VC with a flit to send, one bit each (switch allocation looks at no other). */
    private static final int SENDABLE = 0;
    /** VCs whose routed head waits for VC allocation, one bit each. */
    private static final int WAITING = 1;
    private static final int SA_GRANT = 2;
    private static final int SA_ACCEPT = 3;
    private static final int SA_VC = 4;
    private static final int ROUTER = 5;
    /** The port at the other end of its link, or -1 for a terminal's port. */
    private static final int PEER = 6;
    /** The terminal on it, or -1. */
    private static final int TERMINAL = 7;

    // a packet's record in packet[], at p << PACKET_BITS
    private static final int PACKET_BITS = 3;
    private static final int P_DEST = 0;
    private static final int P_AUX = 1;
    private static final int P_SIZE = 2;
    private static final int P_HOPS = 3;
    private static final int P_CREATE = 4;
    private static final int P_INJECT = 5;
    private static final int P_NEXT = 6;
    /** The slice of an injection plan the packet belongs to (0 in an open load). */
    private static final int P_SLICE = 7;

    private final RouterPorts net;
    private final RoutingFunction routing;
    /** {@link RoutingFunction#adaptive}: the source router consults {@link #congestion} before a packet's first route. */
    private final boolean adaptive;
    /**
     * {@link RoutingFunction#choosesEachHop}: a waiting head chooses among the function's routes again at every VC
     * allocation it takes part in ({@link #choose}).
     */
    private final boolean choosing;
    /** Iterations of each allocator (BookSim's {@code alloc_iters}). */
    private final int allocIters;
    /** The VC and switch allocators where they are not the built-in iSLIP ({@link RouterTiming#vcAllocator}), else null. */
    private final Allocator vcAllocator;
    private final Allocator swAllocator;
    /**
     * Crossbar inputs per input port ({@link RouterTiming#inputSpeedup}): VC v of a port requests on input v mod it, and
     * {@link #swAllocator} (above 1 a plug-in always) matches the split inputs, each with its VC pointer in
     * {@link #splitVc}.
     */
    private final int speedup;
    private final int[] splitVc;
    /**
     * Crossbar outputs per output port ({@link RouterTiming#outputSpeedup}): input port i requests output port o on its
     * split output o x outputSpeedup + i mod outputSpeedup, so a port takes up to that many flits a cycle into its
     * output queue ({@link #channelFree}); {@link #swAllocator} then matches the split outputs.
     */
    private final int outSpeedup;
    /**
     * Above one cycle of switch traversal ({@link RouterTiming#stDelay}): per router, the evaluation cycle and the
     * crossing cycle of its crossbar's last batch.
     */
    private final int traversal;
    private final int[] batchEval;
    private final int[] batchTime;
    /**
     * Per output port, the first cycle its channel is free again: above one cycle of traversal, and under internal or
     * output speed-up, where a port takes several flits a cycle into its output queue; else null.
     */
    private final int[] channelFree;
    /**
     * Router steps per cycle ({@link RouterTiming#internalSpeedup}): the allocation stages run at internal steps
     * t = c x internalSpeedup + k, a VC's {@code READY} counts steps, and each input port's credits go upstream one a
     * cycle ({@link #creditCycle}): per input port the step of its last credit and the first cycle the port may send
     * another (the cycle after that credit's).
     */
    private final int internalSpeedup;
    private final int[] creditStep;
    private final int[] creditFree;
    /** {@link RoutingFunction#adaptsEachHop}: a head is routed by {@link RoutingFunction#adapt}. */
    private final boolean adaptsEachHop;
    /** {@link RoutingFunction.Choice#ALLOCATOR}: a head requests the VCs of every route offered, the allocator picks. */
    private final boolean allocatorChoice;
    /**
     * Per VC, whether it is allocated only once its buffer downstream is empty: every VC under BookSim's
     * {@code wait_for_tail_credit} ({@link RouterTiming#waitForTailCredit}), else the adaptive class (0) of a function
     * that chooses each hop ({@link RoutingFunction#drainsAdaptiveVcs}). Duato's theorem (Duato 1993) assumes that a channel's queue never holds flits of two
     * packets: after a tail it empties before it takes another head. A packet waiting in an adaptive VC then waits with
     * its head at the router, where it can take the escape. Reallocated at once after a tail, as the other VCs are, a
     * packet can commit to an adaptive VC behind another packet that waits in turn, and adaptive VCs close a cycle
     * (measured: four 4-flit packets deadlocked on {@code torus:8x8} under {@code min-adaptive-dor} and a permutation).
     */
    private final boolean[] atomicVc;
    /** Scratch of {@link #choose}: the routes the function offers. */
    private final int[] alternatives;
    /** An output port's flits not yet credited back, summed over its VCs (a terminal's port: 0). */
    private final RoutingFunction.Congestion congestion;
    private final RouterTiming timing;
    private final int vcs;
    private final int buffer;
    private final VcClasses classes;
    /**
     * Per run: the first VC of the replies' half ({@link RequestReply}), or V where a run has no replies; the classes of
     * the routing function within the lower half (all VCs without replies) and within the upper half.
     */
    private int split;
    private VcClasses lowHalf;
    private VcClasses highHalf;
    private final int ports;
    private final int terminals;
    private final int routers;
    private final int maxRadix;
    private final int linkLatency;
    /** The longest channel latency (links and terminal channels), which a stall must outlast to be a deadlock. */
    private final int slowest;
    /** Per VC, its class within its half ({@link #split}). */
    private final int[] classOfVc;
    private final int vcBits;
    private final int vcMask;
    private final int recordBits;
    private final int routingDelay;
    private final int vcAllocDelay;
    private final int swAllocDelay;
    /**
     * Per output port, cycles from a switch grant to the flit's arrival over its channel: its link to a router, or its
     * terminal's ejection channel.
     */
    private final int[] flitLink;
    /**
     * Per input port, cycles from a move to its credit's arrival upstream over the channel it came in on (BookSim's
     * credits follow their channel's latency): from a router, or its terminal's injection channel.
     */
    private final int[] creditLink;
    /** Per terminal, cycles from writing a flit to its arrival at its router (1 + its channel's latency). */
    private final int[] injectDelay;

    private final int[] vc;
    private final int[] port;
    private final int[] firstPort;
    /** Per router, {@code words} longs of port bits: ports with a sendable VC, ports with a waiting VC. */
    private final int words;
    private final long[] sendPorts;
    private final long[] waitPorts;
    /** Routers that may have something to allocate, terminals with a packet to inject: one bit each. */
    private final long[] activeRouters;
    private final long[] busyTerminals;

    // event wheels: flits to input VCs (or terminal sinks, ~terminal), credits to output VCs (or terminals' injection
    // VCs, ~(terminal * vcs + vc)); a flit event is (target, flit)
    private final int wheelMask;
    /** Events a wheel slot can hold: one per port and terminal. */
    private final int eventCap;
    private final int[] flitEvents;
    private final int[] flitCount;
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

    private int[] packet = new int[0];
    private int freePacket = -1;
    private int packetCapacity;

    // request-reply runs ({@link RequestReply}; else null): per packet slot its kind (and MEASURED) and, for a request,
    // its source; per terminal its replies to send, before its requests
    private static final int MEASURED = 8;
    private static final int KIND = 7;
    private RequestReply requestReply;
    private int[] packetKind;
    private int[] packetSource;
    private final int[] replyHead;
    private final int[] replyTail;
    /**
     * The requests whose tails were ejected in this cycle, to be answered at its end (BookSim retires a flit after its
     * injection step, so a reply leaves in the next cycle at the earliest): packed as terminal, source, kind, one each.
     */
    private final int[] answers;
    private int answerCount;

    // scratch of one router's allocation
    private final int[] vaRequesters;
    private final int[] vaBest;
    private final int[] vaTouched;
    /** Under {@link #allocatorChoice}, requester k's routes from {@code k * (maxRadix + 1)}, and their count at k. */
    private final int[] vaRoutes;
    private final int[] vaRouteCount;
    private final int[] saRequest;
    private final int[] saCells;
    private final int[] saBest;
    private final int[] saTouched;
    private final int[] accBest;
    private final int[] accKey;
    private final int[] accTouched;
    /** Per local port in a switch allocation: 1 where the input is matched, 2 where the output is. */
    private final int[] saMatched;
    /** The requests of a conflict-free switch allocation: input, VC and output of each. */
    private final int[] oneIn;
    private final int[] oneVc;
    private final int[] oneOut;

    // run state
    private int cycle;
    private long routerCycles;
    private long flitsInNetwork;
    private int lastMove;
    private final Stats stats = new Stats();
    /** Told of every head flit routed, or null. */
    private RouteObserver routeObserver;
    /** Told of every flit that leaves for another router and of every blocked output port, or null. */
    private LinkObserver linkObserver;
    /** Per port, the last cycle it sent a flit or was reported blocked (with a link observer only). */
    private int[] portSent;
    private int[] portBlocked;
    /** Per-packet values of the routing function ({@link RoutingFunction#prepare}), one stream per run. */
    private SplittableRandom routeStream = new SplittableRandom(0);
    /** The packets watched ({@link #watch}), or null; then each packet slot's number in creation order, and the count. */
    private PacketWatch watch;
    private int[] packetNumber;
    private int packetsCreated;

    /**
     * An engine for {@code net} with {@code vcs} VCs of {@code bufferFlits} flits per port; proves the routing
     * function deadlock free ({@link DeadlockCheck}) and fails with one line where it is not or needs more VCs.
     */
    public NetworkSimulator(RouterPorts net, RoutingFunction routing, RouterTiming timing, int vcs, int bufferFlits) {
        if (bufferFlits < 1) {
            throw new InvalidInputException("buffer size " + bufferFlits + " is invalid; expected >= 1 flit");
        }
        if (vcs > 31) {
            throw new InvalidInputException(vcs + " virtual channels per port; at most 31 are supported");
        }
        this.net = net;
        this.routing = routing;
        this.adaptive = routing.adaptive();
        this.choosing = routing.choosesEachHop();
        this.allocatorChoice = choosing && routing.choice() == RoutingFunction.Choice.ALLOCATOR;
        this.adaptsEachHop = routing.adaptsEachHop();
        this.allocIters = timing.allocIters();
        this.timing = timing;
        this.vcs = vcs;
        this.buffer = bufferFlits;
        this.classes = routing.split(vcs);
        DeadlockCheck.check(net, routing);
        ports = net.ports();
        terminals = net.terminals();
        routers = net.routers();
        maxRadix = net.maxRadix();
        alternatives = new int[maxRadix + 1];
        vcAllocator = Allocator.create(timing.vcAllocator(), routers, maxRadix * vcs, allocIters);
        traversal = timing.stDelay();
        batchEval = traversal > 1 ? new int[routers] : null;
        batchTime = traversal > 1 ? new int[routers] : null;
        internalSpeedup = timing.internalSpeedup();
        outSpeedup = timing.outputSpeedup();
        channelFree = traversal > 1 || internalSpeedup > 1 || outSpeedup > 1 ? new int[net.ports()] : null; // one at most
        creditStep = new int[internalSpeedup > 1 ? net.ports() : 0];
        creditFree = new int[creditStep.length];
        speedup = timing.inputSpeedup();
        // split ports: one-iteration iSLIP as a plug-in, a separable output-first allocator (the same matching)
        String sw = (speedup > 1 || outSpeedup > 1) && timing.swAllocator().equals(Allocator.ISLIP)
                ? "separable_output_first" : timing.swAllocator();
        swAllocator = Allocator.create(sw, routers, maxRadix * Math.max(speedup, outSpeedup), allocIters);
        splitVc = new int[swAllocator != null ? net.ports() * speedup : 0];
        if (vcAllocator != null && allocatorChoice) {
            throw new InvalidInputException("VC allocator " + timing.vcAllocator() + " cannot run routing function "
                    + routing.name() + ": BookSim weighs its requests by the routing function's priorities, which only "
                    + Allocator.ISLIP + " ignores; expected VC allocator " + Allocator.ISLIP);
        }
        linkLatency = timing.linkLatency(net.topology());
        classOfVc = new int[vcs];
        atomicVc = new boolean[vcs];
        useHalves(null);
        vcBits = bitsFor(vcs);
        vcMask = (1 << vcBits) - 1;
        recordBits = bitsFor(BUFFER + bufferFlits);
        routingDelay = timing.routingDelay();
        vcAllocDelay = timing.vcAllocDelay();
        swAllocDelay = timing.swAllocDelay();
        flitLink = new int[ports];
        creditLink = new int[ports];
        injectDelay = new int[net.terminals()];
        int longestLink = TERMINAL_LATENCY;
        for (int q = 0; q < ports; q++) {
            int here = net.routerNode(net.portRouter(q));
            if (net.peerPort(q) >= 0) { // flits out of q over the channel to the peer, credits back over the peer's to q
                int there = net.routerNode(net.portRouter(net.peerPort(q)));
                int out = timing.latency(net.topology(), here, there);
                int in = timing.latency(net.topology(), there, here);
                flitLink[q] = timing.forward(out);
                creditLink[q] = timing.credit(in);
                longestLink = Math.max(longestLink, Math.max(out, in));
            } else if (net.portTerminal(q) >= 0) { // a terminal's channels, both ways
                int t = net.portTerminal(q);
                int latency = timing.terminalLatency(net.topology(), t, here);
                flitLink[q] = timing.forward(latency);
                creditLink[q] = timing.credit(latency);
                injectDelay[t] = 1 + latency;
                longestLink = Math.max(longestLink, latency);
            }
        }
        slowest = longestLink;
        long records = (long) ports << vcBits << recordBits;
        if (records > Integer.MAX_VALUE - 8) {
            throw new InvalidInputException(ports + " ports x " + vcs + " VCs x " + bufferFlits + " flits is too large for one "
                    + "engine; expected at most 2^31 ints of VC state (fewer VCs or smaller buffers)");
        }
        vc = new int[(int) records];
        port = new int[ports << PORT_BITS];
        for (int q = 0; q < ports; q++) {
            port[(q << PORT_BITS) + ROUTER] = net.portRouter(q);
            port[(q << PORT_BITS) + PEER] = net.peerPort(q);
            port[(q << PORT_BITS) + TERMINAL] = net.portTerminal(q);
        }
        firstPort = new int[routers + 1];
        for (int r = 0; r <= routers; r++) {
            firstPort[r] = r < routers ? net.portStart(r) : ports;
        }
        words = (maxRadix + 63) >>> 6;
        sendPorts = new long[routers * words];
        waitPorts = new long[routers * words];
        activeRouters = new long[(routers + 63) >>> 6];
        busyTerminals = new long[(terminals + 63) >>> 6];
        // the wheels must span the longest delay ahead: a flit over a link, or a credit over a link or a terminal channel
        int longest = Math.max(timing.forward(slowest), timing.credit(slowest));
        if (internalSpeedup > 1 || outSpeedup > 1) { // an output queue, an input port's credits: a cycle a flit buffered
            longest += vcs * bufferFlits;
        }
        int wheel = Integer.highestOneBit(longest) << 1;
        wheelMask = wheel - 1;
        eventCap = ports + terminals;
        flitEvents = new int[2 * wheel * eventCap];
        flitCount = new int[wheel];
        creditTarget = new int[wheel * eventCap];
        creditCount = new int[wheel];
        queueHead = new int[terminals];
        queueTail = new int[terminals];
        replyHead = new int[terminals];
        replyTail = new int[terminals];
        answers = new int[3 * terminals];
        current = new int[terminals];
        currentSeq = new int[terminals];
        currentVc = new int[terminals];
        lastVc = new int[terminals];
        injectionOwned = new boolean[terminals * vcs];
        injectionCredit = new int[terminals * vcs];
        int local = maxRadix * vcs;
        vaRequesters = new int[local];
        vaBest = new int[local];
        vaTouched = new int[local];
        vaRoutes = new int[allocatorChoice ? local * (maxRadix + 1) : 0];
        vaRouteCount = new int[allocatorChoice ? local : 0];
        saRequest = new int[maxRadix * speedup * maxRadix * outSpeedup];
        saCells = new int[maxRadix * speedup * maxRadix * outSpeedup];
        saBest = new int[maxRadix];
        saTouched = new int[maxRadix];
        accBest = new int[maxRadix];
        accKey = new int[maxRadix];
        accTouched = new int[maxRadix];
        saMatched = new int[maxRadix];
        oneIn = new int[maxRadix];
        oneVc = new int[maxRadix];
        oneOut = new int[maxRadix];
        growPackets(1024);
        congestion = q -> {
            if (port[(q << PORT_BITS) + TERMINAL] >= 0) {
                return 0;
            }
            int used = 0;
            for (int v = 0; v < vcs; v++) {
                used += buffer - vc[record(q, v) + CREDIT];
            }
            return used;
        };
    }

    /**
     * The VC halves of a run of {@code rr} (null: none, every VC in one): requests on VCs 0 .. V/2 - 1 and replies on
     * V/2 .. V - 1, the routing function's classes split within each ({@link RequestReply}); one line where a half has
     * fewer VCs than the function has classes.
     */
    private void useHalves(RequestReply rr) {
        requestReply = rr;
        if (rr == null) {
            split = vcs;
            lowHalf = classes;
            highHalf = classes;
        } else {
            if (vcs / 2 < classes.classes()) {
                throw new InvalidInputException("--request-reply splits the " + vcs + " VCs into halves for requests and "
                        + "replies, and routing function " + routing.name() + " needs " + classes.classes() + " VC classes in "
                        + "each; expected --vcs " + 2 * classes.classes() + " or more");
            }
            split = vcs / 2;
            lowHalf = routing.split(split);
            highHalf = routing.split(vcs - split);
        }
        for (int v = 0; v < vcs; v++) {
            classOfVc[v] = v < split ? lowHalf.classOf(v) : highHalf.classOf(v - split);
            atomicVc[v] = timing.waitForTailCredit() || choosing && routing.drainsAdaptiveVcs() && classOfVc[v] == 0;
        }
    }

    /** Bits of the smallest power of two >= n. */
    private static int bitsFor(int n) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(n, 1) - 1);
    }

    /** The record of VC v of port q. */
    private int record(int q, int v) {
        return ((q << vcBits) | v) << recordBits;
    }

    public RouterPorts network() {
        return net;
    }

    public RoutingFunction routing() {
        return routing;
    }

    /**
     * Told of every hop a packet's head flit is routed, as it is routed: the router, the global output port it requests
     * (a terminal's port at the destination's router) and the packet's destination terminal.
     */
    public interface RouteObserver {
        void routed(int router, int outPort, int destination);
    }

    /** Attaches {@code observer} to every later run (null detaches it); returns this engine. */
    public NetworkSimulator observeRoutes(RouteObserver observer) {
        this.routeObserver = observer;
        return this;
    }

    /**
     * Told, cycle by cycle, what the links between routers carry: every flit that wins the switch towards another
     * router (in the cycle it wins it), and every output port to another router that sends nothing in a cycle although
     * one of its input VCs holds an output VC there with a flit ready and that output VC has no credit (the "blocked"
     * cells of Yokota et al. 2023, Fig. 6). Ports are the network's global ports ({@link RouterPorts}).
     */
    public interface LinkObserver {
        void flit(int cycle, int port, int slice);

        void blocked(int cycle, int port);
    }

    /**
     * Attaches {@code observer} to every later run (null detaches it); returns this engine. Observing costs a scan of
     * every VC a cycle, for the blocked ports: meant for the small runs one draws.
     */
    public NetworkSimulator observeLinks(LinkObserver observer) {
        this.linkObserver = observer;
        if (observer != null && portSent == null) {
            portSent = new int[ports];
            portBlocked = new int[ports];
        }
        return this;
    }

    /** Records the life of the packets {@code w} names in the next runs ({@link PacketWatch}); null stops watching. */
    public NetworkSimulator watch(PacketWatch w) {
        this.watch = w;
        packetNumber = w == null ? null : new int[packetCapacity];
        return this;
    }

    /** Whether the packet in slot {@code p} is watched. */
    private boolean watched(int p) {
        return watch != null && watch.watches(packetNumber[p]);
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
        return runPlan(destination, 1, packetsPerTerminal, packetFlits, 0, new int[terminals], seed, Integer.MAX_VALUE);
    }

    /**
     * A closed batch under an injection plan (the traffic of Cup-Stacking, Yokota et al. 2023, §5.3): every terminal t
     * sends {@code slices} slices of {@code packetsPerSlice} packets to {@code destination[t]} (none when it is t
     * itself), slice s released into its source queue at cycle s V + I_t ({@code interval} V, {@code delay} I); a packet
     * is created when its slice is released. Returns the batch's statistics, its duration the cycle after the last
     * ejection, or null where the batch is still running after {@code cycleLimit} cycles.
     */
    public OpenLoopResult runPlan(int[] destination, int slices, int packetsPerSlice, int packetFlits, int interval,
                                  int[] delay, long seed, int cycleLimit) {
        if (destination.length != terminals || delay.length != terminals) {
            throw new InvalidInputException("pattern for " + destination.length + " terminals; the network has " + terminals);
        }
        if (slices < 1 || packetsPerSlice < 1 || interval < 0) {
            throw new InvalidInputException(slices + " slices of " + packetsPerSlice + " packets at interval " + interval
                    + " are invalid; expected >= 1, >= 1 and >= 0");
        }
        checkPacket(packetFlits);
        reset(seed, null);
        long total = 0;
        int[] nextSlice = new int[terminals];
        int due = Integer.MAX_VALUE; // the earliest release not yet made
        for (int t = 0; t < terminals; t++) {
            if (destination[t] < 0 || destination[t] >= terminals || delay[t] < 0) {
                throw new InvalidInputException("destination " + destination[t] + " and delay " + delay[t] + " of terminal "
                        + t + " are invalid; expected 0.." + (terminals - 1) + " and >= 0");
            }
            if (destination[t] == t) {
                nextSlice[t] = slices;
            } else {
                total += (long) slices * packetsPerSlice;
                due = Math.min(due, delay[t]);
            }
        }
        stats.window(0, Integer.MAX_VALUE);
        int horizon = deadlockHorizon();
        while (stats.retired() < total) {
            if (cycle >= due) {
                due = Integer.MAX_VALUE;
                for (int t = 0; t < terminals; t++) {
                    for (; nextSlice[t] < slices && (long) nextSlice[t] * interval + delay[t] <= cycle; nextSlice[t]++) {
                        for (int k = 0; k < packetsPerSlice; k++) {
                            enqueue(t, destination[t], packetFlits, cycle, nextSlice[t]);
                        }
                    }
                    if (nextSlice[t] < slices) {
                        due = (int) Math.min(due, (long) nextSlice[t] * interval + delay[t]);
                    }
                }
            }
            if (cycle >= cycleLimit) {
                return null;
            }
            step();
            if (cycle - lastMove > horizon && (flitsInNetwork > 0 || due == Integer.MAX_VALUE)) {
                throw deadlock();
            }
        }
        return stats.result(terminals, routerCycles, 0, cycle, true, cycle);
    }

    /**
     * An open-loop run at {@code rate} flits per terminal per cycle: packets are generated from cycle 0 on, those
     * generated in {@code [warmup, warmup + window)} are measured, and the run goes on (still injecting) until every
     * measured packet is ejected, or for at most {@code drainLimit} cycles after the window, after which the load is
     * unstable. Throughputs are counted over the window.
     */
    @Override
    public OpenLoopResult runOpenLoop(OpenLoopTraffic traffic, int warmup, int window, int drainLimit, long seed) {
        checkPacket(traffic.maxPacketFlits());
        if (warmup < 0 || window < 1 || drainLimit < 0 || (long) warmup + window + drainLimit > Integer.MAX_VALUE / 2) {
            throw new InvalidInputException("warm-up " + warmup + ", window " + window + ", drain " + drainLimit
                    + " cycles are invalid; expected warm-up >= 0, window >= 1, drain >= 0, together at most "
                    + Integer.MAX_VALUE / 2);
        }
        reset(seed, traffic.requestReply());
        OpenLoopSource source = new OpenLoopSource(traffic, terminals, seed);
        int end = warmup + window;
        stats.window(warmup, end);
        boolean drained = false;
        int horizon = deadlockHorizon();
        while (!full()) { // a backlog of 2^20 packets is far past saturation: unstable
            if (cycle >= end && stats.measuredLeft() == 0) {
                drained = true;
                break;
            }
            if (cycle >= end + drainLimit) {
                break;
            }
            for (int t = 0; t < terminals; t++) {
                int d = source.next(t, cycle);
                if (d >= 0 && !full()) {
                    int size = source.size();
                    if (requestReply == null) {
                        enqueue(t, d, size, cycle, 0);
                    } else {
                        request(t, d, size, source.requestKind(), cycle);
                    }
                }
            }
            step();
            if (flitsInNetwork > 0 && cycle - lastMove > horizon) {
                throw deadlock();
            }
        }
        return stats.result(terminals, routerCycles, warmup, end, drained, cycle);
    }

    private int deadlockHorizon() {
        return 10_000 + 64 * buffer + 2 * slowest;
    }

    /**
     * No flit moved for the deadlock horizon: the input VCs holding flits (the first eight), as the papers' router
     * reports its blocked queues. Its routing function was proved deadlock free at set-up, so this is the engine's
     * fault, and it says so, unless the function reallocates adaptive VCs before they drain, which the proof does not
     * cover ({@link RoutingFunction#drainsAdaptiveVcs}).
     */
    private DeadlockException deadlock() {
        StringBuilder s = new StringBuilder();
        int listed = 0;
        for (int q = 0; q < ports && listed < 8; q++) {
            for (int v = 0; v < vcs && listed < 8; v++) {
                int count = vc[record(q, v) + COUNT];
                if (count > 0) {
                    int r = port[(q << PORT_BITS) + ROUTER];
                    s.append(listed++ == 0 ? "" : ", ").append("router ").append(r).append(" port ").append(q - firstPort[r])
                            .append(" vc ").append(v).append(" (").append(count).append(" flits)");
                }
            }
        }
        String why = choosing && !routing.drainsAdaptiveVcs() ? ", which reallocates an adaptive VC before it drains, as "
                + "BookSim 2 does; Duato's theorem does not cover that (the functions that drain it do)"
                : ", which was proved deadlock free: a fault of the engine";
        return new DeadlockException(cycle, s + " under routing '" + routing.name() + "'" + why, List.of());
    }

    private void checkPacket(int packetFlits) {
        if (packetFlits < 1 || packetFlits > MAX_PACKET_FLITS) {
            throw new InvalidInputException("packet size " + packetFlits + " flits is invalid; expected 1.." + MAX_PACKET_FLITS);
        }
    }

    /** Back to an empty network and the start of a run, drawing from {@code seed}, with replies under {@code rr}. */
    private void reset(long seed, RequestReply rr) {
        useHalves(rr);
        if (rr == null) {
            packetKind = null;
            packetSource = null;
        } else if (packetKind == null || packetKind.length < packetCapacity) {
            packetKind = new int[packetCapacity];
            packetSource = new int[packetCapacity];
        }
        Arrays.fill(replyHead, -1);
        Arrays.fill(replyTail, -1);
        answerCount = 0;
        cycle = 0;
        routerCycles = 0;
        flitsInNetwork = 0;
        lastMove = 0;
        Arrays.fill(vc, 0);
        for (int q = 0; q < ports; q++) {
            int c = port[(q << PORT_BITS) + TERMINAL] >= 0 ? Integer.MAX_VALUE / 2 : buffer; // a terminal's sink takes everything
            for (int v = 0; v < vcs; v++) {
                vc[record(q, v) + OWNER] = -1;
                vc[record(q, v) + CREDIT] = c;
            }
            Arrays.fill(port, q << PORT_BITS, (q << PORT_BITS) + ROUTER, 0); // masks and pointers; the wiring after stays
        }
        Arrays.fill(sendPorts, 0);
        Arrays.fill(waitPorts, 0);
        Arrays.fill(activeRouters, 0);
        Arrays.fill(busyTerminals, 0);
        Arrays.fill(flitCount, 0);
        Arrays.fill(creditCount, 0);
        Arrays.fill(queueHead, -1);
        Arrays.fill(queueTail, -1);
        Arrays.fill(current, -1);
        Arrays.fill(currentVc, -1);
        Arrays.fill(lastVc, vcs - 1);
        Arrays.fill(injectionOwned, false);
        Arrays.fill(injectionCredit, buffer);
        if (portSent != null) {
            Arrays.fill(portSent, -1);
            Arrays.fill(portBlocked, -1);
        }
        for (int i = 0; i < packetCapacity; i++) {
            packet[(i << PACKET_BITS) + P_NEXT] = i + 1 < packetCapacity ? i + 1 : -1;
        }
        freePacket = 0;
        routeStream = new SplittableRandom(seed * 31 + 7);
        packetsCreated = 0;
        if (watch != null) {
            watch.clear();
        }
        if (vcAllocator != null) {
            vcAllocator.reset(seed);
        }
        if (swAllocator != null) {
            swAllocator.reset(seed + 1);
        }
        for (int i = 0; i < splitVc.length; i++) {
            splitVc[i] = i % speedup; // BookSim starts split input i's pointer at i mod input_speedup
        }
        if (batchEval != null) {
            Arrays.fill(batchEval, Integer.MIN_VALUE / 2);
            Arrays.fill(batchTime, Integer.MIN_VALUE / 2);
        }
        if (channelFree != null) {
            Arrays.fill(channelFree, 0);
        }
        Arrays.fill(creditStep, -1);
        Arrays.fill(creditFree, 0);
        stats.reset();
    }

    private void growPackets(int capacity) {
        int old = packetCapacity;
        packet = Arrays.copyOf(packet, capacity << PACKET_BITS);
        if (packetNumber != null) {
            packetNumber = Arrays.copyOf(packetNumber, capacity);
        }
        if (packetKind != null) {
            packetKind = Arrays.copyOf(packetKind, capacity);
            packetSource = Arrays.copyOf(packetSource, capacity);
        }
        for (int i = old; i < capacity; i++) {
            packet[(i << PACKET_BITS) + P_NEXT] = i + 1 < capacity ? i + 1 : freePacket;
        }
        freePacket = old;
        packetCapacity = capacity;
    }

    /** No packet slot is free and the table cannot grow. */
    private boolean full() {
        return freePacket < 0 && packetCapacity >= MAX_PACKETS;
    }

    /** A packet created at {@code source} in cycle {@code created}, at the end of its source queue. */
    private void enqueue(int source, int dest, int size, int created, int slice) {
        int p = newPacket(source, dest, size, created, slice);
        if (queueTail[source] < 0) {
            queueHead[source] = p;
        } else {
            packet[(queueTail[source] << PACKET_BITS) + P_NEXT] = p;
        }
        queueTail[source] = p;
        stats.created(created, size);
    }

    /** A request of {@code kind} ({@link RequestReply}) created at {@code source}, at the end of its source queue. */
    private void request(int source, int dest, int size, int kind, int created) {
        enqueue(source, dest, size, created, 0);
        int p = queueTail[source];
        packetKind[p] = kind | (stats.measures(created) ? MEASURED : 0);
        packetSource[p] = source;
    }

    /**
     * The reply of terminal {@code source} to a request of {@code kind} from {@code dest}, created in cycle c, measured
     * where the request was or where c is in the window; it is sent before the terminal's requests.
     */
    private void reply(int source, int dest, int kind, boolean requestMeasured, int c) {
        int kindOfReply = RequestReply.replyTo(kind & KIND);
        int size = requestReply.size(kindOfReply);
        int p = newPacket(source, dest, size, c, 0);
        boolean measured = requestMeasured || stats.measures(c);
        packetKind[p] = kindOfReply | (measured ? MEASURED : 0);
        if (replyTail[source] < 0) {
            replyHead[source] = p;
        } else {
            packet[(replyTail[source] << PACKET_BITS) + P_NEXT] = p;
        }
        replyTail[source] = p;
        stats.created(c, size, measured);
    }

    /** A packet slot for a new packet from {@code source}, its fields set, its terminal marked as having one to send. */
    private int newPacket(int source, int dest, int size, int created, int slice) {
        if (freePacket < 0) {
            if (packetCapacity >= MAX_PACKETS) {
                throw new InvalidInputException("more than " + packetCapacity + " packets in flight or queued; the offered "
                        + "load is far beyond saturation; lower the rate or the drain limit");
            }
            growPackets(Math.min(packetCapacity * 2, MAX_PACKETS));
        }
        int p = freePacket;
        int pb = p << PACKET_BITS;
        freePacket = packet[pb + P_NEXT];
        packet[pb + P_DEST] = dest;
        packet[pb + P_CREATE] = created;
        packet[pb + P_INJECT] = -1;
        packet[pb + P_HOPS] = 0;
        packet[pb + P_SIZE] = size;
        packet[pb + P_AUX] = routing.prepare(source, dest, routeStream);
        packet[pb + P_NEXT] = -1;
        packet[pb + P_SLICE] = slice;
        busyTerminals[source >>> 6] |= 1L << source;
        if (watch != null) {
            packetNumber[p] = packetsCreated++;
            if (watched(p)) {
                watch.record(created, packetNumber[p], PacketWatch.Event.CREATED, net.terminalRouter(source), -1, -1);
            }
        }
        return p;
    }

    /** One cycle: deliveries, injection, then every router's allocation. */
    private void step() {
        int c = cycle;
        deliverCredits(c);
        deliverFlits(c);
        for (int w = 0; w < busyTerminals.length; w++) {
            for (long bits = busyTerminals[w]; bits != 0; bits &= bits - 1) {
                inject((w << 6) + Long.numberOfTrailingZeros(bits), c);
            }
        }
        for (int i = 0; i < answerCount; i += 3) {
            reply(answers[i], answers[i + 1], answers[i + 2], (answers[i + 2] & MEASURED) != 0, c);
        }
        answerCount = 0;
        for (int t = c * internalSpeedup, end = t + internalSpeedup; t < end; t++) {
            for (int w = 0; w < activeRouters.length; w++) {
                for (long bits = activeRouters[w]; bits != 0; bits &= bits - 1) {
                    int r = (w << 6) + Long.numberOfTrailingZeros(bits);
                    if (any(waitPorts, r)) {
                        vcAllocate(r, t);
                    }
                    if (any(sendPorts, r)) {
                        switchAllocate(r, t);
                    }
                    if (!any(waitPorts, r) && !any(sendPorts, r)) {
                        activeRouters[w] &= ~(1L << r);
                    }
                }
            }
        }
        if (linkObserver != null) {
            observeBlocked(c);
        }
        routerCycles += routers;
        cycle = c + 1;
    }

    /** Tells the link observer of every output port to a router that is blocked in cycle c ({@link LinkObserver}). */
    private void observeBlocked(int c) {
        for (int q = 0; q < ports; q++) {
            for (int v = 0; v < vcs; v++) {
                int b = record(q, v);
                if (vc[b + STATE] != 2 || vc[b + COUNT] == 0 || vc[b + READY] > (c + 1) * internalSpeedup - 1) {
                    continue;
                }
                int ov = vc[b + OUT_VC];
                int out = ov >>> vcBits;
                if (port[(out << PORT_BITS) + PEER] >= 0 && vc[(ov << recordBits) + CREDIT] == 0 && portSent[out] != c
                        && portBlocked[out] != c) {
                    portBlocked[out] = c;
                    linkObserver.blocked(c, out);
                }
            }
        }
    }

    /** Whether router r has a port bit set in {@code mask}. */
    private boolean any(long[] mask, int r) {
        if (words == 1) {
            return mask[r] != 0;
        }
        for (int i = r * words, end = i + words; i < end; i++) {
            if (mask[i] != 0) {
                return true;
            }
        }
        return false;
    }

    private void deliverCredits(int c) {
        int slot = c & wheelMask;
        int base = slot * eventCap;
        for (int i = base, end = base + creditCount[slot]; i < end; i++) {
            int target = creditTarget[i];
            if (target >= 0) {
                vc[(target << recordBits) + CREDIT]++;
            } else {
                injectionCredit[~target]++;
            }
        }
        creditCount[slot] = 0;
    }

    private void deliverFlits(int c) {
        int slot = c & wheelMask;
        int base = 2 * slot * eventCap;
        for (int i = base, end = base + 2 * flitCount[slot]; i < end; i += 2) {
            int target = flitEvents[i];
            int flit = flitEvents[i + 1];
            if (target < 0) {
                eject(flit, c);
                continue;
            }
            int b = target << recordBits;
            int at = vc[b + HEAD] + vc[b + COUNT];
            vc[b + BUFFER + (at >= buffer ? at - buffer : at)] = flit;
            if (++vc[b + COUNT] == 1) {
                int state = vc[b + STATE];
                if (state == 0) {
                    routeHead(target >>> vcBits, target & vcMask, c * internalSpeedup);
                } else if (state == 2) {
                    markSendable(target >>> vcBits, target & vcMask);
                }
            }
        }
        flitCount[slot] = 0;
    }

    private void eject(int flit, int c) {
        int pb = (flit >>> SEQ_BITS) << PACKET_BITS;
        int seq = flit & SEQ_MASK;
        flitsInNetwork--;
        lastMove = c;
        stats.ejected(c);
        if (seq == packet[pb + P_SIZE] - 1) {
            int p = flit >>> SEQ_BITS;
            if (watch != null && watched(p)) {
                watch.record(c, packetNumber[p], PacketWatch.Event.EJECTED, net.terminalRouter(packet[pb + P_DEST]), -1, -1);
            }
            if (requestReply == null) {
                stats.retired(packet[pb + P_CREATE], packet[pb + P_INJECT], c, packet[pb + P_HOPS]);
            } else {
                retireAnswering(p, pb, c);
            }
            packet[pb + P_NEXT] = freePacket;
            freePacket = p;
        }
    }

    /**
     * Packet p (its record at pb) retired in cycle c under request-reply: measured where its kind says, and a request
     * queued to be answered at the end of the cycle ({@link #answers}).
     */
    private void retireAnswering(int p, int pb, int c) {
        int kind = packetKind[p];
        stats.retired((kind & MEASURED) != 0, packet[pb + P_CREATE], packet[pb + P_INJECT], c, packet[pb + P_HOPS]);
        if (!RequestReply.isReply(kind & KIND)) {
            answers[answerCount++] = packet[pb + P_DEST];
            answers[answerCount++] = packetSource[p];
            answers[answerCount++] = kind;
        }
    }

    /** The head flit at the front of idle input VC v of port q is routed; it may request a VC {@code routingDelay} later. */
    private void routeHead(int q, int v, int t) {
        int b = record(q, v);
        int pq = q << PORT_BITS;
        int r = port[pq + ROUTER];
        int first = firstPort[r];
        int pb = (vc[b + BUFFER + vc[b + HEAD]] >>> SEQ_BITS) << PACKET_BITS;
        int inPort = q - first;
        boolean fromTerminal = port[pq + TERMINAL] >= 0;
        int inClass = fromTerminal ? 0 : classOfVc[v];
        if (adaptive && fromTerminal) {
            packet[pb + P_AUX] = routing.decide(r, inPort, packet[pb + P_DEST], packet[pb + P_AUX], congestion);
        }
        int route = choosing ? choose(first, r, inPort, inClass, packet[pb + P_DEST], packet[pb + P_AUX], v)
                : adaptsEachHop ? routing.adapt(r, inPort, inClass, packet[pb + P_DEST], packet[pb + P_AUX], congestion,
                routeStream) : routing.route(r, inPort, inClass, packet[pb + P_DEST], packet[pb + P_AUX]);
        if (routeObserver != null) {
            routeObserver.routed(r, first + RoutingFunction.port(route), packet[pb + P_DEST]);
        }
        setRoute(b, first, route, v);
        vc[b + STATE] = 1;
        vc[b + READY] = after(t, routingDelay);
        if (watch != null && watched(pb >>> PACKET_BITS)) {
            watch.record(cycleOf(t), packetNumber[pb >>> PACKET_BITS], PacketWatch.Event.ROUTED, r, RoutingFunction.port(route), -1);
        }
        setBit(q, v, WAITING, waitPorts);
    }

    /**
     * Input VC v, of record b, requests {@code route} (local port, class) of its router, whose first port is first: the
     * VCs of the route's class in v's half ({@link #split}).
     */
    private void setRoute(int b, int first, int route, int v) {
        int out = first + RoutingFunction.port(route);
        vc[b + OUT_PORT] = out;
        vc[b + VC_LOW] = lowVc(out, route, v);
        vc[b + VC_HIGH] = highVc(out, route, v);
    }

    /**
     * The route a head takes among those the function offers ({@link RoutingFunction#alternatives}): the adaptive one
     * whose output port has the fewest flits not yet credited back among those with a free VC of its class (the first on
     * a tie), else the escape route (the last) where a VC of its class is free, else the first, to choose again at the
     * next VC allocation.
     */
    private int choose(int first, int r, int inPort, int inClass, int dest, int aux, int v) {
        int n = routing.alternatives(r, inPort, inClass, dest, aux, alternatives);
        if (n == 1) {
            return alternatives[0];
        }
        int best = -1;
        int bestLoad = Integer.MAX_VALUE;
        for (int i = 0; i < n - 1; i++) {
            int out = first + RoutingFunction.port(alternatives[i]);
            if (freeVc(out, RoutingFunction.vcClass(alternatives[i]), v)) {
                int load = congestion.occupancy(out);
                if (load < bestLoad) {
                    best = i;
                    bestLoad = load;
                }
            }
        }
        if (best >= 0) {
            return alternatives[best];
        }
        int escape = alternatives[n - 1];
        return freeVc(first + RoutingFunction.port(escape), RoutingFunction.vcClass(escape), v) ? escape : alternatives[0];
    }

    /**
     * Whether output VC ov of global port {@code out} may be allocated: no input VC holds it and, where it is an
     * adaptive VC ({@link #atomicVc}) on a link to a router, its buffer downstream is empty.
     */
    private boolean vcFree(int out, int ov) {
        int ob = record(out, ov);
        return vc[ob + OWNER] < 0 && (!atomicVc[ov] || vc[ob + CREDIT] == buffer
                || port[(out << PORT_BITS) + PEER] < 0);
    }

    /**
     * Whether router port {@code out} has a VC of class {@code cls}, in the half of input VC v ({@link #split}), that may
     * be allocated ({@link #vcFree}).
     */
    private boolean freeVc(int out, int cls, int v) {
        int base = v < split ? 0 : split;
        VcClasses half = v < split ? lowHalf : highHalf;
        for (int ov = base + half.low(cls), high = base + half.high(cls); ov <= high; ov++) {
            if (vcFree(out, ov)) {
                return true;
            }
        }
        return false;
    }

    /** A routed head of input VC v of port q, about to request a VC: it chooses its route again ({@link #choose}). */
    private void chooseAgain(int q, int v) {
        int b = record(q, v);
        int pq = q << PORT_BITS;
        int r = port[pq + ROUTER];
        int first = firstPort[r];
        int pb = (vc[b + BUFFER + vc[b + HEAD]] >>> SEQ_BITS) << PACKET_BITS;
        int inClass = port[pq + TERMINAL] >= 0 ? 0 : classOfVc[v];
        setRoute(b, first, choose(first, r, q - first, inClass, packet[pb + P_DEST], packet[pb + P_AUX], v), v);
    }

    private void markSendable(int q, int v) {
        setBit(q, v, SENDABLE, sendPorts);
    }

    private void clearSendable(int q, int v) {
        clearBit(q, v, SENDABLE, sendPorts);
    }

    /**
     * Sets VC v's bit in the VC mask {@code field} of port q, the port's bit in its router's port mask {@code ports}
     * ({@link #sendPorts} or {@link #waitPorts}), and the router's active bit.
     */
    private void setBit(int q, int v, int field, long[] ports) {
        port[(q << PORT_BITS) + field] |= 1 << v;
        int r = port[(q << PORT_BITS) + ROUTER];
        int in = q - firstPort[r];
        ports[r * words + (in >>> 6)] |= 1L << in;
        activeRouters[r >>> 6] |= 1L << r;
    }

    /** Clears VC v's bit in {@code field} of port q, and the port's bit in {@code ports} where no VC bit is left. */
    private void clearBit(int q, int v, int field, long[] ports) {
        if ((port[(q << PORT_BITS) + field] &= ~(1 << v)) == 0) {
            int r = port[(q << PORT_BITS) + ROUTER];
            int in = q - firstPort[r];
            ports[r * words + (in >>> 6)] &= ~(1L << in);
        }
    }

    /**
     * Terminal t in cycle c: its current packet's next flit, or the next packet (its replies first, then its source
     * queue) on a free injection VC with a credit, the one next after the last it used (within the packet's half where
     * it has replies).
     */
    private void inject(int t, int c) {
        int p = current[t];
        if (p < 0) {
            if (requestReply != null && replyHead[t] >= 0) {
                p = takeReply(t);
            } else {
                p = queueHead[t];
                if (p < 0) {
                    busyTerminals[t >>> 6] &= ~(1L << t);
                    return;
                }
                queueHead[t] = packet[(p << PACKET_BITS) + P_NEXT];
                if (queueHead[t] < 0) {
                    queueTail[t] = -1;
                }
            }
            current[t] = p;
            currentSeq[t] = 0;
            currentVc[t] = -1;
        }
        int base = t * vcs;
        if (currentVc[t] < 0) {
            int v = requestReply == null ? injectionVc(t, base, 0, vcs - 1) : RequestReply.isReply(packetKind[p] & KIND)
                    ? injectionVc(t, base, split, vcs - 1) : injectionVc(t, base, 0, split - 1);
            if (v < 0) {
                return;
            }
            currentVc[t] = v;
            lastVc[t] = v;
            injectionOwned[base + v] = true;
        }
        int v = currentVc[t];
        if (injectionCredit[base + v] == 0) {
            return;
        }
        injectionCredit[base + v]--;
        int seq = currentSeq[t]++;
        int pb = p << PACKET_BITS;
        if (seq == 0) {
            packet[pb + P_INJECT] = c;
            if (watch != null && watched(p)) {
                int r = net.terminalRouter(t);
                watch.record(c, packetNumber[p], PacketWatch.Event.INJECTED, r, net.terminalPort(t) - firstPort[r], v);
            }
        }
        sendFlit((net.terminalPort(t) << vcBits) | v, (p << SEQ_BITS) | seq, c + injectDelay[t]); // written in c, on the channel from c + 1
        flitsInNetwork++;
        lastMove = c;
        if (seq == packet[pb + P_SIZE] - 1) {
            injectionOwned[base + v] = false;
            current[t] = -1;
        }
    }

    /** Terminal t's reply to send next, taken from its replies. */
    private int takeReply(int t) {
        int p = replyHead[t];
        replyHead[t] = packet[(p << PACKET_BITS) + P_NEXT];
        if (replyHead[t] < 0) {
            replyTail[t] = -1;
        }
        return p;
    }

    /**
     * The injection VC of terminal t (its first at {@code base}) for a new packet: among VCs {@code low .. high}, the
     * first after the last it used that is free with a credit, or -1.
     */
    private int injectionVc(int t, int base, int low, int high) {
        for (int i = 1; i <= vcs; i++) {
            int v = lastVc[t] + i;
            if (v >= vcs) {
                v -= vcs;
            }
            if (v >= low && v <= high && !injectionOwned[base + v] && injectionCredit[base + v] > 0) {
                return v;
            }
        }
        return -1;
    }

    private void sendFlit(int target, int flit, int at) {
        int slot = at & wheelMask;
        int i = 2 * (slot * eventCap + flitCount[slot]++);
        flitEvents[i] = target;
        flitEvents[i + 1] = flit;
    }

    private void sendCredit(int target, int at) {
        int slot = at & wheelMask;
        creditTarget[slot * eventCap + creditCount[slot]++] = target;
    }

    /**
     * iSLIP between the router's routed head flits and the free VCs of their output class: {@link #allocIters}
     * iterations, the later ones among the heads and VCs left unmatched, their pointers moved by the first only
     * (McKeown 1999; BookSim's {@code alloc_iters}).
     */
    private void vcAllocate(int r, int t) {
        int first = firstPort[r];
        int radix = firstPort[r + 1] - first;
        if (vcAllocator != null) {
            vcAllocateBy(vcAllocator, r, first, radix, t);
            return;
        }
        if (words == 1 && Long.bitCount(waitPorts[r]) == 1) {
            int in = Long.numberOfTrailingZeros(waitPorts[r]);
            int waiting = port[((first + in) << PORT_BITS) + WAITING];
            if (Integer.bitCount(waiting) == 1) {
                vcAllocateOne(first, radix, in, Integer.numberOfTrailingZeros(waiting), t);
                return;
            }
        }
        for (int iteration = 0; iteration < allocIters; iteration++) {
            if (vcIteration(r, first, radix, t, iteration == 0) == 0) {
                break;
            }
        }
    }

    /**
     * One iteration of {@link #vcAllocate} among the heads still waiting, the first moving the pointers; the number of
     * VCs granted.
     */
    private int vcIteration(int r, int first, int radix, int t, boolean movePointers) {
        int granted = 0;
        int locals = radix * vcs;
        int touched = 0;
        // grant phase: each free output VC picks the requester next after its pointer (requesters in ascending order)
        int requesters = readyHeads(r, first, t);
        for (int k = 0; k < requesters; k++) {
            int li = vaRequesters[k];
            int in = li / vcs;
            int v = li - in * vcs;
            if (allocatorChoice) {
                int n = offered(first + in, v, k * (maxRadix + 1));
                vaRouteCount[k] = n;
                for (int i = 0; i < n; i++) {
                    int route = vaRoutes[k * (maxRadix + 1) + i];
                    int out = first + RoutingFunction.port(route);
                    touched = requestVcs(out, lowVc(out, route, v), highVc(out, route, v), first, li, locals, touched);
                }
            } else {
                int b = record(first + in, v);
                touched = requestVcs(vc[b + OUT_PORT], vc[b + VC_LOW], vc[b + VC_HIGH], first, li, locals, touched);
            }
        }
        // accept phase: each requester takes the granting output VC next after its pointer
        for (int k = 0; k < requesters; k++) {
            int li = vaRequesters[k];
            int in = li / vcs;
            int v = li - in * vcs;
            if (allocatorChoice) {
                granted += acceptAmongRoutes(first, in, v, k * (maxRadix + 1), vaRouteCount[k], locals, li, t,
                        movePointers) ? 1 : 0;
                continue;
            }
            int b = record(first + in, v);
            int best = acceptedVc(b, first, locals, li);
            if (best >= 0) {
                grantVc(first, in, v, vc[b + OUT_PORT], best, locals, t, movePointers);
                granted++;
            }
        }
        for (int k = 0; k < touched; k++) {
            vaBest[vaTouched[k]] = 0;
        }
        return granted;
    }

    /**
     * The routed heads waiting at router r that may take part in cycle c's VC allocation, into {@link #vaRequesters} as
     * local VC indices (port x VCs + VC), ascending; their number. A head of a function that chooses each hop chooses
     * again first, unless the allocator picks among its routes ({@link #allocatorChoice}).
     */
    private int readyHeads(int r, int first, int t) {
        int n = 0;
        for (int w = 0; w < words; w++) {
            for (long bits = waitPorts[r * words + w]; bits != 0; bits &= bits - 1) {
                int in = (w << 6) + Long.numberOfTrailingZeros(bits);
                for (int waiting = port[((first + in) << PORT_BITS) + WAITING]; waiting != 0; waiting &= waiting - 1) {
                    int v = Integer.numberOfTrailingZeros(waiting);
                    if (vc[record(first + in, v) + READY] > t) {
                        continue;
                    }
                    if (choosing && !allocatorChoice) {
                        chooseAgain(first + in, v);
                    }
                    vaRequesters[n++] = in * vcs + v;
                }
            }
        }
        return n;
    }

    /**
     * {@link #vcAllocate} by allocator {@code a}: every ready routed head requests every free VC of its class at its
     * output port, inputs and outputs numbered as the router's local VCs (port x VCs + VC); the matched heads take their
     * VCs, no iSLIP pointer moving.
     */
    private void vcAllocateBy(Allocator a, int r, int first, int radix, int t) {
        int locals = radix * vcs;
        int requesters = readyHeads(r, first, t);
        for (int k = 0; k < requesters; k++) {
            int b = record(first + vaRequesters[k] / vcs, vaRequesters[k] % vcs);
            int out = vc[b + OUT_PORT];
            int lo = (out - first) * vcs;
            for (int ov = vc[b + VC_LOW], high = vc[b + VC_HIGH]; ov <= high; ov++) {
                if (vcFree(out, ov)) {
                    a.request(vaRequesters[k], lo + ov);
                }
            }
        }
        a.allocate(r, locals);
        for (int k = 0; k < requesters; k++) {
            int li = vaRequesters[k];
            int granted = a.outputOf(li);
            if (granted >= 0) {
                grantVc(first, li / vcs, li % vcs, first + granted / vcs, granted % vcs, locals, t, false);
            }
        }
        a.clear();
    }

    /**
     * {@link #vcAllocate} where one routed head waits at the router (VC v of local input port in): every free output
     * VC of its class grants it, so it takes the one next after its accept pointer.
     */
    private void vcAllocateOne(int first, int radix, int in, int v, int t) {
        int b = record(first + in, v);
        if (vc[b + READY] > t) {
            return;
        }
        int locals = radix * vcs;
        if (allocatorChoice) {
            acceptAmongRoutes(first, in, v, 0, offered(first + in, v, 0), locals, -1, t, true);
            return;
        }
        if (choosing) {
            chooseAgain(first + in, v);
        }
        int best = acceptedVc(b, first, locals, -1);
        if (best >= 0) {
            grantVc(first, in, v, vc[b + OUT_PORT], best, locals, t, true);
        }
    }

    /**
     * The output VC that the input VC of record b accepts, the granting one next after its accept pointer, or -1; the
     * granting ones are those whose best requester is {@code li} (local index), or every free one where li is -1.
     */
    private int acceptedVc(int b, int first, int locals, int li) {
        return acceptedVc(vc[b + OUT_PORT], vc[b + VC_LOW], vc[b + VC_HIGH], vc[b + VA_ACCEPT], first, locals, li);
    }

    /** {@link #acceptedVc(int, int, int, int)} among VCs {@code low .. high} of global port {@code out}. */
    private int acceptedVc(int out, int low, int high, int accept, int first, int locals, int li) {
        int lo = (out - first) * vcs;
        int best = -1;
        int bestKey = Integer.MAX_VALUE;
        for (int ov = low; ov <= high; ov++) {
            if (li < 0 ? vcFree(out, ov) : vaBest[lo + ov] == li + 1) {
                int key = cyclic(lo + ov - accept, locals);
                if (key < bestKey) {
                    bestKey = key;
                    best = ov;
                }
            }
        }
        return best;
    }

    /**
     * Grant phase of {@link #vcAllocate} for one requester (local index li) and VCs {@code low .. high} of global port
     * {@code out}: each free one keeps the requester next after its grant pointer; the count of touched entries returned.
     */
    private int requestVcs(int out, int low, int high, int first, int li, int locals, int touched) {
        int lo = (out - first) * vcs;
        for (int ov = low; ov <= high; ov++) {
            if (!vcFree(out, ov)) {
                continue;
            }
            int ob = record(out, ov);
            int grant = vc[ob + VA_GRANT];
            int best = vaBest[lo + ov];
            if (best == 0) {
                vaTouched[touched++] = lo + ov;
                vaBest[lo + ov] = li + 1;
            } else if (cyclic(li - grant, locals) < cyclic(best - 1 - grant, locals)) {
                vaBest[lo + ov] = li + 1;
            }
        }
        return touched;
    }

    /** The routes the routed head of input VC v of global port q may take, into {@link #vaRoutes} from {@code at}. */
    private int offered(int q, int v, int at) {
        int b = record(q, v);
        int pq = q << PORT_BITS;
        int r = port[pq + ROUTER];
        int pb = (vc[b + BUFFER + vc[b + HEAD]] >>> SEQ_BITS) << PACKET_BITS;
        int inClass = port[pq + TERMINAL] >= 0 ? 0 : classOfVc[v];
        int n = routing.alternatives(r, q - firstPort[r], inClass, packet[pb + P_DEST], packet[pb + P_AUX], alternatives);
        System.arraycopy(alternatives, 0, vaRoutes, at, n);
        return n;
    }

    /**
     * Accept phase under {@link #allocatorChoice}: input VC v of local port {@code in} takes, among the VCs of its
     * {@code n} routes at {@link #vaRoutes} from {@code at} that granted it (every free one where li is -1), the one
     * next after its accept pointer, and that VC's route; whether it took one.
     */
    private boolean acceptAmongRoutes(int first, int in, int v, int at, int n, int locals, int li, int t,
            boolean movePointers) {
        int b = record(first + in, v);
        int accept = vc[b + VA_ACCEPT];
        int bestRoute = -1;
        int bestVc = -1;
        int bestKey = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int route = vaRoutes[at + i];
            int out = first + RoutingFunction.port(route);
            int ov = acceptedVc(out, lowVc(out, route, v), highVc(out, route, v), accept, first, locals, li);
            if (ov >= 0) {
                int key = cyclic((out - first) * vcs + ov - accept, locals);
                if (key < bestKey) {
                    bestKey = key;
                    bestRoute = route;
                    bestVc = ov;
                }
            }
        }
        if (bestRoute < 0) {
            return false;
        }
        setRoute(b, first, bestRoute, v);
        grantVc(first, in, v, vc[b + OUT_PORT], bestVc, locals, t, movePointers);
        return true;
    }

    /**
     * The first VC that {@code route} may take at global port {@code out} for the packet on input VC v: in v's half
     * ({@link #split}: requests below it, replies from it), any of a terminal's, else its class's.
     */
    private int lowVc(int out, int route, int v) {
        boolean terminal = port[(out << PORT_BITS) + TERMINAL] >= 0;
        if (v < split) {
            return terminal ? 0 : lowHalf.low(RoutingFunction.vcClass(route));
        }
        return split + (terminal ? 0 : highHalf.low(RoutingFunction.vcClass(route)));
    }

    /** The last VC that {@code route} may take at global port {@code out} for the packet on input VC v. */
    private int highVc(int out, int route, int v) {
        boolean terminal = port[(out << PORT_BITS) + TERMINAL] >= 0;
        if (v < split) {
            return terminal ? split - 1 : lowHalf.high(RoutingFunction.vcClass(route));
        }
        return terminal ? vcs - 1 : split + highHalf.high(RoutingFunction.vcClass(route));
    }

    /**
     * Input VC v of local port in takes output VC {@code ov} of global port {@code out}; where {@code movePointers} (an
     * allocator's first iteration, iSLIP) both pointers move past it.
     */
    private void grantVc(int first, int in, int v, int out, int ov, int locals, int t, boolean movePointers) {
        int b = record(first + in, v);
        int ob = record(out, ov);
        int lo = (out - first) * vcs;
        vc[ob + OWNER] = (first + in) << vcBits | v;
        vc[b + OUT_VC] = (out << vcBits) | ov;
        vc[b + STATE] = 2;
        vc[b + READY] = after(t, vcAllocDelay);
        if (movePointers) {
            vc[ob + VA_GRANT] = (in * vcs + v + 1) % locals;
            vc[b + VA_ACCEPT] = (lo + ov + 1) % locals;
        }
        clearBit(first + in, v, WAITING, waitPorts);
        markSendable(first + in, v);
        if (watch != null) {
            int p = vc[b + BUFFER + vc[b + HEAD]] >>> SEQ_BITS;
            if (watched(p)) {
                watch.record(cycleOf(t), packetNumber[p], PacketWatch.Event.VC_GRANTED, port[((first + in) << PORT_BITS) + ROUTER],
                        out - first, ov);
            }
        }
    }

    /**
     * iSLIP between input ports and output ports, winners moving one flit each: {@link #allocIters} iterations, the
     * later ones among the inputs and outputs left unmatched, with the requests of the first and pointers moved by the
     * first only.
     */
    private void switchAllocate(int r, int t) {
        int first = firstPort[r];
        int radix = firstPort[r + 1] - first;
        if (swAllocator != null) {
            switchAllocateBy(swAllocator, r, first, radix, t);
            return;
        }
        if (words == 1) {
            if (Long.bitCount(sendPorts[r]) == 1) {
                switchAllocateOne(first, radix, Long.numberOfTrailingZeros(sendPorts[r]), t);
                return;
            }
            if (radix <= 32 && switchAllocateDisjoint(r, first, radix, t)) {
                return;
            }
        }
        int cells = switchRequests(r, first, t);
        for (int iteration = 0; iteration < allocIters; iteration++) {
            if (switchIteration(first, radix, cells, t, iteration == 0) == 0) {
                break;
            }
        }
        for (int k = 0; k < cells; k++) {
            int cell = saCells[k];
            saRequest[cell] = 0;
            saMatched[cell / maxRadix] = 0;
            saMatched[cell % maxRadix] = 0;
        }
    }

    /**
     * The switch requests of router r at internal step t into {@link #saRequest} and {@link #saCells}: per input port and output
     * port, the input's VC next after its pointer that can send (BookSim's {@code _sw_rr_offset}); their number.
     */
    private int switchRequests(int r, int first, int t) {
        int cells = 0;
        for (int w = 0; w < words; w++) {
            for (long bits = sendPorts[r * words + w]; bits != 0; bits &= bits - 1) {
                int in = (w << 6) + Long.numberOfTrailingZeros(bits);
                int start = port[((first + in) << PORT_BITS) + SA_VC];
                for (int rotated = rotatedSendable(first + in); rotated != 0; rotated &= rotated - 1) {
                    int v = rotatedVc(rotated, start);
                    int out = requestedOutput(first, in, v, t);
                    if (out < 0) {
                        continue;
                    }
                    int cell = in * maxRadix + out;
                    if (saRequest[cell] == 0) {
                        saRequest[cell] = v + 1;
                        saCells[cells++] = cell;
                    }
                }
            }
        }
        return cells;
    }

    /**
     * One iteration of {@link #switchAllocate} over the requests between inputs and outputs not yet matched: each
     * output grants the requesting input next after its pointer, each input accepts the granting output next after its
     * pointer, and the winners move ({@link #win}; the first iteration moves the pointers); the number of winners.
     */
    private int switchIteration(int first, int radix, int cells, int t, boolean movePointers) {
        int touched = 0;
        for (int k = 0; k < cells; k++) {
            int cell = saCells[k];
            int in = cell / maxRadix;
            int out = cell - in * maxRadix;
            if ((saMatched[in] & 1) != 0 || (saMatched[out] & 2) != 0) {
                continue;
            }
            int pointer = port[((first + out) << PORT_BITS) + SA_GRANT];
            if (saBest[out] == 0) {
                saTouched[touched++] = out;
                saBest[out] = in + 1;
            } else if (cyclic(in - pointer, radix) < cyclic(saBest[out] - 1 - pointer, radix)) {
                saBest[out] = in + 1;
            }
        }
        int winners = 0;
        for (int k = 0; k < touched; k++) {
            int out = saTouched[k];
            int in = saBest[out] - 1;
            int key = cyclic(out - port[((first + in) << PORT_BITS) + SA_ACCEPT], radix);
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
            accBest[in] = 0;
            win(first, radix, in, out, saRequest[in * maxRadix + out] - 1, t, movePointers);
            saMatched[in] |= 1;
            saMatched[out] |= 2;
        }
        for (int k = 0; k < touched; k++) {
            saBest[saTouched[k]] = 0;
        }
        return winners;
    }

    /**
     * {@link #switchAllocate} where one input port alone has flits to send: every output it requests grants it, so
     * it accepts the output next after its pointer, with the VC that requested that output first from its own
     * pointer on; the same grant, pointers and move as the general allocator, without its scratch.
     */
    private void switchAllocateOne(int first, int radix, int in, int t) {
        int pq = (first + in) << PORT_BITS;
        int start = port[pq + SA_VC];
        int accept = port[pq + SA_ACCEPT];
        int bestOut = -1;
        int bestVc = -1;
        int bestKey = Integer.MAX_VALUE;
        for (int rotated = rotatedSendable(first + in); rotated != 0; rotated &= rotated - 1) {
            int v = rotatedVc(rotated, start);
            int out = requestedOutput(first, in, v, t);
            if (out < 0) {
                continue;
            }
            int key = cyclic(out - accept, radix);
            if (key < bestKey) { // a later VC to the same output has the same key and loses
                bestKey = key;
                bestOut = out;
                bestVc = v;
            }
        }
        if (bestOut >= 0) {
            win(first, radix, in, bestOut, bestVc, t, true);
        }
    }

    /**
     * {@link #switchAllocate} where each input port with a flit to send requests one output and no two request the
     * same one (ports {@code <= 32}): every request is granted and accepted, and the winners move in ascending input
     * order with the pointers the general allocator sets; returns false, having changed nothing, where requests
     * conflict, for the general allocator to decide.
     */
    private boolean switchAllocateDisjoint(int r, int first, int radix, int t) {
        int n = 0;
        int outputs = 0;
        for (long bits = sendPorts[r]; bits != 0; bits &= bits - 1) {
            int in = Long.numberOfTrailingZeros(bits);
            int start = port[((first + in) << PORT_BITS) + SA_VC];
            int chosen = -1;
            int chosenOut = -1;
            for (int rotated = rotatedSendable(first + in); rotated != 0; rotated &= rotated - 1) {
                int v = rotatedVc(rotated, start);
                int out = requestedOutput(first, in, v, t);
                if (out < 0) {
                    continue;
                }
                if (chosen < 0) {
                    chosen = v;
                    chosenOut = out;
                } else if (out != chosenOut) {
                    return false; // one input, two outputs: its accept decides
                }
            }
            if (chosen >= 0) {
                if ((outputs & (1 << chosenOut)) != 0) {
                    return false; // two inputs, one output: its grant decides
                }
                outputs |= 1 << chosenOut;
                oneIn[n] = in;
                oneVc[n] = chosen;
                oneOut[n++] = chosenOut;
            }
        }
        for (int k = 0; k < n; k++) {
            win(first, radix, oneIn[k], oneOut[k], oneVc[k], t, true);
        }
        return true;
    }

    /**
     * {@link #switchAllocate} by allocator {@code a}, each input port split into {@link #speedup} crossbar inputs as
     * BookSim's {@code input_speedup} splits it (one where there is no speed-up): split input p of port in puts forward,
     * per output port, its VC of residue p (mod the speed-up) next after its own pointer that can send; a winner moves
     * its flit and its pointer to the next VC of its residue, no iSLIP pointer moving. A port may so send a flit from
     * each residue in one cycle. Under output speed-up the request goes to the output's split output of the input
     * port's residue ({@link #outSpeedup}), and a port may so take a flit on each split output in one cycle.
     */
    private void switchAllocateBy(Allocator a, int r, int first, int radix, int t) {
        int cells = 0;
        for (int w = 0; w < words; w++) {
            for (long bits = sendPorts[r * words + w]; bits != 0; bits &= bits - 1) {
                int in = (w << 6) + Long.numberOfTrailingZeros(bits);
                int mask = port[((first + in) << PORT_BITS) + SENDABLE];
                for (int p = 0; p < speedup; p++) {
                    int start = splitVc[(first + in) * speedup + p];
                    for (int i = 0; i < vcs; i++) {
                        int v = start + i < vcs ? start + i : start + i - vcs;
                        if (v % speedup != p || (mask & (1 << v)) == 0) {
                            continue;
                        }
                        int out = requestedOutput(first, in, v, t);
                        if (out < 0) {
                            continue;
                        }
                        int split = out * outSpeedup + in % outSpeedup;
                        int cell = (in * speedup + p) * maxRadix * outSpeedup + split;
                        if (saRequest[cell] == 0) {
                            saRequest[cell] = v + 1;
                            saCells[cells++] = cell;
                            a.request(in * speedup + p, split);
                        }
                    }
                }
            }
        }
        a.allocate(r, radix * Math.max(speedup, outSpeedup));
        for (int e = 0; e < radix * speedup; e++) {
            int split = a.outputOf(e);
            if (split >= 0) {
                int v = saRequest[e * maxRadix * outSpeedup + split] - 1;
                int in = e / speedup;
                splitVc[(first + in) * speedup + e % speedup] = (v + speedup) % vcs;
                move(first + in, v, t);
            }
        }
        for (int k = 0; k < cells; k++) {
            saRequest[saCells[k]] = 0;
        }
        a.clear();
    }

    /**
     * VC v of local input port in won local output port out: where {@code movePointers} (an allocator's first iteration,
     * iSLIP) the output's grant pointer moves past the input and the input's accept pointer past the output; the
     * input's VC pointer moves past v, and the flit crosses the switch.
     */
    private void win(int first, int radix, int in, int out, int v, int t, boolean movePointers) {
        int pq = (first + in) << PORT_BITS;
        if (movePointers) {
            port[((first + out) << PORT_BITS) + SA_GRANT] = in + 1 == radix ? 0 : in + 1;
            port[pq + SA_ACCEPT] = out + 1 == radix ? 0 : out + 1;
        }
        port[pq + SA_VC] = v + 1 == vcs ? 0 : v + 1;
        move(first + in, v, t);
    }

    /** Port q's sendable VCs rotated to start at its switch pointer: bit i stands for VC (pointer + i) mod vcs. */
    private int rotatedSendable(int q) {
        int mask = port[(q << PORT_BITS) + SENDABLE];
        int start = port[(q << PORT_BITS) + SA_VC];
        return start == 0 ? mask : ((mask >>> start) | (mask << (vcs - start))) & ((1 << vcs) - 1);
    }

    /** The VC of the lowest bit of a rotation from pointer {@code start} ({@link #rotatedSendable}). */
    private int rotatedVc(int rotated, int start) {
        int v = Integer.numberOfTrailingZeros(rotated) + start;
        return v >= vcs ? v - vcs : v;
    }

    /** The local output port that VC v of local input port in requests at internal step t, or -1: not ready, or no credit. */
    private int requestedOutput(int first, int in, int v, int t) {
        int b = record(first + in, v);
        if (vc[b + READY] > t || vc[(vc[b + OUT_VC] << recordBits) + CREDIT] == 0) {
            return -1;
        }
        return vc[b + OUT_PORT] - first;
    }

    /** The flit at the front of input VC v of port q crosses the switch at internal step t. */
    private void move(int q, int v, int t) {
        int c = cycleOf(t);
        int b = record(q, v);
        int h = vc[b + HEAD];
        int flit = vc[b + BUFFER + h];
        int pb = (flit >>> SEQ_BITS) << PACKET_BITS;
        int seq = flit & SEQ_MASK;
        boolean tail = seq == packet[pb + P_SIZE] - 1;
        vc[b + HEAD] = h + 1 == buffer ? 0 : h + 1;
        vc[b + READY] = after(t, swAllocDelay); // its next flit requests the switch once this grant is through (sw_alloc_delay)
        int left = --vc[b + COUNT];
        if (left == 0 || tail) {
            clearSendable(q, v); // empty, or the packet's tail left: the VC is idle or waits for routing
        }
        lastMove = c;
        // the freed slot's credit goes upstream: to the router behind the input port, or to the terminal
        int pq = q << PORT_BITS;
        int upstream = port[pq + PEER];
        if (upstream >= 0) {
            sendCredit((upstream << vcBits) | v, creditCycle(q, t) + creditLink[q]);
        } else {
            sendCredit(~(port[pq + TERMINAL] * vcs + v), creditCycle(q, t) + creditLink[q]);
        }
        int ov = vc[b + OUT_VC];
        int ob = ov << recordBits;
        int oq = (ov >>> vcBits) << PORT_BITS;
        if (seq == 0 && watch != null && watched(flit >>> SEQ_BITS)) {
            int r = port[pq + ROUTER];
            watch.record(c, packetNumber[flit >>> SEQ_BITS], PacketWatch.Event.SWITCHED, r, (ov >>> vcBits) - firstPort[r],
                    ov & vcMask);
        }
        int downstream = port[oq + PEER];
        if (downstream >= 0) {
            vc[ob + CREDIT]--;
            if (seq == 0) {
                packet[pb + P_HOPS]++;
            }
            if (linkObserver != null) {
                portSent[ov >>> vcBits] = c;
                linkObserver.flit(c, ov >>> vcBits, packet[pb + P_SLICE]);
            }
            sendFlit((downstream << vcBits) | (ov & vcMask), flit, arrival(port[pq + ROUTER], ov >>> vcBits, t));
        } else {
            sendFlit(~port[oq + TERMINAL], flit, arrival(port[pq + ROUTER], ov >>> vcBits, t));
        }
        if (tail) {
            vc[ob + OWNER] = -1;
            vc[b + STATE] = 0;
            if (left > 0) {
                routeHead(q, v, t + 1);
            }
        }
    }

    /**
     * The grant cycle as of which a flit granted output port {@code out} of router r in cycle c goes on: c, or above one
     * cycle of traversal BookSim's crossbar queue ({@link RouterTiming#stDelay}): the flit joins the router's batch not
     * yet scheduled, else starts one, scheduled in the cycle after its grant or after the last batch crossed; it crosses
     * traversal - 1 cycles after that schedule and leaves in its port's order, one a cycle.
     */
    private int crossed(int r, int out, int c) {
        if (batchEval == null) {
            return c;
        }
        int g = c + swAllocDelay - 1; // the cycle the grant is through and the flit enters the crossbar queue
        if (batchEval[r] <= g) { // the open batch was scheduled already: a new one
            batchEval[r] = Math.max(g + 1, batchTime[r] + 1);
            batchTime[r] = batchEval[r] + traversal - 1;
        }
        int leave = Math.max(batchTime[r], channelFree[out]);
        channelFree[out] = leave + 1;
        return leave + 1 - swAllocDelay - traversal; // as a grant cycle: the link's forward() adds the two back
    }

    /**
     * The cycle in which a flit granted output port {@code out} of router r at internal step t can move on at the next
     * router or reach its terminal. Where a port takes one flit a cycle, its grant cycle ({@link #crossed}) plus the
     * port's {@link #flitLink}. Under internal or output speed-up (one cycle of traversal, {@link RouterTiming}) the flit
     * crosses in the step after its grant is through ({@link #after}) and joins the port's output queue in that step's
     * cycle; the queue puts one flit a cycle on the channel, in the order of their grants (BookSim's {@code _SendFlits},
     * once a cycle), and the channel delivers it 1 + latency cycles later.
     */
    private int arrival(int r, int out, int t) {
        if (internalSpeedup == 1 && outSpeedup == 1) {
            return crossed(r, out, t) + flitLink[out];
        }
        int leave = Math.max(cycleOf(after(t, swAllocDelay)), channelFree[out]);
        channelFree[out] = leave + 1;
        return leave + flitLink[out] - swAllocDelay;
    }

    /** The cycle of internal step t: {@link #internalSpeedup} steps a cycle. */
    private int cycleOf(int t) {
        return internalSpeedup == 1 ? t : t / internalSpeedup;
    }

    /**
     * The internal step from which the next stage may act on a VC whose stage of {@code delay} cycles began at step t:
     * BookSim completes a stage in the first internal step of the cycle {@code delay - 1} after the one it began in (the
     * same step for a delay of 1), and the next stage acts from the step after that; t + delay where there is no
     * internal speed-up.
     */
    private int after(int t, int delay) {
        if (internalSpeedup == 1 || delay == 0) {
            return t + delay;
        }
        return delay == 1 ? t + 1 : (t / internalSpeedup + delay - 1) * internalSpeedup + 1;
    }

    /**
     * The cycle in which the credit of a flit that left input port q at internal step t goes upstream: t's cycle, or,
     * under internal speed-up, the next cycle the port has not sent a credit in, since BookSim's router gathers the
     * credits of one internal step into one and sends one a cycle per input port.
     */
    private int creditCycle(int q, int t) {
        if (internalSpeedup == 1) {
            return t;
        }
        if (creditStep[q] != t) { // a new step's credit: the next cycle the port has not sent one in
            creditStep[q] = t;
            creditFree[q] = Math.max(t / internalSpeedup, creditFree[q]) + 1;
        }
        return creditFree[q] - 1;
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
