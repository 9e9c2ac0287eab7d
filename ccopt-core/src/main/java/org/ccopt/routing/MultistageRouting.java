package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.gen.MultistageGenerator;

/**
 * Routing in the unidirectional multistage networks of {@code MultistageGenerator}.
 *
 * <ul>
 *   <li>Omega and Butterfly (either input order): destination-tag routing (Lawrie 1975): at stage i leave on output port
 *       bit (n-1-i) of the destination address. The path is the unique path of the network.
 *   <li>Clos: any middle switch gives a minimal path; the route takes middle switch
 *       {@code destination mod m}, and {@link #closRoute} takes any given one (the path index of
 *       {@link MinimalPaths} equals the middle switch index).
 * </ul>
 * The recursive Clos has no closed-form route here; {@link Routings} gives it the shortest-path routing.
 */
final class MultistageRouting implements Routing {

    private final Topology topology;
    private final Geometry.Multistage stages;

    public MultistageRouting(Topology topology) {
        if (!(topology.geometry() instanceof Geometry.Multistage m)) {
            throw new IllegalArgumentException("multistage routing needs omega, butterfly or clos, got " + topology.spec());
        }
        this.topology = topology;
        this.stages = m;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int[] route(int source, int destination) {
        Routing.requireTerminals(topology, name(), source, destination);
        if (stages.kind().equals("clos")) {
            return closRoute(source, destination, destination % stages.radix());
        }
        int n = topology.terminalCount();
        int bits = stages.stages();
        int half = stages.switchesPerStage();
        boolean omega = stages.kind().equals("omega");
        int[] path = new int[bits + 2];
        path[0] = source;
        int line = MultistageGenerator.inputLine(stages.kind(), source, bits);
        for (int stage = 0; stage < bits; stage++) {
            int sw = line / 2;
            path[stage + 1] = n + stage * half + sw;
            int out = 2 * sw + ((destination >>> (bits - 1 - stage)) & 1);
            if (stage + 1 < bits) {
                line = omega ? rotateLeft(out, bits) : swapBits(out, 0, bits - 1 - stage);
            } else {
                line = out;
            }
        }
        path[bits + 1] = line;
        return path;
    }

    /** The Clos path through middle switch {@code middle}. */
    public int[] closRoute(int source, int destination, int middle) {
        Routing.requireTerminals(topology, name(), source, destination);
        int n = topology.terminalCount();
        int edgeSwitches = topology.switchCount() - stages.radix();
        edgeSwitches /= 2;
        int perSwitch = n / edgeSwitches;
        int inputBase = n;
        int middleBase = inputBase + edgeSwitches;
        int outputBase = middleBase + stages.radix();
        return new int[] {source, inputBase + source / perSwitch, middleBase + middle,
            outputBase + destination / perSwitch, destination};
    }

    private static int rotateLeft(int line, int bits) {
        return ((line << 1) | (line >>> (bits - 1))) & ((1 << bits) - 1);
    }

    private static int swapBits(int value, int i, int j) {
        return ((value >>> i) & 1) == ((value >>> j) & 1) ? value : value ^ ((1 << i) | (1 << j));
    }

    @Override
    public String name() {
        return stages.kind().equals("clos") ? "clos-middle-d-mod-m" : "destination-tag";
    }
}
