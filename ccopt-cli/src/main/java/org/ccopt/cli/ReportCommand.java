package org.ccopt.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.ccopt.experiments.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ccopt report DIR}: one self-contained HTML file for an output directory ({@link Report}). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write DIR/report.html: provenance, the experiment file, result rows, charts, and every picture, "
                + "CSV table and JSON result in DIR (self-contained; nothing is fetched when it is viewed).")
final class ReportCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "An output directory of 'ccopt run' or of an optimizer's --out.")
    Path dir;

    @Override
    public Integer call() throws Exception {
        Path file = Report.write(dir);
        spec.commandLine().getOut().println("wrote " + file);
        return Main.OK;
    }
}
