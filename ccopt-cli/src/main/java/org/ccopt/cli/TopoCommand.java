package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.io.TopologyExporter;
import org.ccopt.job.Job;
import org.ccopt.topology.job.MetricsJob;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt topo SPEC}: build a topology, print its metrics ({@link MetricsJob}, whose options it takes through
 * {@link Declared}), or export it.
 */
@Command(name = "topo", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Build a topology from a spec and print its metrics, or export it to a file.",
        footerHeading = "%nTopology specs (nodes 0..n-1, terminals first):%n")
final class TopoCommand implements Callable<Integer>, Declared.Command {

    /** Where the export's options apply, and which of the metrics' an export replaces ({@link OptionRules}). */
    static final OptionRules<TopoCommand> RULES = OptionRules.of(
            OptionRules.rule("--bandwidth", "to the SimGrid export (--export simgrid)", c -> "simgrid".equals(c.export),
                    "topo ring:4 --bandwidth 10Gbps"),
            OptionRules.rule("--latency", "to the SimGrid export (--export simgrid)", c -> "simgrid".equals(c.export),
                    "topo ring:4 --export json --latency 1us"),
            OptionRules.rule("--out", "to an export (--export FORMAT; the metrics print to standard output)",
                    c -> c.export != null, "topo ring:4 --out ring.json"),
            metricsOnly("--no-bisection"), metricsOnly("--threads 1"), metricsOnly("--json"),
            metricsOnly("--bisection-effort 10"));

    /** An option of the metrics table ({@code example}: it and a value), which an export replaces. */
    private static OptionRules.Rule<TopoCommand> metricsOnly(String example) {
        return OptionRules.rule(example.split(" ")[0], "to the metrics (not with --export)", c -> c.export == null,
                "topo ring:4 --export json " + example);
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SPEC", description = "Topology spec (forms below).")
    String positional;

    @Option(names = "--json", description = "Print one JSON object instead of a table.")
    boolean json;

    @Option(names = "--export", paramLabel = "FORMAT", description = "Export instead: " + TopologyExporter.FORMATS + ".")
    String export;

    @Option(names = "--out", paramLabel = "FILE", description = "File to write the export to (default: standard output).")
    @Output
    Path out;

    @Option(names = "--bandwidth", defaultValue = "100Gbps", description = "SimGrid link bandwidth (default: ${DEFAULT-VALUE}).")
    String bandwidth;

    @Option(names = "--latency", defaultValue = "100ns", description = "SimGrid link latency (default: ${DEFAULT-VALUE}).")
    String latency;

    @Override
    public Job<?, ?> job() {
        return MetricsJob.JOB;
    }

    static String specHelp() {
        StringBuilder s = new StringBuilder();
        for (TopologySpec.Form f : TopologySpec.FAMILIES) {
            s.append("  ").append(f.syntax()).append("\n      ").append(f.meaning()).append("\n");
        }
        return s.toString();
    }

    @Override
    public Integer call() throws IOException {
        RULES.check(this, spec);
        Map<String, String> given = Declared.given(spec.commandLine().getParseResult(), MetricsJob.JOB.options());
        if (positional != null && given.containsKey("topology")) {
            throw new InvalidInputException("topo takes one topology, given as SPEC or --topology SPEC, not both");
        }
        if (positional != null) {
            given.put("topology", positional);
        }
        MetricsJob.Request q = MetricsJob.JOB.request(MetricsJob.JOB.options().read(given));
        if (export != null) {
            String text = TopologyExporter.export(q.topology(), export,
                    new TopologyExporter.SimGridOptions(bandwidth, latency, "100Gf"));
            if (out == null) {
                spec.commandLine().getOut().print(text);
            } else {
                AtomicFiles.writeAtomically(out, text);
                spec.commandLine().getOut().println("wrote " + out + " (" + export + ", " + q.topology().nodeCount() + " nodes)");
            }
            return Main.OK;
        }
        MetricsJob.Outcome o = MetricsJob.JOB.run(q);
        Map<String, Object> r = o.figures();
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, r);
        } else {
            w.println("topology " + o.metrics().spec());
            for (Map.Entry<String, Object> e : r.entrySet()) {
                if (!e.getKey().equals("spec")) {
                    Object v = e.getValue();
                    w.printf("  %-20s %s%n", e.getKey(), v instanceof Double d ? String.format("%.4f", d) : v);
                }
            }
            w.println("  (distances over ordered pairs of distinct terminals, in channels; bisection in "
                    + (o.metrics().directed() ? "channels" : "links") + ")");
        }
        return Main.OK;
    }
}
