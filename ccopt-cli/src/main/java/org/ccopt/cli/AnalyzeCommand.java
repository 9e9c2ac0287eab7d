package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.papers.Analyses;
import org.ccopt.papers.MsgAnalyses;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ccopt analyze NAME}: the analyses of Cui 2024, chapters 3-5, as CSV files and PNG charts. */
@Command(name = "analyze", mixinStandardHelpOptions = true, usageHelpWidth = 130,
        description = "Run one of the thesis's analyses (Cui 2024) and write its CSV tables and PNG charts to --out.",
        footer = {"", "Analyses and the options they read:",
            "  hops-table        Tables 3.4-3.6: hops per mapping and placement (--nodes --degree --procs --seeds --iterations)",
            "  mapping-hops      Fig. 3.4: hops of random, tree and ring mapping against mapped nodes (--nodes --degree --counts --seed)",
            "  convergence       Figs 3.7-3.9: two-opt hops against iterations (--nodes --degree --procs --iterations --seed)",
            "  sa-vs-two-opt     Figs 3.17-3.18: two-opt vs SA vs ascending, hops and time (--sizes --degree --seed)",
            "  circulant         Table 4.1: hops on G(n, log2 n) against n-1, n log2 n (--sizes)",
            "  metrics           Figs 5.1-5.2: diameter and ASPL of random shortcut, circulant, Dragonfly (--sizes --seed)",
            "  topology-hops     Figs 5.3-5.5: hops on circulant, random shortcut (+ two-opt) and Dragonfly against N (--sizes --iterations --seed)",
            "  p2p-hops          Fig. 5.12: average point-to-point hops against mapped nodes (--nodes --counts --samples --seed)",
            "  collective-share  Fig. 5.14: total hops against the alltoall share (--nodes --procs --total --samples --seed)",
            "  cost              Figs 5.19-5.20: cable length and total cost (--sizes --seed)",
            "  msg-sweep         Figs 3.10-3.12, 4.6-4.8: collective times, 256 B - 1 MiB, per mapping and placement",
            "                    (--networks --procs --iterations --repeat --sharing --seed)",
            "  p2p-time          Fig. 5.13: mean time of 128 B bidirectional exchanges between random mapped pairs",
            "                    (--networks --counts --samples (default 10000) --sharing --seed)",
            "  nas               Figs 3.13-3.16, 4.9-4.12: Mop/s of the NAS FT/IS/MG/LU skeletons per mapping and placement",
            "                    (--networks --procs (default 128) --seeds --iterations --lu-iterations --sharing)"})
