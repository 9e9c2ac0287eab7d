package org.ccopt.flitsim.net;

/**
 * What one run of the flit engine measured, over its measurement window (an open-loop run) or the whole batch.
 *
 * @param offered          flits generated per terminal per cycle in the window
 * @param accepted         flits ejected per terminal per cycle in the window
 * @param packets          measured packets (generated in the window) that were ejected
 * @param packetLatency    mean cycles from a packet's generation to its tail's ejection (source queueing included)
 * @param latencyMin       smallest packet latency
 * @param latencyP50       median packet latency
 * @param latencyP99       99th percentile of packet latency
 * @param latencyMax       largest packet latency
 * @param networkLatency   mean cycles from a packet's head injection to its tail's ejection
 * @param hops             mean router-to-router hops of the measured packets
 * @param stable           every measured packet was ejected within the drain limit
 * @param cycles           cycles simulated (a batch's duration: the cycle after its last ejection)
 * @param routerCycles     routers x cycles simulated, the unit of simulator speed
 */
public record OpenLoopResult(double offered, double accepted, long packets, double packetLatency, int latencyMin, int latencyP50,
                             int latencyP99, int latencyMax, double networkLatency, double hops, boolean stable,
                             int cycles, long routerCycles, double latencyFirstHalf, double latencySecondHalf) {
}
