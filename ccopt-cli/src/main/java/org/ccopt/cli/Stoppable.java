package org.ccopt.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a search so that Ctrl-C stops it instead of killing the JVM: a handler ({@link Interrupts}: a shutdown hook, or
 * the daemon's for this command) sets the stop flag the search polls and waits (up to {@link #WAIT_SECONDS} s) for the command to print and write the best it has found. Once the
 * handler returns the JVM ends with exit code 130 (in the daemon, the client does).
 */
final class Stoppable {

    /** A command whose search polls the stop flag, and which prints what it found and returns its exit code. */
    interface Command {
        int call(AtomicBoolean stop) throws Exception;
    }

    /** How long Ctrl-C waits for the command's output: the search's last generation, its checks and its files. */
    static final int WAIT_SECONDS = 30;

    private Stoppable() {
    }

    static int call(Command command) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Interrupts.Handler hook = Interrupts.onInterrupt(() -> {
            // what a stopped search writes is written during the JVM's shutdown, where ImageIO's file cache fails (it
            // adds a shutdown hook per stream): pictures are encoded in memory from here on, before the search sees stop
            javax.imageio.ImageIO.setUseCache(false);
            stop.set(true);
            try {
                done.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            return command.call(stop);
        } finally {
            done.countDown();
            hook.close();
        }
    }
}
