package org.ccopt.cli;

import java.io.PrintWriter;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.report.Charts;
import org.ccopt.flitsim.FlitSimJob;
import org.ccopt.flitsim.EngineJob;
import org.ccopt.flitsim.net.LoadSweep;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ccopt sim} on the flit engine over any network ({@link EngineJob}: router {@code booksim}, or the papers'
 * router for open loads): a closed batch, one open-loop load, or a latency-throughput curve with its saturation
 * throughput. {@link FlitSimJob} decides
 * where a run goes (a network other than a torus or mesh without {@code --model}, or {@code --model booksim}, {@code
 * --rate}, {@code --routing}); this presents the engine's outcome.
 */
final class EngineSim {

    private EngineSim() {
    }

    /**
     * Runs {@code q} for {@code c} and returns the exit code; {@code why} says what sent the run to the engine, for the
     * refusal of one of the command's own options that does not apply there.
     */
    static int run(SimCommand c, EngineJob.Request q, String why) throws Exception {
        CommandSpec spec = c.spec;
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            FlitSimJob.refuseOn(q, o.longestName(), why);
        }
        if (q.rates() != null) {
            Written.requirePictureFormat(c.chart, "--chart"); // before the loads, which may run for minutes
        }
        EngineJob.Outcome o = EngineJob.run(q);
        if (c.chart != null) {
            chart(o.curve().points(), o.request().trafficName() + " " + o.setup(), c.chart);
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
