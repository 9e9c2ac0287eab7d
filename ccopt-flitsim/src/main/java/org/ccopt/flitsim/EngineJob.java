package org.ccopt.flitsim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.net.Destinations;
import org.ccopt.flitsim.net.EngineSetup;
import org.ccopt.flitsim.net.LoadSweep;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopRouter;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.flitsim.net.PacketSizes;
import org.ccopt.flitsim.net.PacketWatch;
import org.ccopt.flitsim.net.RequestReply;
import org.ccopt.topology.Topology;

/**
 * {@code ccopt sim --rate}: one open-loop load, or a latency-throughput curve with its saturation throughput
 * ({@link LoadSweep}), on any network, on the router of a {@link FlitSetup} ({@link FlitSetup#openLoop}): BookSim's or
 * the papers' under a preset. Closed batches on either router are {@link SimJob}'s.
 */
public final class EngineJob {

    private EngineJob() {
    }

    /**
     * One run.
     *
     * @param setup       the network and router: the papers' under its model (routing by the model's readings), or
     *                    BookSim's under its routing function
     * @param traffic     the pattern, or null: {@code uniform}
     * @param rates       one load R or a curve FROM:TO:STEP ({@link LoadSweep#parseRates})
     * @param process     {@code bernoulli} or {@code on-off} (null: bernoulli)
     * @param burst       the mean on period of an on-off source (null: {@link EngineSetup#DEFAULT_BURST})
     * @param warmup      the open-loop protocol's cycles (null: {@link LoadSweep.Protocol#DEFAULT}'s), likewise
     *                    {@code window} and {@code drain}
     * @param sizes       a mix of packet sizes in place of {@code packetFlits} (null: every packet {@code packetFlits})
     * @param watch       packets whose life is recorded, by number in creation order ({@link PacketWatch}; one load on
     *                    BookSim's router), or null
     * @param requestReply requests answered by replies, in place of {@code packetFlits} and {@code sizes}
     *                    ({@link RequestReply}; BookSim's router), or null
     */
    public record Request(FlitSetup setup, String traffic, int packetFlits, long seed, String rates, String process,
                          Double burst, Integer warmup, Integer window, Integer drain, PacketSizes sizes,
                          List<Integer> watch, RequestReply requestReply) {

        public Request {
            java.util.Objects.requireNonNull(setup, "setup");
            java.util.Objects.requireNonNull(rates, "rates");
        }

        /** A request of one packet size, nothing watched. */
        public Request(FlitSetup setup, String traffic, int packetFlits, long seed, String rates, String process,
                       Double burst, Integer warmup, Integer window, Integer drain) {
            this(setup, traffic, packetFlits, seed, rates, process, burst, warmup, window, drain, null, null, null);
        }

        /** The packet sizes run: the mix asked for, else {@code packetFlits} for every packet. */
        public PacketSizes packetSizes() {
            return sizes != null ? sizes : PacketSizes.of(packetFlits);
        }

        public Topology topology() {
            return setup.topology();
        }

        /** The pattern run: the one asked for, else {@code uniform}. */
        public String trafficName() {
            return traffic != null ? traffic : "uniform";
        }

        /** The injection process of an open load. */
        public String processName() {
            return process == null ? "bernoulli" : process;
        }
    }

    /** The loads of an open-loop run. */
    public record Outcome(Request request, LoadSweep.Curve curve, List<PacketWatch.Row> watched) {

        /** The router's name: {@code booksim}, or the papers' preset. */
        public String router() {
            FlitSetup s = request.setup();
            return s.kind().name();
        }

        /** The routing function that ran. */
        public String routing() {
            return request.setup().routingName();
        }

        /** A curve of two or more loads, whose saturation throughput was found. */
        public boolean isCurve() {
            return curve != null && curve.isCurve();
        }

        /** The set-up in words, as the text output's first line gives it. */
        public String setup() {
            FlitSetup s = request.setup();
            String changes = s.papersRouter() ? "" : s.engineTiming().changes();
            return "on " + s.topology().spec() + ", router " + router() + (changes.isEmpty() ? "" : " (" + changes + ")")
                    + ", routing " + routing() + ", " + s.vcs() + " VCs x "
                    + s.bufferFlits() + " flits, " + (request.requestReply() != null ? "request-reply "
                    + request.requestReply() + " flits" : request.sizes() == null ? request.packetFlits() + "-flit packets"
                    : "packets of " + request.sizes() + " flits:weight");
        }

        /**
         * The figures {@code --json} prints: the set-up, each load's row in {@code loads} (one load's fields also at the
         * top, so that an experiment file can sweep the rate) and the saturation throughput of a curve.
         */
        public Map<String, Object> figures() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("topology", request.topology().spec());
            out.put("traffic", request.trafficName());
            RouterModel.putModel(out, request.setup().kind(), request.topology());
            out.put("routing", routing());
            if (!request.setup().papersRouter() && !request.setup().engineTiming().changes().isEmpty()) {
                out.put("routerSettings", request.setup().engineTiming().changes());
            }
            out.put("vcs", request.setup().vcs());
            out.put("bufferFlits", request.setup().bufferFlits());
            RequestReply rr = request.requestReply();
            if (rr != null) {
                out.put("requestReply", rr.spec());
                out.put("writeFraction", rr.writeFraction());
            } else if (request.sizes() == null) {
                out.put("packetFlits", request.packetFlits());
            } else {
                out.put("packetSizes", request.sizes().toString());
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (LoadSweep.Point point : curve.points()) {
                OpenLoopResult r = point.result();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("rate", point.rate());
                row.put("offered", r.offered());
                row.put("accepted", r.accepted());
                row.put("packetLatency", r.packetLatency());
                row.put("latencyP50", r.latencyP50());
                row.put("latencyP99", r.latencyP99());
                row.put("latencyMax", r.latencyMax());
                row.put("networkLatency", r.networkLatency());
                row.put("hops", r.hops());
                row.put("packets", r.packets());
                row.put("saturated", point.saturated());
                row.put("measured", point.verdict() != LoadSweep.Verdict.NOT_MEASURED);
                rows.add(row);
            }
            out.put("process", request.processName());
            if (rows.size() == 1) {
                out.putAll(rows.get(0));
            }
            out.put("loads", rows);
            if (isCurve()) {
                out.put("saturationThroughput", curve.saturation());
                out.put("saturationOffered", curve.saturationOffered());
            }
            if (watched != null) {
                out.put("watch", watched);
            }
            return out;
        }

