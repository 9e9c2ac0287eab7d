package org.ccopt.flitsim;

import org.ccopt.topology.Topology;

/** A problem posed on a {@link FlitSetup}: its network, VCs, buffers and router model, read through the set-up. */
public interface OnFlitSetup {

    FlitSetup setup();

    default Topology topology() {
        return setup().topology();
    }

    default int vcs() {
        return setup().vcs();
    }

    default int bufferFlits() {
        return setup().bufferFlits();
    }

    default RouterModel model() {
        return setup().model();
    }

    /** A new simulator of the papers' router for the set-up. */
    default FlitSimulator simulator() {
        return setup().simulator();
    }
}
