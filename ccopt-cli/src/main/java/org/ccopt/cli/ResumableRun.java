package org.ccopt.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.ccopt.InvalidInputException;
import org.ccopt.util.OutputLock;

/**
 * The long-run loop the optimizer commands share: a progress bar on a terminal (generation, a status message, ETA),
 * a checkpoint every few seconds and on Ctrl-C (the last whole generation), and a final one, so a stopped run loses
 * nothing and {@code --resume} continues it.
 */
final class ResumableRun {

    /** The options every checkpointing optimizer takes, as a picocli mixin: threads, resuming, checkpoints, JSON. */
    static final class Options {
        @picocli.CommandLine.Option(names = "--threads", paramLabel = "N", description = "Evaluation threads (default: all cores).")
        Integer threads;

        @picocli.CommandLine.Option(names = "--resume", paramLabel = "DIR", description = "Continue the run checkpointed in "
                + "DIR (its options apply; --generations may extend it; results go to DIR).")
        @Output
        java.nio.file.Path resume;

        @picocli.CommandLine.Option(names = "--checkpoint-seconds", defaultValue = "5",
                description = "Seconds between checkpoints (default: ${DEFAULT-VALUE}).")
        double checkpointSeconds;

        @picocli.CommandLine.Option(names = "--json", description = "Print one JSON object.")
        boolean json;

        @picocli.CommandLine.Option(names = "--progress", defaultValue = "auto", paramLabel = "auto|always|never",
                description = "Progress: auto (a bar on a terminal, else a line on stderr every " + Progress.AUTO_SECONDS
                        + " s), always (a line every " + Progress.ALWAYS_SECONDS + " s where no bar shows), never "
                        + "(default: ${DEFAULT-VALUE}).")
        String progress;

        /** How this run reports its progress, on {@code spec}'s error stream. */
        Progress progress(picocli.CommandLine.Model.CommandSpec spec) {
            return new Progress(org.ccopt.util.Enums.parse(Progress.Mode.class, "--progress", progress), json,
                    spec.commandLine().getErr());
        }

        /**
         * On {@code --resume}: the options given now that may change a checkpointed run (JSON output, threads, the
         * checkpoint interval) override the ones it recorded in {@code saved}.
         */
        void overrideRecorded(Options saved, picocli.CommandLine.Model.CommandSpec spec) {
            saved.json = saved.json || json;
            saved.threads = threads != null ? threads : saved.threads;
            if (spec.commandLine().getParseResult().hasMatchedOption("--checkpoint-seconds")) {
                saved.checkpointSeconds = checkpointSeconds;
            }
            if (spec.commandLine().getParseResult().hasMatchedOption("--progress")) {
                saved.progress = progress;
            }
        }
    }

    /**
     * The rule of {@code --checkpoint-seconds}: it applies where checkpoints are written, with {@code --out DIR} (whose
     * folder {@code out} gives) or {@code --resume DIR}; {@code command} starts a line without either.
     */
    static <C extends Command> List<OptionRules.Rule<C>> checkpointing(Function<C, Path> out, String command) {
        return List.of(OptionRules.rule("--checkpoint-seconds", "to a run that writes checkpoints (--out DIR, or --resume "
                + "DIR)", c -> out.apply(c) != null || c.control.resume != null, command + " --checkpoint-seconds 10"));
    }

    /**
     * A command that checkpoints and resumes: it holds its spec and the checkpointing options; a fresh object of it
     * takes a checkpoint's recorded options ({@link #resume}).
     */
    abstract static class Command implements java.util.concurrent.Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @picocli.CommandLine.Mixin
        Options control = new Options();

        /** Sets the folder the command writes to: its --out. */
        abstract void writeTo(Path dir);

