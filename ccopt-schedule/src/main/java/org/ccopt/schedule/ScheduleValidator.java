package org.ccopt.schedule;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.collective.PortModel;
import org.ccopt.topology.Topology;

/**
 * Independent check of a finished schedule, written against the plain transfer list (sender of the message,
 * destination, the node it is sent from, step, node path) rather than the optimizers' data structures: it
 * recomputes hop distances with its own BFS, counts channel and port use in hash maps and replays broadcasts
 * step by step. It checks that
 * <ul>
 *   <li>every (sender, receiver) pair of the collective is delivered exactly once and nothing else is sent;
 *   <li>every path is a simple walk over existing channels from its source to its destination, minimal (or at
 *       most the allowed extra hops longer; one hop under store-and-forward);
 *   <li>steps lie in 0..steps-1 (messages number them from 1, as a schedule file does), no (step, channel) carries two transfers, and no node sends or receives more
 *       messages in a step than its ports allow (Jaros, Ohlidal, Dvorak 2007, §1-§2);
 *   <li>scatters send from the sender; broadcasts send only from a node that holds the message at the start of the
 *       step (admissibility, Jaros et al., MIN paper, §4.2); a broadcast may also copy a message to a node that does
 *       not receive it (a switch storing and forwarding it), once, under the same rules;
 *   <li>store-and-forward scatters ({@link SfScatter}): a transfer is one hop; the hops of each (sender, receiver)
 *       pair form a shortest walk from the sender to the receiver in increasing steps, and every hop counts on the
 *       ports of both its ends (under {@code sf-router} only the sender's and the receiver's);
 *   <li>reduces (AOR, AAR; {@link Reduction}): for every root, every sender but the root sends its partial result
 *       for that root exactly once, from itself, to the root or to another sender whose own send for that root
 *       comes in a later step; nothing else is sent.
 * </ul>
 */
public final class ScheduleValidator {

    /**
     * One transfer as printed: message of {@code sender} to {@code dst}, sent from {@code from}. In a reduce,
     * {@code sender} is the node that sends its partial result and {@code root} the node the partial result is for
     * (-1 where there is no root to name: the other kinds, and an AOR, whose root is its one receiver).
     */
    public record Item(int sender, int dst, int from, int step, int[] path, int root) {

        public Item(int sender, int dst, int from, int step, int[] path) {
            this(sender, dst, from, step, path, -1);
        }
    }

    /** The result: ok, or the first violations found (at most 20) and their total. */
    public record Report(boolean ok, int violations, List<String> messages) {
    }

    private ScheduleValidator() {
    }

    /** The transfer list of a schedule. */
    public static List<Item> items(ScheduleProblem p, Schedule s) {
        List<Item> items = new ArrayList<>(p.transferCount());
        for (int t = 0; t < p.transferCount(); t++) {
            items.add(new Item(p.sender(p.message(t)), p.destination(t), s.from(p, t), s.step(t), s.nodes(p, t)));
        }
        return items;
    }

    public static Report check(ScheduleProblem p, Schedule s) {
        return check(p.topology(), p.collective(), p.pairs(), p.ports(), p.switching(), p.extraHops(), s.steps(),
                items(p, s));
    }

    public static Report check(Topology topo, Collective c, PortModel ports, Switching switching, int extraHops,
                               int steps, List<Item> items) {
        return check(topo, c, null, ports, switching, extraHops, steps, items);
    }

