package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.HopDistances;

/**
 * One step-scheduling instance: a topology, a collective (sender set T, receiver set R) or explicit point-to-point
 * pairs ({@link #ofPairs}), a port model, a
 * switching model and a routing model (minimal paths, optionally up to {@code extraHops} longer). The problem of
 * Jaros, Ohlidal, Dvorak 2007, §2, and of the MIN paper (Jaros et al.), §3.
 *
 * <p>A <em>transfer</em> is one delivery: message m (the message of sender {@code T[m]}) to receiver r, for every
 * r in R other than the sender. Scatters send each transfer straight from its sender; broadcasts may send it from
 * any node that holds the message by then (the sender, or a receiver that got it in an earlier step), as in the
 * OAB/AAB encodings of Jaros et al. (MIN paper, §4.2, Fig. 7). Transfers of one message are contiguous.
 *
 * <p>Paths are listed once per (from, to) pair: all minimal paths up to {@code pathLimit} (in the core's
 * {@link MinimalPaths} index order), or with {@code extraHops > 0} all simple paths up to that many hops longer.
 * {@link #complete()} says whether every route the routing model allows is listed, which the exact model needs
 * before it may call a step count infeasible.
 */
public final class ScheduleProblem {

    /**
     * Bytes a transfer holds at the least besides its route's channels (its route arrays, its sources, and the
     * searches' per-transfer state): the unit of {@link #requireFits}'s estimate.
     */
    static final long BYTES_PER_TRANSFER = 112;

    /**
     * Refuses, in one line and before anything is built, a problem of {@code transfers} transfers whose estimate of
     * {@code bytes} (one route each, the least it can hold) passes half of {@code maxMemory}: such a problem would end
     * out of memory after minutes of set-up that no --time-limit bounds.
     */
    static void requireFits(String spec, long transfers, long bytes, long maxMemory) {
        if (bytes > maxMemory / 2) {
            throw new InvalidInputException(String.format(java.util.Locale.ROOT, "scheduling %,d transfers on %s needs about "
                    + "%.1f GiB at the least (one route each), more than half of this JVM's %.1f GiB; expected a smaller "
                    + "network or collective, or more memory with CCOPT_JAVA_OPTS=-Xmx<size>", transfers, spec,
                    bytes / (double) (1L << 30), maxMemory / (double) (1L << 30)));
        }
    }

    /**
     * The most hops the routes of one problem list (pairs x routes a pair x hops a route), 4 bytes each: a problem beyond
     * it is refused before its memory runs out (torus:24x24 AAS at 1,024 routes a pair would list billions).
     */
    public static final long MAX_LISTED_HOPS = 300_000_000L;

    /** Routes listed per (from, to) pair unless told otherwise ({@code ccopt schedule --path-limit}). */
    public static final int DEFAULT_PATH_LIMIT = 1024;

    private final Topology topology;
    private final Collective collective;
    private final PortModel ports;
    private final Switching switching;
    private final int extraHops;
    private final int pathLimit;
    private final boolean broadcast;
    private final boolean relays;
    /** Store-and-forward broadcasts that also deliver to non-receiving nodes on the way (switches). */
    private final boolean relayNodes;
    private final int[][] pairs;
    private final int[] messageSender;
    private final int[] messageStart;
    private final int[] message;
    private final int[] destination;
    private final int[][] sources;
    private final int[] transferOf;
    private final int[][][] paths;
    private final int[] sendPorts;
    private final int[] receivePorts;
    private final int maxPathLength;
    private final boolean complete;
    private final HopDistances distances;
    private volatile ConflictClique clique;

    public ScheduleProblem(Topology topology, Collective collective, PortModel ports, Switching switching,
                           int extraHops, int pathLimit) {
        this(topology, collective, ports, switching, extraHops, pathLimit, true, null, null);
    }

