package org.ccopt.topology;

import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable interconnection network: nodes {@code 0..n-1}, each a terminal or a switch, joined by
 * directed channels. A two-way network has every link as two channels in opposite directions; a one-way
 * network (a unidirectional multistage network) has single channels.
 *
 * <p>Conventions every part of ccopt relies on:
 * <ul>
 *   <li>Terminals come first: terminal {@code t} is node {@code t}, for {@code t < terminalCount()}.
 *   <li>Channels are stored as compressed sparse rows: the out-channels of node {@code u} are
 *       {@code outStart(u) .. outStart(u+1)-1}, sorted by target node, so "lowest-index next hop" is
 *       simply the first eligible channel. A channel id is its position in that array.
 *   <li>There are no self loops and no parallel channels.
 * </ul>
 * The topology holds data only; algorithms (distances, paths, bisection, bounds) are separate classes
 * that take it in their constructor, in the manner of JGraphT.
 */
public final class Topology {

    /** Upper limit on the nodes of a generated topology, to keep metrics and routing within memory. */
    public static final int MAX_NODES = 1 << 20;

    private final String spec;
    private final String family;
    private final boolean oneWay;
    private final int terminalCount;
    private final int[] outStart;
    private final int[] channelTarget;
    private final int[] channelSource;
    private final int[] reverseChannel;
    private final int[] inStart;
    private final int[] inChannels;
    private final Geometry geometry;
    /** Per channel, its latency in cycles as a topology file gives it, or null where none is given. */
    private final int[] channelLatency;

    /** The most cycles a channel's latency may be. */
    public static final int MAX_CHANNEL_LATENCY = 10_000;

    Topology(String spec, String family, boolean oneWay, int terminalCount, int[] outStart,
             int[] channelTarget, Geometry geometry) {
        this.spec = Objects.requireNonNull(spec);
        this.family = Objects.requireNonNull(family);
        this.oneWay = oneWay;
        this.terminalCount = terminalCount;
        this.outStart = outStart;
        this.channelTarget = channelTarget;
        this.geometry = geometry;
        int n = outStart.length - 1;
        int m = channelTarget.length;
        channelSource = new int[m];
        for (int u = 0; u < n; u++) {
            for (int c = outStart[u]; c < outStart[u + 1]; c++) {
                channelSource[c] = u;
            }
        }
        inStart = new int[n + 1];
        for (int c = 0; c < m; c++) {
            inStart[channelTarget[c] + 1]++;
        }
        for (int v = 0; v < n; v++) {
            inStart[v + 1] += inStart[v];
        }
        inChannels = new int[m];
        int[] fill = Arrays.copyOf(inStart, n);
        for (int c = 0; c < m; c++) {
            inChannels[fill[channelTarget[c]]++] = c;
        }
        reverseChannel = new int[m];
        for (int c = 0; c < m; c++) {
            reverseChannel[c] = channel(channelTarget[c], channelSource[c]);
        }
        channelLatency = null;
    }

    private Topology(Topology t, int[] channelLatency) {
        spec = t.spec;
        family = t.family;
        oneWay = t.oneWay;
        terminalCount = t.terminalCount;
        outStart = t.outStart;
        channelTarget = t.channelTarget;
        channelSource = t.channelSource;
        reverseChannel = t.reverseChannel;
        inStart = t.inStart;
        inChannels = t.inChannels;
        geometry = t.geometry;
        this.channelLatency = channelLatency;
    }

    /**
     * This network with a latency in cycles on every channel ({@code latency[c]} for channel c, 1 to
     * {@value #MAX_CHANNEL_LATENCY}), as a topology file may give them (BookSim's {@code anynet} files do, per channel);
     * the flit engine's channels take them.
     */
    public Topology withChannelLatencies(int[] latency) {
        if (latency.length != channelTarget.length) {
            throw new IllegalArgumentException(latency.length + " latencies for " + channelTarget.length + " channels");
        }
        for (int l : latency) {
            if (l < 1 || l > MAX_CHANNEL_LATENCY) {
                throw new IllegalArgumentException("channel latency " + l + " outside 1.." + MAX_CHANNEL_LATENCY);
            }
        }
        return new Topology(this, latency.clone());
    }

