package org.ccopt.topology.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;
import org.ccopt.util.InputFiles;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.nio.dot.DOTImporter;
import org.jgrapht.nio.graphml.GraphMLImporter;

/**
 * Reads a topology from a graph file, by extension: {@code .json} (the schema {@link TopologyExporter} writes),
 * {@code .graphml}, {@code .dot}/{@code .gv} (through JGraphT's importers; a node attribute {@code kind} =
 * {@code switch} marks switches, everything else is a terminal), or anything else as an edge list (one
 * {@code a b} pair per line, {@code #} comments; a first line {@code directed} makes it one-way).
 *
 * <p>Node ids: ccopt numbers terminals first, so a file's ids must be ccopt's: numeric ids run 0..N-1 with every
 * terminal below every switch; named ids (DOT, GraphML, edge lists) are numbered in order of appearance, terminals
 * first. A file that would need renumbering is refused with one line, never read under other numbers, as are a link
 * from a node to itself, a link given twice, a kind other than {@code terminal} or {@code switch}, and a DOT graph that
 * mixes {@code --} and {@code ->}.
 *
 * <p>Safety: only regular UTF-8 files up to {@link InputFiles#MAX_BYTES} are read. A GraphML file that declares a document type
 * ({@code <!DOCTYPE}, hence any entity) is refused before it reaches the XML parser, so no external entity is ever
 * resolved, no file outside the one named is read and no connection is opened (GraphML needs no DTD). An edge-list
 * line must hold exactly two node ids and, optionally, a latency (below), so a file of another kind (a BookSim anynet
 * file, YAML) is refused instead of read as a different graph.
 *
 * <p>Link latencies: a link may carry its latency in cycles, which the flit engine's channels take (both directions of
 * a two-way link), as BookSim's {@code anynet} files give them: a third column of an edge list ({@code a b 5}), a third
 * element of a JSON link ({@code [0, 1, 5]}), an edge attribute {@code latency} in GraphML or DOT. A file gives a latency
 * on every link or on none; a latency is a whole number of cycles from 1 to {@link Topology#MAX_CHANNEL_LATENCY}.
 */
public final class TopologyFiles {

    private TopologyFiles() {
    }

    /** A node id of an edge-list file: letters, digits, {@code _ . -}. */
    private static final Pattern EDGE_LIST_ID = Pattern.compile("[A-Za-z0-9_.-]+");

