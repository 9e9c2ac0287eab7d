package org.ccopt.joint;

import java.util.List;

/** A node mapping (logical address per physical node) and one {@link PatternPlan} per pattern. */
public record JointPlan(int[] mapping, List<PatternPlan> plans) {

    public JointPlan {
        mapping = mapping.clone();
        plans = List.copyOf(plans);
    }

    /** The workload's duration: its patterns' durations summed. */
    public long cycles() {
        long sum = 0;
        for (PatternPlan p : plans) {
            sum += p.duration();
        }
        return sum;
    }
}
