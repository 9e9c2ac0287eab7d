package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * Up*&#47;down* routing on k-ary n-trees (Petrini &amp; Vanneschi 1997): climb to the lowest level L at which
 * the source and destination subtrees meet (the nearest common ancestors), then descend. Going up from level l
 * the switch may change word digit l; the route sets it to the destination's digit ("d-mod-k" up-port
 * selection), so the descent is forced and every destination has its own up-path.
 */
final class UpDownRouting implements Routing {

    private final Topology topology;
    private final int k;
    private final int levels;

    public UpDownRouting(Topology topology) {
        if (!(topology.geometry() instanceof Geometry.Tree tree)
                || !(tree.kind().equals("fattree") || tree.kind().equals("kary-ntree"))) {
            throw new IllegalArgumentException("up*/down* routing is implemented for k-ary n-trees, got " + topology.spec());
        }
        this.topology = topology;
        this.levels = tree.levels();
        int perLevel = topology.switchCount() / levels;
        this.k = levels == 1 ? topology.terminalCount() : topology.terminalCount() / perLevel;
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int[] route(int source, int destination) {
        Routing.requireTerminals(topology, name(), source, destination);
        if (source == destination) {
            return new int[] {source};
        }
        int terminals = topology.terminalCount();
        int perLevel = topology.switchCount() / levels;
        int w = source / k;
        int target = destination / k;
        int top = 0;
        int digit = 1;
        for (int l = 0; l < levels - 1; l++) {
            if ((w / digit) % k != (target / digit) % k) {
                top = l + 1;
            }
            digit *= k;
        }
        int[] path = new int[2 * top + 3];
        int i = 0;
        path[i++] = source;
        path[i++] = terminals + w;
        digit = 1;
        for (int l = 0; l < top; l++) {
            int current = (w / digit) % k;
            w += ((target / digit) % k - current) * digit;
            path[i++] = terminals + (l + 1) * perLevel + w;
            digit *= k;
        }
        for (int l = top - 1; l >= 0; l--) {
            path[i++] = terminals + l * perLevel + w;
        }
        path[i] = destination;
        return path;
    }

    @Override
    public String name() {
        return "up-down";
    }
}
