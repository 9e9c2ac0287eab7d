package org.ccopt.routing;

import java.util.SplittableRandom;

/**
 * A routing function of the flit engine, chosen by name as BookSim's {@code routing_function}: at a router, for a
 * packet that arrived on an input port in a VC class, the output port and the VC class it requests there. A function
 * declares the VC classes it needs; the engine splits a port's V virtual channels into that many classes of
 * consecutive VCs ({@link #split}), and {@link DeadlockCheck} proves at set-up that the function's channel
 * dependencies (channel, class) have no cycle.
 *
 * <p>A route is returned as {@code (outPort << 8) | outClass}, {@code outPort} local to the router (0 ..
 * radix-1). A packet may carry one value chosen at injection ({@link #prepare}: Valiant's intermediate group, the
 * tie of a torus dimension); deterministic functions leave it 0.
 */
public interface RoutingFunction {

    /** The name it is chosen by, e.g. {@code dor}. */
    String name();

    /**
     * The published argument that makes the function deadlock free on every network it accepts, or null: where a
     * network is too large for {@link DeadlockCheck} to follow every route, a function with one runs on it (the check
     * proves it on the smaller networks the tests run), and one without is refused.
     */
    default String deadlockProof() {
        return null;
    }

    /** VC classes it needs: a port's VCs are split into this many classes. */
    int vcClasses();

    /**
     * The VCs per port the engine gives the function where none are asked for: 4 (BookSim's default {@code num_vcs}),
     * or the class count where that is more, unless the function says otherwise.
     */
    default int defaultVcs() {
        return Math.max(4, vcClasses());
    }

    /** How a port's {@code vcs} VCs are split into the function's classes: evenly unless the function says otherwise. */
    default VcClasses split(int vcs) {
        return VcClasses.even(vcs, vcClasses());
    }

    /** How many per-packet values {@link #prepare} can return (0 .. count-1); 1 for a function that uses none. */
    default int auxValues() {
        return 1;
    }

    /** The per-packet value of a packet from terminal {@code source} to {@code dest}, drawn from {@code random}. */
    default int prepare(int source, int dest, SplittableRandom random) {
        return 0;
    }

    /**
     * Whether the function adapts to congestion at a packet's source router ({@link #decide}); the engine consults
     * {@link #decide} only then.
     */
    default boolean adaptive() {
        return false;
    }

    /**
     * An adaptive function's choice at the packet's source router, where its head flit is routed first: the per-packet
     * value the packet keeps from then on, from the one {@link #prepare} drew ({@code aux}) and the occupancy of the
     * router's output ports ({@code congestion}). The default keeps {@code aux}.
     */
    default int decide(int router, int inPort, int dest, int aux, Congestion congestion) {
        return aux;
    }

    /**
     * Whether the function offers several routes a hop, adaptive ones and an escape route (Duato 1993): the engine then
     * asks {@link #alternatives} again at every VC allocation a waiting head takes part in and picks one as
     * {@link #choice} says. {@link #route} is the choice without congestion.
     */
    default boolean choosesEachHop() {
        return false;
    }

    /** How the engine picks among the routes of a function that {@link #choosesEachHop}. */
    enum Choice {
        /**
         * The least occupied adaptive route with a free VC of its class (the first on a tie), else the escape route where
         * its VC is free: the head then requests the VCs of that one route.
         */
        LEAST_OCCUPIED,
        /**
         * No choice before the allocator: the head requests every free VC of every route, and the VC allocator's grant
         * and accept pointers pick one, the escape no lower than an adaptive route. This is BookSim 2's adaptive routing
         * under its default iSLIP VC allocator, which takes a routing function's output priorities as given and ignores
         * them ({@code allocators/islip.cpp}; Jiang et al. 2013).
         */
        ALLOCATOR
    }

    /**
     * Whether an adaptive VC (class 0 of a function that {@link #choosesEachHop}) is allocated only once its buffer
     * downstream is empty, as Duato's theorem assumes (Duato 1993: a channel's queue never holds flits of two packets);
     * false for a reading that reallocates it right after a tail, as BookSim 2 does by default
     * ({@code wait_for_tail_credit = 0}), which the theorem does not cover.
     */
    default boolean drainsAdaptiveVcs() {
        return true;
    }

    /** How the engine picks among {@link #alternatives}; {@link Choice#LEAST_OCCUPIED} unless the function says otherwise. */
    default Choice choice() {
        return Choice.LEAST_OCCUPIED;
    }

    /**
     * The routes a head flit may take at {@code router} (as {@link #route} encodes them) into {@code out}, the adaptive
     * ones first and the escape route last, and their count; one route (the escape's, or the ejection) where there is no
     * choice. The default is {@link #route} alone.
     */
    default int alternatives(int router, int inPort, int inClass, int dest, int aux, int[] out) {
        out[0] = route(router, inPort, inClass, dest, aux);
        return 1;
    }

    /**
     * Whether the function reads congestion at every hop: the engine routes a head by {@link #adapt} in place of
     * {@link #route}, once, when the head is routed.
     */
    default boolean adaptsEachHop() {
        return false;
    }

    /**
     * The route of a head at {@code router}, chosen with the occupancy of the router's output ports and draws from
     * {@code random}: always one that {@link #route} gives for some per-packet value, so that {@link DeadlockCheck},
     * which checks every value, covers it. The default is {@link #route}.
     */
    default int adapt(int router, int inPort, int inClass, int dest, int aux, Congestion congestion,
            SplittableRandom random) {
        return route(router, inPort, inClass, dest, aux);
    }

    /** What an adaptive function may read of a router: the flits its output ports have sent and not yet had credited. */
    interface Congestion {
        /** Flits sent on global port {@code port} whose buffer slots downstream are not yet free again. */
        int occupancy(int port);
    }

    /**
     * The next hop of a packet for terminal {@code dest} at {@code router}, which it entered through local input port
     * {@code inPort} in VC class {@code inClass} (class 0 on a terminal's injection port), as
     * {@code (outPort << 8) | outClass}; at the destination's router, the destination terminal's port.
     */
    int route(int router, int inPort, int inClass, int dest, int aux);

    static int encode(int outPort, int outClass) {
        return (outPort << 8) | outClass;
    }

    static int port(int route) {
        return route >>> 8;
    }

    static int vcClass(int route) {
        return route & 0xFF;
    }
}
