package org.ccopt.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Charts;
import org.ccopt.flitsim.net.Destinations;
import org.ccopt.flitsim.net.EngineSetup;
import org.ccopt.flitsim.net.LoadSweep;
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ccopt sim} on the flit engine over any network ({@link NetworkSimulator}, router {@code booksim}): a closed
 * batch, one open-loop load, or a latency-throughput curve with its saturation throughput. It runs where the papers'
 * router is not asked for (a network other than a torus or mesh without {@code --model}), or where the engine is
 * ({@code --model booksim}, {@code --rate}, {@code --routing}).
 */
final class EngineSim {

    /** The options that apply on the engine; any other is refused with one line. */
    private static final Set<String> APPLY = Set.of("--topology", "--traffic", "--packets", "--packet-flits", "--seed", "--json",
            "--vcs", "--buffer", "--model", "--rate", "--routing", "--process", "--burst", "--warmup", "--window", "--drain",
            "--chart");

    /** Where the engine's options apply, part of {@link SimCommand#RULES}. */
    static final List<OptionRules.Rule<SimCommand>> RULES = List.of(
            openLoad("--process on-off"), openLoad("--warmup 100"), openLoad("--window 100"), openLoad("--drain 100"),
            OptionRules.rule("--burst", "to --process on-off", c -> "on-off".equals(c.engine.process),
                    "sim --rate 0.1 --burst 4"),
            OptionRules.rule("--chart", "to a curve (--rate FROM:TO:STEP)", c -> c.engine.rate != null && c.engine.rate.contains(":"),
                    "sim --rate 0.1 --chart x.png"),
            OptionRules.rule("--packets", "to closed batches (with --rate packets are generated at the rate)",
                    c -> c.engine.rate == null, "sim --rate 0.1 --packets 2"));

    private static OptionRules.Rule<SimCommand> openLoad(String example) {
        return OptionRules.rule(example.split(" ")[0], "to open loads (--rate R or FROM:TO:STEP)", c -> c.engine.rate != null,
                "sim -t hypercube:6 " + example);
    }

    private EngineSim() {
    }

    /**
     * Runs {@code sim} on the engine where it applies (an engine option, {@code --model booksim}, or a network that is
     * not a torus or mesh) and returns the exit code; null where the papers' router runs it. {@code t} is the network of
     * --topology, null with --params.
     */
    static Integer runIfApplies(SimCommand c, Topology t) throws Exception {
        boolean asked = c.engine.any() || RouterTiming.BOOKSIM.name().equals(c.router.model);
        if (c.params != null) {
            if (asked) {
                throw new InvalidInputException("--params replays the papers' router; --rate, --routing and --model booksim "
                        + "do not apply to it");
            }
            return null;
        }
        boolean papers = c.router.model != null; // a preset of the papers' router, which runs on any network when named
        return asked || !(t.geometry() instanceof Geometry.Grid) && !papers ? run(c, t) : null;
    }

