package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.schedule.ExactSolver;
import org.ccopt.schedule.ScheduleJob;
import org.ccopt.schedule.SchedulePicture;
import org.ccopt.schedule.ScheduleTable;
import org.ccopt.schedule.Scheduler;
import org.ccopt.schedule.SchedulingJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt schedule}: conflict-free step schedules of collectives (Jaros, Ohlidal, Dvorak 2007; Jaros et al.,
 * MIN paper), certified against the lower bound or by an infeasibility proof; the options, the search and the check of
 * a schedule file are {@link SchedulingJob}'s ({@link Declared}). Ctrl-C stops a search with the best it found.
 */
@Command(name = "schedule", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Find a conflict-free schedule of a collective in the fewest synchronised steps, and prove it optimal where possible.")
final class ScheduleCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--picture", paramLabel = "FILE",
            description = "Draw the schedule found as a step diagram (steps across, channels down, one colour per sender): FILE.png, FILE.svg or FILE.pdf.")
    @Output
    Path picture;

    @Override
    public Job<?, ?> job() {
        return SchedulingJob.JOB;
    }

    @Override
    public Integer call() throws Exception {
        Written.requirePictureFormat(picture); // before the search, which may run for hours
        SchedulingJob.Request q = SchedulingJob.JOB.request(Declared.values(spec, SchedulingJob.JOB.options()));
        PrintWriter err = spec.commandLine().getErr();
        if (q.validate() == null && q.settings().solver() == Scheduler.Solver.AUTO && !ExactSolver.available()) {
            err.println("ccopt: note: the exact model is unavailable (" + ExactSolver.unavailableReason()
                    + "); searching with the heuristics only");
        }
        boolean live = !json && System.console() != null;
        // redirected: a line every minute with the search's latest news, however long one of its phases takes
        java.util.concurrent.atomic.AtomicReference<String> latest = new java.util.concurrent.atomic.AtomicReference<>(
                "setting up");
        long started = System.nanoTime();
        return Stoppable.call(stop -> {
            SchedulingJob.Outcome o;
            try (Heartbeat beat = json || live || q.validate() != null ? null : Heartbeat.every(Heartbeat.seconds, () ->
                    err.println("ccopt schedule: " + ResumableRun.clock((System.nanoTime() - started) / 1e9) + ", "
                            + latest.get()))) {
                o = SchedulingJob.run(q, stop, line -> {
                    latest.set(line);
                    if (live) {
                        err.println("  " + line);
                    }
                });
            }
            int exit = Main.OK;
            if (o instanceof SchedulingJob.Checked c) {
                exit = checked(c);
            } else {
                searched((SchedulingJob.Searched) o);
            }
            if (!json) {
                Written.print(spec.commandLine().getOut(), spec);
            }
            return exit;
        });
    }

    private void searched(SchedulingJob.Searched s) throws java.io.IOException {
        ScheduleJob.Outcome o = s.outcome();
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, s.figures());
        } else {
            w.print(ScheduleTable.report(o, s.timeModel()));
            print(w, s.replay());
        }
        if (picture != null && o.found()) {
            SchedulePicture.write(picture, o.items(), o.steps(), ScheduleJob.title(o));
        }
    }

    /** A file checked: its picture, and its report (an invalid file: exit 2, with --json after its figures). */
    private int checked(SchedulingJob.Checked c) throws java.io.IOException {
        boolean ok = c.report().ok();
        if (picture != null) {
            SchedulePicture.write(picture, c.schedule().items(), c.schedule().steps(), c.file().getFileName() + ": "
                    + c.schedule().steps() + " steps, " + (ok ? "valid" : c.report().violations()
                    + " violations (outlined in red where they share a channel)"));
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, c.figures(), false); // a check draws nothing: no seed in its provenance
            return ok ? Main.OK : Main.BAD_INPUT;
        }
        if (!ok) {
            throw c.invalid();
        }
        var p = c.problem();
        w.printf("%s: valid, %d transfers in %d steps (%s on %s, %s, %s)%n", c.file(), c.schedule().items().size(),
                c.schedule().steps(), p.collective().kind().name(), p.topology().spec(), p.ports(), p.switching().label());
        print(w, c.replay());
        return Main.OK;
    }

    /** The replay's line, where there was one. */
    private static void print(PrintWriter w, Map<String, Object> m) {
        if (m != null) {
            w.printf(Locale.ROOT, "replay: %.6g s simulated (%d messages of %.0f B, %s order, %s links of %s, %s per link; "
                    + "host links %s, %s duplex)%n", (double) m.get("simulatedSeconds"), (int) m.get("messages"),
                    (double) m.get("bytes"), m.get("order"), m.get("sharing"), m.get("bandwidth"), m.get("latency"),
                    (boolean) m.get("hostLinks") ? "on" : "off", m.get("duplex"));
        }
    }
}
