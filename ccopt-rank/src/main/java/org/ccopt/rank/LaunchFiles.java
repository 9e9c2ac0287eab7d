package org.ccopt.rank;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.ccopt.InvalidInputException;

/**
 * A rank placement as the files MPI launchers read, so that a placement optimised here runs on a real cluster: the
 * host of every terminal comes from a host list (terminal t runs on {@code hosts[t]}).
 *
 * <ul>
 *   <li>Open MPI rankfile ({@code mpirun --rankfile FILE}): {@code rank R=HOST slot=S}, one line per rank, S counting
 *       the ranks already placed on that host from 0.
 *   <li>MPICH/Hydra machine file ({@code mpiexec -f FILE}): {@code HOST:N} lines in rank order, N consecutive ranks
 *       on that host; Hydra fills the lines in order, so rank r lands on the r-th host of the expansion.
 *   <li>SimGrid SMPI host file ({@code smpirun -hostfile FILE -platform P}): one host per rank in rank order, named
 *       as {@code ccopt topo --export simgrid} names terminal t ({@code h}t), so no host list is needed.
 * </ul>
 */
public final class LaunchFiles {

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]+");

    private LaunchFiles() {
    }

    /** Parses a host list: one host name per terminal, in terminal order; blank lines and {@code #} comments skipped. */
    public static List<String> hosts(String text, int terminals, String where) {
        List<String> hosts = new ArrayList<>();
        int line = 0;
        for (String raw : text.split("\n", -1)) {
            line++;
            String h = raw.replaceAll("#.*", "").trim();
            if (h.isEmpty()) {
                continue;
            }
            if (!HOST.matcher(h).matches()) {
                throw new InvalidInputException("line " + line + " of host list " + where + " is '" + h
                        + "'; expected one host name (letters, digits, . _ -) per line");
            }
            hosts.add(h);
        }
        if (hosts.size() != terminals) {
            throw new InvalidInputException("host list " + where + " names " + hosts.size() + " hosts; the network has "
                    + terminals + " terminals, expected one host per terminal in terminal order");
        }
        return hosts;
    }

    /** Open MPI's rankfile for {@code ranks[r]} = terminal of rank r. */
    /**
     * Refuses a placement that puts more ranks on a host than it has slots ({@code slots} of a host name, or null where
     * it is not known): Open MPI cannot bind rank r to {@code slot=k} on a host without core k, and {@code mpirun}
     * then exits 1 without a message.
     */
    /**
     * The slots of a host: {@code slotsPerHost} when given, else this machine's cores for a host that is this machine
     * (its loopback names or its host name), else unknown (null).
     */
    public static java.util.function.Function<String, Integer> slots(Integer slotsPerHost) {
        return host -> {
            if (slotsPerHost != null) {
                return slotsPerHost;
            }
            boolean local = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("::1");
            try {
                local |= host.equalsIgnoreCase(java.net.InetAddress.getLocalHost().getHostName());
            } catch (java.io.IOException e) {
                // no name for this machine: only the loopback names are known to be it
            }
            return local ? Runtime.getRuntime().availableProcessors() : null;
        };
    }

    public static void checkSlots(int[] ranks, List<String> hosts, java.util.function.Function<String, Integer> slots) {
        Map<String, Integer> count = new java.util.LinkedHashMap<>();
        for (int terminal : ranks) {
            count.merge(hosts.get(terminal), 1, Integer::sum);
        }
        count.forEach((host, n) -> {
            Integer cap = slots.apply(host);
            if (cap != null && n > cap) {
                throw new InvalidInputException("host " + host + " gets " + n + " ranks but has " + cap + " slots, so "
                        + "mpirun could not bind them; expected at most " + cap + " ranks per host (more hosts, fewer "
                        + "--procs, or the host's real core count as --slots-per-host)");
            }
        });
    }

    public static String openMpiRankfile(int[] ranks, List<String> hosts) {
        StringBuilder b = new StringBuilder();
        Map<String, Integer> used = new HashMap<>();
        for (int r = 0; r < ranks.length; r++) {
            String host = hosts.get(ranks[r]);
            int slot = used.merge(host, 1, Integer::sum) - 1;
            b.append("rank ").append(r).append('=').append(host).append(" slot=").append(slot).append('\n');
        }
        return b.toString();
    }

    /** MPICH/Hydra's machine file for {@code ranks[r]} = terminal of rank r. */
    public static String hydraMachinefile(int[] ranks, List<String> hosts) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < ranks.length; ) {
            String host = hosts.get(ranks[r]);
            int n = 0;
            while (r < ranks.length && hosts.get(ranks[r]).equals(host)) {
                n++;
                r++;
            }
            b.append(host).append(':').append(n).append('\n');
        }
        return b.toString();
    }

    /** SimGrid SMPI's host file for {@code ranks[r]} = terminal of rank r, on a platform exported by ccopt. */
    public static String smpiHostfile(int[] ranks) {
        StringBuilder b = new StringBuilder();
        for (int t : ranks) {
            b.append('h').append(t).append('\n');
        }
        return b.toString();
    }
}
