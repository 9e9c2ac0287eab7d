package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ccopt.job.Job;
import org.ccopt.papers.AnalyzeJob;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt analyze NAME}: the analyses of Cui 2024, chapters 3-5, as CSV files and PNG charts; the options are
 * {@link AnalyzeJob}'s ({@link Declared}).
 */
@Command(name = "analyze", mixinStandardHelpOptions = true, usageHelpWidth = 130, modelTransformer = Declared.class,
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
final class AnalyzeCommand implements Callable<Integer>, Declared.Command {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: analyze-NAME).")
    @Output
    Path out;

    @Override
    public Job<?, ?> job() {
        return AnalyzeJob.JOB;
    }

    @Override
    public Integer call() throws IOException {
        AnalyzeJob.Outcome o = Declared.run(spec, AnalyzeJob.JOB);
        var w = spec.commandLine().getOut();
        Path dir = out == null ? Path.of("analyze-" + o.analysis()) : out;
        ResumableRun.hold(dir, "analyze");
        for (Path file : o.output().write(dir)) {
            w.println("wrote " + file);
        }
        return Main.OK;
    }
}
