package org.ccopt.cli;

import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import picocli.CommandLine.Option;

/** The shared {@code --topology SPEC} option. */
final class TopologyOption {

    @Option(names = {"-t", "--topology"}, required = true, paramLabel = "SPEC",
            description = "Topology spec, e.g. torus:8x8, hypercube:6, omega:16 (see 'ccopt topo --help').")
    String spec;

    Topology build() {
        return TopologySpec.parse(spec);
    }
}
