package org.ccopt.msgsim;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.routing.Routing;
import org.ccopt.routing.Routings;
import org.ccopt.routing.ShortestPathRouting;
import org.ccopt.topology.Topology;
import org.ccopt.topology.metrics.BitParallelBfs;

/**
 * The network as bandwidth resources, laid out as ccopt's SimGrid export lays it out (Cui 2024, §3.4.1: one host per
 * switch, 100 Gbps links, 100 ns latency, Floyd shortest paths): every terminal has a host link of the link bandwidth
 * and zero latency to its router, and every link between routers is one resource of the link bandwidth and latency.
 * In the default {@link Duplex#SHARED} layout a link is one resource for both directions, which is SimGrid's default
 * {@code SHARED} sharing policy for the exported platform; {@link Duplex#SPLIT} gives each direction its own
 * resource (SimGrid's {@code SPLITDUPLEX}). Without host links ({@code hostLinks} false) a message uses only the
 * channels of its route, so a node sends and receives as many messages at full bandwidth as it has channels: the
 * k-port, all-port model of the step schedules (Jaros, Ohlidal, Dvorak 2007, §2), used to replay them.
 *
 * <p>A message from terminal a to terminal b uses the host link of a, the links of the fixed route from a to b, and
 * the host link of b; its latency is the sum of the route's link latencies. Routes are the topology's deterministic
 * routes ({@link Routings#deterministic}); on networks without a structured routing (random shortcut, circulant,
 * Dragonfly) that is the lowest-index shortest path, computed here from bit-parallel reverse BFS over 64
 * destinations at a time, so that large networks need no all-pairs table.
 */
public final class MsgNetwork {

    /**
     * The message-level network's options and its sharing model, shared by {@code msgsim} and the schedule replay of
     * {@code schedule --replay} (Cui 2024, §3.4.1 for the defaults; SimGrid's models for the alternatives): read by
     * {@link #of(JobOptions.Values, Topology, boolean)} and {@link #simulatorOptions}.
     */
    public static final List<JobOption> OPTIONS = List.of(
            JobOption.text("bandwidth", "RATE", "Link bandwidth").withDefault("100Gbps"),
            JobOption.text("latency", "TIME", "Latency per router-to-router link").withDefault("100ns"),
            JobOption.text("sharing", "maxmin|cm02|lv08", "Bandwidth sharing: max-min fair; weighted by 1/route latency as "
                    + "SimGrid's CM02; or SimGrid's default LV08 (CM02 with latency x 13.01, bandwidth x 0.97, penalty "
                    + "latency + 20537 B / bandwidth per link)").withDefault("maxmin"),
            JobOption.flag("cross-traffic", "Every flow also loads the route back with 5 % of its rate, as SimGrid's "
                    + "network/crosstraffic (on by default there)"),
            JobOption.text("duplex", "shared|split", "A link is one resource for both directions (SimGrid's default SHARED "
                    + "policy) or one per direction (default: shared for msgsim; split for a schedule replay, whose channels "
                    + "are one per direction)"),
            JobOption.text("host-links", "on|off", "Whether every message also crosses its terminals' host links (default: "
                    + "on for msgsim, the thesis's platform; off for a schedule replay, whose nodes send on as many channels "
                    + "as their ports)"),
            JobOption.text("overhead", "TIME", "Start-up overhead added to every message").withDefault("0s"),
            new JobOption("small-factor", null, "X", JobOption.Type.REAL, "1", "Bandwidth factor of messages under "
                    + "--small-bytes (1: off)", false, null, null, List.of(new JobOption.Applies("to messages under --small-bytes "
                    + "(give it above 0B)", v -> CollectivePrograms.parseBytes(v.text("small-bytes")) > 0,
                    Map.of("topology", "torus:4x4", "collective", "bcast", "bytes", "1KiB",
                    "small-factor", "0.5")))),
            JobOption.text("small-bytes", "SIZE", "Threshold of --small-factor").withDefault("0B").withApplies(
                    new JobOption.Applies("with --small-factor, the bandwidth factor of messages under it (1, the default, "
                            + "changes nothing)", v -> v.real("small-factor") != 1,
                            Map.of("topology", "torus:4x4", "collective", "bcast",
                            "bytes", "1KiB", "small-bytes", "1KiB"))));

