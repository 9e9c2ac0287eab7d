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
import org.ccopt.flitsim.net.NetworkSimulator;
import org.ccopt.flitsim.net.OpenLoopResult;
import org.ccopt.flitsim.net.OpenLoopRouter;
import org.ccopt.flitsim.net.OpenLoopTraffic;
import org.ccopt.flitsim.net.RouterTiming;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;

/**
 * {@code ccopt sim} on the flit engine over any network: a closed batch, one open-loop load, or a latency-throughput
 * curve with its saturation throughput ({@link LoadSweep}), on the {@code booksim} router ({@link NetworkSimulator}) or,
 * for open loads, on the papers' router under a preset ({@link FlitSimulator#openLoop}).
 */
public final class EngineJob {

    private EngineJob() {
    }

    /**
     * One run.
     *
     * @param traffic     the pattern, or null: {@code bcmp} for a batch, {@code uniform} for an open load
     * @param routing     a routing function by name, or null for the network's default
     * @param vcs         VCs per port, or null ({@link EngineSetup#booksim})
     * @param packets     packets a terminal sends in a batch
     * @param rates       null for a closed batch, else one load R or a curve FROM:TO:STEP ({@link LoadSweep#parseRates})
     * @param process     {@code bernoulli} or {@code on-off} (null: bernoulli)
     * @param burst       the mean on period of an on-off source (null: {@link EngineSetup#DEFAULT_BURST})
     * @param warmup      the open-loop protocol's cycles (null: {@link LoadSweep.Protocol#DEFAULT}'s), likewise
     *                    {@code window} and {@code drain}
     * @param model       the papers' router under this preset, for open loads ({@code rates} given, no {@code routing}),
     *                    or null for the booksim router
     * @param slices      a batch's slices per terminal, {@code packets} packets each, slice s released at s
     *                    {@code interval} (an injection plan, Yokota et al. 2023, §5.3); 1 and 0 for an open load
     */
    public record Request(Topology topology, String traffic, String routing, Integer vcs, int bufferFlits, int packetFlits,
                          int packets, long seed, String rates, String process, Double burst, Integer warmup, Integer window,
                          Integer drain, RouterModel model, int slices, int interval) {

        public Request {
            if (model != null && (rates == null || routing != null)) {
                throw new IllegalArgumentException("the papers' router runs open loads here, by its own routing");
            }
            if (slices < 1 || interval < 0) {
                throw new InvalidInputException(slices + " slices at interval " + interval + " are invalid; expected "
                        + "--slices >= 1 and --interval >= 0");
            }
            if (rates != null && (slices != 1 || interval != 0)) {
                throw new InvalidInputException("--slices and --interval shape a closed batch; an open load (--rate) "
                        + "generates its packets at the rate");
            }
        }

        /** The pattern run: the one asked for, else the default of a batch or of an open load. */
        public String trafficName() {
            return traffic != null ? traffic : rates == null ? "bcmp" : "uniform";
        }

        /** The injection process of an open load. */
        public String processName() {
            return process == null ? "bernoulli" : process;
        }
    }

    /** A batch's result ({@code curve} null), or the loads of an open-loop run ({@code batch} null). */
    public record Outcome(Request request, String routing, int vcs, OpenLoopResult batch, LoadSweep.Curve curve) {

        /** The router's name: {@code booksim}, or the papers' preset. */
        public String router() {
            return request.model() == null ? RouterTiming.BOOKSIM.name() : request.model().presetName();
        }

        /** A curve of two or more loads, whose saturation throughput was found. */
        public boolean isCurve() {
            return curve != null && !Double.isNaN(curve.saturation());
        }

        /** The set-up in words, as the text output's first line gives it. */
        public String setup() {
            return "on " + request.topology().spec() + ", router " + router() + ", routing " + routing + ", " + vcs + " VCs x "
                    + request.bufferFlits() + " flits, " + request.packetFlits() + "-flit packets";
        }

        /**
         * The figures {@code --json} prints: the set-up; a batch's duration, latencies and hops, or each load's row in
         * {@code loads} (one load's fields also at the top, so that an experiment file can sweep the rate) and the
         * saturation throughput of a curve.
         */
        public Map<String, Object> figures() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("topology", request.topology().spec());
            out.put("traffic", request.trafficName());
            RouterModel.putModel(out, request.model(), request.topology());
            out.put("routing", routing);
            out.put("vcs", vcs);
            out.put("bufferFlits", request.bufferFlits());
            out.put("packetFlits", request.packetFlits());
            if (batch != null) {
                out.put("packets", batch.packets());
                if (request.slices() > 1) {
                    out.put("slices", request.slices());
                    out.put("interval", request.interval());
                }
                out.put("durationCycles", batch.cycles());
                out.put("packetLatency", batch.packetLatency());
                out.put("latencyMax", batch.latencyMax());
                out.put("hops", batch.hops());
                out.put("routerCycles", batch.routerCycles());
                return out;
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
                rows.add(row);
            }
            out.put("process", request.processName());
            if (rows.size() == 1) {
                out.putAll(rows.get(0));
            }
            out.put("loads", rows);
            if (isCurve()) {
                out.put("saturationThroughput", curve.saturation());
            }
            return out;
        }

