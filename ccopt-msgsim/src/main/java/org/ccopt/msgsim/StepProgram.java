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
 *       before (ccopt's reading; the papers define no asynchronous execution). In a reduce ({@code combining})
 *       a transfer also waits for every earlier transfer into the node it starts from: it sends the combination.
 * </ul>
 */
public final class StepProgram {

    /** How the steps order the transfers. */
    public enum Order {
        BARRIER, RESOURCES;

        public static Order parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "barrier" -> BARRIER;
                case "resources" -> RESOURCES;
                default -> throw new InvalidInputException("unknown replay order '" + text + "'; expected barrier or resources");
            };
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

    /** @param combining a reduce: a transfer also waits for every earlier transfer into its start node */
    public static Program of(int[] sender, int[] from, int[] to, int[] step, int[][] path, double bytes, Order order,
            boolean combining) {
        int n = sender.length;
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
        int[] task = new int[n];
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
        // RESOURCES: per channel (as "u>v"), per sending node and per receiving node, the tasks of the latest step
        Map<Long, int[]> lastOnChannel = new HashMap<>();
        Map<Integer, int[]> lastSending = new HashMap<>();
        Map<Integer, int[]> lastReceiving = new HashMap<>();
        Map<Long, Integer> delivered = new HashMap<>(); // (sender, node) -> task that brought the message there
        Map<Integer, List<Integer>> inputs = new HashMap<>(); // node -> every task into it so far (combining)
        long width = 1L << 32;
        for (int s = 0; s < steps; s++) {
            List<Integer> here = byStep.get(s);
            Map<Long, List<Integer>> channelNow = new HashMap<>();
            Map<Integer, List<Integer>> sendingNow = new HashMap<>();
            Map<Integer, List<Integer>> receivingNow = new HashMap<>();
            for (int i : here) {
                java.util.TreeSet<Integer> deps = new java.util.TreeSet<>();
                if (from[i] != sender[i] && !combining) {
                    Integer relay = delivered.get(sender[i] * width + from[i]);
                    if (relay == null) {
                        throw new InvalidInputException("transfer " + (i + 1) + " starts from node " + from[i]
                                + " in step " + (s + 1) + ", which holds no copy of terminal " + sender[i]
                                + "'s message by then");
                    }
                    deps.add(relay);
                }
                for (int k = 0; k + 1 < path[i].length; k++) {
                    addAll(deps, lastOnChannel.get(path[i][k] * width + path[i][k + 1]));
                }
                if (combining) {
                    inputs.getOrDefault(from[i], List.of()).forEach(deps::add);
                }
                addAll(deps, lastSending.get(from[i]));
                addAll(deps, lastReceiving.get(to[i]));
                task[i] = p.messageVia(from[i], to[i], bytes, path[i], deps.stream().mapToInt(Integer::intValue).toArray());
                for (int k = 0; k + 1 < path[i].length; k++) {
                    channelNow.computeIfAbsent(path[i][k] * width + path[i][k + 1], x -> new ArrayList<>()).add(task[i]);
                }
                sendingNow.computeIfAbsent(from[i], x -> new ArrayList<>()).add(task[i]);
                receivingNow.computeIfAbsent(to[i], x -> new ArrayList<>()).add(task[i]);
            }
            channelNow.forEach((c, list) -> lastOnChannel.put(c, toArray(list)));
            sendingNow.forEach((v, list) -> lastSending.put(v, toArray(list)));
            receivingNow.forEach((v, list) -> lastReceiving.put(v, toArray(list)));
            for (int i : here) {
                delivered.putIfAbsent(sender[i] * width + to[i], task[i]);
                inputs.computeIfAbsent(to[i], x -> new ArrayList<>()).add(task[i]);
            }
        }
        return p;
    }

    private static void addAll(java.util.TreeSet<Integer> deps, int[] tasks) {
        if (tasks != null) {
            for (int t : tasks) {
                deps.add(t);
            }
        }
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }
}
