package org.ccopt.topology.io;

import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/** Test helper: the same graph without generator geometry (so no closed forms are used). */
public final class TopologyFilesAccess {

    private TopologyFilesAccess() {
    }

    public static Topology withoutGeometry(Topology t) {
        TopologyBuilder b = new TopologyBuilder(t.nodeCount(), t.terminalCount(), t.isOneWay());
        for (int c = 0; c < t.channelCount(); c++) {
            if (t.isOneWay()) {
                b.addChannel(t.channelSource(c), t.channelTarget(c));
            } else {
                b.addLink(t.channelSource(c), t.channelTarget(c));
            }
        }
        return b.build(t.spec(), "copy", null);
    }
}
