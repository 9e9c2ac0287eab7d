package org.ccopt.routing;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/**
 * The routing functions by name, one implementation each, which every model routes by: the flit routers hop by hop,
 * and {@code routes}, {@code hops}, {@code rank} and {@code msgsim} through their paths
 * ({@link FunctionRouting}). {@link #defaultName} is the flit level's default for each kind of network;
 * {@link Routings#deterministic} the message and hop models' (docs/routing.md lists both).
 */
public final class RoutingFunctions {

    /** The names whose route is one per pair (no per-packet draw), which {@code routes --routing} takes. */
    public static final List<String> DETERMINISTIC = List.of("dor", "dor-booksim", "ecube", "nca", "dragonfly-min",
            "min-hop", "shortest-path", "updown");

    /** Every name, in the order the help lists them. */
    public static final List<String> NAMES = List.of("dor", "dor-booksim", "ecube", "nca", "nca-random",
            "dragonfly-min", "dragonfly-valiant", "dragonfly-ugal", "min-hop", "shortest-path", "updown", "min-adaptive",
            "min-adaptive-dor", "min-adaptive-booksim", "xy-yx", "adaptive-xy-yx", "valiant", "romm", "anca", "ugal");

    private RoutingFunctions() {
    }

    /**
     * The flit engine's default routing function of a network: {@code dor-booksim} on tori (BookSim's VC classes, which
     * balance the two classes where {@code dor}'s datelines crowd class 0: on {@code torus:32x32} under uniform traffic
     * at 0.1 flits/terminal/cycle {@code dor} saturates, docs/routing.md), {@code dor} on meshes, concentrated meshes
     * and flattened butterflies, {@code ecube} on hypercubes, {@code nca} on trees, {@code dragonfly-min} on Dragonflies,
     * {@code min-hop} on any other graph.
     */
    public static String defaultName(RouterPorts net) {
        return defaultName(net.topology());
    }

    /** {@link #defaultName(RouterPorts)} from the topology alone (no ports need building). */
    public static String defaultName(Topology topology) {
        Geometry g = topology.geometry();
        if (g instanceof Geometry.Grid grid) {
            return grid.wrap() ? "dor-booksim" : "dor";
        }
        if (g instanceof Geometry.Hypercube) {
            return "ecube";
        }
        if (g instanceof Geometry.Tree && !topology.isDirect()) {
            return "nca";
        }
        if (g instanceof Geometry.Dragonfly) {
            return "dragonfly-min";
        }
        if (g instanceof Geometry.FlattenedButterfly || g instanceof Geometry.ConcentratedMesh) {
            return "dor";
        }
        return "min-hop";
    }

    /** The routing function {@code name} on {@code net}; one line naming what applies where it cannot. */
    public static RoutingFunction create(String name, RouterPorts net) {
        return create(name, net, null);
    }

