package org.ccopt.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleFunction;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Charts;
import org.ccopt.flitsim.net.Destinations;
import org.ccopt.flitsim.net.FlitNetwork;
import org.ccopt.flitsim.net.LoadSweep;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.flitsim.net.RoutingFunction;
import org.ccopt.flitsim.net.RoutingFunctions;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ccopt sim} on the flit engine over any network ({@link NetworkSimulator}, router {@code booksim}): a closed
 * batch, one open-loop load, or a latency-throughput curve with its saturation throughput. It runs where the papers'
 * router cannot (a network other than a torus or mesh), or where it is asked for ({@code --model booksim},
 * {@code --rate}, {@code --routing}).
 */
final class EngineSim {

    /** The options that apply on the engine; any other is refused with one line. */
    private static final Set<String> APPLY = Set.of("--topology", "--traffic", "--packets", "--packet-flits", "--seed", "--json",
            "--vcs", "--buffer", "--model", "--rate", "--routing", "--process", "--burst", "--warmup", "--window", "--drain",
            "--chart");
    private static final double TOLERANCE = 0.005;

    private EngineSim() {
    }

    /**
     * Runs {@code sim} on the engine where it applies (an engine option, {@code --model booksim}, or a network that is
     * not a torus or mesh) and returns the exit code; null where the papers' router runs it.
     */
    static Integer runIfApplies(SimCommand c) throws Exception {
        boolean asked = c.engine.any() || RouterTiming.BOOKSIM.name().equals(c.router.model);
        if (c.params != null) {
            if (asked) {
                throw new InvalidInputException("--params replays the papers' router; --rate, --routing and --model booksim "
                        + "do not apply to it");
            }
            return null;
        }
        Topology t = TopologySpec.parse(c.topology == null ? "torus:8x8" : c.topology);
        return asked || !(t.geometry() instanceof Geometry.Grid) ? run(c, t) : null;
    }

