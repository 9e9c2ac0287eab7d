package org.ccopt.examples;

import java.nio.file.Path;
import org.ccopt.cupstack.CupStackGa;
import org.ccopt.cupstack.CupstackJob;
import org.ccopt.cupstack.CupstackRequest;

/**
 * Resuming a Cup-Stacking GA (Yokota et al. 2023) from Java, without the command line: the job checkpoints its request
 * and its state after every generation to a folder; a run killed at any point ({@code kill -9} included, since each
 * checkpoint is written atomically) continues from the last one to the same result as an uninterrupted run.
 *
 * <pre>
 *   java -cp ... org.ccopt.examples.CupStackResumeExample run DIR      # start; kill it whenever you like
 *   java -cp ... org.ccopt.examples.CupStackResumeExample resume DIR   # continue from DIR's checkpoint
 *   java -cp ... org.ccopt.examples.CupStackResumeExample              # the same run, uninterrupted
 * </pre>
 *
 * The run: perfect shuffle on the 8x8 torus, two slices of one 8-flit packet, the 2023 router, 20 chromosomes x 60
 * generations. Every line it prints after a generation is {@code generation G}; the last line is the result, with
 * the mean score of the last generation's new chromosomes, which every generation's random draws decide.
 */
public final class CupStackResumeExample {

    private CupStackResumeExample() {
    }

    /** The run this example makes (every mode the same). */
    static CupstackRequest request() {
        CupStackGa.Settings ga = CupStackGa.Settings.defaults().withPopulation(20).withGenerations(60, 10);
        return CupstackRequest.of("torus:8x8", "shfl", ga).withModel("yokota2023");
    }

    public static void main(String[] args) throws java.io.IOException {
        if (args.length == 2) {
            java.nio.file.Files.createDirectories(Path.of(args[1]));
        }
        String mode = args.length == 0 ? "uninterrupted" : args[0];
        CupstackJob.Checkpoints every = args.length < 2 ? CupstackJob.Checkpoints.none()
                : CupstackJob.Checkpoints.to(Path.of(args[1]), 0);
        every = every.observed(s -> System.out.println("generation " + ((CupStackGa.State) s).generation()));
        CupstackJob.Outcome o = switch (mode) {
            case "run", "uninterrupted" -> CupstackJob.run(request(), every, 1);
            case "resume" -> CupstackJob.resume(Path.of(args[1]), every, 1);
            default -> throw new IllegalArgumentException("mode '" + mode + "'; expected run DIR, resume DIR or nothing");
        };
        var last = o.state().history().get(o.state().history().size() - 1);
        System.out.printf(java.util.Locale.ROOT, "shfl on torus:8x8: best %d cycles, chromosome crc %08x, found in generation "
                + "%d; generation %d's new chromosomes average %.2f cycles%n", o.result().bestScore().duration(),
                o.result().best().crc32(), o.state().bestGeneration(), last.generation(), last.meanNew());
    }
}
