package org.ccopt.flitsim;

import java.util.LinkedHashMap;
import java.util.Map;
import org.ccopt.topology.Topology;

/**
 * The last simulators this thread built, by topology, VCs, buffer and model: the runs of an experiment on one thread
 * reuse one instead of allocating its arrays again (a simulator's run depends only on its arguments). Two at most, so
 * a thread holds little memory.
 */
public final class SimulatorCache {

    private static final ThreadLocal<LinkedHashMap<Key, FlitSimulator>> SIMULATORS = ThreadLocal.withInitial(
            () -> new LinkedHashMap<>(4, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Key, FlitSimulator> eldest) {
                    return size() > 2;
                }
            });

    /**
     * What a simulator is built from; a topology is named by its spec and checked by its size. The model's default VC
     * selection scheme is left out: the simulator never reads it (the router configuration carries the schemes).
     */
    private record Key(String spec, int nodes, int links, int vcs, int buffer, RouterModel model) {
    }

    private SimulatorCache() {
    }

    /** A simulator of these arguments, this thread's last one where it has one, with no trace attached. */
    public static FlitSimulator get(FlitSetup setup) {
        Topology t = setup.topology();
        Key key = new Key(t.spec(), t.nodeCount(), t.linkCount(), setup.vcs(), setup.bufferFlits(),
                setup.papersModel().withDefaultScheme(VcSelection.C00));
        // no trace left attached by an earlier run that stopped with an error
        return SIMULATORS.get().computeIfAbsent(key, k -> setup.simulator()).trace(null);
    }
}
