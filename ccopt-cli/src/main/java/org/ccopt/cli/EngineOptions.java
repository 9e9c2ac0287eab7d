package org.ccopt.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of {@code ccopt sim} that only the flit engine over any network takes ({@link EngineSim}): offered
 * loads, the routing function, the injection process and the measurement protocol.
 */
final class EngineOptions {

    @Option(names = "--rate", paramLabel = "R|FROM:TO:STEP",
            description = "Open-loop offered load in flits per terminal per cycle, or a latency-throughput curve FROM:TO:STEP with "
                    + "its saturation throughput (runs the booksim router).")
    String rate;

    @Option(names = "--routing", paramLabel = "NAME",
            description = "Routing function: dor, dor-booksim, ecube, nca, dragonfly-min, dragonfly-valiant, dragonfly-ugal, min-hop, updown (default: the "
                    + "network's; runs the booksim router).")
    String routing;

    @Option(names = "--process", paramLabel = "P", description = "Injection process with --rate: bernoulli, on-off (default: bernoulli).")
    String process;

    @Option(names = "--burst", paramLabel = "CYCLES", description = "Mean on period of --process on-off (default: 16 cycles).")
    Double burst;

    @Option(names = "--warmup", paramLabel = "CYCLES", description = "Cycles before the measurement window (default: 3000).")
    Integer warmup;

    @Option(names = "--window", paramLabel = "CYCLES", description = "Measurement window: packets generated in it are measured (default: 10000).")
    Integer window;

    @Option(names = "--drain", paramLabel = "CYCLES", description = "Cycles after the window for the measured packets to leave, else the load is saturated (default: 20000).")
    Integer drain;

    @Option(names = "--chart", paramLabel = "FILE.png|FILE.svg|FILE.pdf", description = "Draw the latency-throughput curve (with --rate FROM:TO:STEP).")
    @Output
    Path chart;

    /** True when an option of this mixin was given. */
    boolean any() {
        return rate != null || routing != null || process != null || burst != null || warmup != null || window != null
                || drain != null || chart != null;
    }
}
