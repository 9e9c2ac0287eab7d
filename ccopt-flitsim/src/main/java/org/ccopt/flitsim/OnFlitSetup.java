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

    /** The papers' router's model, or null for BookSim's router. */
    default RouterModel model() {
        return setup().model();
    }

    /** A new simulator of the papers' router for the set-up. */
    default FlitSimulator simulator() {
        return setup().simulator();
    }

    /** A new router of the set-up: the papers' under its model, or BookSim's where the model is null. */
    default FlitRouter router() {
        return setup().router();
    }
}