        /** The outcome as text: a table of the loads, and the saturation throughput of a curve. */
        public List<String> lines() {
            String name = request.trafficName();
            List<String> lines = new ArrayList<>();
            lines.add(name + " " + setup() + ", " + request.processName());
            lines.add(String.format(Locale.ROOT, "%7s %8s %8s %8s %6s %6s %6s %8s %6s %s", "rate", "offered", "accepted",
                    "latency", "p50", "p99", "max", "network", "hops", ""));
            for (LoadSweep.Point point : curve.points()) {
                OpenLoopResult r = point.result();
                lines.add(String.format(Locale.ROOT, "%7.3f %8.4f %8.4f %8.1f %6d %6d %6d %8.1f %6.2f %s", point.rate(),
                        r.offered(), r.accepted(), r.packetLatency(), r.latencyP50(), r.latencyP99(), r.latencyMax(),
                        r.networkLatency(), r.hops(), switch (point.verdict()) {
                            case SATURATED -> "saturated";
                            case NOT_MEASURED -> "not measured";
                            case STABLE -> "";
                        }));
            }
            if (isCurve() && curve.saturationPoint() == null) {
                lines.add("saturation throughput: 0 (no load was measured stable)");
            } else if (isCurve()) {
                lines.add(String.format(Locale.ROOT, "saturation throughput: %.3f flits/terminal/cycle accepted at an offered "
                        + "%.3f, the highest load measured stable (bisection to %.3f)", curve.saturation(),
                        curve.saturationOffered(), LoadSweep.TOLERANCE));
            }
            if (watched != null) {
                lines.add("watched packets (" + watched.size() + " events): cycle, packet, event, router, port, VC");
                for (PacketWatch.Row r : watched) {
                    lines.add(String.format(Locale.ROOT, "%9d %8d %-10s %6d %4d %3d", r.cycle(), r.packet(),
                            r.event().name().toLowerCase(Locale.ROOT), r.router(), r.port(), r.vc()));
                }
            }
            return lines;
        }
    }

    /** Builds the set-up's router (one line where its routing cannot route the network) and runs the loads. */
    public static Outcome run(Request q) {
        LoadSweep.Protocol protocol = protocol(q);
        long nodeCycles = (long) q.topology().nodeCount() * (protocol.warmup() + protocol.window() + protocol.drain());
        if (nodeCycles > MAX_NODE_CYCLES) {
            throw new InvalidInputException("'" + q.topology().spec() + "' (" + q.topology().nodeCount() + " nodes) for "
                    + (protocol.warmup() + protocol.window() + protocol.drain()) + " cycles a load is " + nodeCycles
                    + " node-cycles, above the " + MAX_NODE_CYCLES + " ccopt runs a load; expected a smaller network or "
                    + "fewer cycles (--warmup, --window, --drain)");
        }
        if (q.watch() == null) {
            return new Outcome(q, curve(q.setup().openLoop(), q, protocol), null);
        }
        if (q.setup().papersRouter() || LoadSweep.parseRates(q.rates()).length != 1) {
            throw new InvalidInputException("--watch-packets records one load on BookSim's router; got "
                    + (q.setup().papersRouter() ? "the papers' router" : "a curve of loads") + "; expected one --rate on "
                    + "BookSim's router");
        }
        PacketWatch watch = new PacketWatch(q.watch());
        LoadSweep.Curve curve = curve(q.setup().engine().watch(watch), q, protocol);
        return new Outcome(q, curve, watch.rows());
    }

    /**
     * The most node-cycles (nodes x warm-up, window and drain) one load runs: a 512x512 torus under the default protocol
     * (8.6e9) is accepted, a 1024x1024 one (3.5e10, hours on a 2-core machine) is refused.
     */
    public static final long MAX_NODE_CYCLES = 10_000_000_000L;

    private static LoadSweep.Protocol protocol(Request q) {
        LoadSweep.Protocol defaults = LoadSweep.Protocol.DEFAULT;
        return new LoadSweep.Protocol(q.warmup() == null ? defaults.warmup() : q.warmup(),
                q.window() == null ? defaults.window() : q.window(), q.drain() == null ? defaults.drain() : q.drain(),
                defaults.latencyLimit());
    }

    /** The loads of {@code q} on {@code router} under {@code protocol}, with the saturation throughput of a curve. */
    private static LoadSweep.Curve curve(OpenLoopRouter router, Request q, LoadSweep.Protocol protocol) {
        Destinations dest = EngineSetup.destinations(q.trafficName(), q.topology(), q.seed());
        OpenLoopTraffic.Process p = EngineSetup.process(q.processName());
        double burst = q.burst() == null ? EngineSetup.DEFAULT_BURST : q.burst();
        PacketSizes sizes = q.packetSizes();
        return LoadSweep.curve(router, rate -> new OpenLoopTraffic(dest, p, rate, sizes, burst, q.requestReply()),
                LoadSweep.parseRates(q.rates()), protocol, q.seed());
    }
}