    /**
     * The network of {@link #OPTIONS}' values on {@code t}; {@code stepModel} picks the defaults of a schedule replay
     * (no host links, split duplex: a node sends on as many channels as its ports, a channel is one direction) instead
     * of msgsim's (the thesis's platform).
     */
    public static MsgNetwork of(JobOptions.Values v, Topology t, boolean stepModel) {
        String hostLinks = v.text("host-links");
        boolean host = hostLinks == null ? !stepModel : switch (hostLinks.trim().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new InvalidInputException("--host-links " + hostLinks + " is invalid; expected on or off");
        };
        String duplex = v.text("duplex");
        return new MsgNetwork(t, CollectivePrograms.parseBandwidth(v.text("bandwidth")),
                CollectivePrograms.parseSeconds(v.text("latency")), duplex == null ? (stepModel ? Duplex.SPLIT : Duplex.SHARED)
                : parseDuplex(duplex), host);
    }

    /** The simulator's options of {@link #OPTIONS}' values: sharing, overhead, small messages, cross traffic. */
    public static MessageSimulator.Options simulatorOptions(JobOptions.Values v) {
        return new MessageSimulator.Options(MessageSimulator.Sharing.parse(v.text("sharing")),
                CollectivePrograms.parseSeconds(v.text("overhead")), v.real("small-factor"),
                CollectivePrograms.parseBytes(v.text("small-bytes")), v.flag("cross-traffic"));
    }

