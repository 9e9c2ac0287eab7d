package org.ccopt.joint;

import org.ccopt.flitsim.RouterConfig;
import org.ccopt.flitsim.Workload;

/**
 * The injection plan of one pattern on physical nodes and the duration it runs in: the router configuration (VC
 * selection C per port, queue order Q) and the workload (physical destinations, slices, interval V, delays I).
 *
 * @param label how the plan was made, for reports ("plain", "C03 V=9", "lahc")
 */
public record PatternPlan(RouterConfig config, Workload workload, int duration, String label) {
}
