package org.ccopt.collective;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.BisectionWidth;

/**
 * Lower bounds on the number of synchronised steps of a collective under wormhole switching, the step model
 * of Jaros et al. 2007. Each bound is the maximum of several arguments; {@link Bound#formula()} names the one
 * that decides it.
 *
 * <ul>
 *   <li><b>Table 1 of Jaros et al. 2007</b> with uniform k ports and P nodes: OAB = ceil(log_{k+1} P);
 *       AAB = max(ceil(log_{k+1} P), ceil((P-1)/k)); OAS = ceil((P-1)/k); AAS = max(ceil(P^2 / (2 B_C)),
 *       ceil((P-1)/k)), B_C the bisection width in channels (both directions).
 *   <li><b>Ports per node.</b> A node has min(k, its channels) ports, so the per-node terms use the node that
 *       binds: (P-1)/k becomes max over receivers of ceil(|T \ {r}| / ports(r)) (each receiver absorbs one message
 *       per port and step) and over senders of ceil(|R \ {t}| / ports(t)); the log term becomes a greedy count in
 *       which every informed node informs as many new nodes as it has ports, the informed ones assumed to be those
 *       with most ports. This is what makes an all-port 4x4 mesh need ceil(15/2) = 8 AAB steps (corner nodes have
 *       2 ports; Jaros et al. 2007, Table 3).
 *   <li><b>MIN refinements</b> (Jaros et al., MIN paper, §3): on unidirectional MINs every terminal has one
 *       channel in and one out, so the per-node terms give the paper's N-1 for OAS, AAB and AAS and the log term
 *       its log2 N. On trees one link (a bridge) separates every subtree: a bridge's channel carries one message
 *       per step, so a scatter needs at least |T on one side| x |R on the other| steps through it, a broadcast
 *       |T outside| distinct messages into a side that holds a receiver, and OAS/AOG the receivers (senders)
 *       behind it. For OAB, a side behind a bridge is entered by at most one new message per step and inside it
 *       each informed node informs at most its ports: x_t &lt;= x_{t-1} + 1 + (ports of the x_{t-1} informed);
 *       this reproduces the full binary tree rows of Table 3 that the log term alone does not.
 *   <li><b>Reduces with combining</b> take the terms of the broadcast they reverse: AOR the OAB log term; AAR
 *       (every node its own all-to-one reduce) the log term of every root's reduce tree and, since a node sends one
 *       combined partial result per root other than itself, max over senders ceil(|R \ {t}| / ports(t)).
 *   <li><b>Cut bounds for scatters.</b> The bisection: 2 floor(P/2) ceil(P/2) messages cross it (P^2/2 for even P),
 *       at most B_C per step, when T = R = all terminals. For other sets, the minimum cut between the senders that
 *       do not receive and the receivers that do not send ({@code minCutScatter}).
 * </ul>
 */
public final class LowerBounds {

    /** A lower bound, the argument that gives it, all arguments, and whether an exact bisection entered. */
    public record Bound(long steps, String formula, List<String> arguments, boolean bisectionUsed) {
    }

    private final Topology t;
    private final BisectionWidth.Result bisection;

    /**
     * @param bisection the topology's bisection (channels), or null to skip the bisection argument. Use an exact
     *                  value: a heuristic upper bound on B_C would make the bound too weak, never wrong.
     */
    public LowerBounds(Topology topology, BisectionWidth.Result bisection) {
        this.t = topology;
        this.bisection = bisection;
    }

    /**
     * The bound of a collective, computing the bisection (exactly, within a fixed search effort) only for the
     * scatters whose cut argument needs it; a bisection that is not proven exact is left out.
     */
    public static Bound forCollective(Topology topology, Collective c, PortModel ports) {
        BisectionWidth.Result bisection = null;
        if (c.kind() == CollectiveKind.AAS || c.kind() == CollectiveKind.MNS) {
            BisectionWidth.Result b = new BisectionWidth(topology).compute(20_000_000, 1);
            bisection = b.exact() ? b : null;
        }
        return new LowerBounds(topology, bisection).of(c, ports);
    }

    public Bound of(Collective c, PortModel ports) {
        List<String> args = new ArrayList<>();
        long best = 0;
        String formula = "";
        for (Term term : terms(c, ports)) {
            args.add(term.name() + " = " + term.value());
            if (term.value() > best) {
                best = term.value();
                formula = term.name();
            }
        }
        return new Bound(best, formula, args, bisection != null);
    }

    /** One argument of a bound: its value and what it is. */
    private record Term(long value, String name) {
    }