    /**
     * As the public constructor, with the listing of routes given up, in one line, once {@code expired} says the time
     * limit has passed: the limit covers the set-up too (a large network lists its routes for minutes).
     */
    static ScheduleProblem within(java.util.function.BooleanSupplier expired, Topology topology, Collective collective,
                                  PortModel ports, Switching switching, int extraHops, int pathLimit) {
        return new ScheduleProblem(topology, collective, ports, switching, extraHops, pathLimit, true, null, expired);
    }

    /** {@link #ofPairs}, with the listing given up once {@code expired} says so ({@link #within}). */
    static ScheduleProblem ofPairsWithin(java.util.function.BooleanSupplier expired, Topology topology, int[] destination,
                                         PortModel ports, int extraHops, int pathLimit) {
        int[][] pairs = pairs(topology, destination);
        return new ScheduleProblem(topology, pairsCollective(pairs), ports, Switching.WH, extraHops, pathLimit, false, pairs,
                expired);
    }

    /**
     * A permutation or any other set of point-to-point transfers (Jaros, Ohlidal, Dvorak 2007, §1, case 3): node
     * s sends one message to {@code destination[s]}; {@code destination[s] == s} sends nothing. Scheduled as a
     * scatter among the sources and destinations, with exactly these pairs.
     */
    public static ScheduleProblem ofPairs(Topology topology, int[] destination, PortModel ports, int extraHops,
                                          int pathLimit) {
        int[][] pairs = pairs(topology, destination);
        return new ScheduleProblem(topology, pairsCollective(pairs), ports, Switching.WH, extraHops, pathLimit, false, pairs,
                null);
    }

    /** The (source, destination) pairs of a traffic pattern: node s to {@code destination[s]} where that is another node. */
    public static int[][] pairs(Topology topology, int[] destination) {
        List<int[]> list = new java.util.ArrayList<>();
        for (int s = 0; s < destination.length; s++) {
            if (destination[s] != s && destination[s] >= 0) {
                list.add(new int[] {s, destination[s]});
            }
        }
        if (list.isEmpty()) {
            throw new InvalidInputException("the traffic pattern sends nothing on " + topology.spec()
                    + "; expected at least one terminal with another destination");
        }
        return list.toArray(new int[0][]);
    }

    /** The MNS whose senders and receivers are those of the pairs (the pairs, not T x R, are what it delivers). */
    public static Collective pairsCollective(int[][] pairs) {
        return new Collective(CollectiveKind.MNS, Arrays.stream(pairs).mapToInt(p -> p[0]).distinct().sorted().toArray(),
                Arrays.stream(pairs).mapToInt(p -> p[1]).distinct().sorted().toArray());
    }

    /**
     * @param relays for broadcasts: whether receivers may forward the message (false: every transfer leaves the
     *               sender, a scatter-like restriction whose schedules are also valid broadcast schedules)
     */
    public ScheduleProblem(Topology topology, Collective collective, PortModel ports, Switching switching,
                           int extraHops, int pathLimit, boolean relays) {
        this(topology, collective, ports, switching, extraHops, pathLimit, relays, null, null);
    }

