package org.ccopt.flitsim;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.InputFiles;

/**
 * The full configuration of one simulation as a JSON document, so a run can be replayed exactly (the
 * "parameter-loading mode" of Yokota et al. 2023, App. A.1): topology, router sizes, the workload (destinations,
 * slices S, packets, flits L, interval V, delays I) and the arbitration genes C (one scheme per node and port,
 * node-major) and Q (one order per node, port and VC), and the router model's readings ({@link RouterModel#describe});
 * absent C or Q mean the uniform defaults, an absent model ccopt's own ({@link RouterModel#CCOPT}).
 *
 * <p>A run of BookSim's router ({@code "routerModel": "booksim"}) has no genes and no readings: its file names the
 * routing function instead ({@code routing}) and the seed its per-packet routing values are drawn from, and a gene,
 * slice function or routing beside the wrong router is refused with one line. A run of BookSim's router at other
 * than BookSim's default timing records it under {@code timing} ({@link Timing}).
 *
 * <p>{@code addressing} is absent (or {@code "physical"}) when the destinations are physical nodes, and
 * {@code "logical"} when they are logical addresses that a node mapping places ({@code ccopt sim --mapping}); the
 * router genes and injection delays are always per physical node.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SimParameters(String topology, int vcs, int bufferFlits, String traffic, Long seed, int[] destination,
                            int slices, int packetsPerSlice, int flitsPerPacket, int interval, int[] injectionDelay,
                            String defaultVcSelection, List<String> vcSelection, List<int[]> queueOrder,
                            Boolean atomicVcAllocation, Boolean sliceReinitialization, Boolean sliceInterlocking,
                            String routerModel, String addressing, String routing, Timing timing) {

    /**
     * BookSim's router's settings that differ from its defaults: channel latencies ({@code linkLatency}, {@code
     * globalLatency}), {@code routingDelay}, {@code creditDelay}, {@code waitForTailCredit}, {@code allocIters}, the
     * allocators by BookSim's names ({@code vcAllocator}, {@code swAllocator}) and the allocation delays
     * ({@code vcAllocDelay}, {@code swAllocDelay}), {@code inputSpeedup}, the switch traversal delay
     * ({@code traversalDelay}, BookSim's {@code st_prepare_delay + st_final_delay}), {@code internalSpeedup} and
     * {@code outputSpeedup}; null: the default.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Timing(Integer linkLatency, Integer globalLatency, Integer routingDelay, Integer creditDelay,
                         Boolean waitForTailCredit, Integer allocIters, String vcAllocator, String swAllocator,
                         Integer vcAllocDelay, Integer swAllocDelay, Integer inputSpeedup, Integer traversalDelay,
                         Integer internalSpeedup, Integer outputSpeedup) {

        /** The fields of {@code t} that differ from BookSim's defaults, or null where none does. */
        static Timing of(org.ccopt.flitsim.net.RouterTiming t) {
            org.ccopt.flitsim.net.RouterTiming d = org.ccopt.flitsim.net.RouterTiming.BOOKSIM;
            if (t == null || t.equals(d)) {
                return null;
            }
            return new Timing(t.linkLatency() == d.linkLatency() ? null : t.linkLatency(),
                    t.globalLatency() == d.globalLatency() ? null : t.globalLatency(),
                    t.routingDelay() == d.routingDelay() ? null : t.routingDelay(),
                    t.creditDelay() == d.creditDelay() ? null : t.creditDelay(),
                    t.waitForTailCredit() == d.waitForTailCredit() ? null : t.waitForTailCredit(),
                    t.allocIters() == d.allocIters() ? null : t.allocIters(),
                    t.vcAllocator().equals(d.vcAllocator()) ? null : t.vcAllocator(),
                    t.swAllocator().equals(d.swAllocator()) ? null : t.swAllocator(),
                    t.vcAllocDelay() == d.vcAllocDelay() ? null : t.vcAllocDelay(),
                    t.swAllocDelay() == d.swAllocDelay() ? null : t.swAllocDelay(),
                    t.inputSpeedup() == d.inputSpeedup() ? null : t.inputSpeedup(),
                    t.stDelay() == d.stDelay() ? null : t.stDelay(),
                    t.internalSpeedup() == d.internalSpeedup() ? null : t.internalSpeedup(),
                    t.outputSpeedup() == d.outputSpeedup() ? null : t.outputSpeedup());
        }

        /** BookSim's defaults with these fields. */
        org.ccopt.flitsim.net.RouterTiming timing() {
            org.ccopt.flitsim.net.RouterTiming d = org.ccopt.flitsim.net.RouterTiming.BOOKSIM;
            return d.withLatencies(linkLatency == null ? d.linkLatency() : linkLatency,
                    globalLatency == null ? d.globalLatency() : globalLatency)
                    .withRoutingDelay(routingDelay == null ? d.routingDelay() : routingDelay)
                    .withCreditDelay(creditDelay == null ? d.creditDelay() : creditDelay)
                    .withWaitForTailCredit(waitForTailCredit != null && waitForTailCredit)
                    .withAllocIters(allocIters == null ? d.allocIters() : allocIters)
                    .withAllocators(vcAllocator == null ? d.vcAllocator() : vcAllocator,
                            swAllocator == null ? d.swAllocator() : swAllocator)
                    .withAllocationDelays(vcAllocDelay == null ? d.vcAllocDelay() : vcAllocDelay,
                            swAllocDelay == null ? d.swAllocDelay() : swAllocDelay)
                    .withInputSpeedup(inputSpeedup == null ? d.inputSpeedup() : inputSpeedup)
                    .withTraversalDelay(traversalDelay == null ? d.stDelay() : traversalDelay)
                    .withInternalSpeedup(internalSpeedup == null ? d.internalSpeedup() : internalSpeedup)
                    .withOutputSpeedup(outputSpeedup == null ? d.outputSpeedup() : outputSpeedup);
        }
    }

    /** The value of {@code addressing} for destinations given as logical addresses. */
    public static final String LOGICAL = "logical";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT) // 1.5 cycles is refused, not read as 1
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /** Captures a configuration and workload. */
    public static SimParameters of(Topology t, RouterConfig config, Workload w, String traffic, Long seed) {
        List<String> c = new ArrayList<>();
        List<int[]> q = new ArrayList<>();
        for (int u = 0; u < config.nodes(); u++) {
            for (int p = 0; p < config.ports(); p++) {
                c.add(config.vcSelection(u, p).name());
                for (int v = 0; v < config.vcs(); v++) {
                    q.add(config.queueOrder(u, p, v));
                }
            }
        }
        return new SimParameters(t.spec(), config.vcs(), config.bufferFlits(), traffic, seed, w.destination(),
                w.slices(), w.packetsPerSlice(), w.flitsPerPacket(), w.interval(), w.injectionDelay(), null, c, q,
                null, config.sliceReinitialization(), config.sliceInterlocking(), config.model().describe(), null, null, null);
    }

    /**
     * Captures a run of {@code setup}'s router: the papers' under {@code config} ({@link #of(Topology, RouterConfig,
     * Workload, String, Long)}), or BookSim's, whose file holds its routing function and no genes ({@code config} is not
     * read).
     */
    public static SimParameters of(FlitSetup setup, RouterConfig config, Workload w, String traffic, Long seed) {
        if (setup.papersRouter()) {
            return of(setup.topology(), config, w, traffic, seed);
        }
        return new SimParameters(setup.topology().spec(), setup.vcs(), setup.bufferFlits(), traffic, seed, w.destination(),
                w.slices(), w.packetsPerSlice(), w.flitsPerPacket(), w.interval(), w.injectionDelay(), null, null, null,
                null, null, null, SimJob.Request.ENGINE_MODEL, null, setup.routingName(), Timing.of(setup.engineTiming()));
    }

    /**
     * The same parameters with the logical destinations {@code logical} in place of the physical ones, for replay
     * under the node mapping that placed them ({@code ccopt sim --mapping M --params P}).
     */
    public SimParameters logical(int[] logical) {
        return new SimParameters(topology, vcs, bufferFlits, traffic, seed, logical.clone(), slices, packetsPerSlice,
                flitsPerPacket, interval, injectionDelay, defaultVcSelection, vcSelection, queueOrder, atomicVcAllocation,
                sliceReinitialization, sliceInterlocking, routerModel, LOGICAL, routing, timing);
    }

    /** Whether the destinations are logical addresses (see the class comment); anything but the two words is refused. */
    public boolean hasLogicalDestinations() {
        if (addressing == null || addressing.equals("physical")) {
            return false;
        }
        if (addressing.equals(LOGICAL)) {
            return true;
        }
        throw new InvalidInputException("parameter file has addressing '" + addressing + "'; expected physical or logical");
    }

    /** Whether the file is a run of BookSim's router ({@code "routerModel": "booksim"}). */
    public boolean booksim() {
        return SimJob.Request.ENGINE_MODEL.equals(routerModel);
    }

    /**
     * The router the file names: BookSim's ({@code "routerModel": "booksim"}) under its routing and timing, which takes no
     * gene or slice function, or the papers' under {@link #model}.
     */
    public RouterKind kind() {
        if (!booksim()) {
            return new RouterKind.Papers(model());
        }
        String gene = defaultVcSelection != null || vcSelection != null ? "vcSelection" : queueOrder != null ? "queueOrder"
                : atomicVcAllocation != null ? "atomicVcAllocation" : Boolean.TRUE.equals(sliceReinitialization)
                ? "sliceReinitialization" : Boolean.TRUE.equals(sliceInterlocking) ? "sliceInterlocking" : null;
        if (gene != null) {
            throw new InvalidInputException("parameter file names BookSim's router (\"routerModel\": \"booksim\") and "
                    + "gives \"" + gene + "\", which only the papers' router has; expected no genes or slice functions");
        }
        return new RouterKind.Booksim(routing, timing == null ? null : timing.timing());
    }

    /**
     * The papers' router's model the file names ({@link RouterModel#CCOPT} when it names none); a file of BookSim's router
     * names none ({@link #kind}). {@code atomicVcAllocation}, the field of files written before the model existed, is its
     * VC release; a file that gives both must agree.
     */
    public RouterModel model() {
        if (booksim()) {
            throw new IllegalStateException("a parameter file of BookSim's router names no model of the papers' router");
        }
        if (timing != null) {
            throw new InvalidInputException("parameter file gives \"timing\", which only BookSim's router takes "
                    + "(\"routerModel\": \"booksim\"); the papers' router has its own timing");
        }
        if (routing != null) {
            throw new InvalidInputException("parameter file gives \"routing\", which only BookSim's "
                    + "router takes (\"routerModel\": \"booksim\"); the papers' router routes by its model's readings");
        }
        RouterModel m = routerModel == null ? RouterModel.CCOPT : RouterModel.parse(routerModel);
        if (atomicVcAllocation == null) {
            return m;
        }
        RouterModel.VcRelease release = atomicVcAllocation ? RouterModel.VcRelease.DRAINED : RouterModel.VcRelease.TAIL;
        if (routerModel != null && m.vcRelease() != release) {
            throw new InvalidInputException("parameter file says atomicVcAllocation " + atomicVcAllocation + " but routerModel has "
                    + "vc-release=" + m.vcRelease().key() + "; expected one of them, or both agreeing");
        }
        return m.withVcRelease(release);
    }

    public Topology buildTopology() {
        return TopologySpec.parse(topology);
    }

    /** The network and the router these parameters name: the papers' under its model, or BookSim's under its routing. */
    public FlitSetup setup() {
        return new FlitSetup(buildTopology(), vcs, bufferFlits, kind());
    }

    /**
     * The seed BookSim's router draws its per-packet routing values from: the file's, else
     * {@link FlitSetup#ROUTER_SEED}.
     */
    public long routerSeed() {
        return seed == null ? FlitSetup.ROUTER_SEED : seed;
    }

    /** A fresh router of these parameters: the papers' simulator, or BookSim's router drawing from {@link #routerSeed}. */
    public FlitRouter router() {
        return setup().router(routerSeed());
    }

    /**
     * The configuration a run of these parameters uses on {@code router} (one of {@link #setup}'s): the papers' genes
     * ({@link #routerConfig}), or on BookSim's router, which reads none, a configuration of its size.
     */
    public RouterConfig config(FlitRouter router) {
        return router instanceof FlitSimulator sim ? routerConfig(sim) : setup().uniformConfig(VcSelection.C00);
    }

    public Workload workload() {
        return new Workload(destination, slices, packetsPerSlice, flitsPerPacket, interval, injectionDelay);
    }

    /** The router configuration of these parameters for the routers of {@code sim} (built from {@link #buildTopology}). */
    public RouterConfig routerConfig(FlitSimulator sim) {
        RouterModel m = model();
        RouterConfig config = sim.uniformConfig(defaultVcSelection == null ? m.defaultScheme()
                : VcSelection.parse(defaultVcSelection), m);
        int nodes = config.nodes();
        int ports = config.ports();
        if (vcSelection != null) {
            if (vcSelection.size() != nodes * ports) {
                throw new InvalidInputException("vcSelection has " + vcSelection.size() + " entries; expected routers x ports = "
                        + nodes * ports);
            }
            for (int i = 0; i < vcSelection.size(); i++) {
                config.setVcSelection(i / ports, i % ports, VcSelection.parse(vcSelection.get(i)));
            }
        }
        if (queueOrder != null) {
            if (queueOrder.size() != nodes * ports * vcs) {
                throw new InvalidInputException("queueOrder has " + queueOrder.size() + " entries; expected routers x ports x vcs = "
                        + nodes * ports * vcs);
            }
            for (int i = 0; i < queueOrder.size(); i++) {
                config.setQueueOrder(i / (ports * vcs), (i / vcs) % ports, i % vcs, queueOrder.get(i));
            }
        }
        return config.withSliceReinitialization(Boolean.TRUE.equals(sliceReinitialization))
                .withSliceInterlocking(Boolean.TRUE.equals(sliceInterlocking));
    }

    public String toJson() {
        try {
            return MAPPER.writeValueAsString(this) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses a parameter document (the text {@link #toJson} writes). */
    public static SimParameters parse(String json) {
        try {
            return MAPPER.readValue(json, SimParameters.class);
        } catch (IOException e) {
            throw new InvalidInputException("cannot parse parameters" + InputFiles.where(e)
                    + "; expected the JSON 'ccopt sim --save-params' writes");
        }
    }

    /**
     * Refuses a name the file gives that ccopt does not know, in one line that does not repeat it (a file's text is never
     * quoted back): its topology, router model, routing function, VC selection schemes and traffic label.
     */
    private void requireKnownNames(Path file) {
        known(file, "topology", () -> TopologySpec.parse(topology), "a network spec as 'ccopt topo' takes");
        if (routerModel != null && !booksim()) {
            known(file, "routerModel", () -> RouterModel.parse(routerModel), "ccopt, yokota2018, yokota2023, booksim or the "
                    + "key=value readings --save-params writes");
        }
        if (routing != null) {
            known(file, "routing", RoutingFunctions.NAMES.contains(routing), "one of "
                    + String.join(", ", RoutingFunctions.NAMES));
        }
        if (defaultVcSelection != null) {
            known(file, "defaultVcSelection", () -> VcSelection.parse(defaultVcSelection), "C00 .. C09");
        }
        if (vcSelection != null) {
            for (String scheme : vcSelection) {
                known(file, "vcSelection", () -> VcSelection.parse(scheme), "C00 .. C09 for every port");
            }
        }
        if (traffic != null) {
            known(file, "traffic", () -> {
                for (String name : traffic.split(",", -1)) {
                    TrafficPattern.parse(name);
                }
            }, "the pattern names 'sim --traffic' takes, comma-separated");
        }
    }

    private static void known(Path file, String field, Runnable parse, String expected) {
        boolean parsed;
        try {
            parse.run();
            parsed = true;
        } catch (InvalidInputException e) {
            parsed = false;
        }
        known(file, field, parsed, expected);
    }

    private static void known(Path file, String field, boolean known, String expected) {
        if (!known) {
            throw new InvalidInputException("parameter file '" + file + "' gives a \"" + field + "\" ccopt does not know "
                    + "(not repeated here); expected " + expected);
        }
    }

    public static SimParameters read(Path file) {
        String text = InputFiles.read(file, "parameter file", "a JSON file written by 'ccopt sim --save-params'");
        try {
            SimParameters p = MAPPER.readValue(text, SimParameters.class);
            if (p == null || p.topology() == null || p.destination() == null) {
                throw new InvalidInputException("parameter file '" + file + "' lacks \"topology\" or \"destination\"");
            }
            p.requireKnownNames(file);
            return p;
        } catch (IOException e) {
            throw new InvalidInputException("cannot read parameter file '" + file + "'" + InputFiles.where(e)
                    + "; expected the JSON 'ccopt sim --save-params' writes");
        }
    }
}
