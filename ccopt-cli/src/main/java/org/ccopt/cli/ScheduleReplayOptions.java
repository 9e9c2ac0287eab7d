package org.ccopt.cli;

import org.ccopt.job.JobOptions;
import org.ccopt.msgsim.MsgNetwork;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.ccopt.collective.Collective;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.StepProgram;
import org.ccopt.schedule.ScheduleReplay;
import org.ccopt.schedule.ScheduleValidator;
import org.ccopt.topology.Topology;
import picocli.CommandLine.Option;

/** {@code ccopt schedule}'s message-level replay ({@link ScheduleReplay}): its options, settings and output. */
final class ScheduleReplayOptions {

    /** The replay network's options, declared by the library ({@link MsgNetwork#OPTIONS}). */
    static final JobOptions NETWORK = JobOptions.of("schedule", MsgNetwork.OPTIONS);

    /** Where the options apply: each only with --replay SIZE. */
    static List<OptionRules.Rule<ScheduleCommand>> rules() {
        return Stream.of("--bandwidth 10Gbps", "--latency 1us", "--sharing cm02", "--cross-traffic", "--duplex split",
                "--host-links off", "--overhead 1us", "--small-factor 0.5", "--small-bytes 1KiB", "--replay-order resources")
                .map(example -> OptionRules.<ScheduleCommand>rule(example.split(" ")[0],
                        "to the message-level replay (give --replay SIZE with it)", c -> c.replayOptions.replay != null,
                        "schedule -t hypercube:3 --cc AAB --solver greedy " + example))
                .toList();
    }

    @Option(names = "--replay", paramLabel = "SIZE",
            description = "Simulate the schedule found (or, with --validate, the file's) at message level, every transfer "
                    + "one message of SIZE (e.g. 1MiB) along its route, and print its time in seconds; the network options "
                    + "of msgsim (--bandwidth, --latency, ...) apply.")
    String replay;

    @Option(names = "--replay-order", defaultValue = "barrier", paramLabel = "barrier|resources",
            description = "How the steps order the replay: every step waits for the whole step before (barrier), or a "
                    + "transfer waits only for the earlier transfers on its channels, ports and relay (resources) "
                    + "(default: ${DEFAULT-VALUE}).")
    String replayOrder;

    /**
     * --replay SIZE, --replay-order and the network options ({@link #NETWORK}, given on {@code spec}'s line), parsed
     * and built before the search (which may run for minutes); null without --replay.
     */
    ScheduleReplay.Settings settings(Topology t, picocli.CommandLine.Model.CommandSpec spec) {
        JobOptions.Values net = Declared.values(spec, NETWORK);
        return replay == null ? null : new ScheduleReplay.Settings(CollectivePrograms.parseBytes(replay),
                StepProgram.Order.parse(replayOrder), MsgNetwork.of(net, t, true), MsgNetwork.simulatorOptions(net));
    }

    /** The replay's simulated seconds and its settings, as the JSON's {@code "replay"} object. */
    Map<String, Object> replay(List<ScheduleValidator.Item> items, Collective reduce, boolean hopItems,
                               ScheduleReplay.Settings settings, picocli.CommandLine.Model.CommandSpec spec) {
        JobOptions.Values net = Declared.values(spec, NETWORK);
        MessageSimulator.Result r = ScheduleReplay.run(items, reduce, hopItems, settings);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bytes", settings.bytes());
        m.put("order", settings.order().label());
        m.put("simulatedSeconds", r.seconds());
        m.put("messages", r.messages());
        m.put("bandwidth", net.text("bandwidth"));
        m.put("latency", net.text("latency"));
        m.put("hostLinks", settings.net().hostLinks());
        m.put("duplex", settings.net().duplex().name().toLowerCase(Locale.ROOT));
        m.put("sharing", net.text("sharing"));
        return m;
    }

    static void print(PrintWriter w, Map<String, Object> m) {
        w.printf(Locale.ROOT, "replay: %.6g s simulated (%d messages of %.0f B, %s order, %s links of %s, %s per link; "
                + "host links %s, %s duplex)%n", (double) m.get("simulatedSeconds"), (int) m.get("messages"), (double) m.get("bytes"),
                m.get("order"), m.get("sharing"), m.get("bandwidth"), m.get("latency"),
                (boolean) m.get("hostLinks") ? "on" : "off", m.get("duplex"));
    }
}
