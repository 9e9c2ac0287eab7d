package org.ccopt.msgsim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;

/**
 * A step schedule (Jaros, Ohlidal, Dvorak 2007; the MIN paper: every transfer has a step, a route and the node it
 * starts from) as a message program, so that its time in seconds can be simulated: each transfer is one message of
 * the given size along its own route, and the steps become dependencies in one of two ways.
 *
 * <ul>
 *   <li>{@link Order#BARRIER}: every transfer of step s waits for every transfer of step s - 1, the synchronised
 *       steps the papers' time model counts (t = steps x t_s + m x t_1, 2007, §2, eq. 3).
 *   <li>{@link Order#RESOURCES}: a transfer waits only for what it needs from earlier steps: the transfer that
 *       brought its message to the node it starts from (a relay), and the transfers of the latest earlier step that
 *       used one of its channels, left the node it starts from or entered its destination. The schedule's order
 *       is kept on every channel and port, but a transfer that is ready need not wait for the slowest of the step
 *       before (ccopt's reading; the papers define no asynchronous execution). In a reduce ({@code combining}, where
 *       {@code sender} names the root a partial result is for) a transfer also waits for every earlier transfer
 *       for the same root into the node it starts from: it sends their combination.
 * </ul>
 */
public final class StepProgram {

    /** How the steps order the transfers. */
    public enum Order {
        BARRIER, RESOURCES;

        public static Order parse(String text) {
            return org.ccopt.util.Enums.parse(Order.class, "replay order", text);
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private StepProgram() {
    }

    /**
     * The program of a schedule. Transfer i sends the message of terminal {@code sender[i]} from node
     * {@code from[i]} to terminal {@code to[i]} in step {@code step[i]} (0-based) along {@code path[i]} (node ids,
     * {@code from[i]} first); every message has {@code bytes} bytes.
     */
    public static Program of(int[] sender, int[] from, int[] to, int[] step, int[][] path, double bytes, Order order) {
        return of(sender, from, to, step, path, bytes, order, false);
    }

    /**
     * @param combining a reduce, {@code sender[i]} the root transfer i's partial result is for: a transfer also waits
     *                  for every earlier transfer for the same root into its start node
     */
    public static Program of(int[] sender, int[] from, int[] to, int[] step, int[][] path, double bytes, Order order,
            boolean combining) {
        return of(sender, sender, from, to, step, path, bytes, order, combining);
    }

    /**
     * The program of a schedule whose messages are named apart from their senders: transfer i carries message
     * {@code message[i]}, which starts at node {@code origin[i]} (a store-and-forward scatter: one message per sender
     * and receiver, each hop a transfer from the node the message reached).
     */
    public static Program of(int[] message, int[] origin, int[] from, int[] to, int[] step, int[][] path, double bytes,
            Order order) {
        return of(message, origin, from, to, step, path, bytes, order, false);
    }

    private static Program of(int[] message, int[] origin, int[] from, int[] to, int[] step, int[][] path, double bytes,
            Order order, boolean combining) {
        int n = message.length;
        int steps = 0;
        for (int s : step) {
            if (s < 0) {
                throw new InvalidInputException("a transfer has step " + (s + 1) + "; expected steps numbered from 1");
            }
            steps = Math.max(steps, s + 1);
        }
        List<List<Integer>> byStep = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            byStep.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            byStep.get(step[i]).add(i);
        }
        Program p = new Program();
        if (order == Order.BARRIER) {
            int barrier = -1;
            for (int s = 0; s < steps; s++) {
                List<Integer> here = byStep.get(s);
                int[] ids = new int[here.size()];
                for (int k = 0; k < ids.length; k++) {
                    int i = here.get(k);
                    ids[k] = barrier < 0 ? p.messageVia(from[i], to[i], bytes, path[i])
                            : p.messageVia(from[i], to[i], bytes, path[i], barrier);
                }
                if (ids.length > 0) {
                    barrier = p.delay(0, ids);
                }
            }
            return p;
        }
        // RESOURCES: per resource (a channel, a node's sending side, a node's receiving side; see resources()) the
        // tasks of the latest step that used it
        int[] task = new int[n];
        Map<Long, int[]> last = new HashMap<>();
        Map<Long, Integer> delivered = new HashMap<>(); // (message, node) -> task that brought the message there
        Map<Long, List<Integer>> inputs = new HashMap<>(); // (root, node) -> every task into it so far (combining)
        for (int s = 0; s < steps; s++) {
            List<Integer> here = byStep.get(s);
            Map<Long, List<Integer>> now = new HashMap<>();
            for (int i : here) {
                java.util.TreeSet<Integer> deps = new java.util.TreeSet<>();
                if (from[i] != origin[i] && !combining) {
                    Integer relay = delivered.get(pair(message[i], from[i]));
                    if (relay == null) {
                        throw new InvalidInputException("transfer " + (i + 1) + " starts from node " + from[i]
                                + " in step " + (s + 1) + ", which holds no copy of terminal " + origin[i]
                                + "'s message by then");
                    }
                    deps.add(relay);
                }
                if (combining) {
                    deps.addAll(inputs.getOrDefault(pair(message[i], from[i]), List.of()));
                }
                long[] used = resources(from[i], to[i], path[i]);
                for (long r : used) {
                    for (int t : last.getOrDefault(r, new int[0])) {
                        deps.add(t);
                    }
                }
                task[i] = p.messageVia(from[i], to[i], bytes, path[i], deps.stream().mapToInt(Integer::intValue).toArray());
                for (long r : used) {
                    now.computeIfAbsent(r, x -> new ArrayList<>()).add(task[i]);
                }
            }
            now.forEach((r, list) -> last.put(r, list.stream().mapToInt(Integer::intValue).toArray()));
            for (int i : here) {
                delivered.putIfAbsent(pair(message[i], to[i]), task[i]);
                inputs.computeIfAbsent(pair(message[i], to[i]), x -> new ArrayList<>()).add(task[i]);
            }
        }
        return p;
    }

    private static long pair(int a, int b) {
        return ((long) a << 32) | b;
    }

    /**
     * The resources a transfer holds, as keys: each channel u -> v of its path as (u, v), the sending side of its
     * start node as -(2 from + 1), the receiving side of its destination as -(2 to + 2).
     */
    private static long[] resources(int from, int to, int[] path) {
        long[] r = new long[path.length + 1];
        for (int k = 0; k + 1 < path.length; k++) {
            r[k] = pair(path[k], path[k + 1]);
        }
        r[path.length - 1] = -(2L * from + 1);
        r[path.length] = -(2L * to + 2);
        return r;
    }
}
