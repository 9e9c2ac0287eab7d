package org.ccopt.msgsim;

import java.util.Arrays;

/**
 * A dependency graph of tasks: messages (a flow of some bytes from one terminal to another) and delays (computation
 * or a barrier, a fixed time on no resource). A task starts as soon as every task it depends on has finished.
 */
public final class Program {

    private int size;
    int[] from = new int[16];
    int[] to = new int[16];
    double[] bytes = new double[16];
    /** Delay length in seconds; negative for a message. */
    double[] delay = new double[16];
    private int[][] deps = new int[16][];
    /** A message's route as node ids, or null for the network's deterministic route. */
    int[][] route = new int[16][];

    /** Adds a message and returns its task id. */
    public int message(int fromTerminal, int toTerminal, double byteCount, int... dependsOn) {
        if (fromTerminal == toTerminal) {
            throw new IllegalArgumentException("a message from terminal " + fromTerminal + " to itself");
        }
        return add(fromTerminal, toTerminal, byteCount, -1, dependsOn);
    }

    /**
     * Adds a message that takes the given route (node ids, {@code fromTerminal} first, {@code toTerminal} last)
     * instead of the network's deterministic one, and returns its task id; the simulator checks the route.
     */
    public int messageVia(int fromTerminal, int toTerminal, double byteCount, int[] path, int... dependsOn) {
        int task = message(fromTerminal, toTerminal, byteCount, dependsOn);
        route[task] = path.clone();
        return task;
    }

    /** Whether some message has its own route (the SimGrid export lists the deterministic routes only). */
    public boolean hasOwnRoutes() {
        for (int i = 0; i < size; i++) {
            if (route[i] != null) {
                return true;
            }
        }
        return false;
    }

    /** Adds a delay of the given seconds (0 makes a barrier) and returns its task id. */
    public int delay(double seconds, int... dependsOn) {
        return add(-1, -1, 0, seconds, dependsOn);
    }

    private int add(int f, int t, double b, double d, int[] dependsOn) {
        if (size == from.length) {
            int cap = 2 * size;
            from = Arrays.copyOf(from, cap);
            to = Arrays.copyOf(to, cap);
            bytes = Arrays.copyOf(bytes, cap);
            delay = Arrays.copyOf(delay, cap);
            deps = Arrays.copyOf(deps, cap);
            route = Arrays.copyOf(route, cap);
        }
        for (int x : dependsOn) {
            if (x < 0 || x >= size) {
                throw new IllegalArgumentException("task " + size + " depends on unknown task " + x);
            }
        }
        from[size] = f;
        to[size] = t;
        bytes[size] = b;
        delay[size] = d;
        deps[size] = dependsOn.clone();
        return size++;
    }

    public int size() {
        return size;
    }

    boolean isMessage(int task) {
        return delay[task] < 0;
    }

    public int[] dependsOn(int task) {
        return deps[task];
    }

    /**
     * The program as text for the SimGrid replay ({@code tools/simgrid/replay.cpp}): the task count, then per task
     * {@code id kind from to bytes seconds ndeps deps...} (kind 0 = message, 1 = delay).
     */
    public String replayText() {
        StringBuilder b = new StringBuilder().append(size).append('\n');
        for (int i = 0; i < size; i++) {
            boolean message = delay[i] < 0;
            b.append(i).append(' ').append(message ? 0 : 1).append(' ').append(message ? from[i] : 0).append(' ')
                    .append(message ? to[i] : 0).append(' ').append(String.format(java.util.Locale.ROOT, "%.17g", bytes[i]))
                    .append(' ').append(String.format(java.util.Locale.ROOT, "%.17g", message ? 0.0 : delay[i]))
                    .append(' ').append(deps[i].length);
            for (int d : deps[i]) {
                b.append(' ').append(d);
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** Number of message tasks. */
    public int messages() {
        int m = 0;
        for (int i = 0; i < size; i++) {
            m += delay[i] < 0 ? 1 : 0;
        }
        return m;
    }
}
