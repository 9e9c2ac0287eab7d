package org.ccopt.routing;

import java.util.Arrays;
import org.ccopt.InvalidInputException;
import org.ccopt.topology.Topology;

/**
 * The paths of a routing function: the nodes a lone packet visits from its source terminal to its destination
 * terminal when {@link RoutingFunction#route} is followed hop by hop from the terminal's injection port, with the
 * per-packet value {@code aux} (0 for a deterministic function). So the route {@code ccopt routes} prints and the
 * route a packet takes in the flit engine are one computation.
 *
 * <p>A routing function runs between terminals: on an indirect network a switch endpoint is refused with one line
 * ({@link Routing#requireTerminals}).
 */
public final class FunctionRouting implements Routing {

    private final RouterPorts net;
    private final RoutingFunction function;
    private final int aux;

    public FunctionRouting(RouterPorts net, RoutingFunction function, int aux) {
        if (aux < 0 || aux >= function.auxValues()) {
            throw new IllegalArgumentException("per-packet value " + aux + " of '" + function.name() + "'; expected 0.."
                    + (function.auxValues() - 1));
        }
        this.net = net;
        this.function = function;
        this.aux = aux;
    }

    /** The deterministic routing function {@code name} (one per-packet value) on {@code topology}'s routers. */
    public static FunctionRouting of(Topology topology, String name) {
        RouterPorts net = new RouterPorts(topology);
        return new FunctionRouting(net, RoutingFunctions.create(name, net), 0);
    }

    public RoutingFunction function() {
        return function;
    }

    @Override
    public Topology topology() {
        return net.topology();
    }

    @Override
    public int[] route(int source, int destination) {
        Topology t = net.topology();
        Routing.requireTerminals(t, function.name(), source, destination);
        if (source == destination) {
            return new int[] {source};
        }
        boolean direct = t.isDirect();
        int[] path = new int[8];
        int length = 0;
        path[length++] = source;
        int router = net.terminalRouter(source);
        int inPort = net.terminalPort(source) - net.portStart(router);
        int inClass = 0;
        if (!direct) {
            path[length++] = net.routerNode(router);
        }
        for (int hops = 0; ; hops++) {
            if (hops > net.routers()) {
                throw new IllegalStateException("routing function '" + function.name() + "' loops between " + source
                        + " and " + destination + " on " + t.spec());
            }
            int r = function.route(router, inPort, inClass, destination, aux);
            int port = net.portStart(router) + RoutingFunction.port(r);
            if (net.portTerminal(port) >= 0) {
                if (net.portTerminal(port) != destination) {
                    throw new IllegalStateException("routing function '" + function.name() + "' ejects a packet for "
                            + destination + " at terminal " + net.portTerminal(port) + " on " + t.spec());
                }
                if (!direct) {
                    path = grow(path, length);
                    path[length++] = destination;
                }
                return Arrays.copyOf(path, length);
            }
            int peer = net.peerPort(port);
            router = net.portRouter(peer);
            inPort = peer - net.portStart(router);
            inClass = RoutingFunction.vcClass(r);
            path = grow(path, length);
            path[length++] = net.routerNode(router);
        }
    }

    private static int[] grow(int[] path, int length) {
        return length < path.length ? path : Arrays.copyOf(path, 2 * length);
    }

    @Override
    public String name() {
        return function.name();
    }

    /** One line for a routing function that cannot route {@code t} ({@link RouterPorts} needs two-way links). */
    static InvalidInputException oneWay(Topology t, String name) {
        return new InvalidInputException("routing function '" + name + "' routes two-way networks; '" + t.spec()
                + "' is one-way and is routed by its stages (destination-tag, Clos) or its shortest paths");
    }
}
