package org.ccopt.joint;

import java.util.List;

/** A run's checkpoint: the outcomes of the methods finished so far, in the order they ran. */
public record JointProgress(List<JointRecord> done) {

    public JointProgress {
        done = List.copyOf(done);
    }

    /** Methods finished, the "generation" of a resumable run. */
    public int count() {
        return done.size();
    }
}
