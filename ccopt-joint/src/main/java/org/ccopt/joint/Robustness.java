package org.ccopt.joint;

import java.util.SplittableRandom;
import org.ccopt.flitsim.net.DeadlockException;
import org.ccopt.flitsim.FlitRouter;
import org.ccopt.flitsim.Workload;
import org.ccopt.util.SeededStreams;

/**
 * How a plan holds up when the communication situation is not reproduced exactly (Yokota et al. 2023, §9: "exact
 * reproduction of the communication situation is quite difficult"): the plan replayed {@code runs} times with every
 * node's injection delayed by a further random 0..{@code jitter} cycles, drawn per run, pattern and node from the
 * stream (seed, run, pattern), so the figures are reproducible.
 *
 * @param nominal    the plan's own duration
 * @param mean       mean over the runs of the workload's duration
 * @param worst      the longest of the runs
 * @param deadlocked runs in which some pattern deadlocked (left out of mean and worst)
 */
public record Robustness(int jitter, int runs, long nominal, double mean, long worst, int deadlocked) {

    public static Robustness of(JointProblem problem, JointPlan plan, int jitter, int runs, long seed) {
        check(jitter, runs);
        FlitRouter sim = problem.router();
        double sum = 0;
        long worst = 0;
        int deadlocked = 0;
        for (int r = 0; r < runs; r++) {
            long total = 0;
            try {
                for (int k = 0; k < plan.plans().size(); k++) {
                    PatternPlan p = plan.plans().get(k);
                    Workload w = p.workload();
                    SplittableRandom rnd = SeededStreams.of(seed, r, k);
                    int[] delay = w.injectionDelay().clone(); // the record hands out its own array
                    for (int i = 0; i < delay.length; i++) {
                        delay[i] += rnd.nextInt(jitter + 1);
                    }
                    total += sim.run(p.config(), w.withInjectionDelay(delay)).durationCycles();
                }
            } catch (DeadlockException e) {
                deadlocked++;
                continue;
            }
            sum += total;
            worst = Math.max(worst, total);
        }
        int finished = runs - deadlocked;
        return new Robustness(jitter, runs, plan.cycles(), finished == 0 ? Double.NaN : sum / finished, worst, deadlocked);
    }

    /** Refuses (one line) a jitter or a replay count out of range: callers check before a long search, not after. */
    public static void check(int jitter, int runs) {
        if (jitter < 0 || jitter > 1_000_000) {
            throw org.ccopt.InvalidInputException.parameter("jitter", jitter + " is invalid; expected 0..1000000 cycles");
        }
        if (runs < 1 || runs > 100_000) {
            throw org.ccopt.InvalidInputException.parameter("jitter-runs", runs + " is invalid; expected 1..100000");
        }
    }
}
