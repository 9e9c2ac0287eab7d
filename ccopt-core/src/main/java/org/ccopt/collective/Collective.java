package org.ccopt.collective;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.ccopt.job.JobOption;
import org.ccopt.job.JobOptions;
import org.ccopt.topology.Topology;

/**
 * A collective communication: its kind, sender set T and receiver set R (terminal ids, sorted, distinct).
 * T and R may overlap (Jaros et al. 2007, §1, case 2).
 */
public record Collective(CollectiveKind kind, int[] senders, int[] receivers) {

    public Collective {
        senders = senders.clone();
        receivers = receivers.clone();
        if (senders.length == 0 || receivers.length == 0) {
            throw new InvalidInputException("collective " + kind + " needs at least one sender and one receiver");
        }
    }

    /**
     * The standard sets for a kind on a topology: OAB/OAS from {@code root} to all other terminals, AOG/AOR from
     * all others to {@code root}, AAB/AAS/AAR among all terminals, MNB/MNS from the first half to the second half.
     */
    public static Collective standard(CollectiveKind kind, Topology t, int root) {
        int p = t.terminalCount();
        if (root < 0 || root >= p) {
            throw new InvalidInputException("root " + root + " is not a terminal of " + t.spec() + "; expected 0.." + (p - 1));
        }
        int[] all = range(0, p);
        int[] others = Arrays.stream(all).filter(v -> v != root).toArray();
        return switch (kind) {
            case OAB, OAS -> new Collective(kind, new int[] {root}, others);
            case AOG, AOR -> new Collective(kind, others, new int[] {root});
            case AAB, AAS, AAR -> new Collective(kind, all, all);
            case MNB, MNS -> new Collective(kind, range(0, p / 2), range(p / 2, p));
        };
    }

    /**
     * The options that name a collective and its port model ({@code --cc --ports --root --senders --receivers}), shared
     * by the jobs that take one ({@link #of(JobOptions.Values, Topology)}, {@link #portModel}). {@code --cc} is not
     * required here, since a job may schedule a permutation instead; {@link #of(JobOptions.Values, Topology)} refuses
     * its absence.
     */
    public static final List<JobOption> OPTIONS = List.of(
            JobOption.text("cc", "KIND", "OAB, OAS, AAB, AAS, MNB, MNS, AOG, AOR or AAR (required)"),
            JobOption.text("ports", "1|K|all", "Port model").withDefault("1"),
            JobOption.whole("root", 0, "Root terminal of one-to-all / all-to-one kinds").withApplies(new JobOption.Applies(
                    "to a rooted collective whose root no list names (--cc OAB or OAS without --senders, AOG or AOR "
                    + "without --receivers)", Collective::rooted, java.util.Map.of("topology", "torus:4x4", "cc", "AAB",
                    "root", "3"))),
            JobOption.text("senders", "LIST", "Sender terminals, e.g. 0-7,9 (default: by kind)"),
            JobOption.text("receivers", "LIST", "Receiver terminals (default: by kind)"));

    /** Whether {@code --root} picks a node of the collective the values name (an unknown kind is refused by the run). */
    private static boolean rooted(JobOptions.Values v) {
        if (v.text("cc") == null) {
            return false;
        }
        try {
            return switch (CollectiveKind.parse(v.text("cc"))) {
                case OAB, OAS -> !v.given("senders");
                case AOG, AOR -> !v.given("receivers");
                default -> false;
            };
        } catch (InvalidInputException e) {
            return true;
        }
    }

    /** The collective of {@link #OPTIONS}' values on {@code t}: its kind's standard sets unless the lists are given. */
    public static Collective of(JobOptions.Values v, Topology t) {
        if (v.text("cc") == null) {
            throw new InvalidInputException("missing --cc; expected one of OAB, OAS, AAB, AAS, MNB, MNS, AOG, AOR, AAR");
        }
        CollectiveKind kind = CollectiveKind.parse(v.text("cc"));
        Collective base = standard(kind, t, v.whole("root"));
        return of(kind, t, v.text("senders") == null ? base.senders() : parseList(v.text("senders"), t.terminalCount()),
                v.text("receivers") == null ? base.receivers() : parseList(v.text("receivers"), t.terminalCount()));
    }

    /** The port model of {@link #OPTIONS}' values on {@code t} ({@link PortModel#on}). */
    public static PortModel portModel(JobOptions.Values v, Topology t) {
        return PortModel.parse(v.text("ports")).on(t);
    }

    public static Collective of(CollectiveKind kind, Topology t, int[] senders, int[] receivers) {
        return new Collective(kind, checked(t, senders, "sender"), checked(t, receivers, "receiver"));
    }

    private static int[] checked(Topology t, int[] nodes, String what) {
        int[] s = Arrays.stream(nodes).sorted().distinct().toArray();
        for (int v : s) {
            if (v < 0 || v >= t.terminalCount()) {
                throw new InvalidInputException(what + " " + v + " is not a terminal of " + t.spec()
                        + "; expected 0.." + (t.terminalCount() - 1));
            }
        }
        return s;
    }

    /**
     * Parses a node list such as {@code 0-7,9,12} of ids below {@code limit}; an id named twice (also through
     * overlapping ranges) is refused rather than silently merged.
     */
    public static int[] parseList(String text, int limit) {
        BitSet set = new BitSet();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int a;
            int b;
            try {
                int dash = p.indexOf('-', 1);
                a = Integer.parseInt(dash > 0 ? p.substring(0, dash).trim() : p);
                b = dash > 0 ? Integer.parseInt(p.substring(dash + 1).trim()) : a;
                if (a < 0 || b < a) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw new InvalidInputException("bad node list '" + text + "' at '" + p
                        + "'; expected ids and ranges like 0-7,9,12");
            }
            if (b >= limit) {
                throw new InvalidInputException("node list '" + text + "' names " + b + "; expected ids 0.." + (limit - 1));
            }
            int twice = set.nextSetBit(a);
            if (twice >= 0 && twice <= b) {
                throw new InvalidInputException("node list '" + text + "' names " + twice + " twice; expected each id once");
            }
            set.set(a, b + 1);
        }
        return set.stream().toArray();
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }
}
