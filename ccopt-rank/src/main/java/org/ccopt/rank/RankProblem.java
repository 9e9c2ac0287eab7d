package org.ccopt.rank;

import java.util.Arrays;
import org.ccopt.topology.Topology;

/**
 * One rank-placement instance: a network, the P terminals a job was mapped to (kept in ascending node id, so
 * mapped node i is the i-th lowest id and ascending placement is rank r on mapped node r), the collectives, the
 * distance table between the mapped nodes and, for the contention objective, their fixed routes.
 */
public final class RankProblem {

    private final Topology topology;
    private final int[] nodes;
    private final CollectiveMix mix;
    private final DistanceTable distances;
    private final RouteTable routes;
    private final int[] mappingOrder;

    private RankProblem(Topology topology, int[] nodes, CollectiveMix mix, DistanceTable distances, RouteTable routes,
                        int[] mappingOrder) {
        this.topology = topology;
        this.mappingOrder = mappingOrder;
        this.nodes = nodes;
        this.mix = mix;
        this.distances = distances;
        this.routes = routes;
    }

    /**
     * @param mapped     the job's terminals (any order; distinct)
     * @param withRoutes build the route table (needed by the contention objective and to report contention)
     * @param threads    threads for building the distance table
     */
    public static RankProblem of(Topology topology, int[] mapped, CollectiveMix mix, boolean withRoutes, int threads) {
        if (mapped.length != mix.procs()) {
            throw new IllegalArgumentException(mapped.length + " mapped nodes for " + mix.procs() + " processes");
        }
        int[] nodes = mapped.clone();
        Arrays.sort(nodes);
        DistanceTable distances = DistanceTable.build(topology, nodes, threads);
        RouteTable routes = withRoutes ? RouteTable.build(topology, nodes) : null;
        int[] order = new int[nodes.length];
        for (int r = 0; r < order.length; r++) {
            order[r] = Arrays.binarySearch(nodes, mapped[r]);
        }
        return new RankProblem(topology, nodes, mix, distances, routes, order);
    }

    public Topology topology() {
        return topology;
    }

    /** The mapped terminals in ascending id (a copy). */
    public int[] nodes() {
        return nodes.clone();
    }

    public int node(int slot) {
        return nodes[slot];
    }

    /** The slot of a mapped terminal, or a negative number when the terminal is not mapped. */
    int slotOf(int node) {
        return Arrays.binarySearch(nodes, node);
    }

    /** The terminal of every rank, given the slot of every rank. */
    public int[] ranks(int[] slots) {
        int[] ranks = new int[slots.length];
        for (int r = 0; r < slots.length; r++) {
            ranks[r] = nodes[slots[r]];
        }
        return ranks;
    }

    public CollectiveMix mix() {
        return mix;
    }

    public DistanceTable distances() {
        return distances;
    }

    /** Null when built without routes. */
    public RouteTable routes() {
        return routes;
    }

    public int procs() {
        return nodes.length;
    }

    /** Slot of every rank when rank r runs on the r-th node the mapping chose. */
    public int[] mappingOrder() {
        return mappingOrder.clone();
    }

    /**
     * A fresh evaluator with the given slot per rank.
     *
     * @param contention track contention move by move (needs routes)
     */
    public PlacementState state(int[] slots, boolean contention) {
        if (contention && routes == null) {
            throw new IllegalArgumentException("contention needs a problem built with routes");
        }
        return new PlacementState(mix, distances, contention ? routes : null, slots);
    }

    /** Possible contentions of a placement, or -1 when the problem has no routes. */
    public long contention(int[] slots) {
        return routes == null ? -1 : new PlacementState(mix, distances, routes, slots).contention();
    }
}
