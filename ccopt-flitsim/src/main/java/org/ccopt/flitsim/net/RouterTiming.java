package org.ccopt.flitsim.net;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * The pipeline of the flit engine's input-queued virtual-channel router, in cycles: a head flit is routed
 * ({@code routingDelay}) once it is at the front of its VC, then competes in VC allocation, and {@code vcAllocDelay}
 * after a grant in switch allocation; a flit granted the switch in cycle c crosses it ({@code stDelay}) and its link
 * and can move on at the next router in cycle c + swAllocDelay + stDelay + link latency. The credit of the slot it
 * freed is written in cycle c and, like everything a channel carries, is there to use 1 + {@code creditDelay} + link
 * latency cycles later; a terminal's flit written in cycle c reaches its router in c + 2 (measured on BookSim's
 * trace of one packet: a channel of latency 1 delivers in c + 2 what was written in c).
 *
 * <p>The {@code booksim} preset is BookSim 2's {@code iq} router at its defaults (Jiang et al. 2013;
 * {@code routing_delay = 1}, {@code vc_alloc_delay = 1}, {@code sw_alloc_delay = 1}, {@code st_final_delay = 1},
 * {@code credit_delay = 0}, {@code speculative = 0}, one iSLIP iteration for both allocators, input and output
 * speed-up 1), with its channel latencies: 2 cycles on a torus's links ({@code use_noc_latency = 1} in its
 * k-ary n-cube), 1 on every other link and on the terminals' injection and ejection channels.
 *
 * <p>{@code swAllocDelay} (BookSim's {@code sw_alloc_delay}) also paces a VC: its next flit requests the switch only
 * once the last grant is through, swAllocDelay cycles later, and the slot its flit frees is credited then; so a VC
 * sends a flit every swAllocDelay cycles. Both allocation delays give BookSim's zero-load latencies to the cycle
 * ({@code BookSimCrossCheckTest}); under load BookSim 2 (commit 28f4329) fails an assertion with either above 1, so
 * ccopt's loaded figures there have nothing to be checked against.
 *
 * <p>{@code stDelay} is BookSim's crossbar delay, {@code st_prepare_delay + st_final_delay}. Above one cycle it keeps
 * BookSim's crossbar queue: a router schedules the traversal of the flits granted since its last schedule only once
 * that schedule's flits have crossed (its {@code _SwitchEvaluate} stops at the first flit already scheduled), so the
 * flits of a packet cross in batches, and an output port's buffer then sends them on one a cycle. A lone packet's
 * zero-load latency is BookSim's to the cycle with it ({@code BookSimCrossCheckTest}).
 *
 * <p>BookSim's {@code wait_for_tail_credit} ({@code waitForTailCredit}): an output VC is allocated again only once its
 * buffer downstream is empty, the credit of the packet's tail back (default: once the tail has left).
 *
 * <p>{@code vcAllocator}, {@code swAllocator}: the allocators by BookSim's names, iSLIP (McKeown 1999) by default, the
 * others {@link Allocator}s. {@code allocIters}: iterations of an iSLIP or PIM allocator, the later ones among the
 * requests left unmatched (iSLIP's pointers moved by the first only). BookSim sets them in the allocator's name,
 * {@code islip(N)}; its {@code alloc_iters} key does not reach the input-queued router's allocators (its
 * {@code iq_router.cpp} builds them without the configuration, so they take 1: measured, {@code alloc_iters = 2} gives
 * the one-iteration latencies).
 *
 * <p>On a concentrated mesh the default is BookSim's {@code cmesh} under {@code use_noc_latency = 1}: an x link takes
 * cx cycles and a y link cy, the columns and rows of terminals a router's block spans ({@code _cX}, {@code _cY}).
 *
 * <p>Channel latencies per channel class: {@code linkLatency} sets every router-to-router link, and on a Dragonfly
 * {@code globalLatency} its global links (between groups), as BookSim's {@code dragonflynew} makes local channels 10
 * cycles and global ones 100 (its {@code networks/dragonfly.cpp}).
 *
 * @param linkLatency   cycles of a router-to-router link, or -1 for BookSim's rule above
 * @param globalLatency cycles of a Dragonfly's global link, or -1: as {@code linkLatency}
 * @param waitForTailCredit whether an output VC is allocated again only once its buffer downstream is empty
 * @param allocIters    iterations of each iterating allocator (iSLIP, PIM), 1 to {@link #MAX_ALLOC_ITERS} (BookSim's
 *                      {@code islip(N)}, {@code pim(N)})
 * @param vcAllocator   the VC allocator, by BookSim's name ({@link Allocator#NAMES}; its {@code vc_allocator})
 * @param swAllocator   the switch allocator, by BookSim's name (its {@code sw_allocator})
 * @param inputSpeedup  crossbar inputs per input port (BookSim's {@code input_speedup}): VC v of a port requests the
 *                      switch on input v mod inputSpeedup of it, so a port may send that many flits a cycle, from VCs
 *                      of different residues; its switch allocator is then a one-iteration iSLIP over the split inputs
 *                      (a separable output-first allocator) or the one named
 * @param internalSpeedup router steps per cycle (BookSim's {@code internal_speedup}, whole numbers): each cycle the
 *                      router's allocation stages run that many times, each step's stage of one cycle letting the next
 *                      act in the following step, as BookSim's {@code Router::Evaluate} calls {@code _InternalStep}; an
 *                      output port then takes up to that many flits a cycle into its output queue, which its channel
 *                      drains one a cycle, and an input port sends one credit a cycle, each gathering one step's freed
 *                      slots
 * @param outputSpeedup crossbar outputs per output port (BookSim's {@code output_speedup}): input port i requests an
 *                      output port on its split output i mod outputSpeedup, the switch allocator is a one-iteration
 *                      iSLIP over the split outputs (as for input speed-up), and an output port queues up to that many
 *                      flits a cycle for its channel
 */
public record RouterTiming(String name, int routingDelay, int vcAllocDelay, int swAllocDelay, int stDelay,
                           int creditDelay, int linkLatency, int globalLatency, boolean waitForTailCredit,
                           int allocIters, String vcAllocator, String swAllocator, int inputSpeedup,
                           int internalSpeedup, int outputSpeedup) {

    /** BookSim 2's input-queued router at its default settings. */
    public static final RouterTiming BOOKSIM = new RouterTiming("booksim", 1, 1, 1, 1, 0, -1, -1, false, 1,
            Allocator.ISLIP, Allocator.ISLIP, 1, 1, 1);

    /** The most allocator iterations: more than a router's ports match nothing more. */
    public static final int MAX_ALLOC_ITERS = 64;

    /** The most crossbar inputs an input port is split into ({@code input_speedup}). */
    public static final int MAX_SPEEDUP = 8;

    /** The most cycles of a channel: a flit and its credit are on their way at most this long. */
    public static final int MAX_LATENCY = 10_000;

    public RouterTiming {
        if (routingDelay < 0 || vcAllocDelay < 1 || swAllocDelay < 1 || stDelay < 1 || creditDelay < 0
                || linkLatency < -1 || linkLatency == 0 || linkLatency > MAX_LATENCY || globalLatency < -1
                || globalLatency == 0 || globalLatency > MAX_LATENCY || routingDelay > MAX_LATENCY
                || creditDelay > MAX_LATENCY || allocIters < 1 || allocIters > MAX_ALLOC_ITERS) {
            throw new InvalidInputException("router timing " + name + " is invalid: routing " + routingDelay + ", VC allocation "
                    + vcAllocDelay + ", switch allocation " + swAllocDelay + ", switch traversal " + stDelay + ", credit "
                    + creditDelay + ", link " + linkLatency + ", global link " + globalLatency + ", allocator iterations "
                    + allocIters + "; expected routing and credit 0.." + MAX_LATENCY + ", allocations and traversal >= 1, "
                    + "links 1.." + MAX_LATENCY + " or -1 (the default), iterations 1.." + MAX_ALLOC_ITERS);
        }
        if (inputSpeedup < 1 || inputSpeedup > MAX_SPEEDUP) {
            throw new InvalidInputException("input speed-up " + inputSpeedup + " is invalid; expected 1.." + MAX_SPEEDUP);
        }
        if (internalSpeedup < 1 || internalSpeedup > MAX_SPEEDUP) {
            throw new InvalidInputException("internal speed-up " + internalSpeedup + " is invalid; expected a whole number "
                    + "1.." + MAX_SPEEDUP);
        }
        if (outputSpeedup < 1 || outputSpeedup > MAX_SPEEDUP) {
            throw new InvalidInputException("output speed-up " + outputSpeedup + " is invalid; expected 1.." + MAX_SPEEDUP);
        }
        if (outputSpeedup > 1 && (stDelay > 1 || internalSpeedup > 1 || !swAllocator.equals(Allocator.ISLIP)
                || allocIters > 1)) {
            throw new InvalidInputException("output speed-up " + outputSpeedup + " runs with one cycle of switch traversal, "
                    + "no internal speed-up and the one-iteration islip switch allocator; expected those, or output "
                    + "speed-up 1");
        }
        if (internalSpeedup > 1 && stDelay > 1) {
            throw new InvalidInputException("internal speed-up " + internalSpeedup + " with " + stDelay + " cycles of switch "
                    + "traversal: BookSim's crossbar queue under a faster router clock is not modelled; expected one of them "
                    + "at 1");
        }
        if (inputSpeedup > 1 && allocIters > 1 && swAllocator.equals(Allocator.ISLIP)) {
            throw new InvalidInputException("input speed-up " + inputSpeedup + " runs the switch allocator over the split "
                    + "inputs with one iteration; expected alloc_iters 1 there (or a switch allocator other than islip)");
        }
        Allocator.check(vcAllocator, "VC allocator");
        Allocator.check(swAllocator, "switch allocator");
    }

    /** This timing with channel latencies {@code link} and {@code global} (-1: the defaults above). */
    public RouterTiming withLatencies(int link, int global) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, link, global,
                waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code routing_delay} {@code routing}. */
    public RouterTiming withRoutingDelay(int routing) {
        return new RouterTiming(name, routing, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency, globalLatency,
                waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code credit_delay} {@code credit}. */
    public RouterTiming withCreditDelay(int credit) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, credit, linkLatency, globalLatency,
                waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code wait_for_tail_credit} {@code wait}. */
    public RouterTiming withWaitForTailCredit(boolean wait) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, wait, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup,
                outputSpeedup);
    }

    /** This timing with BookSim's {@code alloc_iters} {@code iterations}. */
    public RouterTiming withAllocIters(int iterations) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, iterations, vcAllocator, swAllocator, inputSpeedup,
                internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code vc_alloc_delay} {@code vc} and {@code sw_alloc_delay} {@code sw}. */
    public RouterTiming withAllocationDelays(int vc, int sw) {
        return new RouterTiming(name, routingDelay, vc, sw, stDelay, creditDelay, linkLatency, globalLatency,
                waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's crossbar delay {@code st_prepare_delay + st_final_delay} = {@code traversal}. */
    public RouterTiming withTraversalDelay(int traversal) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, traversal, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup,
                internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code input_speedup} {@code speedup}. */
    public RouterTiming withInputSpeedup(int speedup) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, allocIters, vcAllocator, swAllocator, speedup,
                internalSpeedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code internal_speedup} {@code speedup} (a whole number). */
    public RouterTiming withInternalSpeedup(int speedup) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup,
                speedup, outputSpeedup);
    }

    /** This timing with BookSim's {@code output_speedup} {@code speedup}. */
    public RouterTiming withOutputSpeedup(int speedup) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, allocIters, vcAllocator, swAllocator, inputSpeedup, internalSpeedup,
                speedup);
    }

    /** This timing with BookSim's {@code vc_allocator} {@code vc} and {@code sw_allocator} {@code sw} ({@link Allocator}). */
    public RouterTiming withAllocators(String vc, String sw) {
        return new RouterTiming(name, routingDelay, vcAllocDelay, swAllocDelay, stDelay, creditDelay, linkLatency,
                globalLatency, waitForTailCredit, allocIters, vc, sw, inputSpeedup, internalSpeedup, outputSpeedup);
    }

    /** The latency of a router-to-router link of {@code topology} that is not a Dragonfly's global link. */
    public int linkLatency(Topology topology) {
        if (linkLatency > 0) {
            return linkLatency;
        }
        return topology.geometry() instanceof Geometry.Grid g && g.wrap() ? 2 : 1;
    }

    /**
     * The latency of the channel from router node {@code u} to router node {@code v} of {@code topology}: its own where
     * the topology's channels carry latencies (a topology file's, {@link Topology#hasChannelLatencies}), else by the rules
     * above. A link latency set here beside a file's is refused with one line: the two cannot both hold.
     */
    public int latency(Topology topology, int u, int v) {
        if (topology.hasChannelLatencies()) {
            if (linkLatency > 0 || globalLatency > 0) {
                throw new org.ccopt.InvalidInputException("--" + (linkLatency > 0 ? "link" : "global") + "-latency sets "
                        + "links that topology '" + topology.spec() + "' gives latencies of its own; expected one of them "
                        + "(leave out the option, or the file's latencies)");
            }
            return topology.channelLatency(topology.channel(u, v));
        }
        if (linkLatency <= 0 && topology.geometry() instanceof Geometry.ConcentratedMesh cm) {
            return Math.abs(u - v) == 1 ? cm.cx() : cm.cy(); // BookSim's cmesh: a link spans a router's block of terminals
        }
        if (globalLatency > 0 && topology.geometry() instanceof Geometry.Dragonfly d) {
            int base = topology.isDirect() ? 0 : topology.terminalCount();
            if ((u - base) / d.a() != (v - base) / d.a()) {
                return globalLatency;
            }
        }
        return linkLatency(topology);
    }

    /**
     * The latency of terminal {@code terminal}'s channels to and from its router, node {@code router}: its link's where
     * the topology's channels carry latencies, else 1 (BookSim's terminal channels; a terminal that is its router's node
     * has no link, so 1 too).
     */
    public int terminalLatency(Topology topology, int terminal, int router) {
        return terminal != router && topology.hasChannelLatencies()
                ? topology.channelLatency(topology.channel(terminal, router)) : NetworkSimulator.TERMINAL_LATENCY;
    }

    /**
     * Cycles from a switch grant to the cycle in which the flit can move on at the next router, over a link of
     * {@code latency}: it is written to the link in its last switch-traversal cycle and, as every channel does, is
     * on the link from the next cycle for {@code latency} cycles (BookSim's channels).
     */
    int forward(int latency) {
        return swAllocDelay + stDelay + latency;
    }

    /**
     * Cycles from a switch grant to the cycle in which the credit of the slot its flit frees can be used upstream, over a
     * link of {@code latency}: the slot frees when the grant is through ({@code swAllocDelay} - 1 cycles later), and
     * the credit, written then, is there 1 + {@code creditDelay} + latency cycles later.
     */
    int credit(int latency) {
        return swAllocDelay - 1 + 1 + creditDelay + latency;
    }

    /**
     * The settings that differ from {@link #BOOKSIM}, by BookSim's keys ({@code credit_delay 2, sw_allocator loa}), or an
     * empty string.
     */
    public String changes() {
        RouterTiming d = BOOKSIM;
        java.util.List<String> out = new java.util.ArrayList<>();
        if (linkLatency != d.linkLatency) {
            out.add("link latency " + linkLatency);
        }
        if (globalLatency != d.globalLatency) {
            out.add("global latency " + globalLatency);
        }
        if (routingDelay != d.routingDelay) {
            out.add("routing_delay " + routingDelay);
        }
        if (vcAllocDelay != d.vcAllocDelay) {
            out.add("vc_alloc_delay " + vcAllocDelay);
        }
        if (swAllocDelay != d.swAllocDelay) {
            out.add("sw_alloc_delay " + swAllocDelay);
        }
        if (stDelay != d.stDelay) {
            out.add("st_final_delay " + stDelay);
        }
        if (creditDelay != d.creditDelay) {
            out.add("credit_delay " + creditDelay);
        }
        if (waitForTailCredit != d.waitForTailCredit) {
            out.add("wait_for_tail_credit 1");
        }
        if (!vcAllocator.equals(d.vcAllocator)) {
            out.add("vc_allocator " + vcAllocator);
        }
        if (!swAllocator.equals(d.swAllocator)) {
            out.add("sw_allocator " + swAllocator);
        }
        if (allocIters != d.allocIters) {
            out.add("alloc_iters " + allocIters);
        }
        if (inputSpeedup != d.inputSpeedup) {
            out.add("input_speedup " + inputSpeedup);
        }
        if (internalSpeedup != d.internalSpeedup) {
            out.add("internal_speedup " + internalSpeedup);
        }
        if (outputSpeedup != d.outputSpeedup) {
            out.add("output_speedup " + outputSpeedup);
        }
        return String.join(", ", out);
    }

    @Override
    public String toString() {
        return name;
    }
}
