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

    /** The router that runs the problem: the papers' under a model, or BookSim's. */
    default RouterKind kind() {
        return setup().kind();
    }

    /** The papers' router's model, for a problem that runs on it ({@link FlitSetup#papersRouter}). */
    default RouterModel papersModel() {
        return setup().papersModel();
    }

    /** A new simulator of the papers' router for the set-up. */
    default FlitSimulator simulator() {
        return setup().simulator();
    }

    /** A new router of the set-up: the papers' under its model, or BookSim's. */
    default FlitRouter router() {
        return setup().router();
    }
}
