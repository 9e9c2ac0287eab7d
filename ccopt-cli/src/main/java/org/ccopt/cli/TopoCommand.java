package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.topology.io.TopologyExporter;
import org.ccopt.topology.metrics.TopologyMetrics;
import org.ccopt.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ccopt topo SPEC}: build a topology, print its metrics, or export it. */
@Command(name = "topo", mixinStandardHelpOptions = true,
        description = "Build a topology from a spec and print its metrics, or export it to a file.",
        footerHeading = "%nTopology specs (nodes 0..n-1, terminals first):%n")
final class TopoCommand implements Callable<Integer> {

    /** Where options apply ({@link OptionRules}). */
    static final OptionRules<TopoCommand> RULES = OptionRules.of(
            OptionRules.rule("--bandwidth", "to the SimGrid export (--export simgrid)", c -> "simgrid".equals(c.export),
                    "topo ring:4 --bandwidth 10Gbps"),
            OptionRules.rule("--latency", "to the SimGrid export (--export simgrid)", c -> "simgrid".equals(c.export),
                    "topo ring:4 --export json --latency 1us"),
            OptionRules.rule("--bisection-effort", "to the metrics' bisection width (not with --no-bisection or --export)",
                    c -> !c.noBisection && c.export == null, "topo ring:4 --no-bisection --bisection-effort 10"),
            OptionRules.rule("--out", "to an export (--export FORMAT; the metrics print to standard output)",
                    c -> c.export != null, "topo ring:4 --out ring.json"),
            metricsOnly("--no-bisection"), metricsOnly("--threads 1"), metricsOnly("--json"));

    /** An option of the metrics table ({@code example}: it and a value), which an export replaces. */
    private static OptionRules.Rule<TopoCommand> metricsOnly(String example) {
        return OptionRules.rule(example.split(" ")[0], "to the metrics (not with --export)", c -> c.export == null,
                "topo ring:4 --export json " + example);
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SPEC", description = "Topology spec (forms below).")
    String positional;

    @Option(names = {"-t", "--topology"}, paramLabel = "SPEC", description = "The spec as an option, as the other commands "
            + "take it (and an experiment file's 'topology' key); instead of SPEC.")
    String topology;

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

    @Option(names = "--threads", description = "Worker threads for all-pairs distances (default: all cores).")
    Integer threads;

    @Option(names = "--bisection-effort", defaultValue = "2000000",
            description = "Search nodes for the exact bisection before falling back to a heuristic bound; 0 = heuristic only (default: ${DEFAULT-VALUE}).")
    long effort;

    @Option(names = "--no-bisection", description = "Skip the bisection width.")
    boolean noBisection;

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
        if ((positional == null) == (topology == null)) {
            throw new InvalidInputException(positional == null ? "topo needs a topology: SPEC or --topology SPEC"
                    : "topo takes one topology, given as SPEC or --topology SPEC, not both");
        }
        Topology t = TopologySpec.parse(positional != null ? positional : topology);
        if (export != null) {
            String text = TopologyExporter.export(t, export,
                    new TopologyExporter.SimGridOptions(bandwidth, latency, "100Gf"));
            if (out == null) {
                spec.commandLine().getOut().print(text);
            } else {
                AtomicFiles.writeAtomically(out, text);
                spec.commandLine().getOut().println("wrote " + out + " (" + export + ", " + t.nodeCount() + " nodes)");
            }
            return Main.OK;
        }
        int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        long started = System.nanoTime();
        TopologyMetrics m = TopologyMetrics.compute(t, new TopologyMetrics.Options(workers, effort, 1, !noBisection));
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<String, Object> r = m.figures();
        r.put("seconds", seconds);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, r);
        } else {
            w.println("topology " + m.spec());
            for (Map.Entry<String, Object> e : r.entrySet()) {
                if (!e.getKey().equals("spec")) {
                    Object v = e.getValue();
                    w.printf("  %-20s %s%n", e.getKey(), v instanceof Double d ? String.format("%.4f", d) : v);
                }
            }
            w.println("  (distances over ordered pairs of distinct terminals, in channels; bisection in "
                    + (m.directed() ? "channels" : "links") + ")");
        }
        return Main.OK;
    }
}
