package org.ccopt.topology.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopologyIOTest {

    @TempDir
    Path dir;

    private static void assertSameGraph(Topology a, Topology b) {
        assertThat(b.nodeCount()).isEqualTo(a.nodeCount());
        assertThat(b.terminalCount()).isEqualTo(a.terminalCount());
        assertThat(b.isOneWay()).isEqualTo(a.isOneWay());
        for (int u = 0; u < a.nodeCount(); u++) {
            assertThat(b.neighbours(u)).containsExactly(a.neighbours(u));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"torus:4x4", "omega:8", "fat-octagon", "coated-mesh:3x3", "fattree:8"})
    void roundTripsThroughEveryReadableFormat(String spec) throws Exception {
        Topology t = TopologySpec.parse(spec);
        for (String format : new String[] {"json", "graphml", "dot"}) {
            Path file = dir.resolve("net." + format);
            Files.writeString(file, TopologyExporter.export(t, format, TopologyExporter.SimGridOptions.THESIS));
            assertSameGraph(t, TopologySpec.parse("file:" + file));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ring:5"})
    void edgeListsAreRead(String spec) throws Exception {
        Path file = dir.resolve("ring.txt");
        Files.writeString(file, "# a ring\n0 1\n1 2\n2 3\n3 4\n4 0\n");
        assertSameGraph(TopologySpec.parse(spec), TopologySpec.parse("file:" + file));
    }

    /**
     * Link latencies (BookSim anynet's per-channel latencies): two terminals on two switches, links of 3, 2 and 7 cycles,
     * given in every readable format, read onto both channels of each link, and written back by every exporter.
     */
    @Test
    void linkLatenciesAreReadInEveryFormatAndWrittenBack() throws Exception {
        String json = "{\"nodes\":[{\"id\":0},{\"id\":1},{\"id\":2,\"kind\":\"switch\"},{\"id\":3,\"kind\":\"switch\"}],"
                + "\"links\":[[0,2,3],[1,3,2],[2,3,7]]}";
        Path file = dir.resolve("lat.json");
        Files.writeString(file, json);
        Topology t = TopologySpec.parse("file:" + file);
        assertThat(t.hasChannelLatencies()).isTrue();
        assertThat(new int[] {t.channelLatency(t.channel(0, 2)), t.channelLatency(t.channel(2, 0)),
            t.channelLatency(t.channel(1, 3)), t.channelLatency(t.channel(2, 3)), t.channelLatency(t.channel(3, 2))})
                .containsExactly(3, 3, 2, 7, 7);
        for (String format : new String[] {"json", "graphml", "dot"}) {
            Path again = dir.resolve("lat-again." + format);
            Files.writeString(again, TopologyExporter.export(t, format, TopologyExporter.SimGridOptions.THESIS));
            Topology back = TopologySpec.parse("file:" + again);
            assertSameGraph(t, back);
            for (int c = 0; c < t.channelCount(); c++) {
                assertThat(back.channelLatency(c)).as(format).isEqualTo(t.channelLatency(c));
            }
        }
        Path list = dir.resolve("lat.txt");
        Files.writeString(list, "0 1 4\n1 2 1\n2 0 9\n");
        Topology ring = TopologySpec.parse("file:" + list);
        assertThat(ring.channelLatency(ring.channel(0, 2))).isEqualTo(9);
        assertThatThrownBy(() -> TopologyExporter.booksim(t)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("terminal 0 of");
        Path oneCycle = dir.resolve("lat1.json");
        Files.writeString(oneCycle, json.replace("[0,2,3],[1,3,2]", "[0,2,1],[1,3,1]"));
        assertThat(TopologyExporter.booksim(TopologySpec.parse("file:" + oneCycle)))
                .isEqualTo("router 0 node 0 router 1 7\nrouter 1 node 1 router 0 7\n");
        assertThat(TopologySpec.parse("ring:3").hasChannelLatencies()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mesh:2x2"})
    void simGridAndBookSimFiles(String spec) {
        Topology t = TopologySpec.parse(spec);
        String xml = TopologyExporter.simgrid(t, TopologyExporter.SimGridOptions.THESIS);
        assertThat(xml).contains("routing=\"Floyd\"", "<host id=\"h3\"", "<router id=\"r3\"",
                "bandwidth=\"100Gbps\" latency=\"100ns\"", "<route src=\"r0\" dst=\"r1\"");
        assertThat(xml.split("<route ").length - 1).isEqualTo(4 + 4);
        String anynet = TopologyExporter.booksim(t);
        assertThat(anynet).isEqualTo("router 0 node 0 router 1 router 2\nrouter 1 node 1 router 0 router 3\n"
                + "router 2 node 2 router 0 router 3\nrouter 3 node 3 router 1 router 2\n");
        String fat = TopologyExporter.booksim(TopologySpec.parse("fat-octagon"));
        assertThat(fat).startsWith("router 0 node 0 node 1 router 1 router 4 router 7\n");
    }

    /** An external entity would put the secret file's text ("switch") into a node's kind; the file is refused first. */
    @ParameterizedTest
    @ValueSource(strings = {"file", "http"})
    void graphMlWithADocumentTypeIsRefusedBeforeParsing(String scheme) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "switch");
        String target = scheme.equals("file") ? secret.toUri().toString() : "http://127.0.0.1:9/x";
        Path file = dir.resolve("evil.graphml");
        Files.writeString(file, "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [<!ENTITY x SYSTEM \"" + target + "\">]>\n"
                + "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><key id=\"k\" for=\"node\" "
                + "attr.name=\"kind\" attr.type=\"string\"/><graph edgedefault=\"undirected\">"
                + "<node id=\"0\"/><node id=\"1\"><data key=\"k\">&x;</data></node><edge source=\"0\" target=\"1\"/>"
                + "</graph></graphml>\n");
        assertThatThrownBy(() -> TopologySpec.parse("file:" + file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("declares a document type").hasMessageNotContaining("\n");
        Files.writeString(file, Files.readString(file).replaceAll("<!DOCTYPE[^\n]*\n", "").replace("&x;", "switch"));
        assertThat(TopologySpec.parse("file:" + file).terminalCount()).isEqualTo(1);
    }

    /** Files of another kind are refused, never read as a different graph (the edge-list fallback took 2 tokens). */
    @ParameterizedTest
    @ValueSource(strings = {"anynet", "yaml", "four"})
    void filesOfAnotherKindAreRefused(String kind) throws Exception {
        String text = switch (kind) {
            case "anynet" -> TopologyExporter.booksim(TopologySpec.parse("mesh:2x2"));
            case "yaml" -> "command: sim\noptions: {topology: ring:4}\n";
            default -> "0 1 2 3\n"; // a third column is a link's latency; a fourth is nothing ccopt reads
        };
        Path file = dir.resolve("net." + kind);
        Files.writeString(file, text);
        assertThatThrownBy(() -> TopologySpec.parse("file:" + file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is not two node ids");
    }

    /** Directedness is read from the parsed attribute or keyword, whatever the quoting, spacing or comments. */
    @ParameterizedTest
    @ValueSource(strings = {
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault='directed'>%s</graph></graphml>",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><!-- edgedefault=\"undirected\" --><graph id=\"g\" edgedefault = \"directed\" >%s</graph></graphml>",
        "/* graph */ digraph {a->b->c->a;}",
        "// graph\n# graph\nstrict DiGraph g {a->b->c->a;}"})
    void aDirectedThreeCycleIsReadAsDirected(String template) throws Exception {
        String nodes = "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/><edge source=\"a\" target=\"b\"/>"
                + "<edge source=\"b\" target=\"c\"/><edge source=\"c\" target=\"a\"/>";
        boolean xml = template.startsWith("<");
        Path file = dir.resolve(xml ? "c3.graphml" : "c3.dot");
        Files.writeString(file, xml ? template.formatted(nodes) : template);
        Topology t = TopologySpec.parse("file:" + file);
        assertThat(t.isOneWay()).isTrue();
        assertThat(t.neighbours(0)).containsExactly(1);
        assertThat(t.neighbours(2)).containsExactly(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault=\"undirected\"><!-- edgedefault=\"directed\" --><node id=\"0\"/><node id=\"1\"/><edge source=\"0\" target=\"1\"/></graph></graphml>",
        "// digraph\ngraph {0--1;}"})
    void anUndirectedFileThatMentionsDirectedInACommentStaysUndirected(String text) throws Exception {
        Path file = dir.resolve(text.startsWith("<") ? "u.graphml" : "u.dot");
        Files.writeString(file, text);
        assertThat(TopologySpec.parse("file:" + file).isOneWay()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<graphml><graph><node id=\"0\"/></graph></graphml>|no edgedefault",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault=\"undirected\"><node id=\"0\"/><node id=\"1\"/><edge source=\"0\" target=\"1\" directed=\"true\"/></graph></graphml>|one direction for every edge",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault=\"undirected\"><node id=\"0\"/><node id=\"0\"/></graph></graphml>|repeats an id",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault=\"undirected\"><node id=\"0\"/><edge source=\"0\" target=\"9\"/></graph></graphml>|does not declare",
        "{\"nodes\":[{\"id\":0},{\"id\":0}],\"links\":[]}|repeats the id 0",
        "{\"nodes\":[{\"id\":0,\"kind\":\"router\"}],\"links\":[]}|unknown kind",
        "{\"nodes\":[{\"id\":0.5}],\"links\":[]}|not a non-negative integer",
        "{\"nodes\":[{\"id\":-1}],\"links\":[]}|not a non-negative integer",
        "{\"nodes\":[{\"id\":\"a\"}],\"links\":[]}|not a non-negative integer",
        "{\"directed\":\"yes\",\"nodes\":[{\"id\":0}],\"links\":[]}|not true or false",
        "{\"nodes\":[{\"id\":0}],\"links\":[[0,7]]}|does not list"})
    void strictFormatsRefuseWhatTheyDoNotDefine(String caseText) throws Exception {
        String[] c = caseText.split("\\|");
        Path file = dir.resolve(c[0].startsWith("<") ? "bad.graphml" : "bad.json");
        Files.writeString(file, c[0]);
        assertThatThrownBy(() -> TopologySpec.parse("file:" + file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(c[1]).hasMessageNotContaining("\n");
    }

    /**
     * A file is read under its own numbers or refused: ids that ccopt would renumber (a gap, a start above 0, a
     * terminal after a switch), a self-loop, a repeated link, an unknown kind, a DOT graph mixing edge operators, and
     * link latencies given on some links only or outside 1..10000 whole cycles.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "bad.json|{\"nodes\":[{\"id\":0,\"kind\":\"switch\"},{\"id\":1},{\"id\":2}],\"links\":[[0,1],[0,2]]}|terminal after a switch",
        "bad.json|{\"nodes\":[{\"id\":0},{\"id\":2147483647}],\"links\":[[0,2147483647]]}|expected ids 0..1",
        "lat.txt|0 1 4\n1 2\n|link 1 gives no latency where other links do",
        "lat.txt|0 1 0\n|line 1 has a latency that is not a whole number of cycles from 1 to 10000",
        "lat.txt|0 1 x\n|line 1 has a latency that is not a whole number",
        "lat.txt|0 1 10001\n|from 1 to 10000",
        "lat.json|{\"nodes\":[{\"id\":0},{\"id\":1}],\"links\":[[0,1,1.5]]}|link 0 has a latency that is not a whole number",
        "lat.dot|graph G { 0 -- 1 [latency=-2]; }|edge 1 (in file order) has a latency",
        "bad.txt|1 2\n2 3\n3 1\n|from 1 to 3",
        "bad.txt|0 1\n1 1\n|joins a node to itself",
        "bad.txt|0 1\n1 0\n|repeats an earlier link",
        "bad.json|{\"nodes\":[{\"id\":0},{\"id\":1}],\"links\":[[0,1],[0,1]]}|repeats an earlier link",
        "bad.dot|graph G { 0 -- 1; 1 -> 2; }|expected '--' only",
        "bad.dot|digraph G { 0 -> 1; 1 -- 2; }|expected '->' only",
        "bad.dot|graph G { 0 [kind=router]; 0 -- 1; }|unknown kind",
        "bad.graphml|<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><key id=\"k\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/><graph edgedefault=\"undirected\"><node id=\"0\"><data key=\"k\">router</data></node><node id=\"1\"/><edge source=\"0\" target=\"1\"/></graph></graphml>|unknown kind"})
    void whatCcoptWouldReadUnderOtherNumbersOrDropIsRefused(String caseText) throws Exception {
        String[] c = caseText.split("\\|");
        Path file = dir.resolve(c[0]);
        Files.writeString(file, c[1].replace("\\n", "\n"));
        assertThatThrownBy(() -> TopologySpec.parse("file:" + file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(c[2]).hasMessageNotContaining("\n");
    }

    /** A DOT label or comment may hold the other operator: only edges count. */
    @Test
    void aDotLabelOrCommentMayHoldTheOtherOperator() throws Exception {
        Path file = dir.resolve("ok.dot");
        Files.writeString(file, "graph G {\n // a -> b\n 0 [label=\"x -> y\"];\n 0 -- 1;\n}\n");
        assertThat(TopologySpec.parse("file:" + file).nodeCount()).isEqualTo(2);
    }

    /**
     * A large GraphML file is read in linear time: 200,000 nodes on a ring (JGraphT's schema validation, now off,
     * searched its identity constraints linearly per node: minutes at this size). Asserted by what it reads, not by time.
     */
    @org.junit.jupiter.api.Test
    void aLargeGraphMlRingIsReadWhole() throws Exception {
        int n = 200_000;
        StringBuilder b = new StringBuilder("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph edgedefault=\"undirected\">\n");
        for (int i = 0; i < n; i++) {
            b.append("<node id=\"").append(i).append("\"/>\n");
        }
        for (int i = 0; i < n; i++) {
            b.append("<edge source=\"").append(i).append("\" target=\"").append((i + 1) % n).append("\"/>\n");
        }
        Path file = dir.resolve("ring.graphml");
        Files.writeString(file, b.append("</graph></graphml>\n"));
        Topology t = TopologySpec.parse("file:" + file);
        assertThat(t.nodeCount()).isEqualTo(n);
        assertThat(t.neighbours(0)).containsExactlyInAnyOrder(1, n - 1);
    }

    /** A file that is not a topology (here a secret-looking first line) is refused without quoting it. */
    @ParameterizedTest
    @ValueSource(strings = {"shadow", "shadow.json", "shadow.dot", "shadow.graphml"})
    void errorsNameThePlaceNeverTheContent(String name) throws Exception {
        String secret = "root:$6$Secr3tHash$abcdef:19000:0:99999:7:::";
        Path file = dir.resolve(name);
        Files.writeString(file, secret + "\ndaemon:*:19000:0:99999:7:::\n");
        assertThatThrownBy(() -> TopologySpec.parse("file:" + file)).isInstanceOf(InvalidInputException.class)
                .hasMessageNotContaining("Secr3t").hasMessageNotContaining("root:").hasMessageContaining(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev/zero", "."})
    void onlyRegularFilesAreRead(String path) {
        assertThatThrownBy(() -> TopologySpec.parse("file:" + path)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not a regular file");
    }
}
