package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.List;
import org.ccopt.collective.Collective;
import org.ccopt.collective.CollectiveKind;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * All-to-one reduce with combining (AOR) as the time reverse of a one-to-all broadcast (Jaros, Ohlidal, Dvorak 2007,
 * §1: gather and reduce are "the opposing process" of scatter and broadcast). In a reduce every node but the root
 * sends its partial result once, after it has received the partial results of the nodes that send to it, and the
 * receiver combines them. Reversing a broadcast schedule of the root to the same nodes on the transposed network
 * (every channel turned round; the network itself when its links are two-way) gives exactly such a schedule: a
 * broadcast transfer u -> v in step s, path p, becomes v -> u in step S - 1 - s along p reversed. A node's one
 * reception in the broadcast is its one send in the reduce, and it sends from a node after that node's own
 * reception becomes a send to a node before that node sends; channel, port and hop constraints map one to one
 * (sends and receives swap, so k ports stay k ports). The reduce therefore takes the broadcast's steps, and the
 * lower bounds of the two are the same (their Table 1 gives the reduce none of its own).
 *
 * <p>The all-to-all reduce (AAR, 2007 §1, case 3: every process performs its own all-to-one reduce, so node r ends
 * with the combination of every node's value for r, a reduce-scatter) is in the same way the time reverse of an
 * all-to-all broadcast: the broadcast tree of message r, reversed, is the reduce tree of root r, and the partial
 * results of different roots are different messages, so they combine only with partials of their own root. With
 * sender set T and receiver set R (a many-to-many reduce) it reverses the broadcast from R to T. The transfers keep
 * their root ({@link ScheduleValidator.Item#root()}).
 */
public final class Reduction {

    private Reduction() {
    }

    /** The network with every channel turned round; the network itself when its links are two-way. */
    public static Topology transpose(Topology t) {
        if (!t.isOneWay()) {
            return t;
        }
        TopologyBuilder b = new TopologyBuilder(t.nodeCount(), t.terminalCount(), true);
        for (int c = 0; c < t.channelCount(); c++) {
            b.addChannel(t.channelTarget(c), t.channelSource(c));
        }
        return b.build(t.spec() + " transposed", t.family(), Geometry.General.NONE);
    }

    /**
     * The broadcast whose time reverse is the reduce: from the reduce's root to its senders (AOR), or from every
     * receiver to the senders (AAR: an AAB when both sets are the same, otherwise an MNB).
     */
    public static Collective broadcastOf(Collective reduce) {
        if (!reduce.kind().isReduce()) {
            throw new IllegalArgumentException("not a reduce: " + reduce.kind());
        }
        CollectiveKind kind = reduce.kind() == CollectiveKind.AOR ? CollectiveKind.OAB
                : java.util.Arrays.equals(reduce.senders(), reduce.receivers()) ? CollectiveKind.AAB : CollectiveKind.MNB;
        return new Collective(kind, reduce.receivers(), reduce.senders());
    }

    /**
     * The reduce's transfers from the broadcast's (of {@code steps} steps): each one's sender is the node that sends
     * its partial result, and its root the broadcast message's sender.
     */
    public static List<ScheduleValidator.Item> reverse(List<ScheduleValidator.Item> broadcast, int steps) {
        List<ScheduleValidator.Item> items = new ArrayList<>(broadcast.size());
        for (ScheduleValidator.Item it : broadcast) {
            int[] p = it.path();
            int[] back = new int[p.length];
            for (int i = 0; i < p.length; i++) {
                back[i] = p[p.length - 1 - i];
            }
            items.add(new ScheduleValidator.Item(it.dst(), it.from(), it.dst(), steps - 1 - it.step(), back, it.sender()));
        }
        return items;
    }
}
