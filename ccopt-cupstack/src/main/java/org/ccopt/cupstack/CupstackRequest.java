package org.ccopt.cupstack;

import java.util.Objects;
import org.ccopt.InvalidInputException;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.ccopt.util.OptionText;

/**
 * Everything that decides a Cup-Stacking run's result (Yokota et al. 2023), by value: what {@code ccopt cupstack}'s
 * options say, as a record that a checkpoint stores beside the search's state, so that a Java caller resumes a run
 * ({@link CupstackJob#resume}) without the command line. The text fields are spelled as the options spell them.
 * Evaluation threads are not part of it: they change no result.
 *
 * @param topology       a topology spec ({@code torus:16x16})
 * @param traffic        a pattern name or a comma list ({@code brev})
 * @param trafficSeed    seed of random patterns
 * @param slices         S, slices per message
 * @param packets        packets per slice
 * @param packetFlits    L, flits per packet
 * @param vcs            virtual channels per port
 * @param bufferFlits    flits per VC buffer
 * @param model          the papers' router: a preset name or {@link RouterModel#describe}'s {@code key=value} list
 * @param method         a {@link Method} name ({@code full})
 * @param freeze         gene groups frozen on top of the method's ({@code ""}, {@code C,Q})
 * @param interval       V where V is frozen, or -1 for the slice length
 * @param sortKey        the optimisation item T01..T10
 * @param fromSlices     slices of the GA run for extrapolate and post
 * @param estimateSlices S' of rough estimation
 * @param ga             the GA's settings (population, generations, rates, seed, initial-scheme reading)
 * @param seedSimple     one initial chromosome is simple stacking's configuration (ccopt's addition)
 * @param prune          cut short a mutant that provably cannot beat its parent (the result is the same)
 * @param historyLength  the late-acceptance history ({@link Method#LAHC})
 */