    /**
     * @param pairs the (source, destination) pairs that must be delivered, or null for every sender of the
     *              collective to every receiver other than itself
     */
    public static Report check(Topology topo, Collective c, int[][] pairs, PortModel ports, Switching switching,
                               int extraHops, int steps, List<Item> items) {
        List<String> out = new ArrayList<>();
        int[] count = {0};
        java.util.function.Consumer<String> fail = msg -> {
            if (count[0]++ < 20) {
                out.add(msg);
            }
        };
        boolean reduce = c.kind().isReduce();
        boolean broadcast = c.kind().isBroadcast() && !reduce;
        if (switching.storeAndForward() && !broadcast && !reduce) {
            checkHops(topo, c, pairs, ports, switching, steps, items, fail);
            return new Report(count[0] == 0, count[0], out);
        }
        Set<Long> expected = reduce ? new HashSet<>() : expected(c, pairs);
        if (reduce) {
            checkReduce(c, items, fail);
        }
        Set<Integer> receiving = new HashSet<>();
        for (int r : c.receivers()) {
            receiving.add(r);
        }
        Set<Long> delivered = new HashSet<>();
        Map<Long, Integer> channelUse = new HashMap<>();
        Map<Long, Integer> sends = new HashMap<>();
        Map<Long, Integer> receives = new HashMap<>();
        Map<Integer, int[]> distCache = new HashMap<>();
        for (Item it : items) {
            String name = "transfer " + it.sender() + "->" + it.dst() + " (from " + it.from() + ", step " + (it.step() + 1) + ")";
            boolean relayCopy = broadcast && !receiving.contains(it.dst()) && it.dst() != it.sender();
            if (!reduce && !relayCopy && !expected.contains(((long) it.sender() << 32) | it.dst())) {
                fail.accept(name + " is not part of the collective");
            }
            if (!reduce && !delivered.add(((long) it.sender() << 32) | it.dst())) {
                fail.accept(name + " delivers a message twice");
            }
            if (it.step() < 0 || it.step() >= steps) {
                fail.accept(name + " has a step outside 1.." + steps);
            }
            if (!broadcast && it.from() != it.sender()) {
                fail.accept(name + (reduce ? " is a reduce transfer" : " is a scatter transfer") + " that does not start at its sender");
            }
            int[] path = it.path();
            if (path.length < 2 || path[0] != it.from() || path[path.length - 1] != it.dst()) {
                fail.accept(name + " has a path that does not run from " + it.from() + " to " + it.dst());
                continue;
            }
            Set<Integer> seen = new HashSet<>();
            boolean walk = true;
            for (int i = 0; i < path.length; i++) {
                if (!seen.add(path[i])) {
                    fail.accept(name + " visits node " + path[i] + " twice");
                    walk = false;
                }
                if (i + 1 < path.length) {
                    int ch = topo.channel(path[i], path[i + 1]);
                    if (ch < 0) {
                        fail.accept(name + " uses a missing channel " + path[i] + "->" + path[i + 1]);
                        walk = false;
                    } else {
                        channelUse.merge(((long) it.step() << 32) | ch, 1, Integer::sum);
                    }
                }
            }
            if (walk) {
                int hops = path.length - 1;
                int shortest = distCache.computeIfAbsent(it.dst(), d -> bfsTo(topo, d))[it.from()];
                int allowed = switching == Switching.SF ? 1 : shortest + extraHops;
                if (hops > allowed || (switching == Switching.SF && hops != 1)) {
                    fail.accept(name + " takes " + hops + " hops; the routing model allows " + allowed);
                }
            }
            sends.merge(((long) it.step() << 32) | it.from(), 1, Integer::sum);
            receives.merge(((long) it.step() << 32) | it.dst(), 1, Integer::sum);
        }
        for (long pair : expected) {
            if (!delivered.contains(pair)) {
                fail.accept("the message of " + (pair >>> 32) + " never reaches " + (pair & 0xffffffffL));
            }
        }
        capacities(topo, ports, "transfers", channelUse, sends, receives, fail);
        if (broadcast) {
            List<Item> byStep = new ArrayList<>(items);
            byStep.sort(Comparator.comparingInt(Item::step));
            Map<Long, Integer> heldSince = new HashMap<>();
            for (int s : c.senders()) {
                heldSince.put(((long) s << 32) | s, -1);
            }
            for (Item it : byStep) {
                Integer since = heldSince.get(((long) it.sender() << 32) | it.from());
                if (since == null || since >= it.step()) {
                    fail.accept("transfer " + it.sender() + "->" + it.dst() + " is sent from " + it.from()
                            + " in step " + (it.step() + 1) + " before that node holds the message");
                }
                heldSince.putIfAbsent(((long) it.sender() << 32) | it.dst(), it.step());
            }
        }
        return new Report(count[0] == 0, count[0], out);
    }

