package org.ccopt.examples;

import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.msgsim.CollectivePrograms;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.msgsim.Program;
import org.ccopt.rank.CollectiveMix;
import org.ccopt.rank.ProcessMapping;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacement;
import org.ccopt.rank.RankPlacer;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;

/**
 * Rank placement after Cui 2024: 64 processes of a recursive-doubling allreduce on a random shortcut network, placed in
 * mapping order and by two-opt on hops; then the message-level time of a 1 MiB allreduce under each placement
 * (100 Gbps links, 100 ns per hop).
 */
public final class RankPlacementExample {

    private RankPlacementExample() {
    }

    public static void main(String[] args) {
        Topology t = TopologySpec.parse("random-shortcut:128:4");
        CollectiveMix mix = CollectiveMix.parse("allreduce", 64);
        MsgNetwork net = new MsgNetwork(t, CollectivePrograms.parseBandwidth("100Gbps"), CollectivePrograms.parseSeconds("100ns"),
                MsgNetwork.Duplex.SPLIT);
        for (RankPlacement placement : new RankPlacement[] {RankPlacement.parse("mapping-order"), RankPlacement.parse("two-opt")}) {
            RankPlacer.Settings settings = RankPlacer.Settings.of(placement).withIterations(placement.searches() ? 20_000 : 0);
            RankJob.Outcome o = RankJob.run(t, mix, ProcessMapping.parse("random"), 1, settings, false, 1);
            Program program = CollectivePrograms.of(MpiAlgorithm.parse("allreduce").transfers(64), o.ranks(), 1 << 20, false);
            MessageSimulator.Result time = MessageSimulator.run(net, program, MessageSimulator.Options.DEFAULT);
            System.out.printf("%s: %d hops (validated: %s), allreduce of 1 MiB in %.1f us%n", placement.label(),
                    o.result().totalHops(), o.validation().totalHops() == o.result().totalHops(), time.seconds() * 1e6);
        }
    }
}
