package org.ccopt.topology.io;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.AttributeType;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;
import org.jgrapht.nio.graphml.GraphMLExporter;

/**
 * Writes a topology in the formats users take to other tools. Node ids are ccopt's node ids everywhere,
 * so the ids that every other command prints stay valid in the exported file.
 *
 * <ul>
 *   <li>{@code json}: {@code {"spec", "directed", "nodes":[{"id","kind"}], "links":[[a,b],...]}}; two-way links
 *       once (a &lt; b), one-way channels as [from, to]; where the channels carry latencies
 *       ({@link Topology#hasChannelLatencies}), each link as [a, b, cycles].
 *   <li>{@code graphml}, {@code dot}: through JGraphT's exporters, with a {@code kind} attribute per node and a
 *       {@code latency} attribute per edge where the channels carry latencies.
 *   <li>{@code simgrid}: a SimGrid 4.1 platform (Floyd routing) with one router per node and one host per
 *       terminal, joined by a host link, as the thesis configured it (Cui 2024, §3.4.1).
 *   <li>{@code booksim}: a BookSim 2 {@code anynet} file: one line per router listing its terminal nodes and
 *       neighbour routers.
 * </ul>
 */
public final class TopologyExporter {

    /** Format names accepted by {@link #export}. */
    public static final String FORMATS = "json, graphml, dot, simgrid, booksim";

    private TopologyExporter() {
    }

    public static String export(Topology t, String format, SimGridOptions simgrid) {
        switch (format.toLowerCase(Locale.ROOT)) {
            case "json":
                return json(t);
            case "graphml":
                return graphml(t);
            case "dot":
                return dot(t);
            case "simgrid":
                return simgrid(t, simgrid);
            case "booksim":
                return booksim(t);
            default:
                throw new InvalidInputException("unknown export format '" + format + "'; expected one of " + FORMATS);
        }
    }

    /** Link bandwidth and latency for the SimGrid platform, in SimGrid's unit syntax (e.g. 100Gbps, 100ns). */
    public record SimGridOptions(String bandwidth, String latency, String hostSpeed) {
        public static final SimGridOptions THESIS = new SimGridOptions("100Gbps", "100ns", "100Gf");

        /** Each value is a number and one of SimGrid's units, so that the platform file SimGrid reads means what was asked. */
        public SimGridOptions {
            check(bandwidth, "bandwidth", "(Tbps|Gbps|Mbps|kbps|bps|TBps|GBps|MBps|kBps|Bps)", false, "100Gbps, 12.5GBps");
            check(latency, "latency", "(ns|us|ms|s)", true, "100ns, 1.5us");
            check(hostSpeed, "host speed", "(Tf|Gf|Mf|kf|f)", false, "100Gf");
        }

