package org.ccopt.cupstack;

import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;

/**
 * Simple stacking (Yokota et al. 2023, §4.1) on BookSim's input-queued router ({@link NetworkSimulator}): the message
 * of every node is split into S slices, slice s released at s V, and V is swept from the slice length l_c to the
 * single-slice duration t_d, the shortest run kept (the smallest V among equal ones), as {@link Stacking#simple} does on
 * the papers' router. The baseline is the unsplit message: one slice whose packets are S times longer. The injection
 * plan is the traffic source every router runs ({@link NetworkSimulator#runPlan}); the arbitration genes C and Q of the
 * papers' router have no counterpart here, so the searches over them do not run on this router.
 */
public final class BooksimStacking {

    /**
     * What a sweep found.
     *
     * @param baselineCycles       the unsplit message's duration
     * @param singleSliceCycles    t_d: one slice alone
     * @param simpleStackingCycles the shortest duration of the sweep
     * @param interval             the V that gave it
     * @param simulations          runs made, the baseline's and t_d's included
     * @param routing              the routing function the router ran
     * @param vcs                  VCs per port
     */
    public record Result(int baselineCycles, int singleSliceCycles, int simpleStackingCycles, int interval, int simulations,
                         String routing, int vcs) {
    }

    private BooksimStacking() {
    }

    /**
     * Simple stacking of {@code destination}'s traffic, {@code slices} slices of {@code packetsPerSlice} packets of
     * {@code flitsPerPacket} flits, on the booksim router of {@code setup} (its network, VCs and buffers; the network's
     * default routing function); the answer re-checked on a fresh router before it is returned.
     */
    public static Result simple(FlitSetup setup, int[] destination, int slices, int packetsPerSlice, int flitsPerPacket) {
        if ((long) slices * flitsPerPacket > 1024) {
            throw new InvalidInputException("the unsplit packet of " + slices + " x " + flitsPerPacket + " flits is longer "
                    + "than the booksim router's 1024; expected fewer slices or shorter packets");
        }
        NetworkSimulator sim = setup.engine();
        int[] none = new int[destination.length];
        int baseline = sim.runPlan(destination, 1, packetsPerSlice, flitsPerPacket * slices, 0, none, 0,
                Integer.MAX_VALUE).cycles();
        int td = sim.runPlan(destination, 1, packetsPerSlice, flitsPerPacket, 0, none, 0, Integer.MAX_VALUE).cycles();
        int from = packetsPerSlice * flitsPerPacket;
        int to = Math.max(from, td);
        int best = Integer.MAX_VALUE;
        int bestInterval = from;
        for (int v = from; v <= to; v++) {
            OpenLoopResult r = sim.runPlan(destination, slices, packetsPerSlice, flitsPerPacket, v, none, 0,
                    best == Integer.MAX_VALUE ? Integer.MAX_VALUE : best - 1);
            if (r != null && r.cycles() < best) {
                best = r.cycles();
                bestInterval = v;
            }
        }
        Result result = new Result(baseline, td, best, bestInterval, to - from + 3, sim.routing().name(), sim.vcs());
        check(setup, destination, slices, packetsPerSlice, flitsPerPacket, result);
        return result;
    }

    /**
     * The independent check of an answer: a fresh router runs the plan at the answer's V, and delivers every packet of
     * it (the run's own conservation check) in the reported duration; the baseline likewise.
     */
    static void check(FlitSetup setup, int[] destination, int slices, int packetsPerSlice, int flitsPerPacket, Result r) {
        NetworkSimulator fresh = setup.engine();
        int[] none = new int[destination.length];
        long senders = 0;
        for (int u = 0; u < destination.length; u++) {
            senders += destination[u] != u ? 1 : 0;
        }
        OpenLoopResult stacked = fresh.runPlan(destination, slices, packetsPerSlice, flitsPerPacket, r.interval(), none, 0,
                Integer.MAX_VALUE);
        OpenLoopResult unsplit = fresh.runPlan(destination, 1, packetsPerSlice, flitsPerPacket * slices, 0, none, 0,
                Integer.MAX_VALUE);
        if (stacked.cycles() != r.simpleStackingCycles() || stacked.packets() != senders * slices * packetsPerSlice
                || unsplit.cycles() != r.baselineCycles()) {
            throw new IllegalStateException("simple stacking on the booksim router does not replay: V = " + r.interval()
                    + " gave " + r.simpleStackingCycles() + " cycles, a fresh router " + stacked.cycles() + " with "
                    + stacked.packets() + " packets; unsplit " + r.baselineCycles() + " against " + unsplit.cycles());
        }
    }
}
