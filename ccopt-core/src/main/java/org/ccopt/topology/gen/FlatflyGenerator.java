package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * The flattened butterfly (Kim, Dally &amp; Abts 2007), {@code flatfly:k,n[,c]}: the k-ary n-fly with the routers of
 * each row merged, so k^n routers, each linked directly to the k-1 others in every one of its n dimensions (a Hamming
 * graph), and c processors on each: router radix c + n(k-1), any two routers at most n hops apart. BookSim 2's
 * {@code flatfly} with {@code k}, {@code n} and {@code c} has the same routers and links; its terminals are numbered by
 * their place on a chip ({@code x}, {@code y}, {@code xr}, {@code yr}), ccopt's router by router (terminal t on router
 * t / c), which relabels the terminals and leaves uniform traffic unchanged.
 *
 * <p>Nodes: with c = 1 the processor is integrated in its router (a direct network, as {@code dragonfly} with p = 1);
 * with c &gt;= 2 the k^n c terminals come first and router r is node k^n c + r.
 */
public final class FlatflyGenerator {

    private FlatflyGenerator() {
    }

    public static Topology build(String spec, int k, int n, int c) {
        Params.atLeast(spec, "k", k, 2);
        Params.atLeast(spec, "n", n, 1);
        Params.atLeast(spec, "c", c, 1);
        long routersLong = 1;
        for (int i = 0; i < n; i++) {
            routersLong *= k;
            Params.require(spec, routersLong <= Topology.MAX_NODES, "too many nodes: k^n exceeds " + Topology.MAX_NODES);
        }
        Params.require(spec, routersLong * (c == 1 ? 1 : c + 1) <= Topology.MAX_NODES, "too many nodes: k^n (c + 1) "
                + "exceeds " + Topology.MAX_NODES);
        int routers = (int) routersLong;
        int terminals = c == 1 ? routers : routers * c;
        int base = c == 1 ? 0 : terminals;
        TopologyBuilder b = new TopologyBuilder(base + routers, terminals, false);
        for (int r = 0; r < routers; r++) {
            int stride = 1;
            for (int d = 0; d < n; d++) {
                int x = r / stride % k;
                for (int y = x + 1; y < k; y++) {
                    b.addLink(base + r, base + r + (y - x) * stride);
                }
                stride *= k;
            }
        }
        if (c > 1) {
            for (int t = 0; t < terminals; t++) {
                b.addLink(t, base + t / c);
            }
        }
        return b.build(spec, "flatfly", new Geometry.FlattenedButterfly(k, n, c));
    }
}
