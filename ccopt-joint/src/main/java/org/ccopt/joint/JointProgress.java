package org.ccopt.joint;

import java.util.List;

/**
 * A run's checkpoint: the outcomes of the methods finished so far, in the order they ran, and the seed they ran under
 * (null in a checkpoint of a version that did not record it), so that a resumed run under another seed is refused
 * rather than mixing methods of two seeds.
 */
public record JointProgress(List<JointRecord> done, Long seed) {

    public JointProgress {
        done = List.copyOf(done);
    }

    /** Methods finished, the "generation" of a resumable run. */
    public int count() {
        return done.size();
    }
}
