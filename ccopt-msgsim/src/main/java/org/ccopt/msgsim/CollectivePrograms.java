package org.ccopt.msgsim;

import java.util.Arrays;
import java.util.Locale;
import org.ccopt.InvalidInputException;
import org.ccopt.mpi.CommMatrix;
import org.ccopt.mpi.Transfer;
import org.ccopt.mpi.TransferList;

/**
 * MPI collectives as {@link Program}s (Cui 2024, §2.3.2 and §3.4: MPICH's binomial broadcast, recursive-doubling
 * allreduce and Bruck alltoall over ranks placed on terminals).
 *
 * <p>As MPI runs them (the default): a transfer starts once the receives it depends on have completed (the
 * algorithm's dependency DAG, {@link Transfer#dependsOn()}) and the same rank's previous send has completed, since
 * MPICH issues these algorithms' sends as blocking sends or send-receives one step after another. In synchronised
 * mode every step starts only when the whole previous step has finished (the step model).
 */
public final class CollectivePrograms {

    private CollectivePrograms() {
    }

    /**
     * @param ranks terminal of every rank
     * @param bytes the collective's message size m; a transfer carries its message fraction of m, rounded to whole
     *              bytes (Bruck's blocks of m / P bytes are fractions when P does not divide m)
     */
    public static Program of(TransferList list, int[] ranks, double bytes, boolean synchronised) {
        if (ranks.length < list.procs()) {
            throw new InvalidInputException("placement covers " + ranks.length + " ranks; expected " + list.procs());
        }
        if (!synchronised) {
            return repeated(list, ranks, bytes, 1);
        }
        Program p = new Program();
        int step = -1;
        int barrier = -1;
        int[] stepTasks = new int[list.transfers().size()];
        int stepCount = 0;
        for (Transfer x : list.transfers()) {
            if (ranks[x.source()] == ranks[x.destination()]) {
                continue;
            }
            if (x.step() != step) {
                if (stepCount > 0) {
                    barrier = p.delay(0, Arrays.copyOf(stepTasks, stepCount));
                }
                step = x.step();
                stepCount = 0;
            }
            double b = Math.round(x.messageFraction() * bytes);
            stepTasks[stepCount++] = barrier < 0 ? p.message(ranks[x.source()], ranks[x.destination()], b)
                    : p.message(ranks[x.source()], ranks[x.destination()], b, barrier);
        }
        return p;
    }

    /**
     * {@code times} runs of a collective as MPI runs them, one after another: each rank starts a run when its part of
     * the previous one has ended.
     */
    public static Program repeated(TransferList list, int[] ranks, double bytes, int times) {
        if (ranks.length < list.procs()) {
            throw new InvalidInputException("placement covers " + ranks.length + " ranks; expected " + list.procs());
        }
        Program p = new Program();
        int[] frontier = new int[list.procs()];
        Arrays.fill(frontier, -1);
        for (int k = 0; k < times; k++) {
            append(p, list, ranks, bytes, frontier);
        }
        return p;
    }

    /**
     * Appends one run of a collective as MPI runs it to a program whose ranks are busy until {@code frontier[r]}
     * (a task id, or -1 for none): a rank's first send also waits for its frontier. On return {@code frontier[r]} is a
     * task that finishes when rank r's part of the collective (its sends and receives) has finished.
     */
    public static void append(Program p, TransferList list, int[] ranks, double bytes, int[] frontier) {
        int n = list.transfers().size();
        int[] task = new int[n];
        Arrays.fill(task, -1);
        int[] lastSend = new int[list.procs()];
        Arrays.fill(lastSend, -1);
        int[][] touches = new int[list.procs()][];
        int[] touchCount = new int[list.procs()];
        for (Transfer x : list.transfers()) {
            if (ranks[x.source()] == ranks[x.destination()]) {
                continue;
            }
            double b = Math.round(x.messageFraction() * bytes);
            int[] deps = new int[x.dependsOn().length + 1];
            int k = 0;
            for (int d : x.dependsOn()) {
                if (task[d] >= 0) {
                    deps[k++] = task[d];
                }
            }
            int before = lastSend[x.source()] >= 0 ? lastSend[x.source()] : frontier[x.source()];
            if (before >= 0) {
                deps[k++] = before;
            }
            int id = p.message(ranks[x.source()], ranks[x.destination()], b, Arrays.copyOf(deps, k));
            task[x.id()] = id;
            lastSend[x.source()] = id;
            note(touches, touchCount, x.destination(), id);
        }
        for (int r = 0; r < list.procs(); r++) {
            if (lastSend[r] >= 0) {
                note(touches, touchCount, r, lastSend[r]);
            }
            if (touchCount[r] > 0) {
                if (frontier[r] >= 0) {
                    note(touches, touchCount, r, frontier[r]);
                }
                frontier[r] = p.delay(0, Arrays.copyOf(touches[r], touchCount[r]));
            }
        }
    }