    /** Whether its channels carry latencies ({@link #withChannelLatencies}). */
    public boolean hasChannelLatencies() {
        return channelLatency != null;
    }

    /** The latency of channel c in cycles, as given ({@link #withChannelLatencies}); 0 where none are given. */
    public int channelLatency(int c) {
        return channelLatency == null ? 0 : channelLatency[c];
    }

    /** The spec string this topology was built from, e.g. {@code torus:8x8}. */
    public String spec() {
        return spec;
    }

    /** The family name, e.g. {@code torus}, {@code omega}, {@code file}. */
    public String family() {
        return family;
    }

    /** True for unidirectional networks, where links are single channels. */
    public boolean isOneWay() {
        return oneWay;
    }

    public int nodeCount() {
        return outStart.length - 1;
    }

    public int terminalCount() {
        return terminalCount;
    }

    public int switchCount() {
        return nodeCount() - terminalCount;
    }

    public boolean isTerminal(int node) {
        return node < terminalCount;
    }

    public NodeKind kind(int node) {
        return isTerminal(node) ? NodeKind.TERMINAL : NodeKind.SWITCH;
    }

    /** True when every node is a terminal (a direct network: each router has a processor). */
    public boolean isDirect() {
        return terminalCount == nodeCount();
    }

    /**
     * Whether a path may pass through {@code node} on its way: a switch, or any node of a direct network (a router
     * with its processor). A processor of an indirect network only sends and receives: a route that entered it and
     * left again would forward a message through a compute node, which no network's routing does. In a one-way
     * multistage network a processor has a channel in from the last stage and one out to the first, so without this
     * rule a shortest path between two switches can run through it.
     */
    public boolean relays(int node) {
        return node >= terminalCount || terminalCount == nodeCount();
    }

    public int channelCount() {
        return channelTarget.length;
    }

    /** Undirected links: channel pairs in a two-way network, single channels in a one-way one. */
    public int linkCount() {
        return oneWay ? channelTarget.length : channelTarget.length / 2;
    }

    public int outStart(int node) {
        return outStart[node];
    }

    public int outEnd(int node) {
        return outStart[node + 1];
    }

    public int outDegree(int node) {
        return outStart[node + 1] - outStart[node];
    }

    public int inDegree(int node) {
        return inStart[node + 1] - inStart[node];
    }

    /** Number of distinct neighbours (in or out); for two-way networks equal to the out-degree. */
    public int degree(int node) {
        return oneWay ? outDegree(node) + inDegree(node) : outDegree(node);
    }

    public int channelTarget(int channel) {
        return channelTarget[channel];
    }

    public int channelSource(int channel) {
        return channelSource[channel];
    }

    /** The opposite channel of the same link, or -1 in a one-way network. */
    public int reverse(int channel) {
        return reverseChannel[channel];
    }

    /** The in-channel ids of {@code node}, as a range into {@link #inChannel(int)}. */
    public int inStart(int node) {
        return inStart[node];
    }

    public int inEnd(int node) {
        return inStart[node + 1];
    }

    public int inChannel(int index) {
        return inChannels[index];
    }

    /** The channel from {@code from} to {@code to}, or -1 when they are not adjacent. Binary search. */
    public int channel(int from, int to) {
        int i = Arrays.binarySearch(channelTarget, outStart[from], outStart[from + 1], to);
        return i >= 0 ? i : -1;
    }

    /** Shape information for families that have one (grids, hypercubes, multistage networks). */
    public Geometry geometry() {
        return geometry;
    }

    /** Out-neighbours of {@code node}, as a fresh array (convenience; hot loops use the CSR accessors). */
    public int[] neighbours(int node) {
        return Arrays.copyOfRange(channelTarget, outStart[node], outStart[node + 1]);
    }

    @Override
    public String toString() {
        return spec + " (" + nodeCount() + " nodes, " + terminalCount + " terminals, " + linkCount() + " links)";
    }
}