    private List<Term> terms(Collective c, PortModel ports) {
        List<Term> terms = new ArrayList<>();
        int[] senders = c.senders();
        int[] receivers = c.receivers();
        switch (c.kind()) {
            case OAB -> {
                terms.add(term(broadcastLog(senders[0], receivers, ports, true), "ceil(log_{k+1} P), k = ports per node (Jaros et al. 2007, Table 1, Eq. 4)"));
                terms.add(term(bridgeBroadcast(senders[0], receivers, ports), "bridge entry growth x_t <= x_{t-1} + 1 + ports(x_{t-1}) (tree refinement)"));
            }
            case AOR -> {
                terms.add(term(broadcastLog(receivers[0], senders, ports, false), "ceil(log_{k+1} P), reverse of OAB (reduce with combining)"));
                terms.add(term(bridgeBroadcast(receivers[0], senders, ports), "bridge entry growth, reverse of OAB"));
            }
            case OAS -> {
                terms.add(term(perSender(senders, receivers, ports), "ceil((P-1)/k), k = ports of the source (Jaros et al. 2007, Table 1)"));
                terms.add(term(bridgeCut(senders, receivers, true), "messages through one bridge channel (MIN paper §3 refinement)"));
            }
            case AAR -> {
                long log = 0;
                for (int r : receivers) {
                    log = Math.max(log, broadcastLog(r, senders, ports, false));
                }
                terms.add(term(log, "ceil(log_{k+1} P) for every root, reverse of AAB (reduce with combining)"));
                terms.add(term(perSender(senders, receivers, ports), "max over senders ceil(|R \\ {t}| / ports(t)): one combined partial per root"));
            }
            case AOG -> {
                terms.add(term(perReceiver(senders, receivers, ports), "ceil((P-1)/k), k = ports of the root"));
                terms.add(term(bridgeCut(senders, receivers, true), "messages through one bridge channel"));
            }
            case AAB, MNB -> {
                terms.add(term(worstBroadcastLog(senders, receivers, ports), "ceil(log_{k+1} P) (Jaros et al. 2007, Table 1)"));
                terms.add(term(perReceiver(senders, receivers, ports), "max over receivers ceil(|T \\ {r}| / ports(r)) (Table 1: ceil((P-1)/k))"));
                terms.add(term(bridgeCut(senders, receivers, false), "distinct messages into a bridge side"));
            }
            case AAS, MNS -> {
                terms.add(term(perReceiver(senders, receivers, ports), "max over receivers ceil(|T \\ {r}| / ports(r)) (Table 1: ceil((P-1)/k))"));
                terms.add(term(perSender(senders, receivers, ports), "max over senders ceil(|R \\ {t}| / ports(t))"));
                terms.add(term(bridgeCut(senders, receivers, true), "messages through one bridge channel (MIN paper §3 refinement)"));
                terms.add(term(bisectionScatter(senders, receivers), "ceil(P^2 / (2 B_C)), B_C in channels (Jaros et al. 2007, Table 1)"));
                terms.add(minCutScatter(senders, receivers));
            }
            default -> throw new IllegalStateException(c.kind().name());
        }
        return terms;
    }

    private static Term term(long value, String name) {
        return new Term(value, name);
    }

    /**
     * The bound of a permutation's (sender, receiver) pairs: the most transfers leaving or entering one node, over its
     * send or receive ports.
     */
    public static Bound forPairs(Topology topology, int[][] pairs, PortModel ports) {
        int nodes = topology.nodeCount();
        int[] out = new int[nodes];
        int[] in = new int[nodes];
        for (int[] pr : pairs) {
            out[pr[0]]++;
            in[pr[1]]++;
        }
        long perNode = 0;
        for (int v = 0; v < nodes; v++) {
            perNode = Math.max(perNode, Math.max(ceilDiv(out[v], ports.sendPorts(topology, v)),
                    ceilDiv(in[v], ports.receivePorts(topology, v))));
        }
        String name = "most transfers leaving or entering one node, per port";
        return new Bound(perNode, name, List.of(name + " = " + perNode), false);
    }

    private static long ceilDiv(long a, long b) {
        return b <= 0 ? (a > 0 ? Long.MAX_VALUE : 0) : (a + b - 1) / b;
    }

    private long perReceiver(int[] senders, int[] receivers, PortModel ports) {
        long best = 0;
        for (int r : receivers) {
            long incoming = senders.length - (contains(senders, r) ? 1 : 0);
            best = Math.max(best, ceilDiv(incoming, ports.receivePorts(t, r)));
        }
        return best;
    }

