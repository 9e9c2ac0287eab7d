package org.ccopt.joint;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.OnFlitSetup;
import org.ccopt.flitsim.NodeMapping;
import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.flitsim.Workload;
import org.ccopt.topology.Topology;

/**
 * A spatio-temporal problem: traffic patterns on logical addresses that run one after another on a network of the
 * papers' router (a torus or mesh, or any other two-way network under its default routing function) or of BookSim's
 * (model null; it has the injection plan's genes but no VC selection scheme or queue order), a
 * workload's duration being the sum of its patterns' durations (Yokota et al. 2018, §4.2). Every node sends
 * {@code packets} packets of {@code flitsPerPacket} flits per pattern; the temporal side may send them as
 * {@code slices} slices of {@code packets / slices} packets (Yokota et al. 2023, §3), released {@code interval} cycles
 * apart and after a per-node delay. The spatial side chooses the logical address of every physical node.
 *
 * @param names    one label per pattern, for reports and plan files
 * @param patterns logical destination of every logical node, one array per pattern
 */
public record JointProblem(FlitSetup setup, List<String> names, int[][] patterns, int packets, int flitsPerPacket,
                           int slices) implements OnFlitSetup {

    public JointProblem {
        Topology topology = setup.topology();
        if (patterns.length == 0 || names.size() != patterns.length) {
            throw new InvalidInputException("a workload needs one or more patterns, each with a name; got " + patterns.length
                    + " patterns and " + names.size() + " names");
        }
        for (int[] p : patterns) {
            if (p.length != topology.terminalCount()) {
                throw new InvalidInputException("a pattern covers " + p.length + " nodes; '" + topology.spec() + "' has "
                        + topology.terminalCount() + " terminals");
            }
        }
        if (packets < 1 || flitsPerPacket < 1 || slices < 1 || packets % slices != 0) {
            throw new InvalidInputException("packets " + packets + ", flits " + flitsPerPacket + " and slices " + slices
                    + " are invalid; expected each >= 1 and slices dividing packets");
        }
        names = List.copyOf(names);
        patterns = patterns.clone();
    }

    /** Terminals: the nodes a pattern addresses. */
    public int nodes() {
        return setup.topology().terminalCount();
    }

    public int packetsPerSlice() {
        return packets / slices;
    }

    /** l_c: flits a node sends per slice. */
    public int sliceFlits() {
        return packetsPerSlice() * flitsPerPacket;
    }

    /** Flits a node sends per pattern. */
    public int flitsPerNode() {
        return packets * flitsPerPacket;
    }

    /** Every port at {@code scheme}, default queue order. */
    public RouterConfig config(VcSelection scheme) {
        return setup.uniformConfig(scheme);
    }

    /** The 2018 paper's workload of one pattern: every packet back to back from cycle 0 (one slice). */
    public Workload plain(int[] destination) {
        return Workload.simple(destination, packets, flitsPerPacket);
    }

    /** The stacked workload of one pattern: the problem's slices at {@code interval}, node i delayed by {@code delay[i]}. */
    public Workload stacked(int[] destination, int interval, int[] delay) {
        return new Workload(destination, slices, packetsPerSlice(), flitsPerPacket, interval, delay);
    }

    /** Physical destinations of pattern {@code k} under {@code mapping} (logical address per physical node). */
    public int[] physical(int[] mapping, int k) {
        return NodeMapping.apply(mapping, patterns[k]);
    }

    /** Physical addressing: logical address = physical node. */
    public int[] identity() {
        int[] m = new int[nodes()];
        for (int i = 0; i < m.length; i++) {
            m[i] = i;
        }
        return m;
    }

    /**
     * The floor of any plan under any mapping: a pattern whose nodes all send needs at least its per-node flits plus
     * one link and the ejection ({@link org.ccopt.flitsim.LinkLoadBound}), 34 cycles for 4 packets of 8 flits, summed
     * over the patterns (0 for a pattern where nobody sends).
     */
    public long floor() {
        long sum = 0;
        for (int[] p : patterns) {
            boolean sends = false;
            for (int i = 0; i < p.length; i++) {
                sends |= p[i] != i;
            }
            sum += sends ? flitsPerNode() + 2 : 0;
        }
        return sum;
    }
}