    private static int run(SimCommand c, Topology t) throws Exception {
        CommandSpec spec = c.spec;
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (!APPLY.contains(o.longestName())) {
                throw new InvalidInputException(o.longestName() + " applies to the papers' router (on a network other than a "
                        + "torus or mesh, name its preset with --model); the booksim router (" + why(c, t) + ") takes "
                        + String.join(", ", APPLY.stream().sorted().toList()));
            }
        }
        if (c.router.model != null && !RouterTiming.BOOKSIM.name().equals(c.router.model)) {
            throw new InvalidInputException("--model " + c.router.model + " is a router of the papers, which runs closed batches; "
                    + why(c, t) + " needs --model booksim (or no --model)");
        }
        EngineOptions e = c.engine;
        boolean vcsGiven = spec.commandLine().getParseResult().hasMatchedOption("--vcs");
        NetworkSimulator sim = EngineSetup.booksim(t, e.routing, vcsGiven ? c.router.vcs : null, c.router.buffer);
        String trafficName = c.traffic == null ? (e.rate == null ? "bcmp" : "uniform") : c.traffic;
        String setup = "on " + t.spec() + ", router booksim, routing " + sim.routing().name() + ", " + sim.vcs() + " VCs x "
                + sim.bufferFlits() + " flits, " + c.flits + "-flit packets";
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("topology", t.spec());
        out.put("traffic", trafficName);
        out.put("model", RouterTiming.BOOKSIM.name());
        out.put("routing", sim.routing().name());
        out.put("vcs", sim.vcs());
        out.put("bufferFlits", sim.bufferFlits());
        out.put("packetFlits", c.flits);
        PrintWriter w = spec.commandLine().getOut();
        if (e.rate == null) {
            OpenLoopResult r = sim.runBatch(TrafficPattern.parse(trafficName).destinations(t, c.seed), c.packets, c.flits, c.seed);
            out.put("packets", r.packets());
            out.put("durationCycles", r.cycles());
            out.put("packetLatency", r.packetLatency());
            out.put("latencyMax", r.latencyMax());
            out.put("hops", r.hops());
            out.put("routerCycles", r.routerCycles());
            if (c.json) {
                Json.print(w, spec, out);
            } else {
                w.printf("%s %s: %d cycles, %d packets, mean packet latency %.1f, max %d, mean hops %.2f%n", trafficName, setup,
                        r.cycles(), r.packets(), r.packetLatency(), r.latencyMax(), r.hops());
            }
            return Main.OK;
        }
        Written.requirePictureFormat(e.chart);
        String process = e.process == null ? "bernoulli" : e.process;
        Destinations dest = EngineSetup.destinations(trafficName, t, c.seed);
        OpenLoopTraffic.Process p = EngineSetup.process(process);
        double burst = e.burst == null ? EngineSetup.DEFAULT_BURST : e.burst;
        LoadSweep.Protocol defaults = LoadSweep.Protocol.DEFAULT;
        LoadSweep.Protocol protocol = new LoadSweep.Protocol(e.warmup == null ? defaults.warmup() : e.warmup,
                e.window == null ? defaults.window() : e.window, e.drain == null ? defaults.drain() : e.drain, defaults.latencyLimit());
        LoadSweep.Curve curve = LoadSweep.curve(sim, rate -> new OpenLoopTraffic(dest, p, rate, c.flits, burst),
                LoadSweep.parseRates(e.rate), protocol, c.seed);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (LoadSweep.Point point : curve.points()) {
            OpenLoopResult r = point.result();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("rate", point.rate());
            row.put("offered", r.offered());
            row.put("accepted", r.accepted());
            row.put("packetLatency", r.packetLatency());
            row.put("latencyP50", r.latencyP50());
            row.put("latencyP99", r.latencyP99());
            row.put("latencyMax", r.latencyMax());
            row.put("networkLatency", r.networkLatency());
            row.put("hops", r.hops());
            row.put("packets", r.packets());
            row.put("saturated", point.saturated());
            rows.add(row);
        }
        out.put("process", process);
        if (rows.size() == 1) {
            out.putAll(rows.get(0)); // one load: its fields at the top, so that an experiment file can sweep --rate
        }
        out.put("loads", rows);
        boolean isCurve = !Double.isNaN(curve.saturation());
        if (isCurve) {
            out.put("saturationThroughput", curve.saturation());
        }
        if (e.chart != null) {
            chart(curve.points(), trafficName + " " + setup, e.chart);
        }
        if (c.json) {
            Json.print(w, spec, out);
            return Main.OK;
        }
        w.printf("%s %s, %s%n", trafficName, setup, process);
        w.printf("%7s %8s %8s %8s %6s %6s %6s %8s %6s %s%n", "rate", "offered", "accepted", "latency", "p50", "p99", "max",
                "network", "hops", "");
        for (LoadSweep.Point point : curve.points()) {
            OpenLoopResult r = point.result();
            w.printf("%7.3f %8.4f %8.4f %8.1f %6d %6d %6d %8.1f %6.2f %s%n", point.rate(), r.offered(), r.accepted(),
                    r.packetLatency(), r.latencyP50(), r.latencyP99(), r.latencyMax(), r.networkLatency(), r.hops(),
                    point.saturated() ? "saturated" : "");
        }
        if (isCurve) {
            w.printf("saturation throughput: %.3f flits/terminal/cycle (bisection to %.3f)%n", curve.saturation(),
                    LoadSweep.TOLERANCE);
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
