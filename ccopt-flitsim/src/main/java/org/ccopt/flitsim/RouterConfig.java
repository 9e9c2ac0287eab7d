package org.ccopt.flitsim;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.RouterPorts;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * Router parameters and the per-router arbitration genes of Yokota et al. 2023, §5.3: the VC selection scheme
 * C[node][output port] and the queue selection order Q[node][output port][vc], a permutation of the input
 * ports (entries -1 = N/A are skipped). Ports are numbered 2d (travel in +d), 2d+1 (travel in -d) for each
 * dimension d, then the processor port P = 2n; an input port is named after the direction the flit travelled.
 */
public final class RouterConfig {

    private final int nodes;
    private final int ports;
    private final int vcs;
    private final int bufferFlits;
    private final VcSelection[] vcSelection;
    private final byte[] queueOrder;
    private RouterModel model = RouterModel.CCOPT;
    private boolean sliceReinitialization;
    private boolean sliceInterlocking;

    private RouterConfig(int nodes, int ports, int vcs, int bufferFlits, VcSelection[] vcSelection, byte[] queueOrder) {
        this.nodes = nodes;
        this.ports = ports;
        this.vcs = vcs;
        this.bufferFlits = bufferFlits;
        this.vcSelection = vcSelection;
        this.queueOrder = queueOrder;
    }

    /**
     * Defaults: every port uses {@code scheme}; every Q order lists the input ports in index order.
     *
     * @param dimensions n of the k-ary n-cube (ports = 2n + 1)
     */
    public static RouterConfig uniform(int nodes, int dimensions, int vcs, int bufferFlits, VcSelection scheme) {
        return uniform(nodes, dimensions, vcs, bufferFlits, scheme, RouterModel.CCOPT);
    }

    /**
     * Defaults under a router model: every port uses {@code scheme}; every Q order is the model's
     * {@link RouterModel.QueueDefault} (input ports in index order, or the processor port first).
     */
    public static RouterConfig uniform(int nodes, int dimensions, int vcs, int bufferFlits, VcSelection scheme, RouterModel model) {
        return uniformPorts(nodes, 2 * dimensions + 1, vcs, bufferFlits, scheme, model);
    }

    /**
     * Defaults under a router model for the routers of {@code topology} as {@link FlitSimulator} builds them (a torus
     * or mesh: a router per node of 2n + 1 ports; any other network: the flit engine's routers, padded to the largest
     * radix).
     */
    public static RouterConfig uniform(Topology topology, int vcs, int bufferFlits, VcSelection scheme,
                                       RouterModel model) {
        if (topology.geometry() instanceof Geometry.Grid grid) {
            return uniform(topology.nodeCount(), grid.dimensions(), vcs, bufferFlits, scheme, model);
        }
        RouterPorts net = new RouterPorts(topology);
        return uniformPorts(net.routers(), net.maxRadix(), vcs, bufferFlits, scheme, model);
    }

    /**
     * Defaults under a router model for {@code routers} routers of {@code ports} port slots each, the terminal ports
     * last (on any network, {@link FlitSimulator#uniformConfig}): every port uses {@code scheme}; every Q order is
     * the model's {@link RouterModel.QueueDefault} (processor first puts the last port slot first).
     */
    public static RouterConfig uniformPorts(int nodes, int ports, int vcs, int bufferFlits, VcSelection scheme, RouterModel model) {
        if (vcs < 1 || vcs > 16) {
            throw new InvalidInputException("virtual channel count " + vcs + " is out of range; expected 1..16");
        }
        if (bufferFlits < 1 || bufferFlits > 1024) {
            throw new InvalidInputException("buffer size " + bufferFlits + " flits is out of range; expected 1..1024");
        }
        VcSelection[] c = new VcSelection[nodes * ports];
        Arrays.fill(c, scheme);
        byte[] q = new byte[nodes * ports * vcs * ports];
        boolean processorFirst = model.queueDefault() == RouterModel.QueueDefault.PROCESSOR_FIRST;
        for (int i = 0; i < nodes * ports * vcs; i++) {
            for (int j = 0; j < ports; j++) {
                q[i * ports + j] = defaultOrder(j, ports, processorFirst);
            }
        }
        RouterConfig r = new RouterConfig(nodes, ports, vcs, bufferFlits, c, q);
        r.model = model;
        return r;
    }

    public RouterConfig copy() {
        RouterConfig c = new RouterConfig(nodes, ports, vcs, bufferFlits, vcSelection.clone(), queueOrder.clone());
        c.model = model;
        c.sliceReinitialization = sliceReinitialization;
        c.sliceInterlocking = sliceInterlocking;
        return c;
    }

    /**
     * Slice re-initialisation (Yokota et al. 2023, §7.2, T08): when the tail of a packet destined for a node
     * is ejected there, that node's arbitration state (round-robin pointers of C, rotated Q orders) returns to
     * its configured initial values, so that successive slices meet the same arbitration.
     */
    public boolean sliceReinitialization() {
        return sliceReinitialization;
    }

    public RouterConfig withSliceReinitialization(boolean on) {
        RouterConfig c = copy();
        c.sliceReinitialization = on;
        return c;
    }

    /**
     * Slice interlocking (Yokota et al. 2023, §7.2, T10): a node starts its slice s &gt;= 1 only after it has
     * received s slices' worth of packets (s x packets per slice), capped at the number of packets destined for
     * it, so a node that nobody sends to is never held back.
     */
    public boolean sliceInterlocking() {
        return sliceInterlocking;
    }

    public RouterConfig withSliceInterlocking(boolean on) {
        RouterConfig c = copy();
        c.sliceInterlocking = on;
        return c;
    }

