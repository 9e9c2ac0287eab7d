package org.ccopt.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * What Ctrl-C does to the command that runs on this thread. In a command's own JVM, SIGINT runs the JVM's shutdown
 * hooks, so a command's handler is one of them. In the {@link Daemon}, many commands share the JVM and Ctrl-C at one
 * client must reach that client's command alone: each command then runs under a {@link Signal} of its own, which the
 * daemon fires when that client cancels, and its handlers run as the shutdown hooks would.
 */
final class Interrupts {

    /** The signal of the daemon command running on this thread (and the threads it starts); none in its own JVM. */
    private static final InheritableThreadLocal<Signal> CURRENT = new InheritableThreadLocal<>();

    private Interrupts() {
    }

    /** A registered handler: {@link #close} removes it once the command no longer needs it. */
    interface Handler extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Runs {@code hook} (in a thread of its own, as a shutdown hook) when Ctrl-C reaches this thread's command, until the
     * returned handler is closed.
     */
    static Handler onInterrupt(Runnable hook) {
        Thread thread = new Thread(hook, "ccopt-interrupt");
        Signal signal = CURRENT.get();
        if (signal != null) {
            signal.add(thread);
            return () -> signal.remove(thread);
        }
        Runtime.getRuntime().addShutdownHook(thread);
        return () -> {
            try {
                Runtime.getRuntime().removeShutdownHook(thread);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is already running and waits for the command's output
            }
        };
    }

    /** Runs {@code body} as a daemon command under {@code signal}: its handlers go to the signal, not the JVM. */
    static int under(Signal signal, java.util.function.IntSupplier body) {
        CURRENT.set(signal);
        try {
            return body.getAsInt();
        } finally {
            CURRENT.remove();
        }
    }

    /** One daemon command's Ctrl-C: its handlers, fired at most once. */
    static final class Signal {
        private final List<Thread> handlers = new ArrayList<>();
        private boolean fired;

        private synchronized void add(Thread t) {
            if (fired) {
                t.start(); // cancelled already: the handler runs at once
            }
            handlers.add(t);
        }

        private synchronized void remove(Thread t) {
            if (!fired) {
                handlers.remove(t);
            }
        }

        /**
         * Runs every handler concurrently, as the JVM runs its shutdown hooks, and waits for them all; returns how many
         * ran (0: the command has nothing to do on Ctrl-C).
         */
        int fire() throws InterruptedException {
            List<Thread> started;
            synchronized (this) {
                if (fired) {
                    return 0;
                }
                fired = true;
                started = List.copyOf(handlers);
                started.forEach(Thread::start);
            }
            for (Thread t : started) {
                t.join();
            }
            return started.size();
        }

        /** Whether the command's client pressed Ctrl-C. */
        synchronized boolean fired() {
            return fired;
        }
    }
}