public record CupstackRequest(String topology, String traffic, long trafficSeed, int slices, int packets, int packetFlits,
                              int vcs, int bufferFlits, String model, String method, String freeze, int interval,
                              String sortKey, int fromSlices, int estimateSlices, CupStackGa.Settings ga, boolean seedSimple,
                              boolean prune, int historyLength) {

    /**
     * The defaults of the fields {@link #of} leaves at them, spelled as {@code ccopt cupstack}'s options take them (its
     * option declarations read these constants, so the command and the library cannot drift apart).
     */
    public static final String DEFAULT_TRAFFIC_SEED = "1";
    public static final String DEFAULT_SLICES = "2";
    public static final String DEFAULT_PACKETS = "1";
    public static final String DEFAULT_PACKET_FLITS = "8";
    public static final String DEFAULT_METHOD = "full";
    public static final String DEFAULT_INTERVAL = "-1";
    public static final String DEFAULT_SORT_KEY = "T01";
    public static final String DEFAULT_FROM_SLICES = "1";
    public static final String DEFAULT_ESTIMATE_SLICES = "2";

    public CupstackRequest {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(traffic, "traffic");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(ga, "ga");
        freeze = freeze == null ? "" : freeze;
    }

    /**
     * The run {@code ccopt cupstack -t TOPOLOGY --traffic TRAFFIC} makes with every other option at its default, on
     * the GA settings {@code ga}: 2 slices of one 8-flit packet, 3 VCs of 4 flits, {@link RouterModel#DEFAULT}, the full
     * method, T01.
     */
    public static CupstackRequest of(String topology, String traffic, CupStackGa.Settings ga) {
        return new CupstackRequest(topology, traffic, Long.parseLong(DEFAULT_TRAFFIC_SEED), Integer.parseInt(DEFAULT_SLICES),
                Integer.parseInt(DEFAULT_PACKETS), Integer.parseInt(DEFAULT_PACKET_FLITS), FlitSetup.DEFAULT_VCS,
                FlitSetup.DEFAULT_BUFFER_FLITS, spell(RouterModel.DEFAULT), DEFAULT_METHOD, "", Integer.parseInt(DEFAULT_INTERVAL),
                DEFAULT_SORT_KEY, Integer.parseInt(DEFAULT_FROM_SLICES), Integer.parseInt(DEFAULT_ESTIMATE_SLICES), ga, false, true,
                CupStackRun.DEFAULT_HISTORY);
    }

    /** The option names {@link #fromOptions} reads, besides one per router reading ({@link RouterModel#READINGS}). */
    private static final java.util.Set<String> OPTIONS = java.util.Set.of("topology", "traffic", "traffic-seed", "slices",
            "packets", "packet-flits", "vcs", "buffer", "model", "method", "freeze", "interval", "sort-key", "from-slices",
            "estimate-slices", "initial-scheme", "seed-simple", "no-prune", "history-length", "seed", "population",
            "generations", "training", "mutation-rate", "crossover-interval", "crossover-rate", "crossover-pairs", "tie",
            "lifetime", "watchdog", "max-synonyms", "threads");

    /**
     * The request of {@code ccopt cupstack}'s options as an experiment row spells them: long names without dashes, a
     * flag as {@code true}/{@code false}, every option left out at the command's default (this record's and {@link
     * CupStackGa.Settings#defaults()}'s constants, which the command's declarations read too); {@code topology} and
     * {@code traffic} are required. {@code threads} is accepted and left out: it changes no result. Router readings
     * apply over the preset in {@link RouterModel#READINGS}' order, as the command applies them. {@code
     * CupstackRequestOptionsTest} holds it equal to the command's request on random option sets.
     *
     * @throws InvalidInputException one line, for an unknown option, a missing topology or traffic, or a bad value
     */
    public static CupstackRequest fromOptions(java.util.Map<String, String> options) {
        for (String key : options.keySet()) {
            if (!reads(key)) {
                throw new InvalidInputException("'" + key + "' is not an option of cupstack's request; expected one of "
                        + String.join(", ", new java.util.TreeSet<>(OPTIONS)) + " or a router reading");
            }
        }
        for (String required : new String[] {"topology", "traffic"}) {
            if (!options.containsKey(required)) {
                throw new InvalidInputException("cupstack's request needs '" + required + "'");
            }
        }
        RouterModel m = RouterModel.of(options.get("model"), r -> options.get(r.option().substring(2)));
        OptionText o = new OptionText(options);
        CupStackGa.Settings d = CupStackGa.Settings.defaults();
        int population = o.whole("population", d.population());
        CupStackGa.Settings ga = new CupStackGa.Settings(population, o.whole("generations", d.generations()),
                o.whole("training", d.training()), o.real("mutation-rate", d.mutationRate()),
                o.whole("crossover-interval", d.crossoverInterval()), o.real("crossover-rate", d.crossoverRate()),
                o.whole("crossover-pairs", population / 2),
                options.containsKey("tie") ? CupStackGa.Tie.parse(options.get("tie")) : d.tie(),
                o.whole("lifetime", d.lifetime()), o.whole("watchdog", d.watchdog()),
                o.whole("max-synonyms", d.maxSynonyms()), o.wholeLong("seed", d.seed()),
                options.containsKey("initial-scheme") ? CupStackGa.InitialScheme.parse(options.get("initial-scheme"))
                        : d.initialScheme());
        return new CupstackRequest(options.get("topology"), options.get("traffic"),
                o.wholeLong("traffic-seed", Long.parseLong(DEFAULT_TRAFFIC_SEED)),
                o.whole("slices", Integer.parseInt(DEFAULT_SLICES)), o.whole("packets", Integer.parseInt(DEFAULT_PACKETS)),
                o.whole("packet-flits", Integer.parseInt(DEFAULT_PACKET_FLITS)),
                o.whole("vcs", FlitSetup.DEFAULT_VCS), o.whole("buffer", FlitSetup.DEFAULT_BUFFER_FLITS), spell(m),
                options.getOrDefault("method", DEFAULT_METHOD), options.getOrDefault("freeze", ""),
                o.whole("interval", Integer.parseInt(DEFAULT_INTERVAL)), options.getOrDefault("sort-key", DEFAULT_SORT_KEY),
                o.whole("from-slices", Integer.parseInt(DEFAULT_FROM_SLICES)),
                o.whole("estimate-slices", Integer.parseInt(DEFAULT_ESTIMATE_SLICES)), ga,
                o.flag("seed-simple"), !o.flag("no-prune"), o.whole("history-length", CupStackRun.DEFAULT_HISTORY));
    }

    /**
     * Whether {@link #fromOptions} reads {@code option} (a long name without dashes): the options that decide the result,
     * and {@code threads}; not the command's outputs ({@code out}, {@code picture}), resuming or progress.
     */
    public static boolean reads(String option) {
        return OPTIONS.contains(option) || RouterModel.isReadingOption(option);
    }

    /** This request under another router model (a preset name or a {@code key=value} list). */
    public CupstackRequest withModel(String m) {
        return new CupstackRequest(topology, traffic, trafficSeed, slices, packets, packetFlits, vcs, bufferFlits, m, method,
                freeze, interval, sortKey, fromSlices, estimateSlices, ga, seedSimple, prune, historyLength);
    }

    /** This request with another method ({@link Method} name). */
    public CupstackRequest withMethod(String m) {
        return new CupstackRequest(topology, traffic, trafficSeed, slices, packets, packetFlits, vcs, bufferFlits, model, m,
                freeze, interval, sortKey, fromSlices, estimateSlices, ga, seedSimple, prune, historyLength);
    }

    /** This request with other GA settings: another seed, or more generations. */
    public CupstackRequest withGa(CupStackGa.Settings settings) {
        return new CupstackRequest(topology, traffic, trafficSeed, slices, packets, packetFlits, vcs, bufferFlits, model, method,
                freeze, interval, sortKey, fromSlices, estimateSlices, settings, seedSimple, prune, historyLength);
    }

    /** The model as {@link #model} spells it: its preset's name where it is a preset, else every reading's value. */
    public static String spell(RouterModel m) {
        String preset = m.presetName();
        return !preset.equals("custom") && RouterModel.preset(preset).equals(m) ? preset : m.describe();
    }

    public Topology parsedTopology() {
        return TopologySpec.parse(topology);
    }

    public RouterModel routerModel() {
        return RouterModel.parse(model);
    }

    /** The problem this request describes: the network, the pattern's destinations and the slicing. */
    public Problem problem() {
        Topology t = parsedTopology();
        SortKey key = SortKey.parse(sortKey);
        return new Problem(new FlitSetup(t, vcs, bufferFlits, routerModel()),
                TrafficPattern.parse(traffic).destinations(t, trafficSeed), slices, packets, packetFlits, key.reinitializes(),
                key.interlocks());
    }

    /** The run's options on {@code threads} evaluation threads (the result does not depend on them). */
    public CupStackRun.Options options(int threads) {
        Problem problem = problem();
        return new CupStackRun.Options(Method.parse(method), problem, problem.model().defaultScheme(),
                GeneGroup.parseSet(freeze), SortKey.parse(sortKey), fromSlices, estimateSlices,
                interval < 0 ? problem.sliceFlits() : interval, ga, TrafficPattern.parse(traffic).label(), threads, seedSimple,
                historyLength);
    }
}
