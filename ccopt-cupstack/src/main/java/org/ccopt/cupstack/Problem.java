package org.ccopt.cupstack;

import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.FlitSimulator;
import org.ccopt.flitsim.OnFlitSetup;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;

/**
 * A Cup-Stacking problem (Yokota et al. 2023, §3 and App. A.1): every node sends one message to its destination,
 * split into {@code slices} slices of {@code packetsPerSlice} packets of {@code flitsPerPacket} flits, on the router of
 * {@code setup}: the papers' ({@link FlitSimulator}: a torus or mesh as in the paper, or another network under its
 * default routing function) or BookSim's ({@link org.ccopt.flitsim.BooksimRouter}, model null), which has the
 * injection plan's genes V and I but not the papers' arbitration genes C and Q. {@code reinitialize} and
 * {@code interlock} switch on the §7.2 router functions (T08, T10).
 */
public record Problem(FlitSetup setup, int[] destination, int slices, int packetsPerSlice, int flitsPerPacket,
                      boolean reinitialize, boolean interlock) implements OnFlitSetup {

    public Problem {
        destination = destination.clone();
        if (slices < 1 || slices > 64) {
            throw InvalidInputException.parameter("slices", slices + " is invalid; expected 1..64");
        }
        if (packetsPerSlice < 1 || flitsPerPacket < 1 || (long) slices * flitsPerPacket > 2047) {
            throw new InvalidInputException("packets " + packetsPerSlice + " and flits " + flitsPerPacket
                    + " per slice are invalid; expected >= 1, and slices x flits <= 2047 (the unsplit packet)");
        }
    }

    /** l_c: flits one node injects per slice. */
    public int sliceFlits() {
        return packetsPerSlice * flitsPerPacket;
    }

    public Problem withSlices(int s) {
        return new Problem(setup, destination, s, packetsPerSlice, flitsPerPacket, reinitialize, interlock);
    }

    /** Whether the problem runs on the papers' router (else on BookSim's, which has no C or Q genes). */
    public boolean papersRouter() {
        return setup.papersRouter();
    }

    /** The router configuration with every port at {@code scheme} and default Q, with this problem's switches. */
    public RouterConfig baseConfig(VcSelection scheme) {
        return setup.uniformConfig(scheme).withSliceReinitialization(reinitialize).withSliceInterlocking(interlock);
    }

    /** The workload of a chromosome: its interval V and injection delays. */
    public Workload workload(Chromosome c) {
        return new Workload(destination, slices, packetsPerSlice, flitsPerPacket, c.interval(), c.delay());
    }

    /** The unsplit message (Table 4, "S=1"): one slice whose packets are {@code slices} times longer. */
    public Workload unsplit() {
        return new Workload(destination, 1, packetsPerSlice, flitsPerPacket * slices, 0, null);
    }
}