    /**
     * The reduce's own rules, per root: each sender other than the root sends its partial result for the root once,
     * to the root or to a sender that sends its own for that root later.
     */
    private static void checkReduce(Collective c, List<Item> items, java.util.function.Consumer<String> fail) {
        boolean one = c.kind() == CollectiveKind.AOR;
        Set<Integer> roots = new HashSet<>();
        for (int r : c.receivers()) {
            roots.add(r);
        }
        Set<Integer> senders = new HashSet<>();
        for (int v : c.senders()) {
            senders.add(v);
        }
        Map<Long, Integer> sendStep = new HashMap<>(); // (root, node) -> step of the node's partial for the root
        for (Item it : items) {
            int root = it.root() < 0 && one ? c.receivers()[0] : it.root();
            if (!roots.contains(root)) {
                fail.accept("node " + it.sender() + " sends in step " + (it.step() + 1) + " a partial result for " + root
                        + ", which is not a root of the reduce");
            } else if (!senders.contains(it.sender()) || it.sender() == root) {
                fail.accept("node " + it.sender() + " sends in step " + (it.step() + 1) + " but is not a sender of the reduce to "
                        + root);
            } else if (sendStep.putIfAbsent(((long) root << 32) | it.sender(), it.step()) != null) {
                fail.accept("node " + it.sender() + " sends its partial result for " + root + " more than once");
            }
        }
        for (Item it : items) {
            int root = it.root() < 0 && one ? c.receivers()[0] : it.root();
            if (it.dst() == root || !roots.contains(root)) {
                continue;
            }
            Integer later = sendStep.get(((long) root << 32) | it.dst());
            if (!senders.contains(it.dst())) {
                fail.accept("node " + it.sender() + " sends to " + it.dst() + ", which is neither the root " + root
                        + " nor a sender of the reduce");
            } else if (later == null || later <= it.step()) {
                fail.accept("node " + it.sender() + " sends to " + it.dst() + " in step " + (it.step() + 1) + ", but "
                        + it.dst() + (later == null ? " never passes its partial result for " + root + " on"
                        : " has sent its own for " + root + " in step " + (later + 1)));
            }
        }
        for (int root : roots) {
            for (int v : senders) {
                if (v != root && !sendStep.containsKey(((long) root << 32) | v)) {
                    fail.accept("the value of " + v + " never reaches the root " + root);
                }
            }
        }
    }

    /** The rules of a store-and-forward scatter, whose transfers are single hops named by their message's pair. */
    private static void checkHops(Topology topo, Collective c, int[][] pairs, PortModel ports, Switching switching,
                                  int steps, List<Item> items, java.util.function.Consumer<String> fail) {
        Map<Long, List<Item>> byPair = new HashMap<>();
        for (Item it : items) {
            byPair.computeIfAbsent(((long) it.sender() << 32) | it.dst(), k -> new ArrayList<>()).add(it);
        }
        Set<Long> expected = expected(c, pairs);
        Map<Long, Integer> channelUse = new HashMap<>();
        Map<Long, Integer> sends = new HashMap<>();
        Map<Long, Integer> receives = new HashMap<>();
        Map<Integer, int[]> distCache = new HashMap<>();
        for (Map.Entry<Long, List<Item>> e : byPair.entrySet()) {
            int s = (int) (e.getKey() >>> 32);
            int r = (int) (e.getKey() & 0xffffffffL);
            String name = "the message of " + s + " to " + r;
            if (!expected.contains(e.getKey())) {
                fail.accept(name + " is not part of the collective");
                continue;
            }
            List<Item> hops = new ArrayList<>(e.getValue());
            hops.sort(Comparator.comparingInt(Item::step));
            int at = s;
            int lastStep = -1;
            Set<Integer> seen = new HashSet<>();
            seen.add(s);
            boolean walk = true;
            for (Item h : hops) {
                int[] p = h.path();
                if (p.length != 2 || p[0] != h.from() || h.from() != at) {
                    fail.accept(name + " has a hop " + Arrays.toString(p) + " in step " + (h.step() + 1)
                            + " that is not one channel on from node " + at + ", where the message is then");
                    // every broken hop is counted: the walk goes on from where this hop ends
                    walk = false;
                    at = p.length == 0 ? at : p[p.length - 1];
                    lastStep = h.step();
                    continue;
                }
                if (h.step() <= lastStep) {
                    fail.accept(name + " crosses two channels in step " + (h.step() + 1)
                            + "; store-and-forward moves it one a step");
                }
                if (h.step() < 0 || h.step() >= steps) {
                    fail.accept(name + " has a hop in step " + (h.step() + 1) + ", outside 1.." + steps);
                }
                int ch = topo.channel(p[0], p[1]);
                if (ch < 0) {
                    fail.accept(name + " uses a missing channel " + p[0] + "->" + p[1]);
                    walk = false;
                    at = p[1];
                    lastStep = h.step();
                    continue;
                }
                if (!seen.add(p[1])) {
                    fail.accept(name + " visits node " + p[1] + " twice");
                }
                channelUse.merge(((long) h.step() << 32) | ch, 1, Integer::sum);
                if (switching == Switching.SF || p[0] == s) {
                    sends.merge(((long) h.step() << 32) | p[0], 1, Integer::sum);
                }
                if (switching == Switching.SF || p[1] == r) {
                    receives.merge(((long) h.step() << 32) | p[1], 1, Integer::sum);
                }
                at = p[1];
                lastStep = h.step();
            }
            if (walk && at != r) {
                fail.accept(name + " ends at node " + at + ", not at " + r);
            } else if (walk) {
                int shortest = distCache.computeIfAbsent(r, d -> bfsTo(topo, d))[s];
                if (hops.size() != shortest) {
                    fail.accept(name + " takes " + hops.size() + " hops; minimal routing takes " + shortest);
                }
            }
        }
        for (long pair : expected) {
            if (!byPair.containsKey(pair)) {
                fail.accept("the message of " + (pair >>> 32) + " never reaches " + (pair & 0xffffffffL));
            }
        }
        capacities(topo, ports, "messages", channelUse, sends, receives, fail);
    }