    private ScheduleProblem(Topology topology, Collective collective, PortModel ports, Switching switching,
                            int extraHops, int pathLimit, boolean relays, int[][] pairs,
                            java.util.function.BooleanSupplier expired) {
        if (collective.kind().isReduce()) {
            throw new InvalidInputException(collective.kind() + " (reduce with combining) is scheduled as the time reverse of a broadcast "
                    + "(Reduction.broadcastOf on Reduction.transpose); a problem takes OAB, OAS, AAB, AAS, MNB, MNS or AOG");
        }
        if (extraHops < 0 || extraHops > MinimalPaths.MAX_EXTRA_HOPS) {
            throw InvalidInputException.parameter("extra-hops", extraHops + " is invalid; expected 0 to "
                    + MinimalPaths.MAX_EXTRA_HOPS);
        }
        if (pathLimit < 1) {
            throw InvalidInputException.parameter("path-limit", pathLimit + " is invalid; expected 1 or more");
        }
        this.topology = topology;
        this.collective = collective;
        this.ports = ports;
        this.switching = switching;
        this.pairs = pairs;
        this.extraHops = extraHops;
        this.pathLimit = pathLimit;
        this.broadcast = collective.kind().isBroadcast();
        this.relays = broadcast && relays;
        if (switching == Switching.SF_ROUTER) {
            throw new InvalidInputException("sf-router applies to scatters; a broadcast under store-and-forward stores every "
                    + "message in the nodes that receive it: expected --switching sf or wh for " + collective.kind());
        }
        if (switching == Switching.SF && !this.relays) {
            throw new InvalidInputException("a store-and-forward scatter is scheduled hop by hop (SfScatter), not as "
                    + collective.kind() + " transfers of one step each");
        }
        int n = topology.nodeCount();
        int[] senders = collective.senders();
        int[] receivers = collective.receivers();
        messageSender = senders.clone();
        messageStart = new int[senders.length + 1];
        int[][] targets = new int[senders.length][];
        boolean[] receiving = new boolean[n];
        for (int r : receivers) {
            receiving[r] = true;
        }
        MinimalPaths minimal = new MinimalPaths(topology);
        distances = minimal.distances();
        HopDistances hops = switching == Switching.SF && this.relays && receivers.length < n ? distances : null;
        boolean anyRelay = false;
        for (int m = 0; m < senders.length; m++) {
            int sender = senders[m];
            targets[m] = pairs == null ? Arrays.stream(receivers).filter(r -> r != sender).toArray()
                    : Arrays.stream(pairs).filter(pr -> pr[0] == sender).mapToInt(pr -> pr[1]).toArray();
            if (hops != null) {
                int[] relayNodes = relayNodes(topology, hops, sender, targets[m], receiving);
                if (relayNodes.length > 0) {
                    anyRelay = true;
                    int[] both = Arrays.copyOf(targets[m], targets[m].length + relayNodes.length);
                    System.arraycopy(relayNodes, 0, both, targets[m].length, relayNodes.length);
                    targets[m] = both;
                }
            }
        }
        this.relayNodes = anyRelay;
        int count = 0;
        for (int m = 0; m < senders.length; m++) {
            messageStart[m] = count;
            count += targets[m].length;
        }
        messageStart[senders.length] = count;
        long bytes = 0;
        for (int m = 0; m < senders.length; m++) {
            for (int r : targets[m]) {
                bytes += BYTES_PER_TRANSFER + 4L * Math.max(0, distances.distance(senders[m], r));
            }
        }
        requireFits(topology.spec(), count, bytes, Runtime.getRuntime().maxMemory());
        message = new int[count];
        destination = new int[count];
        transferOf = new int[senders.length * n];
        Arrays.fill(transferOf, -1);
        int t = 0;
        for (int m = 0; m < senders.length; m++) {
            for (int r : targets[m]) {
                message[t] = m;
                destination[t] = r;
                transferOf[m * n + r] = t;
                t++;
            }
        }
        sendPorts = new int[n];
        receivePorts = new int[n];
        for (int v = 0; v < n; v++) {
            sendPorts[v] = ports.sendPorts(topology, v);
            receivePorts[v] = ports.receivePorts(topology, v);
        }
        sources = new int[count][];
        paths = new int[n * n][][];
        boolean all = true;
        int longest = 0;
        long listedHops = 0;
        for (t = 0; t < count; t++) {
            if (t > 0 && (t & 1023) == 0 && expired != null && expired.getAsBoolean()) { // not on small problems
                throw new InvalidInputException("listing the routes of " + collective.kind() + " on " + topology.spec()
                        + " ended at --time-limit (or Ctrl-C) after " + t + " of " + count + " transfers, before any search; "
                        + "expected a "
                        + "longer --time-limit, a lower --path-limit or a smaller network");
            }
            int d = destination[t];
            int s = messageSender[message[t]];
            if (this.relays) {
                int m = message[t];
                int[] holders = Arrays.copyOfRange(destination, messageStart[m], messageStart[m + 1]);
                int[] cand = new int[holders.length + 1];
                int k = 0;
                cand[k++] = s;
                for (int r : holders) {
                    if (r != d && r != s) {
                        cand[k++] = r;
                    }
                }
                if (switching == Switching.SF) {
                    int kept = 0;
                    for (int i = 0; i < k; i++) {
                        if (topology.channel(cand[i], d) >= 0) {
                            cand[kept++] = cand[i];
                        }
                    }
                    k = kept;
                }
                sources[t] = Arrays.copyOf(cand, k);
            } else {
                sources[t] = new int[] {s};
            }
            for (int f : sources[t]) {
                int pair = f * n + d;
                if (paths[pair] == null) {
                    long listing = switching == Switching.SF ? 1 : Math.min(extraHops == 0 ? minimal.count(f, d) : pathLimit,
                            pathLimit) * (Math.max(0, distances.distance(f, d)) + extraHops);
                    listedHops += listing;
                    if (listedHops > MAX_LISTED_HOPS) {
                        throw new InvalidInputException("the routes of " + collective.kind() + " on " + topology.spec()
                                + " (up to " + pathLimit + " a pair, --path-limit) pass " + MAX_LISTED_HOPS + " listed hops "
                                + "(about 1.2 GB); expected a lower --path-limit or a smaller network");
                    }
                    List<int[]> nodes;
                    if (switching == Switching.SF) {
                        nodes = List.of(new int[] {f, d});
                    } else if (extraHops == 0) {
                        nodes = minimal.paths(f, d, pathLimit);
                        all &= minimal.count(f, d) <= pathLimit;
                    } else {
                        nodes = minimal.pathsWithin(f, d, extraHops, pathLimit);
                        all &= nodes.size() < pathLimit;
                    }
                    if (nodes.isEmpty()) {
                        throw new InvalidInputException("terminal " + d + " cannot be reached from " + f + " on "
                                + topology.spec() + "; the collective needs a connected network");
                    }
                    int[][] channels = new int[nodes.size()][];
                    for (int i = 0; i < channels.length; i++) {
                        int[] p = nodes.get(i);
                        channels[i] = new int[p.length - 1];
                        for (int h = 0; h + 1 < p.length; h++) {
                            channels[i][h] = topology.channel(p[h], p[h + 1]);
                        }
                        longest = Math.max(longest, channels[i].length);
                    }
                    paths[pair] = channels;
                }
            }
            if (sources[t].length == 0) {
                throw new InvalidInputException("node " + d + " has no neighbour that can hold the message of " + s
                        + " under store-and-forward on " + topology.spec());
            }
        }
        maxPathLength = longest;
        complete = all;
    }

