package org.ccopt.cli;

import java.io.PrintWriter;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.report.Charts;
import org.ccopt.flitsim.EngineJob;
import org.ccopt.flitsim.net.LoadSweep;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ccopt sim --rate} ({@link EngineJob}, on BookSim's router or the papers'): one open-loop load, or a
 * latency-throughput curve with its saturation throughput; this presents the outcome.
 */
final class EngineSim {

    private EngineSim() {
    }

    /** Runs {@code q} for {@code c} and returns the exit code. */
    static int run(SimCommand c, EngineJob.Request q) throws Exception {
        CommandSpec spec = c.spec;
        Written.requirePictureFormat(c.chart, "--chart"); // before the loads, which may run for minutes
        EngineJob.Outcome o = EngineJob.run(q);
        if (c.chart != null) {
            chart(o.curve(), o.request().trafficName() + " " + o.setup(), c.chart);
        }
        PrintWriter w = spec.commandLine().getOut();
        if (c.json) {
            Json.print(w, spec, o.figures());
            return Main.OK;
        }
        o.lines().forEach(w::println);
        Written.print(w, spec);
        return Main.OK;
    }

    /** The stable loads' mean and 99th-percentile latency against accepted throughput, the saturation point marked. */
    private static void chart(LoadSweep.Curve curve, String title, java.nio.file.Path file) throws java.io.IOException {
        List<LoadSweep.Point> stable = curve.points().stream().filter(LoadSweep.Point::stable).toList();
        double[] x = stable.stream().mapToDouble(p -> p.result().accepted()).toArray();
        double[][] y = {stable.stream().mapToDouble(p -> p.result().packetLatency()).toArray(),
            stable.stream().mapToDouble(p -> p.result().latencyP99()).toArray()};
        if (x.length == 0) {
            throw new InvalidInputException("no load of the curve was measured stable; nothing to draw; lower --rate");
        }
        var chart = Charts.line(title, "accepted throughput (flits/terminal/cycle)", "packet latency (cycles)", x,
                new String[] {"mean", "99th percentile"}, y, null, false, false);
        double saturation = curve.saturation();
        if (saturation > 0) {
            Charts.markX(chart, saturation, String.format(java.util.Locale.ROOT, "saturation %.3f", saturation));
        }
        Charts.write(chart, file);
    }
}
