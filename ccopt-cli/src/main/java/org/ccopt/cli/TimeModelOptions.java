package org.ccopt.cli;

import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.schedule.TimeModel;
import picocli.CommandLine.Option;

/** The options of the 2007 paper's time model ({@link TimeModel}): given together, or not at all. */
final class TimeModelOptions {

    @Option(names = "--ts", paramLabel = "TIME",
            description = "Start-up time per step for the time model t = steps x ts + m x t1 (Jaros, Ohlidal, Dvorak 2007, eq. 3), e.g. 2us; with --t1 and --bytes.")
    String ts;

    @Option(names = "--t1", paramLabel = "TIME",
            description = "Serialization time per byte for the time model, e.g. 0.1ns (10 GB/s); with --ts and --bytes.")
    String t1;

    @Option(names = "--bytes", paramLabel = "SIZE", description = "Message length m for the time model, e.g. 4KiB; with --ts and --t1.")
    String bytes;

    /** The time model of the options, or null without them. */
    TimeModel timeModel() {
        return TimeModel.ofGiven(ts == null ? null : CollectivePrograms.parseSeconds(ts),
                t1 == null ? null : CollectivePrograms.parseSeconds(t1), bytes == null ? null : CollectivePrograms.parseBytes(bytes));
    }
}