    /** A duplex policy by name: shared or split. */
    public static Duplex parseDuplex(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "shared" -> Duplex.SHARED;
            case "split" -> Duplex.SPLIT;
            default -> throw new InvalidInputException("unknown duplex '" + text + "'; expected shared or split");
        };
    }


    /** How a two-way link's directions share its bandwidth. */
    public enum Duplex { SHARED, SPLIT }

    /** Most routes {@link #simgridPlatform} writes (about 100 bytes each in the file). */
    public static final int MAX_PLATFORM_ROUTES = 1 << 21;

    private final Topology topology;
    private final double bandwidth;
    private final double latency;
    private final Duplex duplex;
    private final boolean hostLinks;
    private final int resources;
    private final int hostBase;
    /** Resource of every channel. */
    private final int[] channelResource;

    /**
     * @param bandwidth bytes per second of every link and host link
     * @param latency   seconds per router-to-router link
     */
    public MsgNetwork(Topology topology, double bandwidth, double latency, Duplex duplex) {
        this(topology, bandwidth, latency, duplex, true);
    }

    /** @param hostLinks whether every message also crosses its sender's and receiver's host links */
    public MsgNetwork(Topology topology, double bandwidth, double latency, Duplex duplex, boolean hostLinks) {
        if (topology.hasChannelLatencies()) {
            throw new InvalidInputException("topology '" + topology.spec() + "' gives its links latencies in cycles, which "
                    + "the flit engine takes; the message simulator's links take --latency seconds each; expected a file "
                    + "without latencies here");
        }
        if (!(bandwidth > 0) || Double.isInfinite(bandwidth)) {
            throw new InvalidInputException("bandwidth " + bandwidth + " B/s is invalid; expected a positive value");
        }
        if (!(latency >= 0) || Double.isInfinite(latency)) {
            throw new InvalidInputException("latency " + latency + " s is invalid; expected 0 or more");
        }
        this.topology = topology;
        this.bandwidth = bandwidth;
        this.latency = latency;
        this.duplex = topology.isOneWay() ? Duplex.SPLIT : duplex;
        this.hostLinks = hostLinks;
        channelResource = new int[topology.channelCount()];
        int next = 0;
        for (int c = 0; c < topology.channelCount(); c++) {
            if (this.duplex == Duplex.SHARED && topology.channelSource(c) > topology.channelTarget(c)) {
                continue;
            }
            channelResource[c] = next++;
        }
        if (this.duplex == Duplex.SHARED) {
            for (int c = 0; c < topology.channelCount(); c++) {
                if (topology.channelSource(c) > topology.channelTarget(c)) {
                    channelResource[c] = channelResource[topology.reverse(c)];
                }
            }
        }
        hostBase = next;
        resources = next + topology.terminalCount() * (this.duplex == Duplex.SHARED ? 1 : 2);
    }

    /** The thesis's SimGrid parameters (Cui 2024, Table 3.3): 100 Gbps links, 100 ns per link, shared links. */
    public static MsgNetwork thesis(Topology topology) {
        return new MsgNetwork(topology, 12.5e9, 100e-9, Duplex.SHARED);
    }

    public Topology topology() {
        return topology;
    }

    public double bandwidth() {
        return bandwidth;
    }

    public double latency() {
        return latency;
    }

    public boolean hostLinks() {
        return hostLinks;
    }

    public Duplex duplex() {
        return duplex;
    }

    int resourceCount() {
        return resources;
    }

    /** The resource of a channel. */
    int resourceOfChannel(int channel) {
        return channelResource[channel];
    }

    /** Capacity of a resource in bytes per second (every resource has the link bandwidth). */
    public double capacity(int resource) {
        return bandwidth;
    }

    /**
     * A SimGrid 4.1 platform with this network's resources as links and, in a {@code Full} zone, ccopt's route for
     * every pair of terminals the program sends between, in both directions (SimGrid's cross traffic loads the route
     * back), so SimGrid and ccopt move every message over the same links (ccopt's plain export, {@code ccopt topo
     * --export simgrid}, leaves the choice among shortest paths to SimGrid's Floyd routing). Hosts are {@code
     * h<terminal>}. Only the routes the program uses are listed: an all-to-all of P processes needs P(P-1), a
     * broadcast 2(P-1), where listing every pair of a 1,024-terminal network would take about a million.
     */
    public String simgridPlatform(String hostSpeed, Program program) {
        if (program.hasOwnRoutes()) {
            throw new InvalidInputException("the program routes some messages its own way; the SimGrid platform lists "
                    + "the network's deterministic routes only");
        }
        int t = topology.terminalCount();
        String[] names = new String[resources];
        for (int c = 0; c < topology.channelCount(); c++) {
            int u = topology.channelSource(c);
            int v = topology.channelTarget(c);
            int r = channelResource[c];
            if (names[r] == null) {
                names[r] = duplex == Duplex.SHARED ? "l" + Math.min(u, v) + "_" + Math.max(u, v) : "l" + u + "_" + v;
            }
        }
        for (int h = 0; h < t; h++) {
            if (duplex == Duplex.SHARED) {
                names[hostOut(h)] = "host" + h;
            } else {
                names[hostOut(h)] = "host" + h + "_up";
                names[hostIn(h)] = "host" + h + "_down";
            }
        }
        StringBuilder s = new StringBuilder("<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
        s.append("<!-- ").append(topology.spec()).append(": exported by ccopt with its own routes -->\n");
        s.append("<platform version=\"4.1\">\n  <zone id=\"ccopt\" routing=\"Full\">\n");
        for (int h = 0; h < t; h++) {
            s.append("    <host id=\"h").append(h).append("\" speed=\"").append(hostSpeed).append("\"/>\n");
        }
        java.util.Locale root = java.util.Locale.ROOT;
        for (int r = 0; r < resources; r++) {
            boolean host = r >= hostBase;
            s.append(String.format(root, "    <link id=\"%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\"/>%n", names[r],
                    bandwidth, host ? 0.0 : latency));
        }
        long[] keys = new long[2 * program.messages()];
        int n = 0;
        for (int task = 0; task < program.size(); task++) {
            if (program.isMessage(task) && program.from[task] != program.to[task]) {
                keys[n++] = (long) program.from[task] * t + program.to[task];
                keys[n++] = (long) program.to[task] * t + program.from[task];
            }
        }
        long[] pairsUsed = Arrays.stream(keys, 0, n).sorted().distinct().toArray();
        int pairs = pairsUsed.length;
        if (pairs > MAX_PLATFORM_ROUTES) {
            throw new InvalidInputException("the program sends between " + pairs + " ordered pairs of terminals (both "
                    + "directions); a platform with ccopt's routes lists at most " + MAX_PLATFORM_ROUTES + "; expected a "
                    + "smaller program, or the plain SimGrid export, whose Floyd routing lists no routes");
        }
        int[] from = new int[pairs];
        int[] to = new int[pairs];
        for (int k = 0; k < pairs; k++) {
            from[k] = (int) (pairsUsed[k] / t);
            to[k] = (int) (pairsUsed[k] % t);
        }
        Routes routes = routes(from, to);
        for (int k = 0; k < pairs; k++) {
            s.append("    <route src=\"h").append(from[k]).append("\" dst=\"h").append(to[k]).append("\" symmetrical=\"NO\">");
            for (int r : routes.resources()[k]) {
                s.append("<link_ctn id=\"").append(names[r]).append("\"/>");
            }
            s.append("</route>\n");
        }
        return s.append("  </zone>\n</platform>\n").toString();
    }

    private int hostOut(int terminal) {
        return duplex == Duplex.SHARED ? hostBase + terminal : hostBase + 2 * terminal;
    }

    private int hostIn(int terminal) {
        return duplex == Duplex.SHARED ? hostBase + terminal : hostBase + 2 * terminal + 1;
    }

    /**
     * Routes for a batch of terminal pairs: {@code resources[i]} are the resources of pair i in path order and
     * {@code hops[i]} its router-to-router links.
     */
    public record Routes(int[][] resources, int[] hops) {
    }

    public Routes routes(int[] from, int[] to) {
        int n = from.length;
        int[][] res = new int[n][];
        int[] hops = new int[n];
        Routing routing = Routings.deterministic(topology, new MinimalPaths(topology));
        if (routing instanceof ShortestPathRouting) {
            // Group the pairs by destination and take the destinations 64 at a time: one bit-parallel backward BFS
            // gives every node's distance to each of the 64, from which each route is walked.
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (x, y) -> Integer.compare(to[x], to[y]));
            int nodes = topology.nodeCount();
            short[] level = new short[nodes * 64];
            BitParallelBfs bfs = new BitParallelBfs(topology);
            int[] batch = new int[64];
            int k = 0;
            while (k < n) {
                int width = 0;
                int end = k;
                while (end < n && (width < 64 || to[order[end]] == batch[width - 1])) {
                    int d = to[order[end]];
                    if (width == 0 || batch[width - 1] != d) {
                        batch[width++] = d;
                    }
                    end++;
                }
                // level[v * 64 + b] = hops from v to destination batch[b], or -1 when unreachable
                Arrays.fill(level, (short) -1);
                bfs.run(batch, 0, width, (v, sources, l) -> {
                    for (long bits = sources; bits != 0; bits &= bits - 1) {
                        level[v * 64 + Long.numberOfTrailingZeros(bits)] = (short) l;
                    }
                });
                for (int b = 0, i0 = k; i0 < end; i0++) {
                    int i = order[i0];
                    while (batch[b] != to[i]) {
                        b++;
                    }
                    res[i] = lowestIndexRoute(from[i], to[i], level, b);
                    hops[i] = res[i].length - 2;
                }
                k = end;
            }
        } else {
            for (int i = 0; i < n; i++) {
                int[] path = routing.route(from[i], to[i]);
                res[i] = withHostLinks(from[i], to[i], path);
                hops[i] = path.length - 1;
            }
        }
        if (!hostLinks) {
            for (int i = 0; i < n; i++) {
                res[i] = Arrays.copyOfRange(res[i], 1, res[i].length - 1);
            }
        }
        return new Routes(res, hops);
    }

    /**
     * The resources of a message from terminal s to d along {@code path} (node ids, s first, d last, consecutive
     * nodes joined by a channel), host links included when the network has them.
     */
    public int[] pathResources(int s, int d, int[] path) {
        if (path.length < 2 || path[0] != s || path[path.length - 1] != d) {
            throw new InvalidInputException("a route from " + s + " to " + d + " must start at " + s + " and end at " + d
                    + "; got " + Arrays.toString(path));
        }
        for (int k = 0; k + 1 < path.length; k++) {
            if (topology.channel(path[k], path[k + 1]) < 0) {
                throw new InvalidInputException("the route " + Arrays.toString(path) + " has no channel from node "
                        + path[k] + " to " + path[k + 1] + " in " + topology.spec());
            }
        }
        int[] r = withHostLinks(s, d, path);
        // host links belong to terminals: a switch that stores and forwards a message has none
        int first = hostLinks && s < topology.terminalCount() ? 0 : 1;
        int last = hostLinks && d < topology.terminalCount() ? r.length : r.length - 1;
        return Arrays.copyOfRange(r, first, last);
    }

    /** The lowest-index shortest route from s to the destination in column b of {@code level}. */
    private int[] lowestIndexRoute(int s, int d, short[] level, int b) {
        int hops = level[s * 64 + b];
        if (hops < 0) {
            throw new InvalidInputException("terminal " + d + " is unreachable from " + s + " in " + topology.spec());
        }
        int[] r = new int[hops + 2];
        r[0] = hostOut(s);
        int u = s;
        for (int k = 1; k <= hops; k++) {
            int c = topology.outStart(u);
            while (level[topology.channelTarget(c) * 64 + b] != level[u * 64 + b] - 1) {
                c++;
            }
            r[k] = channelResource[c];
            u = topology.channelTarget(c);
        }
        r[r.length - 1] = hostIn(d);
        return r;
    }

    private int[] withHostLinks(int s, int d, int[] path) {
        int[] r = new int[path.length + 1];
        r[0] = s < topology.terminalCount() ? hostOut(s) : -1;
        for (int k = 0; k + 1 < path.length; k++) {
            r[k + 1] = channelResource[topology.channel(path[k], path[k + 1])];
        }
        r[path.length] = d < topology.terminalCount() ? hostIn(d) : -1;
        return r;
    }
}
