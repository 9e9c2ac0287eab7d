package org.ccopt.topology.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologySpec;
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
}
