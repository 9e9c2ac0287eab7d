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
 * <p>Node ids: numeric ids keep their order; others are numbered in order of appearance. If switches come
 * before terminals the nodes are renumbered terminals-first (stable), because ccopt numbers terminals first.
 *
 * <p>Safety: only regular UTF-8 files up to {@link InputFiles#MAX_BYTES} are read. A GraphML file that declares a document type
 * ({@code <!DOCTYPE}, hence any entity) is refused before it reaches the XML parser, so no external entity is ever
 * resolved, no file outside the one named is read and no connection is opened (GraphML needs no DTD). An edge-list
 * line must hold exactly two node ids, so a file of another kind (a BookSim anynet file, YAML) is refused instead of
 * read as a different graph.
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
                return fromJGraphT(text, spec, path, text.contains("edgedefault=\"directed\""), true);
            }
            if (name.endsWith(".dot") || name.endsWith(".gv")) {
                boolean directed = text.stripLeading().toLowerCase(Locale.ROOT).replaceFirst("^strict\\s+", "")
                        .startsWith("digraph");
                return fromJGraphT(text, spec, path, directed, false);
            }
            return fromEdgeList(text, spec, path);
        } catch (InvalidInputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().split("\n")[0];
            throw new InvalidInputException("cannot parse topology file '" + path + "': " + why);
        }
    }

    /** Accumulates node ids (numeric or named), kinds and edges, then renumbers and builds. */
    private static final class Collector {
        final Map<String, Integer> index = new LinkedHashMap<>();
        final List<Boolean> isSwitch = new ArrayList<>();
        final List<int[]> edges = new ArrayList<>();

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
            // numeric ids keep numeric order
            boolean numeric = index.keySet().stream().allMatch(s -> s.matches("\\d+"));
            List<String> ids = new ArrayList<>(index.keySet());
            if (numeric) {
                ids.sort((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
            }
            int[] newId = new int[n];
            int next = 0;
            for (int pass = 0; pass < 2; pass++) {
                for (String id : ids) {
                    int old = index.get(id);
                    if (isSwitch.get(old) == (pass == 1)) {
                        newId[old] = next++;
                    }
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
            return b.build(spec, "file", Geometry.General.NONE);
        }
    }

    private static Topology fromJson(String text, String spec, Path path) throws IOException {
        JsonNode root = new ObjectMapper().readTree(text);
        if (root == null || !root.has("nodes") || !root.has("links")) {
            throw new InvalidInputException("topology file '" + path + "' lacks \"nodes\" or \"links\"; expected "
                    + "{\"directed\":false, \"nodes\":[{\"id\":0,\"kind\":\"terminal\"}], \"links\":[[0,1]]}");
        }
        Collector c = new Collector();
        for (JsonNode node : root.get("nodes")) {
            int id = c.node(node.get("id").asText());
            c.isSwitch.set(id, "switch".equals(node.path("kind").asText("terminal")));
        }
        for (JsonNode link : root.get("links")) {
            if (!link.isArray() || link.size() != 2) {
                throw new InvalidInputException("bad link " + link + " in '" + path + "'; expected [a, b]");
            }
            String a = link.get(0).asText();
            String b = link.get(1).asText();
            if (!c.index.containsKey(a) || !c.index.containsKey(b)) {
                throw new InvalidInputException("link " + link + " in '" + path + "' names an unknown node");
            }
            c.edges.add(new int[] {c.node(a), c.node(b)});
        }
        return c.build(spec, root.path("directed").asBoolean(false), path);
    }

    private static Topology fromJGraphT(String text, String spec, Path path, boolean directed, boolean graphml) {
        Graph<String, DefaultEdge> g = (directed ? GraphTypeBuilder.<String, DefaultEdge>directed()
                : GraphTypeBuilder.<String, DefaultEdge>undirected())
                .allowingMultipleEdges(true).allowingSelfLoops(true).edgeClass(DefaultEdge.class).buildGraph();
        Map<String, String> kinds = new HashMap<>();
        if (graphml) {
            GraphMLImporter<String, DefaultEdge> importer = new GraphMLImporter<>();
            importer.setVertexFactory(id -> id);
            importer.addVertexAttributeConsumer((p, a) -> {
                if (p.getSecond().equals("kind")) {
                    kinds.put(p.getFirst(), a.getValue());
                }
            });
            importer.importGraph(g, new StringReader(text));
        } else {
            DOTImporter<String, DefaultEdge> importer = new DOTImporter<>();
            importer.setVertexFactory(id -> id);
            importer.addVertexAttributeConsumer((p, a) -> {
                if (p.getSecond().equals("kind")) {
                    kinds.put(p.getFirst(), a.getValue());
                }
            });
            importer.importGraph(g, new StringReader(text));
        }
        Collector c = new Collector();
        for (String v : g.vertexSet()) {
            int id = c.node(v);
            c.isSwitch.set(id, "switch".equals(kinds.get(v)));
        }
        for (DefaultEdge e : g.edgeSet()) {
            c.edges.add(new int[] {c.node(g.getEdgeSource(e)), c.node(g.getEdgeTarget(e))});
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
            if (parts.length != 2 || !EDGE_LIST_ID.matcher(parts[0]).matches()
                    || !EDGE_LIST_ID.matcher(parts[1]).matches()) {
                throw new InvalidInputException("line " + lineNo + " of edge-list file '" + path + "' is '"
                        + abbreviate(line) + "'; expected two node ids 'a b' (letters, digits, _ . -), or a file "
                        + "named .json, .graphml or .dot");
            }
            c.edges.add(new int[] {c.node(parts[0]), c.node(parts[1])});
        }
        return c.build(spec, directed, path);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