    /** The (sender, receiver) pairs to deliver, as {@code sender << 32 | receiver}: the given pairs, or T x R. */
    private static Set<Long> expected(Collective c, int[][] pairs) {
        Set<Long> expected = new HashSet<>();
        if (pairs != null) {
            for (int[] pr : pairs) {
                expected.add(((long) pr[0] << 32) | pr[1]);
            }
        } else {
            for (int snd : c.senders()) {
                for (int r : c.receivers()) {
                    if (snd != r) {
                        expected.add(((long) snd << 32) | r);
                    }
                }
            }
        }
        return expected;
    }

    /**
     * One use per (step, channel), at most the node's ports per (step, node) on each side; keys are
     * {@code step << 32 | channel or node}.
     */
    private static void capacities(Topology topo, PortModel ports, String what, Map<Long, Integer> channelUse,
                                   Map<Long, Integer> sends, Map<Long, Integer> receives,
                                   java.util.function.Consumer<String> fail) {
        channelUse.forEach((key, n) -> {
            if (n > 1) {
                fail.accept(n + " " + what + " share channel " + topo.channelSource((int) (key & 0xffffffffL)) + "->"
                        + topo.channelTarget((int) (key & 0xffffffffL)) + " in step " + ((key >>> 32) + 1));
            }
        });
        sends.forEach((key, n) -> {
            int v = (int) (key & 0xffffffffL);
            int cap = ports.sendPorts(topo, v);
            if (n > cap) {
                fail.accept("node " + v + " sends " + n + " messages in step " + ((key >>> 32) + 1) + " with " + cap + " ports");
            }
        });
        receives.forEach((key, n) -> {
            int v = (int) (key & 0xffffffffL);
            int cap = ports.receivePorts(topo, v);
            if (n > cap) {
                fail.accept("node " + v + " receives " + n + " messages in step " + ((key >>> 32) + 1) + " with " + cap
                        + " ports");
            }
        });
    }

    private static int[] bfsTo(Topology t, int d) {
        int[] dist = new int[t.nodeCount()];
        Arrays.fill(dist, Integer.MAX_VALUE / 2);
        dist[d] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(d);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int i = t.inStart(v); i < t.inEnd(v); i++) {
                int u = t.channelSource(t.inChannel(i));
                if (dist[u] > dist[v] + 1) {
                    dist[u] = dist[v] + 1;
                    queue.add(u);
                }
            }
        }
        return dist;
    }
}