    private static int run(SimCommand c, Topology t) throws Exception {
        CommandSpec spec = c.spec;
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (!APPLY.contains(o.longestName())) {
                throw new InvalidInputException(o.longestName() + " applies to the papers' router on tori and meshes; the "
                        + "booksim router (" + why(c, t) + ") takes " + String.join(", ", APPLY.stream().sorted().toList()));
            }
        }
        if (c.router.model != null && !RouterTiming.BOOKSIM.name().equals(c.router.model)) {
            throw new InvalidInputException("--model " + c.router.model + " is a router of the papers, which runs closed batches on "
                    + "tori and meshes; " + why(c, t) + " needs --model booksim (or no --model)");
        }
        EngineOptions e = c.engine;
        FlitNetwork net = new FlitNetwork(t);
        RoutingFunction routing = RoutingFunctions.create(e.routing == null ? RoutingFunctions.defaultName(net) : e.routing, net);
        boolean vcsGiven = spec.commandLine().getParseResult().hasMatchedOption("--vcs");
        int vcs = vcsGiven ? c.router.vcs : Math.max(4, routing.vcClasses());
        NetworkSimulator sim = new NetworkSimulator(net, routing, RouterTiming.BOOKSIM, vcs, c.router.buffer);
        String trafficName = c.traffic == null ? (e.rate == null ? "bcmp" : "uniform") : c.traffic;
        String setup = "on " + t.spec() + ", router booksim, routing " + routing.name() + ", " + vcs + " VCs x "
                + c.router.buffer + " flits, " + c.flits + "-flit packets";
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("topology", t.spec());
        out.put("traffic", trafficName);
        out.put("model", RouterTiming.BOOKSIM.name());
        out.put("routing", routing.name());
        out.put("vcs", vcs);
        out.put("bufferFlits", c.router.buffer);
        out.put("packetFlits", c.flits);
        PrintWriter w = spec.commandLine().getOut();
        if (e.rate == null) {
            refuseOpenLoopOnly(e);
            int[] dest = TrafficPattern.parse(trafficName).destinations(t, c.seed);
            OpenLoopResult r = sim.runBatch(dest, c.packets, c.flits, c.seed);
            out.put("packets", r.packets());
            out.put("durationCycles", r.cycles());
            out.put("packetLatency", r.packetLatency());
            out.put("latencyMax", r.latencyMax());
            out.put("hops", r.hops());
            out.put("routerCycles", r.routerCycles());
            if (c.json) {
                w.println(Json.result(spec, out));
            } else {
                w.printf("%s %s: %d cycles, %d packets, mean packet latency %.1f, max %d, mean hops %.2f%n", trafficName, setup,
                        r.cycles(), r.packets(), r.packetLatency(), r.latencyMax(), r.hops());
            }
            return Main.OK;
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--packets")) {
            throw new InvalidInputException("--packets sets a closed batch; with --rate the load is open (packets are generated "
                    + "at the rate until the run ends)");
        }
        double[] rates = LoadSweep.parseRates(e.rate);
        if (e.chart != null && rates.length < 2) {
            throw new InvalidInputException("--chart draws a curve; give --rate FROM:TO:STEP");
        }
        Written.requirePictureFormat(e.chart);
        DoubleFunction<OpenLoopTraffic> traffic = traffic(e, trafficName, t, c.flits, c.seed);
        LoadSweep.Protocol protocol = new LoadSweep.Protocol(e.warmup == null ? 3_000 : e.warmup,
                e.window == null ? 10_000 : e.window, e.drain == null ? 20_000 : e.drain, LoadSweep.Protocol.DEFAULT.latencyLimit());
        traffic.apply(rates[0]); // checks the process before any run
        List<LoadSweep.Point> curve = LoadSweep.sweep(sim, traffic, rates, protocol, c.seed);
        Double saturation = rates.length > 1 ? LoadSweep.saturation(sim, traffic, curve, protocol, c.seed, TOLERANCE) : null;
        List<Map<String, Object>> rows = new ArrayList<>();
        for (LoadSweep.Point p : curve) {
            OpenLoopResult r = p.result();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rate", p.rate());
            row.put("offered", r.offered());
            row.put("accepted", r.accepted());
            row.put("packetLatency", r.packetLatency());
            row.put("latencyP50", r.latencyP50());
            row.put("latencyP99", r.latencyP99());
            row.put("latencyMax", r.latencyMax());
            row.put("networkLatency", r.networkLatency());
            row.put("hops", r.hops());
            row.put("packets", r.packets());
            row.put("saturated", p.saturated());
            rows.add(row);
        }
        out.put("process", e.process == null ? "bernoulli" : e.process);
        if (rows.size() == 1) {
            out.putAll(rows.get(0)); // one load: its fields at the top, so that an experiment file can sweep --rate
        }
        out.put("loads", rows);
        if (saturation != null) {
            out.put("saturationThroughput", saturation);
        }
        if (e.chart != null) {
            chart(curve, trafficName + " " + setup, e.chart);
        }
        if (c.json) {
            w.println(Json.result(spec, out));
            return Main.OK;
        }
        w.printf("%s %s, %s%n", trafficName, setup, out.get("process"));
        w.printf("%7s %8s %8s %8s %6s %6s %6s %8s %6s %s%n", "rate", "offered", "accepted", "latency", "p50", "p99", "max",
                "network", "hops", "");
        for (LoadSweep.Point p : curve) {
            OpenLoopResult r = p.result();
            w.printf("%7.3f %8.4f %8.4f %8.1f %6d %6d %6d %8.1f %6.2f %s%n", p.rate(), r.offered(), r.accepted(),
                    r.packetLatency(), r.latencyP50(), r.latencyP99(), r.latencyMax(), r.networkLatency(), r.hops(),
                    p.saturated() ? "saturated" : "");
        }
        if (saturation != null) {
            w.printf("saturation throughput: %.3f flits/terminal/cycle (bisection to %.3f)%n", saturation, TOLERANCE);
        }
        Written.print(w, spec);
        return Main.OK;
    }

    private static String why(SimCommand c, Topology t) {
        if (c.engine.any()) {
            return "--rate, --routing and the options of open loads";
        }
        return RouterTiming.BOOKSIM.name().equals(c.router.model) ? "--model booksim" : "'" + t.spec() + "' is not a torus or mesh";
    }

    private static void refuseOpenLoopOnly(EngineOptions e) {
        String[][] given = {{"--process", e.process}, {"--burst", e.burst == null ? null : ""},
            {"--warmup", e.warmup == null ? null : ""}, {"--window", e.window == null ? null : ""},
            {"--drain", e.drain == null ? null : ""}, {"--chart", e.chart == null ? null : ""}};
        for (String[] g : given) {
            if (g[1] != null) {
                throw new InvalidInputException(g[0] + " applies to open loads; give --rate R or FROM:TO:STEP");
            }
        }
    }

    /** The open-loop source of each rate: the pattern's destinations, the process and its burst. */
    private static DoubleFunction<OpenLoopTraffic> traffic(EngineOptions e, String name, Topology t, int flits, long seed) {
        Destinations dest;
        if (name.startsWith("hotspot")) {
            String[] parts = name.split(":");
            try {
                dest = new Destinations.Hotspot(t.terminalCount(), Integer.parseInt(parts[1]), Double.parseDouble(parts[2]));
            } catch (RuntimeException ex) {
                if (ex instanceof InvalidInputException) {
                    throw ex;
                }
                throw new InvalidInputException("--traffic '" + name + "' is invalid; expected hotspot:T:SHARE, e.g. hotspot:0:0.1");
            }
        } else {
            TrafficPattern pattern = TrafficPattern.parse(name);
            dest = pattern == TrafficPattern.UNIFORM ? new Destinations.Uniform(t.terminalCount())
                    : new Destinations.Fixed(pattern.destinations(t, seed));
        }
        String process = e.process == null ? "bernoulli" : e.process;
        OpenLoopTraffic.Process p = switch (process) {
            case "bernoulli" -> OpenLoopTraffic.Process.BERNOULLI;
            case "on-off" -> OpenLoopTraffic.Process.ON_OFF;
            default -> throw new InvalidInputException("--process '" + process + "' is unknown; expected bernoulli or on-off");
        };
        if (e.burst != null && p != OpenLoopTraffic.Process.ON_OFF) {
            throw new InvalidInputException("--burst applies to --process on-off");
        }
        double burst = e.burst == null ? 16 : e.burst;
        return rate -> new OpenLoopTraffic(dest, p, rate, flits, burst);
    }

    private static void chart(List<LoadSweep.Point> curve, String title, java.nio.file.Path file) throws java.io.IOException {
        List<LoadSweep.Point> stable = curve.stream().filter(p -> !p.saturated()).toList();
        double[] x = stable.stream().mapToDouble(p -> p.result().accepted()).toArray();
        double[][] y = {stable.stream().mapToDouble(p -> p.result().packetLatency()).toArray(),
            stable.stream().mapToDouble(p -> p.result().latencyP99()).toArray()};
        if (x.length == 0) {
            throw new InvalidInputException("every load of the curve is saturated; nothing to draw; lower --rate");
        }
        Charts.write(Charts.line(title, "accepted throughput (flits/terminal/cycle)", "packet latency (cycles)", x,
                new String[] {"mean", "99th percentile"}, y, null, false, false), file);
    }
}
