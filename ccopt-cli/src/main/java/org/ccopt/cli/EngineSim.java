package org.ccopt.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import org.ccopt.InvalidInputException;
import org.ccopt.experiments.Charts;
import org.ccopt.flitsim.net.EngineJob;
import org.ccopt.flitsim.net.LoadSweep;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ccopt sim} on the flit engine over any network ({@link EngineJob}, router {@code booksim}): a closed
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
        if (e.rate != null) {
            Written.requirePictureFormat(e.chart, "--chart"); // before the loads, which may run for minutes
        }
        EngineJob.Outcome o = EngineJob.run(new EngineJob.Request(t, c.traffic, e.routing, vcsGiven ? c.router.vcs : null,
                c.router.buffer, c.flits, c.packets, c.seed, e.rate, e.process, e.burst, e.warmup, e.window, e.drain));
        if (e.chart != null) {
            chart(o.curve().points(), o.request().trafficName() + " " + o.setup(), e.chart);
        }
        PrintWriter w = spec.commandLine().getOut();
        if (c.json) {
            Json.print(w, spec, o.figures());
            return Main.OK;
        }
        o.lines().forEach(w::println);
        if (o.batch() == null) {
            Written.print(w, spec);
        }
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