    private long perSender(int[] senders, int[] receivers, PortModel ports) {
        long best = 0;
        for (int s : senders) {
            long outgoing = receivers.length - (contains(receivers, s) ? 1 : 0);
            best = Math.max(best, ceilDiv(outgoing, ports.sendPorts(t, s)));
        }
        return best;
    }

    /**
     * Greedy informed count: starting from the root, each step every informed node informs up to its ports new
     * nodes; new nodes are assumed to be the remaining participants with the most ports.
     */
    private long broadcastLog(int root, int[] others, PortModel ports, boolean sending) {
        long[] hist = new long[maxPorts(ports) + 1];
        for (int v : others) {
            if (v != root) {
                hist[portsOf(ports, v, sending)]++;
            }
        }
        return growthSteps(hist, 0, portsOf(ports, root, sending));
    }

    /** The log term of AAB/MNB: the worst sender; senders alike in ports and membership give the same value. */
    private long worstBroadcastLog(int[] senders, int[] receivers, PortModel ports) {
        long[] all = new long[maxPorts(ports) + 1];
        for (int v : receivers) {
            all[ports.sendPorts(t, v)]++;
        }
        java.util.Map<Long, Long> byClass = new java.util.HashMap<>();
        long worst = 0;
        for (int s : senders) {
            int p = ports.sendPorts(t, s);
            boolean member = contains(receivers, s);
            long steps = byClass.computeIfAbsent(2L * p + (member ? 1 : 0), k -> {
                long[] hist = all.clone();
                if (member) {
                    hist[p]--;
                }
                return growthSteps(hist, 0, p);
            });
            worst = Math.max(worst, steps);
        }
        return worst;
    }

    /**
     * Steps until all nodes counted in {@code hist} (hist[k] = nodes with k ports) are informed, when each step
     * informs at most {@code perStep} + (ports of the nodes informed so far, {@code initialPorts} included) new
     * nodes, and the nodes informed first are those with the most ports. Long.MAX_VALUE if it never finishes.
     */
    private static long growthSteps(long[] hist, long perStep, long initialPorts) {
        long need = 0;
        for (long c : hist) {
            need += c;
        }
        long informed = 0;
        long portSum = initialPorts;
        long steps = 0;
        int value = hist.length - 1;
        long leftAtValue = value >= 0 ? hist[value] : 0;
        while (informed < need) {
            long newly = Math.min(need - informed, perStep + portSum);
            if (newly == 0) {
                return Long.MAX_VALUE;
            }
            informed += newly;
            steps++;
            while (newly > 0) {
                while (leftAtValue == 0) {
                    leftAtValue = hist[--value];
                }
                long take = Math.min(newly, leftAtValue);
                portSum += take * value;
                leftAtValue -= take;
                newly -= take;
            }
        }
        return steps;
    }

    private int portsOf(PortModel ports, int v, boolean sending) {
        return sending ? ports.sendPorts(t, v) : ports.receivePorts(t, v);
    }