    public Topology topology() {
        return topology;
    }

    /** Hop distances of the topology (computed once with the routes). */
    HopDistances distances() {
        return distances;
    }

    public Collective collective() {
        return collective;
    }

    public PortModel ports() {
        return ports;
    }

    public Switching switching() {
        return switching;
    }

    public int extraHops() {
        return extraHops;
    }

    public int pathLimit() {
        return pathLimit;
    }

    /**
     * True for a collective among every terminal, each sending to all the others: every terminal sends and receives,
     * and the problem is not a permutation's explicit pairs (whose senders and receivers are every terminal too).
     */
    boolean amongAllTerminals() {
        int n = topology.terminalCount();
        return pairs == null && collective.senders().length == n && collective.receivers().length == n;
    }

    /** True for broadcast kinds. */
    public boolean broadcast() {
        return broadcast;
    }

    /**
     * True when a store-and-forward broadcast also delivers its messages to nodes that do not receive them (switches
     * and other nodes on a shortest route from a sender to a receiver): ccopt's reading of store-and-forward on
     * indirect networks, where a message can only move on by being stored in the switch it reached. Every such
     * node must then hold every message whose shortest routes pass it, which a schedule of the real network need not
     * do, so an exact proof that no schedule of some length exists does not carry over.
     */
    public boolean relayNodes() {
        return relayNodes;
    }

