package org.ccopt.topology.io;

import org.ccopt.topology.Topology;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;

/** Converts a {@link Topology} to a JGraphT graph on Integer vertices (for I/O and independent cross-checks). */
public final class JGraphTAdapter {

    private JGraphTAdapter() {
    }

    /** Undirected simple graph for two-way networks, directed for one-way networks; vertices are node ids. */
    public static Graph<Integer, DefaultEdge> toGraph(Topology t) {
        Graph<Integer, DefaultEdge> g = t.isOneWay()
                ? GraphTypeBuilder.<Integer, DefaultEdge>directed().allowingMultipleEdges(false)
                        .allowingSelfLoops(false).edgeClass(DefaultEdge.class).buildGraph()
                : GraphTypeBuilder.<Integer, DefaultEdge>undirected().allowingMultipleEdges(false)
                        .allowingSelfLoops(false).edgeClass(DefaultEdge.class).buildGraph();
        for (int u = 0; u < t.nodeCount(); u++) {
            g.addVertex(u);
        }
        for (int c = 0; c < t.channelCount(); c++) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            if (t.isOneWay() || u < v) {
                g.addEdge(u, v);
            }
        }
        return g;
    }
}
