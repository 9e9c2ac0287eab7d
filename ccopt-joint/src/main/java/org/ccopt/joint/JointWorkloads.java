package org.ccopt.joint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.mpi.Transfer;
import org.ccopt.mpi.TransferList;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.TrafficPattern;

/**
 * The patterns of a spatio-temporal workload from their names: a traffic pattern ({@link TrafficPattern}), or
 * {@code collective:ALG}, an MPI collective over every node as its permutation steps ({@link MpiAlgorithm}; the
 * pairwise all-to-all of P ranks is P - 1 steps, rank r sending to (r + i) mod P in step i). A step in which a rank
 * would send to two ranks is not one pattern of the flit simulator and is refused. Every step moves the workload's
 * packets per node: message fractions are not modelled.
 */
public final class JointWorkloads {

    /** The names of a workload's patterns and their logical destinations. */
    public record Patterns(List<String> names, int[][] destinations) {
    }

    public static final String NAMES = TrafficPattern.NAMES + ", or collective:ALG with ALG one of " + MpiAlgorithm.NAMES;

    private JointWorkloads() {
    }

    public static Patterns parse(List<String> items, Topology t, long seed) {
        if (items.isEmpty()) {
            throw new InvalidInputException("no traffic pattern given; expected one or more of " + NAMES);
        }
        List<String> names = new ArrayList<>();
        List<int[]> patterns = new ArrayList<>();
        for (String item : items) {
            String text = item.trim().toLowerCase(Locale.ROOT);
            if (text.startsWith("collective:")) {
                MpiAlgorithm alg = MpiAlgorithm.parse(text.substring("collective:".length()));
                List<int[]> steps = steps(alg, t.terminalCount());
                for (int i = 0; i < steps.size(); i++) {
                    names.add(alg.label() + "-" + (i + 1));
                    patterns.add(steps.get(i));
                }
            } else {
                TrafficPattern p = TrafficPattern.parse(text);
                names.add(p.label());
                patterns.add(p.destinations(t, seed));
            }
        }
        return new Patterns(names, patterns.toArray(int[][]::new));
    }

    /** The steps of {@code alg} over {@code n} ranks, each as a destination array (a rank that sends nothing: itself). */
    static List<int[]> steps(MpiAlgorithm alg, int n) {
        TransferList transfers = alg.transfers(n);
        List<int[]> out = new ArrayList<>();
        for (int s = 0; s < transfers.steps(); s++) {
            int[] dest = new int[n];
            for (int r = 0; r < n; r++) {
                dest[r] = r;
            }
            out.add(dest);
        }
        for (Transfer tr : transfers.transfers()) {
            int[] dest = out.get(tr.step());
            if (dest[tr.source()] != tr.source()) {
                throw new InvalidInputException("collective " + alg.label() + " has rank " + tr.source() + " sending to two ranks in step "
                        + (tr.step() + 1) + "; expected one destination per rank and step, as every collective of "
                        + MpiAlgorithm.NAMES + " has");
            }
            dest[tr.source()] = tr.destination();
        }
        return out;
    }
}