    public static Topology read(Path path, String spec) {
        String text = InputFiles.read(path, "topology file", "a .json, .graphml, .dot or edge-list file");
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".json")) {
                return fromJson(text, spec, path);
            }
            if (name.endsWith(".graphml") || name.endsWith(".xml")) {
                if (text.contains("<!DOCTYPE") || text.contains("<!ENTITY")) {
                    throw new InvalidInputException("topology file '" + path + "' declares a document type "
                            + "(<!DOCTYPE or <!ENTITY); refused: GraphML needs none, and entities could read other "
                            + "files or open connections");
                }
                return fromJGraphT(text, spec, path, graphMlDirected(text, path), true);
            }
            if (name.endsWith(".dot") || name.endsWith(".gv")) {
                boolean directed = dotDirected(text, path);
                String code = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ")
                        .replaceAll("(?m)^\\s*#[^\n]*", " ").replaceAll("\"[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+\"", "\"\"");
                if (code.contains(directed ? "--" : "->")) {
                    throw new InvalidInputException("topology file '" + path + "' is a DOT " + (directed ? "digraph" : "graph")
                            + " with an edge '" + (directed ? "--" : "->") + "'; expected '" + (directed ? "->" : "--")
                            + "' only");
                }
                return fromJGraphT(text, spec, path, directed, false);
            }
            return fromEdgeList(text, spec, path);
        } catch (InvalidInputException e) {
            throw e;
        } catch (IOException | RuntimeException | javax.xml.stream.XMLStreamException e) {
            // a parser's message may quote the file: name the place only, never the text
            throw new InvalidInputException("cannot parse topology file '" + path + "'" + InputFiles.where(e) + "; expected "
                    + (name.endsWith(".json") ? "JSON" : name.endsWith(".dot") || name.endsWith(".gv") ? "a DOT graph"
                    : name.endsWith(".graphml") || name.endsWith(".xml") ? "GraphML in the namespace http://graphml.graphdrawing.org/xmlns"
                    : "an edge list"));
        }
    }

    /**
     * Whether a GraphML file's graph is directed, from the {@code edgedefault} attribute of its first {@code graph}
     * element, read with an XML parser (document types off), so quoting, spacing and comments cannot fool it. The
     * GraphML Primer (Brandes, Eiglsperger and Lerner, "Edges") requires the default direction to be specified: a file without it,
     * or with an edge whose own {@code directed} attribute disagrees (a mixed graph), is refused. The same pass
     * refuses a node id given twice and an edge to an undeclared node: the identity constraints of GraphML's schema,
     * checked here in linear time (JGraphT's schema validation checks them by a linear search per node, which took
     * minutes on 300,000 nodes, so it is switched off).
     */
    static boolean graphMlDirected(String text, Path path) throws javax.xml.stream.XMLStreamException {
        java.util.Set<String> nodes = new java.util.HashSet<>();
        List<String[]> ends = new ArrayList<>();
        javax.xml.stream.XMLInputFactory f = javax.xml.stream.XMLInputFactory.newFactory();
        f.setProperty(javax.xml.stream.XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(javax.xml.stream.XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        javax.xml.stream.XMLStreamReader r = f.createXMLStreamReader(new StringReader(text));
        Boolean directed = null;
        try {
            while (r.hasNext()) {
                if (r.next() != javax.xml.stream.XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String element = r.getLocalName();
                if (element.equals("graph") && directed == null) {
                    String d = r.getAttributeValue(null, "edgedefault");
                    if (!"directed".equals(d) && !"undirected".equals(d)) {
                        throw new InvalidInputException("topology file '" + path + "': the graph element at line "
                                + r.getLocation().getLineNumber() + " has " + (d == null ? "no edgedefault"
                                : "an edgedefault other than directed or undirected")
                                + "; expected edgedefault=\"directed\" or \"undirected\" (GraphML requires it)");
                    }
                    directed = d.equals("directed");
                } else if (element.equals("node")) {
                    String id = r.getAttributeValue(null, "id");
                    if (id == null || !nodes.add(id)) {
                        throw new InvalidInputException("topology file '" + path + "': the node at line "
                                + r.getLocation().getLineNumber() + (id == null ? " has no id" : " repeats an id")
                                + "; expected every node once, with its own id");
                    }
                } else if (element.equals("edge") && directed != null) {
                    ends.add(new String[] {r.getAttributeValue(null, "source"), r.getAttributeValue(null, "target"),
                        Integer.toString(r.getLocation().getLineNumber())});
                    String d = r.getAttributeValue(null, "directed");
                    if (d != null && !d.equals(directed.toString())) {
                        throw new InvalidInputException("topology file '" + path + "': the edge at line "
                                + r.getLocation().getLineNumber() + " sets directed=" + (d.equals("true")
                                || d.equals("false") ? d : "(not true or false)") + " in a graph whose edgedefault is "
                                + (directed ? "directed" : "undirected") + "; expected one direction for every edge");
                    }
                }
            }
        } finally {
            r.close();
        }
        if (directed == null) {
            throw new InvalidInputException("topology file '" + path + "' has no graph element; expected GraphML "
                    + "(<graphml><graph edgedefault=\"undirected\">...)");
        }
        for (String[] e : ends) {
            if (e[0] == null || e[1] == null || !nodes.contains(e[0]) || !nodes.contains(e[1])) {
                throw new InvalidInputException("topology file '" + path + "': the edge at line " + e[2] + " names a "
                        + "node the file does not declare; expected source and target among the node ids");
            }
        }
        return directed;
    }

    /**
     * Whether a DOT file is a {@code digraph}: its first keyword after comments ({@code //}, {@code /* *}{@code /},
     * and {@code #} lines, as Graphviz's grammar defines them) and an optional {@code strict}, case-insensitively.
     */
    static boolean dotDirected(String text, Path path) {
        int i = 0;
        int n = text.length();
        int line = 1;
        String keyword = null;
        boolean lineStart = true;
        while (i < n && keyword == null) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = true;
                i++;
            } else if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
            } else if (c == '#' && lineStart) {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (text.startsWith("//", i)) {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new InvalidInputException("topology file '" + path + "': a comment opened at line " + line
                            + " is never closed; expected a DOT graph");
                }
                line += (int) text.substring(i, end).chars().filter(ch -> ch == '\n').count();
                i = end + 2;
            } else {
                lineStart = false;
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                if (i == start) {
                    break;
                }
                String word = text.substring(start, i).toLowerCase(Locale.ROOT);
                if (!word.equals("strict")) {
                    keyword = word;
                }
            }
        }
        if (!"graph".equals(keyword) && !"digraph".equals(keyword)) {
            throw new InvalidInputException("topology file '" + path + "' does not start with graph or digraph (after "
                    + "comments, line " + line + "); expected a DOT graph");
        }
        return keyword.equals("digraph");
    }

    /** Accumulates node ids (numeric or named), kinds and edges, then renumbers and builds. */
    private static final class Collector {
        final Map<String, Integer> index = new LinkedHashMap<>();
        final List<Boolean> isSwitch = new ArrayList<>();
        final List<int[]> edges = new ArrayList<>();
        /** Per edge, its latency in cycles, or 0 where the file gives none. */
        final List<Integer> latencies = new ArrayList<>();

        void edge(int a, int b, int latency) {
            edges.add(new int[] {a, b});
            latencies.add(latency);
        }

        int node(String id) {
            return index.computeIfAbsent(id.trim(), k -> {
                isSwitch.add(false);
                return isSwitch.size() - 1;
            });
        }

        Topology build(String spec, boolean directed, Path path) {
            int n = index.size();
            if (n == 0) {
                throw new InvalidInputException("topology file '" + path + "' has no nodes");
            }
            // numeric ids keep numeric order and must be 0..N-1; named ids keep their order of appearance
            boolean numeric = index.keySet().stream().allMatch(s -> s.matches("\\d{1,18}"));
            List<String> ids = new ArrayList<>(index.keySet());
            if (numeric) {
                ids.sort((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
                if (Long.parseLong(ids.get(0)) != 0 || Long.parseLong(ids.get(n - 1)) != n - 1) {
                    throw new InvalidInputException("topology file '" + path + "' numbers its " + n + " nodes from "
                            + ids.get(0) + " to " + ids.get(n - 1) + "; expected ids 0.." + (n - 1) + ", which commands "
                            + "such as routes --from use as they are");
                }
            }
            int[] newId = new int[n];
            boolean switchSeen = false;
            for (int i = 0; i < n; i++) {
                int old = index.get(ids.get(i));
                if (isSwitch.get(old)) {
                    switchSeen = true;
                } else if (switchSeen) {
                    throw new InvalidInputException("topology file '" + path + "' has a terminal after a switch (node "
                            + (numeric ? "id " + ids.get(i) : (i + 1) + " in file order") + "); ccopt numbers terminals "
                            + "first: expected terminals 0..T-1, then switches");
                }
                newId[old] = i;
            }
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int i = 0; i < edges.size(); i++) {
                int a = newId[edges.get(i)[0]];
                int b = newId[edges.get(i)[1]];
                if (a == b) {
                    throw new InvalidInputException("topology file '" + path + "': link " + i + " joins a node to itself; "
                            + "expected links between two different nodes");
                }
                long key = directed ? (long) a * n + b : (long) Math.min(a, b) * n + Math.max(a, b);
                if (!seen.add(key)) {
                    throw new InvalidInputException("topology file '" + path + "': link " + i + " repeats an earlier link "
                            + "between the same two nodes; expected each link once");
                }
            }
            int terminals = (int) isSwitch.stream().filter(s -> !s).count();
            TopologyBuilder b = new TopologyBuilder(n, terminals, directed);
            for (int[] e : edges) {
                if (directed) {
                    b.addChannel(newId[e[0]], newId[e[1]]);
                } else {
                    b.addLink(newId[e[0]], newId[e[1]]);
                }
            }
            Topology t = b.build(spec, "file", Geometry.General.NONE);
            long given = latencies.stream().filter(l -> l > 0).count();
            if (given == 0) {
                return t;
            }
            if (given < edges.size()) {
                throw new InvalidInputException("topology file '" + path + "': link " + latencies.indexOf(0) + " gives no "
                        + "latency where other links do; expected a latency on every link or on none");
            }
            int[] perChannel = new int[t.channelCount()];
            for (int i = 0; i < edges.size(); i++) {
                int a = newId[edges.get(i)[0]];
                int z = newId[edges.get(i)[1]];
                perChannel[t.channel(a, z)] = latencies.get(i);
                if (!directed) {
                    perChannel[t.channel(z, a)] = latencies.get(i);
                }
            }
            return t.withChannelLatencies(perChannel);
        }
    }

    /** A link's latency as a file gives it: a whole number of cycles, 1 to {@link Topology#MAX_CHANNEL_LATENCY}. */
    private static int latency(String text, Path path, String where) {
        int cycles = text != null && text.strip().matches("[0-9]{1,9}") ? Integer.parseInt(text.strip()) : 0;
        if (cycles < 1 || cycles > Topology.MAX_CHANNEL_LATENCY) {
            throw new InvalidInputException("topology file '" + path + "': " + where + " has a latency that is not a whole "
                    + "number of cycles from 1 to " + Topology.MAX_CHANNEL_LATENCY + "; expected one, e.g. 5");
        }
        return cycles;
    }

    /**
     * Reads the schema {@link TopologyExporter} writes, strictly: node ids are distinct non-negative integers, a kind
     * is {@code terminal} or {@code switch} (absent: terminal), {@code directed} is a boolean, a link is two known ids.
     */
    private static Topology fromJson(String text, String spec, Path path) throws IOException {
        JsonNode root = new ObjectMapper().enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .readTree(text);
        String schema = "; expected {\"directed\":false, \"nodes\":[{\"id\":0,\"kind\":\"terminal\"}], \"links\":[[0,1]]} "
                + "(a link [0,1,5] with its latency)";
        if (root == null || !root.path("nodes").isArray() || !root.path("links").isArray()) {
            throw new InvalidInputException("topology file '" + path + "' lacks a \"nodes\" or \"links\" array" + schema);
        }
        if (root.has("directed") && !root.get("directed").isBoolean()) {
            throw new InvalidInputException("topology file '" + path + "': \"directed\" is not true or false" + schema);
        }
        Collector c = new Collector();
        int i = 0;
        for (JsonNode node : root.get("nodes")) {
            String id = jsonId(node.path("id"), path, "node " + i);
            if (c.index.containsKey(id)) {
                throw new InvalidInputException("topology file '" + path + "': node " + i + " repeats the id " + id
                        + "; expected distinct ids");
            }
            JsonNode kind = node.path("kind");
            if (!kind.isMissingNode() && !kind.asText().equals("terminal") && !kind.asText().equals("switch")) {
                throw new InvalidInputException("topology file '" + path + "': node " + id + " has an unknown kind; "
                        + "expected \"terminal\" or \"switch\"");
            }
            c.isSwitch.set(c.node(id), kind.asText().equals("switch"));
            i++;
        }
        i = 0;
        for (JsonNode link : root.get("links")) {
            if (!link.isArray() || link.size() != 2 && link.size() != 3) {
                throw new InvalidInputException("topology file '" + path + "': link " + i + " is not a pair; expected [a, b] "
                        + "or [a, b, latency]");
            }
            String a = jsonId(link.get(0), path, "link " + i);
            String b = jsonId(link.get(1), path, "link " + i);
            if (!c.index.containsKey(a) || !c.index.containsKey(b)) {
                throw new InvalidInputException("topology file '" + path + "': link " + i + " [" + a + ", " + b
                        + "] names a node the file does not list");
            }
            int latency = 0;
            if (link.size() == 3) {
                if (!link.get(2).isIntegralNumber()) {
                    throw new InvalidInputException("topology file '" + path + "': link " + i + " has a latency that is not "
                            + "a whole number; expected [a, b, cycles]");
                }
                latency = latency(link.get(2).asText(), path, "link " + i);
            }
            c.edge(c.node(a), c.node(b), latency);
            i++;
        }
        return c.build(spec, root.path("directed").asBoolean(false), path);
    }

    /** A node id of the JSON schema: a non-negative integer (no fraction, no string), as text. */
    private static String jsonId(JsonNode id, Path path, String where) {
        if (!id.isIntegralNumber() || !id.canConvertToInt() || id.asInt() < 0) {
            throw new InvalidInputException("topology file '" + path + "': " + where + " has an id that is not a "
                    + "non-negative integer; expected ids 0, 1, 2, ...");
        }
        return Integer.toString(id.asInt());
    }

    private static Topology fromJGraphT(String text, String spec, Path path, boolean directed, boolean graphml) {
        Graph<String, DefaultEdge> g = (directed ? GraphTypeBuilder.<String, DefaultEdge>directed()
                : GraphTypeBuilder.<String, DefaultEdge>undirected())
                .allowingMultipleEdges(true).allowingSelfLoops(true).edgeClass(DefaultEdge.class).buildGraph();
        Map<String, String> kinds = new HashMap<>();
        Map<DefaultEdge, String> latencies = new HashMap<>();
        java.util.function.BiConsumer<org.jgrapht.alg.util.Pair<DefaultEdge, String>, org.jgrapht.nio.Attribute> latency =
                (p, a) -> {
                    if (p.getSecond().equals("latency")) {
                        latencies.put(p.getFirst(), a.getValue());
                    }
                };
        if (graphml) {
            GraphMLImporter<String, DefaultEdge> importer = new GraphMLImporter<>();
            importer.setSchemaValidation(false); // graphMlDirected checked the identity constraints, in linear time
            importer.setVertexFactory(id -> id);
            importer.addVertexAttributeConsumer((p, a) -> {
                if (p.getSecond().equals("kind")) {
                    kinds.put(p.getFirst(), a.getValue());
                }
            });
            importer.addEdgeAttributeConsumer(latency);
            importer.importGraph(g, new StringReader(text));
        } else {
            DOTImporter<String, DefaultEdge> importer = new DOTImporter<>();
            importer.setVertexFactory(id -> id);
            importer.addVertexAttributeConsumer((p, a) -> {
                if (p.getSecond().equals("kind")) {
                    kinds.put(p.getFirst(), a.getValue());
                }
            });
            importer.addEdgeAttributeConsumer(latency);
            importer.importGraph(g, new StringReader(text));
        }
        Collector c = new Collector();
        for (String v : g.vertexSet()) {
            int id = c.node(v);
            String kind = kinds.get(v);
            if (kind != null && !kind.equals("terminal") && !kind.equals("switch")) {
                throw new InvalidInputException("topology file '" + path + "': node " + (id + 1) + " (in file order) has "
                        + "an unknown kind; expected kind=terminal or kind=switch");
            }
            c.isSwitch.set(id, "switch".equals(kind));
        }
        int i = 0;
        for (DefaultEdge e : g.edgeSet()) {
            String l = latencies.get(e);
            c.edge(c.node(g.getEdgeSource(e)), c.node(g.getEdgeTarget(e)), l == null ? 0 : latency(l, path,
                    "edge " + (i + 1) + " (in file order)"));
            i++;
        }
        return c.build(spec, directed, path);
    }

    private static Topology fromEdgeList(String text, String spec, Path path) {
        Collector c = new Collector();
        boolean directed = false;
        int lineNo = 0;
        for (String raw : text.split("\n")) {
            lineNo++;
            String line = raw.replaceAll("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            if (line.equalsIgnoreCase("directed")) {
                directed = true;
                continue;
            }
            String[] parts = line.split("[\\s,;]+");
            if (parts.length != 2 && parts.length != 3 || !EDGE_LIST_ID.matcher(parts[0]).matches()
                    || !EDGE_LIST_ID.matcher(parts[1]).matches()) {
                // the line itself is not echoed: the file may be one the user did not mean to show
                throw new InvalidInputException("line " + lineNo + " of edge-list file '" + path + "' is not two node "
                        + "ids; expected 'a b' (letters, digits, _ . -) or 'a b cycles' with its latency, or a file named "
                        + ".json, .graphml or .dot");
            }
            c.edge(c.node(parts[0]), c.node(parts[1]), parts.length == 3 ? latency(parts[2], path, "line " + lineNo) : 0);
        }
        return c.build(spec, directed, path);
    }
}