    /**
     * The nodes that store and forward a message of {@code sender} without receiving it: not receivers, not the
     * sender, and on a shortest route from the sender to one of its receivers.
     */
    private static int[] relayNodes(Topology topology, HopDistances hops, int sender, int[] receivers, boolean[] receiving) {
        int n = topology.nodeCount();
        boolean[] relay = new boolean[n];
        for (int r : receivers) {
            int direct = hops.distance(sender, r);
            for (int v = 0; v < n; v++) {
                if (!receiving[v] && v != sender && !relay[v]
                        && hops.distance(sender, v) + hops.distance(v, r) == direct) {
                    relay[v] = true;
                }
            }
        }
        int count = 0;
        for (boolean b : relay) {
            count += b ? 1 : 0;
        }
        int[] out = new int[count];
        for (int v = 0, k = 0; v < n; v++) {
            if (relay[v]) {
                out[k++] = v;
            }
        }
        return out;
    }

    /** True when transfers may start at any node that holds the message (broadcasts with relays). */
    boolean relays() {
        return relays;
    }

    /** The same broadcast with every transfer sent by its sender (no relays); for WH broadcasts only. */
    public ScheduleProblem direct() {
        return new ScheduleProblem(topology, collective, ports, switching, extraHops, pathLimit, false, pairs, null);
    }

    /** The explicit (source, destination) pairs of a permutation problem, or null for a collective's T x R. */
    public int[][] pairs() {
        return pairs;
    }

    public int transferCount() {
        return message.length;
    }

    int messageCount() {
        return messageSender.length;
    }

    /** Message index of a transfer (index into the sender set). */
    public int message(int transfer) {
        return message[transfer];
    }

    /** The sender terminal of message m. */
    public int sender(int m) {
        return messageSender[m];
    }

    /** First transfer of message m; the message's transfers are {@code messageStart(m) .. messageStart(m+1)-1}. */
    int messageStart(int m) {
        return messageStart[m];
    }

    public int destination(int transfer) {
        return destination[transfer];
    }

    /** The transfer that delivers message m to node v, or -1 when v is not one of its receivers. */
    int transferOf(int m, int v) {
        return transferOf[m * topology.nodeCount() + v];
    }

    /** The nodes a transfer may start from: its sender first; for broadcasts the other holders of the message. */
    public int[] sources(int transfer) {
        return sources[transfer];
    }

    /** The listed paths from node f to node d, each as its channel ids in order. */
    public int[][] paths(int f, int d) {
        return paths[f * topology.nodeCount() + d];
    }

    public int sendPorts(int node) {
        return sendPorts[node];
    }

    public int receivePorts(int node) {
        return receivePorts[node];
    }

    int maxPathLength() {
        return maxPathLength;
    }

    /** True when every route of the routing model is listed (no pair hit the path limit). */
    public boolean complete() {
        return complete;
    }

    /**
     * A group of transfers that pairwise can never share a step (computed once; {@link ConflictClique}): for
     * scatters the exact model fixes them to steps 0, 1, 2, ..., and its size is a lower bound on the steps over
     * the listed routes. Meaningless for broadcasts with relays (a transfer may start at any holder).
     */
    List<Integer> incompatibleGroup() {
        return conflictClique().transfers();
    }

    ConflictClique conflictClique() {
        ConflictClique c = clique;
        if (c == null) {
            c = ConflictClique.of(this);
            clique = c;
        }
        return c;
    }

    /** The index of node {@code from} among the sources of transfer t. */
    int sourceIndex(int t, int from) {
        int[] s = sources[t];
        for (int i = 0; i < s.length; i++) {
            if (s[i] == from) {
                return i;
            }
        }
        throw new IllegalArgumentException("node " + from + " is not a source of transfer " + t);
    }

    /** A one-line description for reports. */
    public String label() {
        return (pairs != null ? "permutation of " + pairs.length + " transfers" : collective.kind().name()) + " on " + topology.spec() + ", " + ports + ", " + switching.label()
                + (extraHops > 0 ? ", minimal +" + extraHops + " hops" : ", minimal routing");
    }
}