    /**
     * As {@link #create(String, RouterPorts)}, a torus's dimension-order tie at k/2 broken by {@code tie} (null: drawn
     * per packet, as BookSim does); the other functions have no tie.
     */
    public static RoutingFunction create(String name, RouterPorts net, DimensionOrderRouting.Tie tie) {
        Geometry g = net.topology().geometry();
        String spec = net.topology().spec();
        switch (name) {
            case "dor", "dor-booksim" -> {
                if (g instanceof Geometry.Grid grid) {
                    return new DimensionOrderRouting(net, grid, name.equals("dor-booksim"), tie);
                }
                if (g instanceof Geometry.FlattenedButterfly ff && name.equals("dor")) {
                    return new FlatflyRouting(net, ff, FlatflyRouting.Mode.MINIMAL);
                }
                if (g instanceof Geometry.ConcentratedMesh cm && name.equals("dor")) {
                    return new CmeshRouting(net, cm);
                }
                throw notFor(name, spec, name.equals("dor") ? "a torus, mesh, concentrated mesh or flattened butterfly"
                        : "a torus or mesh");
            }
            case "ecube" -> {
                if (g instanceof Geometry.Hypercube h) {
                    return new ECubeRouting(net, h.dimension());
                }
                throw notFor(name, spec, "a hypercube");
            }
            case "nca", "nca-random" -> {
                if (g instanceof Geometry.Tree && !net.topology().isDirect()) {
                    return UpDownRouting.nca(net, name.equals("nca-random"));
                }
                throw notFor(name, spec, "a fat tree (fattree, kary-ntree, btree)");
            }
            case "dragonfly-min", "dragonfly-valiant", "dragonfly-ugal" -> {
                if (g instanceof Geometry.Dragonfly df) {
                    return new DragonflyRouting(net, df, name.endsWith("valiant"), name.endsWith("ugal"));
                }
                throw notFor(name, spec, "a Dragonfly");
            }
            case "anca" -> {
                if (g instanceof Geometry.Tree && !net.topology().isDirect()) {
                    return UpDownRouting.anca(net);
                }
                throw notFor(name, spec, "a fat tree (fattree, kary-ntree, btree)");
            }
            case "min-hop", "shortest-path" -> {
                return new MinimalHopRouting(net, name.equals("shortest-path"));
            }
            case "updown" -> {
                return UpDownRouting.updown(net);
            }
            case "min-adaptive" -> {
                return MinimalAdaptiveRouting.updown(net);
            }
            case "min-adaptive-dor" -> {
                if (g instanceof Geometry.Grid grid) {
                    return MinimalAdaptiveRouting.dimensionOrder(net, new DimensionOrderRouting(net, grid, true, tie),
                            RoutingFunction.Choice.LEAST_OCCUPIED);
                }
                throw notFor(name, spec, "a torus or mesh");
            }
            case "valiant" -> {
                if (g instanceof Geometry.Grid grid) {
                    return new GridValiantRouting(net, grid, false);
                }
                if (g instanceof Geometry.FlattenedButterfly ff) {
                    return new FlatflyRouting(net, ff, FlatflyRouting.Mode.VALIANT);
                }
                throw notFor(name, spec, "a torus, mesh or flattened butterfly (dragonfly-valiant routes a Dragonfly)");
            }
            case "ugal" -> {
                if (g instanceof Geometry.FlattenedButterfly ff) {
                    return new FlatflyRouting(net, ff, FlatflyRouting.Mode.UGAL);
                }
                throw notFor(name, spec, "a flattened butterfly (dragonfly-ugal routes a Dragonfly)");
            }
            case "romm" -> {
                if (g instanceof Geometry.Grid grid && !grid.wrap()) {
                    return new GridValiantRouting(net, grid, true);
                }
                throw notFor(name, spec, "a mesh");
            }
            case "xy-yx", "adaptive-xy-yx" -> {
                if (g instanceof Geometry.Grid grid && !grid.wrap()) {
                    return new XyYxRouting(net, grid, name.startsWith("adaptive"));
                }
                throw notFor(name, spec, "a mesh");
            }
            case "min-adaptive-booksim" -> {
                if (g instanceof Geometry.Grid grid && !grid.wrap()) {
                    return MinimalAdaptiveRouting.dimensionOrder(net, new DimensionOrderRouting(net, grid, true, tie),
                            RoutingFunction.Choice.ALLOCATOR);
                }
                throw notFor(name, spec, "a mesh (BookSim's min_adapt_torus adapts on one VC of four; min-adaptive-dor "
                        + "routes a torus)");
            }
            default -> throw new InvalidInputException("unknown routing function '" + name + "'; expected one of "
                    + String.join(", ", NAMES));
        }
    }

    private static InvalidInputException notFor(String name, String spec, String what) {
        return new InvalidInputException("routing function '" + name + "' needs " + what + "; got '" + spec
                + "'; min-hop, shortest-path, updown and min-adaptive route any two-way network");
    }
}
