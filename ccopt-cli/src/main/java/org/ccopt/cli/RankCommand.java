package org.ccopt.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.InvalidInputException;
import org.ccopt.job.Job;
import org.ccopt.rank.LaunchFiles;
import org.ccopt.rank.RankJob;
import org.ccopt.rank.RankPlacer;
import org.ccopt.util.AtomicFiles;
import org.ccopt.util.InputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ccopt rank}: process mapping and rank placement for collectives (Cui 2024, chapters 3-4). The run's options
 * are {@link RankJob}'s ({@link Declared}); the command declares the files it writes and {@code --json}.
 */
@Command(name = "rank", mixinStandardHelpOptions = true, modelTransformer = Declared.class,
        description = "Map P processes onto a network and place their ranks to cut the hops or possible contentions of collectives.")
final class RankCommand implements Callable<Integer>, Declared.Command {

    /** Where the command's own options apply ({@link OptionRules}; the run's are the job's). */
    static final OptionRules<RankCommand> RULES = OptionRules.of(
            OptionRules.rule("--slots-per-host", "to --rankfile", c -> c.rankfile != null,
                    "rank -t torus:4x4 --procs 8 --collective bcast --slots-per-host 4"));

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the placement as JSON (topology, ranks: terminal per rank).")
    @Output
    Path out;

    @Option(names = "--trace", paramLabel = "FILE.csv", description = "Write the objective against iterations (every 1/200 of the budget).")
    @Output
    Path trace;

    @Option(names = "--hosts", paramLabel = "FILE", description = "Host name of every terminal, one per line in terminal order (for --rankfile, --machinefile).")
    Path hosts;

    @Option(names = "--rankfile", paramLabel = "FILE", description = "Write the placement as an Open MPI rankfile (mpirun --rankfile FILE).")
    @Output
    Path rankfile;

    @Option(names = "--slots-per-host", paramLabel = "N", description = "Cores of every host for --rankfile: a host "
            + "given more ranks is refused (default: this machine's cores for a host that is this machine, otherwise "
            + "unchecked).")
    Integer slotsPerHost;

    @Option(names = "--machinefile", paramLabel = "FILE", description = "Write the placement as an MPICH/Hydra machine file (mpiexec -f FILE).")
    @Output
    Path machinefile;

    @Option(names = "--smpi-hostfile", paramLabel = "FILE",
            description = "Write the placement as a SimGrid SMPI host file for a platform of 'ccopt topo --export simgrid'.")
    @Output
    Path smpiHostfile;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Job<?, ?> job() {
        return RankJob.JOB;
    }

    @Override
    public Integer call() throws Exception {
        RULES.check(this, spec);
        RankJob.Request q = RankJob.JOB.request(Declared.values(spec, RankJob.JOB.options()));
        if (slotsPerHost != null && slotsPerHost < 1) {
            throw new InvalidInputException("--slots-per-host " + slotsPerHost + " is invalid; expected 1 or more cores per host");
        }
        if ((rankfile != null || machinefile != null) != (hosts != null)) {
            throw new InvalidInputException(hosts == null ? "--rankfile and --machinefile need --hosts FILE (the host of every terminal)"
                    : "--hosts is used only with --rankfile or --machinefile");
        }
        List<String> names = hosts == null ? null : LaunchFiles.hosts(InputFiles.read(hosts, "host list",
                "one host name per terminal"), q.topology().terminalCount(), hosts.toString());
        long iterations = q.settings().iterations();
        RankJob.Request run = trace == null ? q : q.withTraceEvery(Math.max(1, iterations / 200));
        return Stoppable.call(stop -> {
            RankJob.Placed placed = RankJob.place(run, stop::get);
            if (stop.get()) {
                spec.commandLine().getErr().printf("ccopt rank: stopped (Ctrl-C) after %d of %d iterations; the best so far "
                        + "follows%n", placed.outcome().result().iterations(), iterations);
                spec.commandLine().getErr().flush();
            }
            Map<String, Object> j = placed.figures();
            writeFiles(placed.outcome(), j, names);
            if (json) {
                Json.print(spec.commandLine().getOut(), spec, j);
            } else {
                print(placed.outcome(), q.comm());
            }
            return Main.OK;
        });
    }

    /** The placement file, the launchers' files and the search's trace, where asked for. */
    private void writeFiles(RankJob.Outcome o, Map<String, Object> figures, List<String> hosts) throws IOException {
        if (out != null) {
            AtomicFiles.writeAtomically(out, Json.write(figures) + "\n");
        }
        if (smpiHostfile != null) {
            AtomicFiles.writeAtomically(smpiHostfile, LaunchFiles.smpiHostfile(o.ranks()));
        }
        if (hosts != null && rankfile != null) {
            LaunchFiles.checkSlots(o.ranks(), hosts, LaunchFiles.slots(slotsPerHost));
            AtomicFiles.writeAtomically(rankfile, LaunchFiles.openMpiRankfile(o.ranks(), hosts));
        }
        if (hosts != null && machinefile != null) {
            AtomicFiles.writeAtomically(machinefile, LaunchFiles.hydraMachinefile(o.ranks(), hosts));
        }
        if (trace != null) {
            AtomicFiles.writeAtomically(trace, o.traceCsv());
        }
    }

    private void print(RankJob.Outcome o, String comm) {
        RankPlacer.Result r = o.result();
        RankPlacer.Settings s = o.settings();
        var w = spec.commandLine().getOut();
        double cut = r.initialHops() == 0 ? 0 : 100.0 * (r.initialHops() - r.totalHops()) / r.initialHops();
        String start = s.placement().swaps() ? s.rules().start().label() : "ascending";
        boolean matrix = o.problem().mix().matrix() != null;
        w.printf("%s of %d processes on %s, %s mapping, %s placement: %d %s (%s %d, %.1f%% %s)%s; %d iterations, %d accepted, %.3f s%n",
                matrix ? "comm matrix " + comm : o.problem().mix().label(), o.problem().procs(), o.problem().topology().spec(),
                o.mapping().label(), s.placement().label(), r.totalHops(), matrix ? "hops x volume" : "hops",
                start, r.initialHops(), Math.abs(cut), cut >= 0 ? "fewer" : "more",
                o.contention() ? ", possible contentions " + r.contention() + " (" + start + " " + r.initialContention() + ")" : "",
                r.iterations(), r.accepted(), r.seconds());
        Written.print(w, spec);
    }
}
