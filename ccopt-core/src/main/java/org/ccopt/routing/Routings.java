package org.ccopt.routing;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * The deterministic routing of each family for the message and hop models ({@code routes}, {@code hops},
 * {@code rank}, {@code msgsim}): dimension order on tori and meshes (ties
 * towards +), e-cube on hypercubes, the nearest common ancestor on k-ary n-trees, destination-tag and Clos routing on
 * one-way multistage networks, and elsewhere the fixed shortest path of Cui 2024 (§3.3: SimGrid's Floyd shortest
 * paths). Every two-way one is a {@link RoutingFunction} of {@link RoutingFunctions} followed hop by hop, the very
 * function the flit engine runs under that name.
 */
public final class Routings {

    private Routings() {
    }

    public static Routing deterministic(Topology t, MinimalPaths paths) {
        Geometry g = t.geometry();
        if (g instanceof Geometry.Grid) {
            return dimensionOrder(t, DimensionOrderRouting.Tie.POSITIVE);
        }
        if (g instanceof Geometry.Hypercube h && !h.folded()) {
            return FunctionRouting.of(t, "ecube");
        }
        if (g instanceof Geometry.Multistage m && !m.kind().equals("clos-recursive")) {
            return new MultistageRouting(t);
        }
        if (g instanceof Geometry.Tree tree && (tree.kind().equals("fattree") || tree.kind().equals("kary-ntree"))) {
            return FunctionRouting.of(t, "nca");
        }
        return new ShortestPathRouting(paths);
    }

    /** Dimension-order routing ({@code dor}) on a torus or mesh, ties broken by {@code tie}, dimension 0 first. */
    public static Routing dimensionOrder(Topology t, DimensionOrderRouting.Tie tie) {
        return dimensionOrder(t, tie, false);
    }

    /** As {@link #dimensionOrder(Topology, DimensionOrderRouting.Tie)}, the last dimension first where {@code descending}. */
    public static Routing dimensionOrder(Topology t, DimensionOrderRouting.Tie tie, boolean descending) {
        if (!(t.geometry() instanceof Geometry.Grid grid)) {
            throw new IllegalArgumentException("dimension-order routing needs a mesh or torus, got " + t.spec());
        }
        RouterPorts net = new RouterPorts(t);
        return new FunctionRouting(net, new DimensionOrderRouting(net, grid, false, tie, descending), 0);
    }

    /**
     * The routing function {@code name} ({@link RoutingFunctions}) on {@code t} as paths, its tie on a torus by
     * {@code tie} (null: towards +); one line where it cannot route {@code t}.
     */
    public static Routing byName(Topology t, String name, DimensionOrderRouting.Tie tie) {
        if (t.isOneWay()) {
            throw FunctionRouting.oneWay(t, name);
        }
        RouterPorts net = new RouterPorts(t);
        RoutingFunction f = RoutingFunctions.create(name, net, tie == null ? DimensionOrderRouting.Tie.POSITIVE : tie);
        if (f.auxValues() > 1 || f.choosesEachHop()) {
            throw new org.ccopt.InvalidInputException("routing function '" + name + "' " + (f.choosesEachHop()
                    ? "chooses among minimal and escape routes by congestion at every hop" : "draws a route per packet"
                    + (f.adaptive() || f.adaptsEachHop() ? " and adapts it to congestion" : "")) + ", so no pair has one "
                    + "route; expected a deterministic one: "
                    + String.join(", ", RoutingFunctions.DETERMINISTIC));
        }
        return new FunctionRouting(net, f, 0);
    }
}