    /**
     * Atomic VC allocation: an output VC is handed to a new packet only once the downstream buffer of that VC has
     * drained completely (Dally &amp; Towles 2004, §13.3, "atomic" VC allocation), instead of as soon as the previous
     * packet's tail has left (the default, with credits governing space); the model's {@link RouterModel.VcRelease}.
     */
    public boolean atomicVcAllocation() {
        return model.vcRelease() == RouterModel.VcRelease.DRAINED;
    }

    public RouterConfig withAtomicVcAllocation(boolean atomic) {
        return withModel(model.withVcRelease(atomic ? RouterModel.VcRelease.DRAINED : RouterModel.VcRelease.TAIL));
    }

    /** The router's readings (routing, allocation and timing choices the papers leave open). */
    public RouterModel model() {
        return model;
    }

    /**
     * A copy under another router model. The genes (C and Q) are kept as they are, except that a Q order still at
     * this model's {@link RouterModel.QueueDefault} becomes the new model's default: it was the old reading's
     * default, not a gene anyone set.
     */
    public RouterConfig withModel(RouterModel m) {
        RouterConfig c = copy();
        c.model = m;
        boolean wasFirst = model.queueDefault() == RouterModel.QueueDefault.PROCESSOR_FIRST;
        boolean nowFirst = m.queueDefault() == RouterModel.QueueDefault.PROCESSOR_FIRST;
        if (wasFirst != nowFirst) {
            for (int i = 0; i < nodes * ports * vcs; i++) {
                boolean isDefault = true;
                for (int j = 0; j < ports && isDefault; j++) {
                    isDefault = c.queueOrder[i * ports + j] == defaultOrder(j, ports, wasFirst);
                }
                for (int j = 0; j < ports && isDefault; j++) {
                    c.queueOrder[i * ports + j] = defaultOrder(j, ports, nowFirst);
                }
            }
        }
        return c;
    }

    /** The j-th input port of a default Q order: index order, or the processor port (the last) first. */
    private static byte defaultOrder(int j, int ports, boolean processorFirst) {
        return (byte) (processorFirst ? (j + ports - 1) % ports : j);
    }

    public int nodes() {
        return nodes;
    }

    public int ports() {
        return ports;
    }

    public int vcs() {
        return vcs;
    }

    public int bufferFlits() {
        return bufferFlits;
    }

    public VcSelection vcSelection(int node, int port) {
        return vcSelection[node * ports + port];
    }

    public void setVcSelection(int node, int port, VcSelection scheme) {
        vcSelection[node * ports + port] = scheme;
    }

    /** The Q order of output VC (node, port, vc): input port indices, -1 for N/A. */
    public int[] queueOrder(int node, int port, int vc) {
        int base = ((node * ports + port) * vcs + vc) * ports;
        int[] r = new int[ports];
        for (int j = 0; j < ports; j++) {
            r[j] = queueOrder[base + j];
        }
        return r;
    }

    public void setQueueOrder(int node, int port, int vc, int[] order) {
        if (order.length != ports) {
            throw new InvalidInputException("queue order of length " + order.length + "; expected " + ports + " entries");
        }
        boolean[] seen = new boolean[ports];
        int base = ((node * ports + port) * vcs + vc) * ports;
        for (int j = 0; j < ports; j++) {
            int p = order[j];
            if (p < -1 || p >= ports || (p >= 0 && seen[p])) {
                throw new InvalidInputException("queue order " + Arrays.toString(order)
                        + " is not a permutation of input ports 0.." + (ports - 1) + " (with -1 for N/A)");
            }
            if (p >= 0) {
                seen[p] = true;
            }
            queueOrder[base + j] = (byte) p;
        }
    }

    /**
     * A copy with every gene replaced: {@code schemes[node * ports + port]} is a {@link VcSelection} ordinal and
     * {@code queueOrder} holds one order of {@code ports} entries per (node, port, vc), node-major, -1 for N/A.
     */
    public RouterConfig withGenes(byte[] schemes, byte[] queueOrder) {
        if (schemes.length != this.vcSelection.length || queueOrder.length != this.queueOrder.length) {
            throw new InvalidInputException("gene arrays of " + schemes.length + " schemes and " + queueOrder.length
                    + " order entries; expected " + this.vcSelection.length + " and " + this.queueOrder.length);
        }
        VcSelection[] all = VcSelection.values();
        VcSelection[] c = new VcSelection[schemes.length];
        for (int i = 0; i < c.length; i++) {
            if (schemes[i] < 0 || schemes[i] >= all.length) {
                throw new InvalidInputException("VC selection scheme index " + schemes[i] + " is out of range; expected 0..9");
            }
            c[i] = all[schemes[i]];
        }
        for (int base = 0; base < queueOrder.length; base += ports) {
            int seen = 0;
            for (int j = 0; j < ports; j++) {
                int p = queueOrder[base + j];
                if (p < -1 || p >= ports || (p >= 0 && (seen & 1 << p) != 0)) {
                    throw new InvalidInputException("queue order entry " + p + " at output VC " + base / ports
                            + " is not part of a permutation of input ports 0.." + (ports - 1) + " (with -1 for N/A)");
                }
                seen |= p >= 0 ? 1 << p : 0;
            }
        }
        RouterConfig r = new RouterConfig(nodes, ports, vcs, bufferFlits, c, queueOrder.clone());
        r.model = model;
        r.sliceReinitialization = sliceReinitialization;
        r.sliceInterlocking = sliceInterlocking;
        return r;
    }

    byte[] queueOrderArray() {
        return queueOrder;
    }

    VcSelection[] vcSelectionArray() {
        return vcSelection;
    }
}