        private static void check(String value, String what, String units, boolean zeroAllowed, String examples) {
            Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)" + units)
                    .matcher(value == null ? "" : value.trim());
            if (!m.matches() || !Double.isFinite(Double.parseDouble(m.group(1)))
                    || !(zeroAllowed || Double.parseDouble(m.group(1)) > 0)) {
                throw new InvalidInputException("SimGrid " + what + " '" + value + "' is invalid; expected a "
                        + (zeroAllowed ? "non-negative" : "positive") + " number with its unit, e.g. " + examples);
            }
        }
    }

    public static String json(Topology t) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("spec", t.spec());
        root.put("directed", t.isOneWay());
        ArrayNode nodes = root.putArray("nodes");
        for (int u = 0; u < t.nodeCount(); u++) {
            nodes.addObject().put("id", u).put("kind", t.kind(u).label());
        }
        ArrayNode links = root.putArray("links");
        for (int c = 0; c < t.channelCount(); c++) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            if (t.isOneWay() || u < v) {
                ArrayNode link = links.addArray().add(u).add(v);
                if (t.hasChannelLatencies()) {
                    link.add(t.channelLatency(c));
                }
            }
        }
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Attribute> kindAttribute(Topology t, int v) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        m.put("kind", DefaultAttribute.createAttribute(t.kind(v).label()));
        return m;
    }

    /** An edge's {@code latency} attribute, its channel's latency, where the channels carry latencies. */
    private static Map<String, Attribute> latencyAttribute(Topology t, org.jgrapht.Graph<Integer,
            org.jgrapht.graph.DefaultEdge> g, org.jgrapht.graph.DefaultEdge e) {
        Map<String, Attribute> m = new LinkedHashMap<>();
        if (t.hasChannelLatencies()) {
            m.put("latency", DefaultAttribute.createAttribute(t.channelLatency(t.channel(g.getEdgeSource(e),
                    g.getEdgeTarget(e)))));
        }
        return m;
    }

    public static String graphml(Topology t) {
        GraphMLExporter<Integer, org.jgrapht.graph.DefaultEdge> exporter = new GraphMLExporter<>(String::valueOf);
        exporter.registerAttribute("kind", GraphMLExporter.AttributeCategory.NODE, AttributeType.STRING);
        if (t.hasChannelLatencies()) {
            exporter.registerAttribute("latency", GraphMLExporter.AttributeCategory.EDGE, AttributeType.INT);
        }
        exporter.setVertexAttributeProvider(v -> kindAttribute(t, v));
        org.jgrapht.Graph<Integer, org.jgrapht.graph.DefaultEdge> g = JGraphTAdapter.toGraph(t);
        exporter.setEdgeAttributeProvider(e -> latencyAttribute(t, g, e));
        StringWriter out = new StringWriter();
        exporter.exportGraph(g, out);
        return out.toString();
    }

    public static String dot(Topology t) {
        DOTExporter<Integer, org.jgrapht.graph.DefaultEdge> exporter = new DOTExporter<>(String::valueOf);
        exporter.setVertexAttributeProvider(v -> kindAttribute(t, v));
        org.jgrapht.Graph<Integer, org.jgrapht.graph.DefaultEdge> g = JGraphTAdapter.toGraph(t);
        exporter.setEdgeAttributeProvider(e -> latencyAttribute(t, g, e));
        exporter.setGraphIdProvider(() -> "ccopt");
        StringWriter out = new StringWriter();
        exporter.exportGraph(g, out);
        return out.toString();
    }

    public static String simgrid(Topology t, SimGridOptions o) {
        StringBuilder s = new StringBuilder();
        s.append("<?xml version='1.0'?>\n");
        s.append("<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
        s.append("<!-- ").append(t.spec()).append(": exported by ccopt; router rN is ccopt node N, host hT is terminal T -->\n");
        s.append("<platform version=\"4.1\">\n");
        s.append("  <zone id=\"ccopt\" routing=\"Floyd\">\n");
        for (int v = 0; v < t.terminalCount(); v++) {
            s.append("    <host id=\"h").append(v).append("\" speed=\"").append(o.hostSpeed()).append("\"/>\n");
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            s.append("    <router id=\"r").append(v).append("\"/>\n");
        }
        StringBuilder routes = new StringBuilder();
        for (int v = 0; v < t.terminalCount(); v++) {
            s.append("    <link id=\"host").append(v).append("\" bandwidth=\"").append(o.bandwidth())
                    .append("\" latency=\"0ns\"/>\n");
            routes.append("    <route src=\"h").append(v).append("\" dst=\"r").append(v)
                    .append("\"><link_ctn id=\"host").append(v).append("\"/></route>\n");
        }
        String symmetrical = t.isOneWay() ? "NO" : "YES";
        for (int c = 0; c < t.channelCount(); c++) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            if (!t.isOneWay() && u > v) {
                continue;
            }
            String id = "l" + u + "_" + v;
            s.append("    <link id=\"").append(id).append("\" bandwidth=\"").append(o.bandwidth())
                    .append("\" latency=\"").append(o.latency()).append("\"/>\n");
            routes.append("    <route src=\"r").append(u).append("\" dst=\"r").append(v).append("\" symmetrical=\"")
                    .append(symmetrical).append("\"><link_ctn id=\"").append(id).append("\"/></route>\n");
        }
        s.append(routes);
        s.append("  </zone>\n</platform>\n");
        return s.toString();
    }

    /** As {@link #booksim(Topology, java.util.function.IntBinaryOperator)}, every channel's latency its own, or 1. */
    public static String booksim(Topology t) {
        return booksim(t, (u, v) -> t.hasChannelLatencies() ? t.channelLatency(t.channel(u, v)) : 1);
    }

    /**
     * A BookSim 2 {@code anynet} file of {@code t} whose router-to-router channels take {@code latency.applyAsInt(u, v)}
     * cycles (node ids of the two routers; anynet's per-channel latency, its credits following it), written after the
     * router where it is not 1; terminal channels take 1 (a file's other terminal latency is refused: anynet's syntax has
     * one, {@code node 3 5}, but BookSim 2's reader stores it on the link to router 3).
     */
    public static String booksim(Topology t, java.util.function.IntBinaryOperator latency) {
        if (t.isOneWay()) {
            throw new InvalidInputException("topology '" + t.spec() + "' is one-way; BookSim anynet files describe "
                    + "two-way networks only; expected a two-way topology");
        }
        StringBuilder s = new StringBuilder();
        int[] switchOf = new int[t.terminalCount()];
        if (!t.isDirect()) {
            for (int v = 0; v < t.terminalCount(); v++) {
                if (t.outDegree(v) != 1 || t.isTerminal(t.channelTarget(t.outStart(v)))) {
                    throw new InvalidInputException("terminal " + v + " of '" + t.spec() + "' is not attached to exactly "
                            + "one switch; BookSim anynet needs one router per terminal");
                }
                switchOf[v] = t.channelTarget(t.outStart(v)) - t.terminalCount();
            }
        }
        int first = t.isDirect() ? 0 : t.terminalCount();
        for (int u = first; u < t.nodeCount(); u++) {
            s.append("router ").append(u - first);
            if (t.isDirect()) {
                s.append(" node ").append(u);
            }
            for (int c = t.outStart(u); c < t.outEnd(u); c++) {
                int v = t.channelTarget(c);
                if (v < first) {
                    s.append(" node ").append(v);
                    int cycles = t.hasChannelLatencies() ? t.channelLatency(t.channel(v, u)) : 1;
                    if (cycles != 1) {
                        throw new InvalidInputException("terminal " + v + " of '" + t.spec() + "' has a " + cycles
                                + "-cycle link; BookSim 2's anynet reader puts a terminal's latency on the router link of "
                                + "the same number (its AnyNet::readFile), so terminal channels other than 1 cycle cannot "
                                + "be exported; expected 1-cycle terminal links");
                    }
                } else {
                    s.append(" router ").append(v - first);
                    int cycles = latency.applyAsInt(u, v);
                    if (cycles != 1) {
                        s.append(' ').append(cycles);
                    }
                }
            }
            s.append('\n');
        }
        return s.toString();
    }
}