        /** The outcome as text: a batch's line, or a table of the loads and the saturation throughput of a curve. */
        public List<String> lines() {
            String name = request.trafficName();
            if (batch != null) {
                return List.of(String.format(Locale.ROOT, "%s %s%s: %d cycles, %d packets, mean packet latency %.1f, max %d, "
                        + "mean hops %.2f", name, setup(), request.slices() > 1 ? ", " + request.slices() + " slices at V = "
                        + request.interval() : "", batch.cycles(), batch.packets(), batch.packetLatency(), batch.latencyMax(),
                        batch.hops()));
            }
            List<String> lines = new ArrayList<>();
            lines.add(name + " " + setup() + ", " + request.processName());
            lines.add(String.format(Locale.ROOT, "%7s %8s %8s %8s %6s %6s %6s %8s %6s %s", "rate", "offered", "accepted",
                    "latency", "p50", "p99", "max", "network", "hops", ""));
            for (LoadSweep.Point point : curve.points()) {
                OpenLoopResult r = point.result();
                lines.add(String.format(Locale.ROOT, "%7.3f %8.4f %8.4f %8.1f %6d %6d %6d %8.1f %6.2f %s", point.rate(),
                        r.offered(), r.accepted(), r.packetLatency(), r.latencyP50(), r.latencyP99(), r.latencyMax(),
                        r.networkLatency(), r.hops(), point.saturated() ? "saturated" : ""));
            }
            if (isCurve()) {
                lines.add(String.format(Locale.ROOT, "saturation throughput: %.3f flits/terminal/cycle (bisection to %.3f)",
                        curve.saturation(), LoadSweep.TOLERANCE));
            }
            return lines;
        }
    }

    /** Builds the engine (one line where the routing cannot route the network) and runs the batch or the loads. */
    public static Outcome run(Request q) {
        Topology t = q.topology();
        String name = q.trafficName();
        if (q.model() != null) {
            FlitSimulator papers = new FlitSimulator(t, q.vcs() == null ? FlitSetup.DEFAULT_VCS : q.vcs(), q.bufferFlits(),
                    q.model());
            OpenLoopRouter router = papers.openLoop(papers.uniformConfig(q.model().defaultScheme(), q.model()));
            return new Outcome(q, papers.routing(), papers.vcs(), null, curve(router, q));
        }
        NetworkSimulator sim = EngineSetup.booksim(t, q.routing(), q.vcs(), q.bufferFlits());
        if (q.rates() == null) {
            OpenLoopResult r = sim.runPlan(TrafficPattern.parse(name).destinations(t, q.seed()), q.slices(), q.packets(),
                    q.packetFlits(), q.interval(), new int[t.terminalCount()], q.seed(), Integer.MAX_VALUE);
            return new Outcome(q, sim.routing().name(), sim.vcs(), r, null);
        }
        return new Outcome(q, sim.routing().name(), sim.vcs(), null, curve(sim, q));
    }

    /** The loads of {@code q} on {@code router}, with the saturation throughput of a curve. */
    private static LoadSweep.Curve curve(OpenLoopRouter router, Request q) {
        Destinations dest = EngineSetup.destinations(q.trafficName(), q.topology(), q.seed());
        OpenLoopTraffic.Process p = EngineSetup.process(q.processName());
        double burst = q.burst() == null ? EngineSetup.DEFAULT_BURST : q.burst();
        LoadSweep.Protocol defaults = LoadSweep.Protocol.DEFAULT;
        LoadSweep.Protocol protocol = new LoadSweep.Protocol(q.warmup() == null ? defaults.warmup() : q.warmup(),
                q.window() == null ? defaults.window() : q.window(), q.drain() == null ? defaults.drain() : q.drain(),
                defaults.latencyLimit());
        return LoadSweep.curve(router, rate -> new OpenLoopTraffic(dest, p, rate, q.packetFlits(), burst),
                LoadSweep.parseRates(q.rates()), protocol, q.seed());
    }
}
