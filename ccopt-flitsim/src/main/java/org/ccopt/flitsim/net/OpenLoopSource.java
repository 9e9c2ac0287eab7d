package org.ccopt.flitsim.net;

import java.util.SplittableRandom;

/**
 * The packets an {@link OpenLoopTraffic} generates, terminal by terminal and cycle by cycle, from one seed: every flit
 * router draws its open loads here, so at the same seed both routers are offered the very same packets (creation
 * cycles and destinations). Call {@link #next} for every terminal in order, once per cycle, from cycle 0.
 *
 * <p>A Bernoulli source is drawn by its geometric gaps, one draw per packet rather than one per cycle; an on-off source
 * draws its state every cycle (Dally &amp; Towles 2004, §24.2.1).
 */
public final class OpenLoopSource {

    private final OpenLoopTraffic traffic;
    private final SplittableRandom inject;
    private final SplittableRandom dest;
    /**
     * Packet sizes, drawn only where they are a mix (a single size draws nothing, so its streams stay as they were), or
     * the kinds of requests, read or write.
     */
    private final SplittableRandom size;
    private final double p;
    private final double alpha;
    private final double beta;
    private final boolean bursty;
    private final double logMiss;
    private final boolean[] on;
    /** Per terminal, the cycle of its next packet (Bernoulli sources). */
    private final int[] nextArrival;
    private int kind;

    public OpenLoopSource(OpenLoopTraffic traffic, int terminals, long seed) {
        this.traffic = traffic;
        inject = new SplittableRandom(seed ^ 0x5DEECE66DL);
        dest = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 1);
        size = new SplittableRandom(seed * 0xBF58476D1CE4E5B9L + 3);
        p = traffic.packetProbability();
        alpha = traffic.onProbability();
        beta = traffic.offProbability();
        bursty = traffic.process() == OpenLoopTraffic.Process.ON_OFF;
        logMiss = Math.log1p(-p);
        on = new boolean[terminals];
        nextArrival = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            nextArrival[t] = gap(inject, logMiss) - 1;
        }
    }

    /** The destination of the packet terminal {@code t} generates in {@code cycle}, or -1 where it generates none. */
    public int next(int t, int cycle) {
        boolean send;
        if (bursty) {
            on[t] = on[t] ? inject.nextDouble() >= beta : inject.nextDouble() < alpha;
            send = on[t] && inject.nextDouble() < p;
        } else {
            send = nextArrival[t] == cycle;
            if (send) {
                nextArrival[t] += gap(inject, logMiss);
            }
        }
        return send ? traffic.destinations().next(t, dest) : -1;
    }

    /**
     * The size of the packet {@link #next} just generated, in flits (call once per packet); under request-reply, a
     * request's, whose kind {@link #requestKind} then gives.
     */
    public int size() {
        RequestReply rr = traffic.requestReply();
        if (rr == null) {
            return traffic.sizes().draw(size);
        }
        kind = rr.drawRequest(size);
        return rr.size(kind);
    }

    /** Under request-reply, the kind of the request {@link #size} sized ({@link RequestReply#READ_REQUEST}, ...). */
    public int requestKind() {
        return kind;
    }

    /** A gap of a Bernoulli process of success probability p = 1 - exp(logMiss): geometric on 1, 2, ... */
    private static int gap(SplittableRandom random, double logMiss) {
        if (logMiss == Double.NEGATIVE_INFINITY) {
            return 1; // p = 1
        }
        double g = 1 + Math.floor(Math.log(1 - random.nextDouble()) / logMiss);
        return g >= Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE / 2 : (int) g;
    }
}
