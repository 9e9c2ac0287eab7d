package org.ccopt.examples;

import java.io.IOException;
import java.nio.file.Path;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.LinkTrace;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.SimResult;
import org.ccopt.flitsim.Workload;
import org.ccopt.papers.TracePicture;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

/**
 * One flit-level run: bit reversal on the 8x8 torus, 4 packets of 8 flits per node, under the router readings fitted
 * to Yokota et al. 2018 ({@link RouterModel#YOKOTA2018}); prints the duration and draws the link-by-time picture.
 */
public final class FlitSimulationExample {

    private FlitSimulationExample() {
    }

    /** @param args the picture's path (default {@code brev.png}) */
    public static void main(String[] args) throws IOException {
        Topology t = TopologySpec.parse("torus:8x8");
        FlitSetup setup = FlitSetup.of(t).withModel(RouterModel.YOKOTA2018); // 3 VCs of 4-flit buffers
        FlitSimulator sim = setup.simulator();
        RouterConfig config = setup.uniformConfig(setup.papersModel().defaultScheme());
        int[] destination = TrafficPattern.parse("brev").destinations(t, 1);
        LinkTrace trace = new LinkTrace();
        SimResult r = sim.trace(trace).run(config, Workload.simple(destination, 4, 8));
        Path picture = Path.of(args.length > 0 ? args[0] : "brev.png");
        TracePicture.write(trace, r.durationCycles(), "brev on torus:8x8: " + r.durationCycles() + " cycles", null, picture);
        System.out.printf("brev on torus:8x8: %d cycles, %d flits delivered; picture in %s%n", r.durationCycles(), r.flits(),
                picture);
    }
}
