package org.ccopt.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.ccopt.topology.Topology;
import org.ccopt.traffic.PatternHops;
import org.ccopt.traffic.TrafficPattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ccopt traffic}: the destinations of a traffic pattern and its hop statistics. */
@Command(name = "traffic", mixinStandardHelpOptions = true,
        description = "Destinations of a traffic pattern on a topology, with hop statistics.")
final class TrafficCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    TopologyOption topology;

    @Option(names = "--pattern", required = true, description = TrafficPattern.NAMES + ".")
    String pattern;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of random patterns (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Override
    public Integer call() {
        Topology t = topology.build();
        TrafficPattern p = TrafficPattern.parse(pattern);
        int[] dest = p.destinations(t, seed);
        PatternHops hops = PatternHops.of(t, dest);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("topology", t.spec());
        r.put("pattern", p.label());
        r.put("seed", p.isRandom() ? seed : null);
        r.put("senders", hops.senders());
        r.put("totalHops", hops.totalHops());
        r.put("averageHops", hops.averageHops());
        r.put("maxHops", hops.maxHops());
        r.put("destinations", dest);
        var w = spec.commandLine().getOut();
        if (json) {
            Json.print(w, spec, r);
        } else {
            w.printf("%s on %s: %d senders, %d hops in total, %.3f average, %d at most%n", p.label(), t.spec(), hops.senders(),
                    hops.totalHops(), hops.averageHops(), hops.maxHops());
            StringBuilder s = new StringBuilder("  ");
            for (int i = 0; i < dest.length; i++) {
                s.append(i).append("->").append(dest[i]).append(i + 1 < dest.length ? ", " : "");
                if (s.length() > 100) {
                    w.println(s);
                    s = new StringBuilder("  ");
                }
            }
            if (s.length() > 2) {
                w.println(s);
            }
        }
        return Main.OK;
    }
}