    private int maxPorts(PortModel ports) {
        int max = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            max = Math.max(max, Math.max(ports.sendPorts(t, v), ports.receivePorts(t, v)));
        }
        return max;
    }

    private boolean[] membership(int[] nodes) {
        boolean[] m = new boolean[t.nodeCount()];
        for (int v : nodes) {
            m[v] = true;
        }
        return m;
    }

    private Bridges bridges;

    private Bridges bridges() {
        if (bridges == null) {
            bridges = new Bridges(t);
        }
        return bridges;
    }

    /**
     * Cuts at every bridge. A scatter sends |T inside| x |R outside| messages out through the bridge's one
     * channel and |T outside| x |R inside| in; a broadcast must bring every outside sender's message into a side
     * that holds a receiver.
     */
    private long bridgeCut(int[] senders, int[] receivers, boolean scatter) {
        if (t.isOneWay()) {
            return 0;
        }
        Bridges b = bridges();
        long[] ps = b.prefix(membership(senders));
        long[] pr = b.prefix(membership(receivers));
        long best = 0;
        for (int child : b.bridgeChild) {
            long sIn = b.inside(ps, child);
            long rIn = b.inside(pr, child);
            long sOut = senders.length - sIn;
            long rOut = receivers.length - rIn;
            if (scatter) {
                best = Math.max(best, Math.max(sIn * rOut, sOut * rIn));
            } else {
                best = Math.max(best, Math.max(rIn > 0 ? sOut : 0, rOut > 0 ? sIn : 0));
            }
        }
        return best;
    }

    /**
     * OAB into each bridge side without the root: one new message per step enters through the bridge, and each
     * informed node there informs at most its ports. Side contents come from per-port-value prefix sums over the
     * DFS order, so every bridge costs O(distinct port values), not a scan of all receivers.
     */
    private long bridgeBroadcast(int root, int[] receivers, PortModel ports) {
        if (t.isOneWay()) {
            return 0;
        }
        Bridges b = bridges();
        int maxPorts = maxPorts(ports);
        long[] total = new long[maxPorts + 1];
        for (int v : receivers) {
            if (v != root) {
                total[ports.sendPorts(t, v)]++;
            }
        }
        long[][] prefix = new long[maxPorts + 1][];
        for (int k = 0; k <= maxPorts; k++) {
            if (total[k] > 0) {
                boolean[] member = new boolean[t.nodeCount()];
                for (int v : receivers) {
                    member[v] = v != root && ports.sendPorts(t, v) == k;
                }
                prefix[k] = b.prefix(member);
            }
        }
        int rootTime = b.enter[root];
        long[] hist = new long[maxPorts + 1];
        long best = 0;
        for (int child : b.bridgeChild) {
            boolean rootInside = rootTime >= b.enter[child] && rootTime < b.exit[child];
            for (int k = 0; k <= maxPorts; k++) {
                long inside = prefix[k] == null ? 0 : b.inside(prefix[k], child);
                hist[k] = rootInside ? total[k] - inside : inside;
            }
            long steps = growthSteps(hist, 1, 0);
            best = Math.max(best, steps);
        }
        return best;
    }

    /**
     * The cut bound for any sender and receiver sets: every message from a sender that does not receive (A) to a
     * receiver that does not send (B) crosses every cut that separates A from B, and a channel carries one message
     * per step, so at least ceil(|A| |B| / c) steps, c the fewest channels from the A side to the B side (a minimum
     * cut: maximum flow with unit channel capacities, JGraphT's push-relabel). The term names its cut size.
     */
    private Term minCutScatter(int[] senders, int[] receivers) {
        boolean[] sends = new boolean[t.nodeCount()];
        boolean[] receives = new boolean[t.nodeCount()];
        for (int s : senders) {
            sends[s] = true;
        }
        for (int r : receivers) {
            receives[r] = true;
        }
        long a = 0;
        long b = 0;
        for (int v = 0; v < t.nodeCount(); v++) {
            a += sends[v] && !receives[v] ? 1 : 0;
            b += receives[v] && !sends[v] ? 1 : 0;
        }
        String name = "ceil(|A| |B| / c), A senders that do not receive, B receivers that do not send, c the minimum cut "
                + "of channels from A to B";
        if (a == 0 || b == 0) {
            return term(0, name + " (no such A and B)");
        }
        org.jgrapht.graph.SimpleDirectedWeightedGraph<Integer, org.jgrapht.graph.DefaultWeightedEdge> g =
                new org.jgrapht.graph.SimpleDirectedWeightedGraph<>(org.jgrapht.graph.DefaultWeightedEdge.class);
        int source = t.nodeCount();
        int sink = t.nodeCount() + 1;
        for (int v = 0; v < t.nodeCount() + 2; v++) {
            g.addVertex(v);
        }
        double unbounded = t.channelCount() + 1.0;
        for (int c = 0; c < t.channelCount(); c++) {
            int u = t.channelSource(c);
            int v = t.channelTarget(c);
            org.jgrapht.graph.DefaultWeightedEdge e = g.getEdge(u, v);
            if (e == null) {
                g.setEdgeWeight(g.addEdge(u, v), 1);
            } else {
                g.setEdgeWeight(e, g.getEdgeWeight(e) + 1); // parallel channels add up
            }
        }
        for (int v = 0; v < t.nodeCount(); v++) {
            if (sends[v] && !receives[v]) {
                g.setEdgeWeight(g.addEdge(source, v), unbounded);
            }
            if (receives[v] && !sends[v]) {
                g.setEdgeWeight(g.addEdge(v, sink), unbounded);
            }
        }
        long cut = Math.round(new org.jgrapht.alg.flow.PushRelabelMFImpl<>(g).getMaximumFlow(source, sink).getValue());
        if (cut == 0) {
            return term(0, name + " (A and B are not connected)");
        }
        return term((a * b + cut - 1) / cut, name + " (|A| = " + a + ", |B| = " + b + ", c = " + cut + ")");
    }

    private long bisectionScatter(int[] senders, int[] receivers) {
        int p = t.terminalCount();
        if (bisection == null || senders.length != p || receivers.length != p || bisection.channels() == 0) {
            return 0;
        }
        long crossing = 2L * (p / 2) * (p - p / 2);
        return ceilDiv(crossing, bisection.channels());
    }

    private static boolean contains(int[] sorted, int v) {
        return Arrays.binarySearch(sorted, v) >= 0;
    }
}