        /**
         * Writes the run's result, as {@code --json} prints it (provenance included), to {@code dir}/result.json,
         * where {@code ccopt report} finds its headline; nothing when {@code dir} is null.
         */
        void writeResult(Path dir, Object result) throws IOException {
            if (dir != null) {
                org.ccopt.util.AtomicFiles.writeAtomically(dir.resolve(org.ccopt.report.Report.RESULT),
                        Json.result(spec, result));
            }
        }
    }

    /** The arguments the command was given after its name: what a fresh run records in its checkpoints. */
    static List<String> given(picocli.CommandLine.Model.CommandSpec spec) {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        return new ArrayList<>(all.subList(all.indexOf(spec.name()) + 1, all.size()));
    }

    /**
     * Adds {@code option=value} to the arguments a checkpoint records where the command line does not give the option
     * (a null value adds nothing): a reading or model left at its default is then recorded, so that the checkpoint
     * resumes under what it ran with even after the default changes.
     */
    static void pin(picocli.CommandLine.Model.CommandSpec spec, List<String> recorded, String option, String value) {
        if (value != null && !spec.commandLine().getParseResult().hasMatchedOption(option)) {
            recorded.add(option + "=" + value);
        }
    }

    /** Whether recorded arguments give {@code option} (as "--option value" or "--option=value"). */
    static boolean names(List<String> recorded, String option) {
        return recorded.stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
    }

    /**
     * {@code --resume DIR}: {@code saved}, a fresh object of the command, takes the options the checkpoint recorded
     * ({@link #parseResumed}), prints through {@code spec}, writes to DIR, and takes the options given now that may
     * change ({@link Options#overrideRecorded}).
     */
    static Resumed resume(Command given, List<String> recorded, Command saved) {
        List<String> arguments = parseResumed(given.spec, recorded, saved);
        picocli.CommandLine.ParseResult parsed = saved.spec.commandLine().getParseResult();
        // the run's own seed, for the provenance of what it prints and writes (the resuming line gives none)
        picocli.CommandLine.Model.OptionSpec seedRecorded = saved.spec.optionsMap().get("--seed");
        picocli.CommandLine.Model.OptionSpec seedNow = given.spec.optionsMap().get("--seed");
        if (seedRecorded != null && seedNow != null) {
            seedNow.setValue(seedRecorded.getValue());
        }
        saved.spec = given.spec;
        saved.writeTo(given.control.resume);
        given.control.overrideRecorded(saved.control, given.spec);
        return new Resumed(arguments, parsed);
    }

    /**
     * Runs the rest of a resume, whose options come from the checkpoint: a refusal names none of the values the
     * checkpoint recorded ({@link org.ccopt.util.InputFiles#redacted}), since a file's text is never printed back (a
     * checkpoint whose arguments were edited and signed again would otherwise print what it was given).
     */
    static int fromRecorded(List<String> recorded, java.util.concurrent.Callable<Integer> rest) throws Exception {
        try {
            return rest.call();
        } catch (InvalidInputException e) {
            Map<String, String> values = new LinkedHashMap<>(); // label -> value: "recorded --traffic" -> "brev"
            for (int i = 0; i < recorded.size(); i++) {
                String a = recorded.get(i);
                int eq = a.indexOf('=');
                String label;
                String value;
                if (a.startsWith("-")) { // --name=value; a bare --name holds no value
                    if (eq < 0) {
                        continue;
                    }
                    label = a.substring(0, eq);
                    value = a.substring(eq + 1);
                } else { // the value of the option before it
                    label = i > 0 && recorded.get(i - 1).startsWith("-") ? recorded.get(i - 1) : "value";
                    value = a;
                }
                String key = "recorded " + label;
                for (int k = 2; values.containsKey(key); k++) {
                    key = "recorded " + label + " " + k;
                }
                values.put(key, value);
            }
            throw new InvalidInputException(org.ccopt.util.InputFiles.redacted(e.getMessage(), values), e);
        }
    }

    /**
     * A resumed run: the arguments to record from now on, and the checkpoint's options as parsed (for the options a
     * library job declares, which picocli holds in the parse, not in the command's fields).
     */
    record Resumed(List<String> arguments, picocli.CommandLine.ParseResult parsed) {
    }

    /** Writes a checkpoint of state S. */
    interface Saver<S> {
        void save(S state) throws IOException;
    }

    private ResumableRun() {
    }

    /**
     * How a run reports progress: a bar on a terminal (not with --json), else, unless {@code never}, a line on the
     * command's error stream every {@link #AUTO_SECONDS} s ({@code auto}) or {@link #ALWAYS_SECONDS} s
     * ({@code always}), so that a batch job's log shows how far a long search has come.
     */
    record Progress(Mode mode, boolean json, java.io.PrintWriter err) {
        static final int AUTO_SECONDS = 60;
        static final int ALWAYS_SECONDS = 10;

        enum Mode { AUTO, ALWAYS, NEVER }

        boolean bar() {
            return mode != Mode.NEVER && !json && System.console() != null;
        }

        /** Seconds between progress lines where no bar shows, or 0 for none. */
        int lineSeconds() {
            return mode == Mode.NEVER ? 0 : mode == Mode.ALWAYS ? ALWAYS_SECONDS : AUTO_SECONDS;
        }
    }

    /** A checkpoint interval that saves after every step (joint's methods, each a whole search). */
    static final double EVERY_STEP = Double.MIN_VALUE;

    /**
     * Runs {@code loop(start, afterGeneration)} to its end, or, once {@code stop} is set (Ctrl-C, {@link Stoppable}), to
     * the end of the generation under way, so that the command prints the best so far.
     *
     * @param out      checkpoint directory, or null for no checkpoints
     * @param progress how to report progress
     */
    static <S> S execute(String task, int generations, S start, ToIntFunction<S> generation, Function<S, String> message,
                         BiFunction<S, Consumer<S>, S> loop, Path out, double checkpointSeconds, Progress progress,
                         Saver<S> saver, AtomicBoolean stop) {
        if (!(checkpointSeconds > 0) || checkpointSeconds > 86400) {
            throw new InvalidInputException("--checkpoint-seconds " + checkpointSeconds
                    + " is invalid; expected seconds between checkpoints, above 0 and at most 86400");
        }
        return executeLocked(generations, start, generation, message, loop, out, checkpointSeconds, progress, saver, task,
                stop);
    }

    /**
     * The output directories this thread's command has locked: held until the command has written its last output
     * (the result, pictures and tables written after the search), when {@link Main} calls {@link #releaseHeld}, so
     * that a second run on the same directory is refused until then.
     */
    private static final ThreadLocal<Map<Path, OutputLock>> HELD = ThreadLocal.withInitial(LinkedHashMap::new);

    /**
     * Locks the directories a search of {@code command} writes to before its set-up: {@code out}, and the one it
     * resumes (where it exists: a missing one is the checkpoint reader's to report). A directory another command's run
     * holds is refused before its checkpoint is read.
     */
    static void claim(String command, Path out, Path resume) {
        if (out != null) {
            hold(out, command);
        }
        if (resume != null && Files.isDirectory(resume)) {
            hold(resume, command);
        }
    }

    /**
     * Locks {@code out} for the rest of this thread's command (once, however often the command asks), as a directory of
     * {@code command}'s runs (null: claims none, as a report written into any run's directory).
     */
    static void hold(Path out, String command) {
        Path key = out.toAbsolutePath().normalize();
        if (!HELD.get().containsKey(key)) {
            try {
                HELD.get().put(key, OutputLock.acquire(out, command));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Releases every lock {@link #hold} took on this thread: after the command's last output. */
    static void releaseHeld() {
        for (OutputLock lock : HELD.get().values()) {
            try {
                lock.close();
            } catch (IOException e) {
                // the lock goes with the channel in any case
            }
        }
        HELD.get().clear();
    }

    private static <S> S executeLocked(int generations, S start, ToIntFunction<S> generation, Function<S, String> message,
            BiFunction<S, Consumer<S>, S> loop, Path out, double checkpointSeconds, Progress progress, Saver<S> saver,
            String task, AtomicBoolean stop) {
        AtomicReference<S> latest = new AtomicReference<>(start);
        CountDownLatch searched = new CountDownLatch(1);
        // Ctrl-C: the search stops after its generation (stop) and saves it; a generation that outlasts the wait is not
        // awaited, and the last whole one is saved here. A failure then has nothing left to report to
        Interrupts.Handler hook = out == null ? null : Interrupts.onInterrupt(() -> {
            try {
                if (!searched.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    save(saver, latest.get());
                }
            } catch (InterruptedException | RuntimeException e) {
                // the JVM is going down: the run's own error, if any, was printed already
            }
        });
        try {
            long started = System.nanoTime();
            long[] lastSave = {started};
            long[] lastLine = {started};
            int from = generation.applyAsInt(start);
            S end;
            try (ProgressBar bar = !progress.bar() ? null : new ProgressBarBuilder().setTaskName(task)
                    .setInitialMax(generations).startsFrom(generation.applyAsInt(start), Duration.ZERO)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).continuousUpdate().build()) {
                end = loop.apply(start, s -> {
                    latest.set(s);
                    if (stop.get()) {
                        throw new Stopped();
                    }
                    if (bar != null) {
                        bar.stepTo(generation.applyAsInt(s));
                        bar.setExtraMessage(message.apply(s));
                    } else if (progress.lineSeconds() > 0 && System.nanoTime() - lastLine[0] > progress.lineSeconds() * 1e9) {
                        lastLine[0] = System.nanoTime();
                        progressLine(progress.err(), task, generation.applyAsInt(s), from, generations, message.apply(s),
                                (lastLine[0] - started) / 1e9);
                    }
                    if (out != null && System.nanoTime() - lastSave[0] > checkpointSeconds * 1e9) {
                        save(saver, s);
                        lastSave[0] = System.nanoTime();
                    }
                });
            } catch (Stopped e) {
                end = latest.get();
                progress.err().printf(java.util.Locale.ROOT, "ccopt %s: stopped (Ctrl-C) after %d of %d; the best so far "
                        + "follows%s%n", task, generation.applyAsInt(end), generations,
                        out == null ? "" : "; --resume " + out + " continues the run");
                progress.err().flush();
            }
            if (out != null) {
                save(saver, end);
            }
            return end;
        } finally {
            searched.countDown();
            if (hook != null) {
                hook.close();
            }
        }
    }

    /** How long a Ctrl-C waits for the search to end its generation before it saves the last whole one itself. */
    private static final int STOP_WAIT_SECONDS = 8;

    /** Thrown out of a search's loop after a generation when Ctrl-C asked it to stop. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    /** One progress line: "ccopt TASK: 120 of 1000 (12 %), MESSAGE; 1m05s, about 8m left". */
    static void progressLine(java.io.PrintWriter err, String task, int done, int from, int total, String message,
                                     double seconds) {
        double rate = (done - from) / Math.max(seconds, 1e-9);
        String left = done <= from || total <= done ? "" : ", about " + clock((total - done) / rate) + " left";
        err.printf(java.util.Locale.ROOT, "ccopt %s: %d of %d (%d %%)%s; %s%s%n", task, done, total,
                total == 0 ? 100 : 100L * done / total, message.isEmpty() ? "" : ", " + message, clock(seconds), left);
        err.flush();
    }

    /** Seconds as 12s, 5m03s or 1h02m. */
    static String clock(double seconds) {
        long s = Math.round(seconds);
        return s < 60 ? s + "s" : s < 3600 ? String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60)
                : String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
    }

    /** Options that may be given with {@code --resume}: they change neither the run's course nor its result. */
    private static final Set<String> WITH_RESUME = Set.of("--resume", "--json", "--threads", "--progress",
            "--checkpoint-seconds", "--generations");

    /**
     * The arguments a checkpoint recorded, parsed into {@code saved}, after refusing any option given with
     * {@code --resume} that would change the run (the checkpoint fixes them). Allowed: --json, --threads and
     * --checkpoint-seconds (which the caller applies), and --generations, which extends (or shortens, down to the
     * checkpoint's generation) the run: the GA's random streams depend only on seed, generation and slot, so the
     * extended run equals an uninterrupted run of that length. Returns the arguments to record from now on.
     */
    static List<String> parseResumed(picocli.CommandLine.Model.CommandSpec given, List<String> recorded, Object saved) {
        List<String> arguments = new ArrayList<>(recorded);
        for (var o : given.commandLine().getParseResult().matchedOptions()) {
            if (!WITH_RESUME.contains(o.longestName())) {
                throw new InvalidInputException(o.longestName() + " cannot be given with --resume: the checkpoint "
                        + "fixes the run's options; only --generations, --json, --threads and --checkpoint-seconds may be added");
            }
            if (o.longestName().equals("--generations")) {
                for (int i = arguments.size() - 1; i >= 0; i--) {
                    if (arguments.get(i).equals("--generations") && i + 1 < arguments.size()) {
                        arguments.subList(i, i + 2).clear();
                    } else if (arguments.get(i).startsWith("--generations=")) {
                        arguments.remove(i);
                    }
                }
                arguments.add("--generations");
                arguments.add(o.originalStringValues().get(o.originalStringValues().size() - 1));
            }
        }
        try {
            new picocli.CommandLine(saved).parseArgs(arguments.toArray(String[]::new));
        } catch (picocli.CommandLine.UnmatchedArgumentException e) {
            throw new InvalidInputException("the checkpoint's recorded options hold one this command does not know (not "
                    + "repeated here); expected the options of the run that wrote it");
        } catch (picocli.CommandLine.ParameterException e) {
            throw new InvalidInputException("the checkpoint's recorded options do not parse: "
                    + Main.firstLine(e.getMessage()));
        }
        return arguments;
    }

    /** Writes a checkpoint; one at a time, so that the Ctrl-C hook's and the search's never interleave. */
    private static synchronized <S> void save(Saver<S> saver, S state) {
        try {
            saver.save(state);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