final class AnalyzeCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "One of: " + Analyses.NAMES + ", msg-sweep, p2p-time, nas.")
    String name;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: analyze-NAME).")
    @Output
    Path out;

    @Option(names = "--nodes", defaultValue = "1024", description = "Network nodes (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--degree", paramLabel = "D", description = "Random shortcut degree (default: 19 for hops-table and convergence, 8 for sa-vs-two-opt).")
    Integer degree;

    @Option(names = "--procs", paramLabel = "P", description = "Processes (default: 512; 128 for nas).")
    Integer procsOption;

    @Option(names = "--lu-iterations", defaultValue = "4", description = "LU iterations simulated by nas, scaled to 250 (default: ${DEFAULT-VALUE}).")
    int luIterations;

    @Option(names = "--seeds", defaultValue = "5", description = "Networks (seeds 1..N) for hops-table (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--seed", defaultValue = "1", description = "Network and mapping seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--iterations", paramLabel = "N", description = "Two-opt/SA iterations (default: 200000 for hops-table, 1000000 for convergence).")
    Long iterations;

    @Option(names = "--sizes", paramLabel = "LIST", description = "Network sizes, e.g. 64..4096 (doubling) or 64,256 (defaults: 64..2048 for sa-vs-two-opt, 16..4096 for circulant, 64..4096 for topology-hops, 64..8192 for metrics and cost).")
    String sizes;

    @Option(names = "--counts", defaultValue = "8..1024", paramLabel = "LIST", description = "Mapped node counts for mapping-hops, p2p-hops and p2p-time (default: ${DEFAULT-VALUE}).")
    String counts;

    @Option(names = "--samples", paramLabel = "N", description = "Random point-to-point messages sampled (default, as the thesis: 100000; 10000 exchanges for p2p-time).")
    Integer samples;

    @Option(names = "--total", defaultValue = "102400", description = "Messages in the collective-share mix (default: ${DEFAULT-VALUE}, as the thesis).")
    int total;

    @Option(names = "--networks", defaultValue = "random-shortcut:1024:19:seed=1;circulant2:1024", paramLabel = "SPEC;SPEC",
            description = "Networks of msg-sweep, separated by ';' (default: ${DEFAULT-VALUE}).")
    String networks;

    @Option(names = "--sharing", defaultValue = "cm02", paramLabel = "maxmin|cm02",
            description = "Bandwidth sharing of msg-sweep (default: ${DEFAULT-VALUE}).")
    String sharing;

    @Option(names = "--repeat", defaultValue = "10", paramLabel = "N",
            description = "Runs of the collective per simulated time in msg-sweep, one after another (default: ${DEFAULT-VALUE}, as the thesis).")
    int repeat;

    @Option(names = "--threads", paramLabel = "N", description = "Threads for distance tables (default: all cores; placement searches are single-threaded).")
    Integer threads;

    @Override
    public Integer call() throws IOException {
        Analyses.checkReads(name, spec.commandLine().getParseResult().matchedOptions().stream()
                .map(picocli.CommandLine.Model.OptionSpec::longestName).toList());
        int th = checkedThreads();
        String n = name.toLowerCase(Locale.ROOT);
        Analyses.Output o = switch (n) {
            case "hops-table" -> Analyses.hopsTable(nodes, deg(19), procsOr(512), seeds, its(200_000), th);
            case "mapping-hops" -> Analyses.mappingHops(nodes, deg(19), Analyses.sizes(counts, "--counts"), seed, th);
            case "topology-hops" -> Analyses.topologyHops(sizes("64..4096"), its(200_000), seed, th);
            case "convergence" -> Analyses.convergence(nodes, deg(19), procsOr(512), its(1_000_000), seed, th);
            case "sa-vs-two-opt" -> Analyses.saVsTwoOpt(sizes("64..2048"), deg(8), seed, th);
            case "circulant" -> Analyses.circulant(sizes("16..4096"), th);
            case "metrics" -> Analyses.metrics(sizes("64..8192"), seed, th);
            case "p2p-hops" -> Analyses.p2pHops(nodes, Analyses.sizes(counts, "--counts"), samplesOr(100_000), seed, th);
            case "collective-share" -> Analyses.collectiveShare(nodes, procsOr(512), total, samplesOr(100_000), seed, th);
            case "cost" -> Analyses.cost(sizes("64..8192"), seed);
            case "msg-sweep" -> MsgAnalyses.sweep(java.util.List.of(networks.split(";")), procsOr(512), its(200_000),
                    MsgAnalyses.SIZES, repeat, messageOptions(), seed, th);
            case "p2p-time" -> MsgAnalyses.p2pTime(java.util.List.of(networks.split(";")),
                    Analyses.sizes(counts, "--counts"), samplesOr(10_000), 128, messageOptions(), seed);
            case "nas" -> MsgAnalyses.nas(java.util.List.of(networks.split(";")), procsOr(128), its(200_000), seeds,
                    luIterations, messageOptions(), th);
            default -> throw new InvalidInputException("unknown analysis '" + name + "'; expected one of " + Analyses.NAMES
                    + ", msg-sweep, p2p-time, nas");
        };
        Path dir = out == null ? Path.of("analyze-" + n) : out;
        var w = spec.commandLine().getOut();
        for (Path file : o.write(dir)) {
            w.println("wrote " + file);
        }
        return Main.OK;
    }

    /** The thread count, having checked the counts every analysis may read. */
    private int checkedThreads() {
        int th = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (th < 1 || seeds < 1 || (samples != null && samples < 1) || total < 1) {
            throw new InvalidInputException("--threads, --seeds, --samples and --total must be positive; got "
                    + th + ", " + seeds + ", " + samples + ", " + total);
        }
        if (nodes < 2 || nodes > Analyses.MAX_SIZE) {
            throw new InvalidInputException("--nodes " + nodes + " is out of range; expected network sizes 2.." + Analyses.MAX_SIZE);
        }
        return th;
    }

    /** The message simulator's options of --sharing (no latency scaling, one bandwidth, no cross traffic). */
    private org.ccopt.msgsim.MessageSimulator.Options messageOptions() {
        return new org.ccopt.msgsim.MessageSimulator.Options(org.ccopt.msgsim.MessageSimulator.Sharing.parse(sharing), 0, 1, 0);
    }

    private int samplesOr(int fallback) {
        return samples == null ? fallback : samples;
    }

    private int procsOr(int fallback) {
        int p = procsOption == null ? fallback : procsOption;
        if (p < 1) {
            throw new InvalidInputException("--procs " + p + " is invalid; expected 1 or more");
        }
        return p;
    }

    private int deg(int fallback) {
        int d = degree == null ? fallback : degree;
        if (d < 2) {
            throw new InvalidInputException("--degree " + d + " is invalid; expected 2 or more");
        }
        return d;
    }

    private long its(long fallback) {
        long i = iterations == null ? fallback : iterations;
        if (i < 0) {
            throw new InvalidInputException("--iterations " + i + " is invalid; expected 0 or more");
        }
        return i;
    }

    private int[] sizes(String fallback) {
        return Analyses.sizes(sizes == null ? fallback : sizes, "--sizes");
    }
}
