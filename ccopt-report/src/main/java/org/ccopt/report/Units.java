package org.ccopt.report;

import java.util.Map;

/**
 * Readable axis titles for the result fields ccopt's commands write, with their units: {@code durationCycles} is
 * "duration (cycles)", {@code durationCycles:p95} "p95 duration (cycles)". A chart titles an axis with the field's
 * entry here unless the user named the column ({@code --label}); a field not listed keeps its name.
 */
public final class Units {

    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("durationCycles", "duration (cycles)"),
            Map.entry("bestCycles", "best duration (cycles)"),
            Map.entry("physicalCycles", "physical-addressing duration (cycles)"),
            Map.entry("baselineCycles", "unsplit duration (cycles)"),
            Map.entry("simpleStackingCycles", "simple-stacking duration (cycles)"),
            Map.entry("td0", "duration of the reference plan (cycles)"),
            Map.entry("packetLatency", "packet latency (cycles)"),
            Map.entry("networkLatency", "network latency (cycles)"),
            Map.entry("latencyP50", "median packet latency (cycles)"),
            Map.entry("latencyP99", "99th-percentile packet latency (cycles)"),
            Map.entry("latencyMax", "largest packet latency (cycles)"),
            Map.entry("accepted", "accepted throughput (flits/terminal/cycle)"),
            Map.entry("offered", "offered load (flits/terminal/cycle)"),
            Map.entry("rate", "offered load (flits/terminal/cycle)"),
            Map.entry("saturationThroughput", "saturation throughput (flits/terminal/cycle)"),
            Map.entry("saturationOffered", "offered load at saturation (flits/terminal/cycle)"),
            Map.entry("routerCyclesPerSecond", "router-cycles per second"),
            Map.entry("packets", "packets per node"),
            Map.entry("packetFlits", "flits per packet"),
            Map.entry("slices", "slices"),
            Map.entry("interval", "interval V (cycles)"),
            Map.entry("vcs", "virtual channels"),
            Map.entry("bufferFlits", "buffer (flits per VC)"),
            Map.entry("seconds", "time (s)"),
            Map.entry("simulatedSeconds", "simulated time (s)"),
            Map.entry("wallSeconds", "wall time (s)"),
            Map.entry("cpuSeconds", "CPU time (s)"),
            Map.entry("gaSeconds", "search time (s)"),
            Map.entry("totalHops", "hops"),
            Map.entry("initialHops", "hops at the start"),
            Map.entry("hopsPerTransfer", "hops per transfer"),
            Map.entry("contention", "contending transfer pairs"),
            Map.entry("bytes", "message size (bytes)"),
            Map.entry("procs", "processes"),
            Map.entry("mops", "Mop/s"),
            Map.entry("steps", "steps"),
            Map.entry("evaluations", "evaluations"),
            Map.entry("simulations", "simulations"),
            Map.entry("generations", "generations"),
            Map.entry("iterations", "iterations"));

    private Units() {
    }

    /**
     * The axis title of a column: {@code field} as its entry, {@code field:AGG} as its entry with {@code AGG} before it,
     * or the column unchanged where its field is not listed (a name the user gave, a pivot value).
     */
    public static String of(String column) {
        int colon = column.indexOf(':');
        String field = colon < 0 ? column : column.substring(0, colon);
        String label = LABELS.get(field);
        if (label == null) {
            return column;
        }
        return colon < 0 ? label : column.substring(colon + 1) + " " + label;
    }
}
