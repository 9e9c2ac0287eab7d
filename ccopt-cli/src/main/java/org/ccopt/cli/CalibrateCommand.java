package org.ccopt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ccopt.cupstack.CalibrateJob;
import org.ccopt.job.Job;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.Csv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt calibrate}: measures router models against the flit-level papers' deterministic figures; the options
 * and stages are {@link CalibrateJob}'s ({@link Declared}). The command prints the report as it comes, progress on
 * standard error, and writes a listing stage's rows to {@code --out} each time it has more.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Fit the router's open readings to the published figures of Yokota et al. 2018 (8x8 durations, known "
                + "answers 34 and 10) and 2023 (Table 2, 60 cells).")
final class CalibrateCommand implements Callable<Integer>, Declared.Command {

    /** Where the command's own option applies ({@link OptionRules}); the job's options carry their own rules. */
    static final OptionRules<CalibrateCommand> RULES = OptionRules.of(
            OptionRules.rule("--out", "to --stage screen2018, grid2023, row2023 and joint (the stages that list models)",
                    c -> CalibrateJob.LISTING.contains(c.stage()), "calibrate --stage check --out fits.csv",
                    c -> "--stage " + c.stage()));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "screen2018, grid2023, row2023, joint: write every "
            + "model's fit as CSV.")
    @Output
    Path out;

    @Override
    public Job<?, ?> job() {
        return CalibrateJob.JOB;
    }

    /** The stage given, as the job reads it. */
    private String stage() {
        return Declared.values(spec, CalibrateJob.JOB.options()).text("stage");
    }

    @Override
    public Integer call() {
        RULES.check(this, spec);
        CalibrateJob.Request q = CalibrateJob.JOB.request(Declared.values(spec, CalibrateJob.JOB.options()));
        PrintWriter w = spec.commandLine().getOut();
        CalibrateJob.run(q, new CalibrateJob.Sink() {
            @Override
            public PrintWriter out() {
                return w;
            }

            @Override
            public void progress(String line) {
                spec.commandLine().getErr().println(line);
            }

            @Override
            public void rows(List<String> header, List<? extends List<?>> rows) {
                if (out != null) {
                    try {
                        AtomicFiles.writeAtomically(out, Csv.write(header, rows));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e); // Main reports it as an I/O error
                    }
                }
            }
        });
        return Main.OK;
    }
}
