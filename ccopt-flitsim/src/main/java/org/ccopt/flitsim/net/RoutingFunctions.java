package org.ccopt.flitsim.net;

import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;

/** The flit engine's routing functions by name, and the default for each kind of network. */
public final class RoutingFunctions {

    /** Every name, in the order the help lists them. */
    public static final List<String> NAMES = List.of("dor", "dor-booksim", "ecube", "nca", "dragonfly-min", "dragonfly-valiant",
            "dragonfly-ugal", "min-hop", "updown");

    private RoutingFunctions() {
    }

    /**
     * The default routing function of a network: {@code dor} on tori and meshes, {@code ecube} on hypercubes,
     * {@code nca} on trees, {@code dragonfly-min} on Dragonflies, {@code min-hop} on any other graph.
     */
    public static String defaultName(FlitNetwork net) {
        return defaultName(net.topology());
    }

    /** {@link #defaultName(FlitNetwork)} from the topology alone (no ports need building). */
    public static String defaultName(Topology topology) {
        Geometry g = topology.geometry();
        if (g instanceof Geometry.Grid) {
            return "dor";
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
        return "min-hop";
    }

    /** The routing function {@code name} on {@code net}; one line naming what applies where it cannot. */
    public static RoutingFunction create(String name, FlitNetwork net) {
        Geometry g = net.topology().geometry();
        String spec = net.topology().spec();
        switch (name) {
            case "dor", "dor-booksim" -> {
                if (g instanceof Geometry.Grid grid) {
                    return new DimensionOrderRouting(net, grid, name.equals("dor-booksim"));
                }
                throw notFor(name, spec, "a torus or mesh");
            }
            case "ecube" -> {
                if (g instanceof Geometry.Hypercube h) {
                    return new ECubeRouting(net, h.dimension());
                }
                throw notFor(name, spec, "a hypercube");
            }
            case "nca" -> {
                if (g instanceof Geometry.Tree && !net.topology().isDirect()) {
                    return UpDownRouting.nca(net);
                }
                throw notFor(name, spec, "a fat tree (fattree, kary-ntree, btree)");
            }
            case "dragonfly-min", "dragonfly-valiant", "dragonfly-ugal" -> {
                if (g instanceof Geometry.Dragonfly df) {
                    return new DragonflyRouting(net, df, name.endsWith("valiant"), name.endsWith("ugal"));
                }
                throw notFor(name, spec, "a Dragonfly");
            }
            case "min-hop" -> {
                return new MinimalHopRouting(net);
            }
            case "updown" -> {
                return UpDownRouting.updown(net);
            }
            default -> throw new InvalidInputException("unknown routing function '" + name + "'; expected one of "
                    + String.join(", ", NAMES));
        }
    }

    private static InvalidInputException notFor(String name, String spec, String what) {
        return new InvalidInputException("routing function '" + name + "' needs " + what + "; got '" + spec
                + "'; min-hop and updown route any network");
    }
}
