package org.ccopt.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The long-run loop the optimizer commands share: a progress bar on a terminal (generation, a status message, ETA),
 * a checkpoint every few seconds and on Ctrl-C (the last whole generation), and a final one, so a stopped run loses
 * nothing and {@code --resume} continues it.
 */
final class ResumableRun {

    /** Writes a checkpoint of state S. */
    interface Saver<S> {
        void save(S state) throws IOException;
    }

    private ResumableRun() {
    }

    /**
     * Runs {@code loop(start, afterGeneration)} to its end.
     *
     * @param out   checkpoint directory, or null for no checkpoints
     * @param quiet no progress bar (JSON output, or no terminal)
     */
    static <S> S execute(String task, int generations, S start, ToIntFunction<S> generation, Function<S, String> message,
                         BiFunction<S, Consumer<S>, S> loop, Path out, double checkpointSeconds, boolean quiet, Saver<S> saver) {
        AtomicReference<S> latest = new AtomicReference<>(start);
        Thread hook = out == null ? null : new Thread(() -> save(saver, latest.get()));
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
        long[] lastSave = {System.nanoTime()};
        S end;
        try (ProgressBar bar = quiet || System.console() == null ? null : new ProgressBarBuilder().setTaskName(task)
                .setInitialMax(generations).startsFrom(generation.applyAsInt(start), Duration.ZERO)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).build()) {
            end = loop.apply(start, s -> {
                latest.set(s);
                if (bar != null) {
                    bar.stepTo(generation.applyAsInt(s));
                    bar.setExtraMessage(message.apply(s));
                }
                if (out != null && System.nanoTime() - lastSave[0] > checkpointSeconds * 1e9) {
                    save(saver, s);
                    lastSave[0] = System.nanoTime();
                }
            });
        }
        if (hook != null) {
            save(saver, end);
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        return end;
    }

    private static <S> void save(Saver<S> saver, S state) {
        try {
            saver.save(state);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a checkpoint: " + e.getMessage(), e);
        }
    }
}