    /**
     * A communication matrix exchanged once: every entry is one message of its volume in bytes from its sender's
     * terminal to its receiver's, all started at time 0 and sharing the links as they overlap (a matrix gives no
     * order, so ccopt reads it as one concurrent exchange; a rank's messages to itself are dropped with the entry).
     *
     * @param ranks terminal of every rank
     */
    public static Program exchange(CommMatrix matrix, int[] ranks) {
        if (ranks.length != matrix.procs()) {
            throw new InvalidInputException("placement covers " + ranks.length + " ranks; the communication matrix has "
                    + matrix.procs());
        }
        Program p = new Program();
        for (int k = 0; k < matrix.entries(); k++) {
            p.message(ranks[matrix.source()[k]], ranks[matrix.target()[k]], matrix.volume()[k]);
        }
        return p;
    }

    private static void note(int[][] lists, int[] counts, int r, int task) {
        if (lists[r] == null) {
            lists[r] = new int[4];
        } else if (counts[r] == lists[r].length) {
            lists[r] = Arrays.copyOf(lists[r], 2 * counts[r]);
        }
        lists[r][counts[r]++] = task;
    }

    /**
     * Parses a size such as {@code 256B}, {@code 4KiB}, {@code 1MiB}, {@code 2GiB}, {@code 1000} (bytes): a whole number of
     * bytes ({@code 1.5KiB} is 1,536; {@code 1.5B} is refused).
     */
    public static double parseBytes(String text) {
        String t = text.trim();
        String lower = t.toLowerCase(Locale.ROOT);
        double unit = 1;
        String number = t;
        String[][] units = {{"kib", "1024"}, {"mib", "1048576"}, {"gib", "1073741824"}, {"kb", "1000"}, {"mb", "1e6"},
            {"gb", "1e9"}, {"b", "1"}};
        for (String[] u : units) {
            if (lower.endsWith(u[0])) {
                unit = Double.parseDouble(u[1]);
                number = t.substring(0, t.length() - u[0].length()).trim();
                break;
            }
        }
        try {
            double v = Double.parseDouble(number) * unit;
            if (v >= 0 && v <= MAX_BYTES && v == Math.rint(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidInputException("size '" + text + "' is invalid; expected a whole number of bytes from 0 to 1e18, "
                + "with an optional unit B, KiB, MiB, GiB, kB, MB, GB (e.g. 256B, 4KiB, 1.5KiB, 1MiB)");
    }

    /** The largest message size a simulation accepts (an exabyte: simulated times stay finite at 1 bit/s). */
    public static final double MAX_BYTES = 1e18;

    /** Parses a bandwidth such as {@code 100Gbps}, {@code 12.5GBps}, {@code 1e9} (bytes per second). */
    public static double parseBandwidth(String text) {
        String t = text.trim();
        String[][] units = {{"Tbps", "1.25e11"}, {"Gbps", "1.25e8"}, {"Mbps", "1.25e5"}, {"kbps", "125"}, {"bps", "0.125"},
            {"TBps", "1e12"}, {"GBps", "1e9"}, {"MBps", "1e6"}, {"kBps", "1e3"}, {"Bps", "1"}};
        for (String[] u : units) {
            if (t.endsWith(u[0])) {
                return bandwidth(positive(t.substring(0, t.length() - u[0].length()), Double.parseDouble(u[1]), text,
                        "bandwidth", "100Gbps, 12.5GBps"), text);
            }
        }
        return bandwidth(positive(t, 1, text, "bandwidth", "100Gbps, 12.5GBps"), text);
    }

    /** The range of bandwidths a simulation accepts: 1 bit/s to 1 PB/s (so that simulated times stay finite). */
    public static final double MIN_BANDWIDTH = 0.125;
    public static final double MAX_BANDWIDTH = 1e15;

    /** The longest time a simulation accepts as a latency, overhead or time-model constant: a million seconds. */
    public static final double MAX_SECONDS = 1e6;

    private static double bandwidth(double bytesPerSecond, String text) {
        if (bytesPerSecond < MIN_BANDWIDTH || bytesPerSecond > MAX_BANDWIDTH) {
            throw new InvalidInputException("bandwidth '" + text + "' is outside the range simulated; expected 1bps to "
                    + "1000TBps (e.g. 100Gbps, 12.5GBps)");
        }
        return bytesPerSecond;
    }

    /** Parses a time such as {@code 100ns}, {@code 1.5us}, {@code 2ms}, {@code 1s}: a unit is required but for 0. */
    public static double parseSeconds(String text) {
        double v = text.trim().matches("0+(\\.0*)?") ? 0 : org.ccopt.util.Durations.seconds(text, true);
        if (!(v >= 0)) {
            throw new InvalidInputException("time '" + text + "' is invalid; expected a non-negative number with a unit ns, "
                    + "us, ms or s, e.g. 100ns, 1.5us");
        }
        return time(v, text);
    }

    private static double time(double seconds, String text) {
        if (seconds > MAX_SECONDS) {
            throw new InvalidInputException("time '" + text + "' is above the " + (long) MAX_SECONDS + " s simulated; "
                    + "expected 0 to 1000000s (e.g. 100ns, 1.5us)");
        }
        return seconds;
    }

    private static double positive(String number, double unit, String text, String what, String examples) {
        try {
            double v = Double.parseDouble(number.trim()) * unit;
            if (v >= 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidInputException(what + " '" + text + "' is invalid; expected a non-negative number with a unit, e.g. " + examples);
    }
}
