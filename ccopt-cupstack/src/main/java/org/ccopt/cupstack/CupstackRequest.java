package org.ccopt.cupstack;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.SimJob;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;

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

    /** The defaults of the fields {@link #of} leaves at them, which {@link #OPTIONS} declares too. */
    public static final long DEFAULT_TRAFFIC_SEED = 1;
    public static final int DEFAULT_SLICES = 2;
    public static final int DEFAULT_PACKETS = 1;
    public static final int DEFAULT_PACKET_FLITS = 8;
    public static final String DEFAULT_METHOD = "full";
    public static final int DEFAULT_INTERVAL = -1;
    public static final String DEFAULT_SORT_KEY = "T01";
    public static final int DEFAULT_FROM_SLICES = 1;
    public static final int DEFAULT_ESTIMATE_SLICES = 2;

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
        return new CupstackRequest(topology, traffic, DEFAULT_TRAFFIC_SEED, DEFAULT_SLICES,
                DEFAULT_PACKETS, DEFAULT_PACKET_FLITS, FlitSetup.DEFAULT_VCS,
                FlitSetup.DEFAULT_BUFFER_FLITS, spell(RouterModel.DEFAULT), DEFAULT_METHOD, "", DEFAULT_INTERVAL,
                DEFAULT_SORT_KEY, DEFAULT_FROM_SLICES, DEFAULT_ESTIMATE_SLICES, ga, false, true,
                CupStackRun.DEFAULT_HISTORY);
    }

    /** A GA-only option: refused with simple stacking, which runs no search, and with lahc. */
    private static JobOption gaOnly(JobOption o, String example) {
        return o.withApplies(new JobOption.Applies("to the GA methods (not --method simple or lahc)", v -> {
            Method m = Method.parse(v.text("method"));
            return m != Method.SIMPLE && m != Method.LAHC;
        }, Map.of("topology", "torus:4x4", "method", "simple", o.name(), example), v -> "--method " + v.text("method")));
    }

    /** An option of the searches: refused with simple stacking, which runs none. */
    private static JobOption searchesOnly(JobOption o, String where, String example) {
        return o.withApplies(new JobOption.Applies(where, v -> Method.parse(v.text("method")) != Method.SIMPLE,
                Map.of("topology", "torus:4x4", "method", "simple", o.name(), example)));
    }

    /**
     * The options of {@code ccopt cupstack}'s request, declared once (the command's options, help and refusals derive
     * from them; {@code ccopt run}, Spark and {@code cupstack-sweep} read a run's options with them), with where each
     * applies: the GA's to the GA methods, the searches' not to simple stacking, each method's own to it, and the
     * router readings of tori and meshes there. {@code threads} changes no result and is not part of the request.
     */
    public static final JobOptions OPTIONS = options();

    private static JobOptions options() {
        CupStackGa.Settings d = CupStackGa.Settings.defaults();
        return JobOptions.of("cupstack", List.of(
                new JobOption("topology", "t", "SPEC", JobOption.Type.TEXT, "torus:16x16", "Any two-way network: tori and "
                        + "meshes route by the papers' dimension order, others by their default routing function", false, null,
                        null, null),
                JobOption.text("traffic", "PATTERN", TrafficPattern.NAMES).withDefault("brev"),
                JobOption.wholeLong("traffic-seed", DEFAULT_TRAFFIC_SEED, "Seed of random patterns")
                        .withApplies(TrafficPattern.seedApplies("traffic")),
                JobOption.whole("slices", DEFAULT_SLICES, "Slices S per message"),
                JobOption.whole("packets", DEFAULT_PACKETS, "Packets per slice"),
                JobOption.whole("packet-flits", DEFAULT_PACKET_FLITS, "Flits per packet L")),
                FlitSetup.optionsOnNetworks(Map.of("generations", "1", "population", "4")),
                List.of(JobOption.text("method", "NAME", Method.NAMES).withDefault(DEFAULT_METHOD),
                        JobOption.text("freeze", "GROUPS", "Gene groups to freeze on top of the method's: V,I,C,Q (e.g. C,Q "
                                + "with --vc-select C05 for timing adjustment alone, Table 3)"),
                        JobOption.whole("interval", "V", "V when V is frozen (default: the slice length)").atLeast(0).withApplies(
                                new JobOption.Applies("where V is frozen (--freeze V) in a search over more than one slice",
                                        v -> CupStackRun.fixesInterval(Method.parse(v.text("method")), GeneGroup.parseSet(
                                                v.given("freeze") ? v.text("freeze") : ""), v.whole("slices"),
                                                v.whole("from-slices")), Map.of("topology", "torus:4x4", "generations", "1",
                                        "population", "4", "interval", "11"))),
                        JobOption.text("sort-key", "T01..T10", "Optimisation item (Table 5)").withDefault(DEFAULT_SORT_KEY),
                        JobOption.whole("from-slices", DEFAULT_FROM_SLICES, "Slices of the GA run for "
                                + "extrapolate and post (S1, S2, S4)").withApplies(new JobOption.Applies("to --method "
                                + "extrapolate and post", v -> Method.parse(v.text("method")) == Method.EXTRAPOLATE
                                || Method.parse(v.text("method")) == Method.POST, Map.of("topology", "torus:4x4", "generations", "1",
                                "population", "4", "from-slices", "2"))),
                        JobOption.whole("estimate-slices", DEFAULT_ESTIMATE_SLICES, "S' of the rough "
                                + "estimate T_e (S'-1) + t_d (E2, E4)").withApplies(new JobOption.Applies("to --method "
                                + "estimate", v -> Method.parse(v.text("method")) == Method.ESTIMATE,
                                Map.of("topology", "torus:4x4", "generations", "1",
                                "population", "4", "estimate-slices", "4"))),
                        searchesOnly(JobOption.text("initial-scheme", "uniform|port", "Random C of t_d0's reference run and "
                                + "of the initial and re-initialised chromosomes: uniform (one scheme, at every port) or port "
                                + "(a scheme drawn per port); App. A.3's 'randomly selected "
                                + "C_id' allows both").withDefault("uniform"), "to the searches (not --method simple, which "
                                + "starts from no random scheme)", "port"),
                        gaOnly(JobOption.flag("seed-simple", "ccopt's addition: one initial chromosome is simple stacking's "
                                + "configuration (default: an all-random start, as Yokota et al. 2023, App. A.3 run the GA)"),
                                "true"),
                        gaOnly(JobOption.flag("no-prune", "Simulate every mutant in full (default: a mutant that provably "
                                + "cannot beat its parent is cut short; results are the same, per-generation averages of the "
                                + "mutants are then unbiased)"), "true"),
                        searchesOnly(JobOption.whole("population", d.population(), "Chromosomes"), "to the searches (not "
                                + "--method simple)", "10"),
                        searchesOnly(JobOption.whole("generations", d.generations(), "Generations"), "to the searches (not "
                                + "--method simple)", "10"),
                        gaOnly(JobOption.whole("training", d.training(), "Mutation-only generations at the start"), "2"),
                        gaOnly(JobOption.real("mutation-rate", d.mutationRate(), "r_m, share of genes a mutation alters"),
                                "0.1"),
                        gaOnly(JobOption.whole("crossover-interval", d.crossoverInterval(), "i_c, generations between "
                                + "crossovers"), "3"),
                        gaOnly(JobOption.real("crossover-rate", d.crossoverRate(), "r_c, share of genes taken from the "
                                + "stronger parent"), "0.5"),
                        gaOnly(JobOption.whole("crossover-pairs", "N", "Systematic pairs per crossover generation (default: "
                                + "population / 2)"), "2"),
                        gaOnly(JobOption.text("tie", "random|age", "Crossover ranking of equal scores").withDefault(
                                org.ccopt.util.Enums.key(d.tie())), "random"),
                        gaOnly(JobOption.whole("lifetime", d.lifetime(), "lt, generations a chromosome lives; 0 = off"), "3"),
                        gaOnly(JobOption.whole("watchdog", d.watchdog(), "wd, generations without a new best before all "
                                + "restart; 0 = off"), "5"),
                        gaOnly(JobOption.whole("max-synonyms", d.maxSynonyms(), "Recorded synonyms of the best"), "3"),
                        JobOption.whole("history-length", "L", "lahc: durations the late acceptance compares with, L moves "
                                + "back (default: " + CupStackRun.DEFAULT_HISTORY + ")").withApplies(new JobOption.Applies(
                                "to --method lahc", v -> Method.parse(v.text("method")) == Method.LAHC,
                                Map.of("topology", "torus:4x4", "generations", "1", "population", "4",
                                        "history-length", "5"),
                                v -> "--method " + v.text("method"))),
                        JobOption.wholeLong("seed", d.seed(), "GA seed"),
                        JobOption.whole("threads", "N", "Evaluation threads (default: all cores)")
                                .withRange(1, org.ccopt.util.Workers.MAX_THREADS)));
    }

    /**
     * The request of checked values of {@link #OPTIONS} (every option left out at its default; router readings apply
     * over the preset in {@link RouterModel#READINGS}' order, as {@link FlitSetup#model} applies them).
     */
    public static CupstackRequest of(JobOptions.Values v) {
        int population = v.whole("population");
        CupStackGa.Settings ga = new CupStackGa.Settings(population, v.whole("generations"), v.whole("training"),
                v.real("mutation-rate"), v.whole("crossover-interval"), v.real("crossover-rate"),
                v.given("crossover-pairs") ? v.whole("crossover-pairs") : population / 2, CupStackGa.Tie.parse(v.text("tie")),
                v.whole("lifetime"), v.whole("watchdog"), v.whole("max-synonyms"), v.wholeLong("seed"),
                CupStackGa.InitialScheme.parse(v.text("initial-scheme")));
        boolean booksim = FlitSetup.kind(v) instanceof org.ccopt.flitsim.RouterKind.Booksim;
        return new CupstackRequest(v.text("topology"), v.text("traffic"), v.wholeLong("traffic-seed"), v.whole("slices"),
                v.whole("packets"), v.whole("packet-flits"), v.whole("vcs"), v.whole("buffer"), booksim ? SimJob.Request.ENGINE_MODEL
                : spell(FlitSetup.model(v)),
                v.text("method"), v.given("freeze") ? v.text("freeze") : "", v.given("interval") ? v.whole("interval")
                : DEFAULT_INTERVAL, v.text("sort-key"), v.whole("from-slices"), v.whole("estimate-slices"),
                ga, v.flag("seed-simple"), !v.flag("no-prune"), v.given("history-length") ? v.whole("history-length")
                : CupStackRun.DEFAULT_HISTORY);
    }

    /** Whether {@code option} (long name, dashes) applies to {@code method} by {@link #OPTIONS}' rules; true where none. */
    public static boolean applies(String option, String method) {
        String name = option.substring(2);
        if (!OPTIONS.declares(name)) {
            return true;
        }
        JobOptions.Values v = OPTIONS.read(Map.of("method", method));
        return OPTIONS.get(name).rules().stream().allMatch(r -> r.test().test(v));
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

    /**
     * Whether the run is on BookSim's router ({@code --model booksim}), where Cup-Stacking searches the injection plan
     * alone (V and I: that router has no C or Q genes).
     */
    public boolean booksim() {
        return SimJob.Request.ENGINE_MODEL.equals(model);
    }

    public Topology parsedTopology() {
        return TopologySpec.parse(topology);
    }

    /** The router the request runs: BookSim's at its defaults, or the papers' under the model it names. */
    public org.ccopt.flitsim.RouterKind routerKind() {
        return booksim() ? org.ccopt.flitsim.RouterKind.Booksim.DEFAULT
                : new org.ccopt.flitsim.RouterKind.Papers(RouterModel.parse(model));
    }

    /** The problem this request describes: the network, the pattern's destinations and the slicing. */
    public Problem problem() {
        Topology t = parsedTopology();
        SortKey key = SortKey.parse(sortKey);
        return new Problem(new FlitSetup(t, vcs, bufferFlits, routerKind()),
                TrafficPattern.parse(traffic).destinations(t, trafficSeed), slices, packets, packetFlits, key.reinitializes(),
                key.interlocks());
    }

    /** The run's options on {@code threads} evaluation threads (the result does not depend on them). */
    public CupStackRun.Options options(int threads) {
        Problem problem = problem();
        return new CupStackRun.Options(Method.parse(method), problem, problem.setup().defaultScheme(),
                GeneGroup.parseSet(freeze), SortKey.parse(sortKey), fromSlices, estimateSlices,
                interval < 0 ? problem.sliceFlits() : interval, ga, TrafficPattern.parse(traffic).label(), threads, seedSimple,
                historyLength);
    }
}
