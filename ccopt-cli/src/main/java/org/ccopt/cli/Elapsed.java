package org.ccopt.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line "still working" indicator for commands whose work has no natural count (an analysis, a placement, a
 * schedule search): the command's name and the seconds elapsed, rewritten in place on stderr once a second and erased
 * when the command ends. Shown only on a terminal and never with {@code --json} ({@link Main#run} decides).
 */
final class Elapsed implements AutoCloseable {

    private final Thread thread;
    private final PrintStream err;
    private volatile boolean done;
    private boolean shown;

    private Elapsed(String task, PrintStream err) {
        this.err = err;
        long start = System.nanoTime();
        thread = new Thread(() -> {
            try {
                Thread.sleep(2000); // quick commands show nothing
                while (!done) {
                    long s = (System.nanoTime() - start) / 1_000_000_000L;
                    synchronized (err) {
                        if (!done) {
                            err.print(String.format(Locale.ROOT, "\rccopt %s: working, %d:%02d elapsed", task, s / 60, s % 60));
                            err.flush();
                            shown = true;
                        }
                    }
                    Thread.sleep(1000);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ccopt-elapsed");
        thread.setDaemon(true);
        thread.start();
    }

    static Elapsed start(String task, PrintStream err) {
        return new Elapsed(task, err);
    }

    /** {@code stream}, with the indicator erased and stopped before the first byte the command writes to it. */
    java.io.OutputStream erasingBefore(PrintStream stream) {
        return new java.io.FilterOutputStream(stream) {
            @Override
            public void write(int b) throws java.io.IOException {
                close();
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                close();
                out.write(b, off, len);
            }
        };
    }

    @Override
    public void close() {
        if (done) {
            return;
        }
        synchronized (err) {
            if (!done) {
                done = true;
                thread.interrupt();
                if (shown) {
                    err.print("\r\033[2K"); // erase the indicator's line
                    err.flush();
                }
            }
        }
    }
}
