package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every router x every traffic source x every observer, on a torus and a fat tree: each combination runs (exit 0) or
 * is refused with one line that says why (exit 2), never a stack trace or a silent run; and the combinations the
 * routers are meant to share do run on every router: every source with --json, every observer of a closed batch but the
 * packet watch, which is BookSim's router's in open loads.
 */
class RouterPluginMatrixTest {

    private static final String[] ROUTERS = {"yokota2023", "ccopt", "booksim"};

    private static final Map<String, String[]> SOURCES = Map.of(
            "closed batch", new String[] {"sim", "--traffic", "brev", "--packets", "2"},
            "open bernoulli", new String[] {"sim", "--traffic", "uniform", "--rate", "0.1", "--warmup", "100", "--window",
                "300", "--drain", "600"},
            "open on-off", new String[] {"sim", "--traffic", "uniform", "--rate", "0.1", "--process", "on-off", "--burst", "4",
                "--warmup", "100", "--window", "300", "--drain", "600"},
            "injection plan", new String[] {"sim", "--traffic", "brev", "--slices", "2", "--interval", "8"},
            "cup-stacking", new String[] {"cupstack", "--traffic", "brev", "--population", "4", "--generations", "1",
                "--threads", "1"},
            "node mapping", new String[] {"nodemap", "--traffic", "brev", "--population", "4", "--generations", "1",
                "--threads", "1"});

    private static final String[] OBSERVERS = {"", "--json", "--trace", "--picture", "--save-params", "--watch-packets"};

    @Test
    void everyCombinationRunsOrIsRefusedWithOneLine(@TempDir Path dir) {
        Map<String, Integer> outcome = new TreeMap<>();
        int file = 0;
        for (String topology : new String[] {"torus:4x4", "kary-ntree:2,3"}) {
            for (String router : ROUTERS) {
                for (Map.Entry<String, String[]> source : SOURCES.entrySet()) {
                    for (String observer : OBSERVERS) {
                        List<String> args = new ArrayList<>(List.of(source.getValue()));
                        args.addAll(List.of("-t", topology, "--model", router));
                        if (!observer.isEmpty()) {
                            args.add(observer);
                            if (observer.equals("--watch-packets")) {
                                args.add("0");
                            } else if (!observer.equals("--json")) {
                                args.add(dir.resolve("out" + file++ + (observer.equals("--picture") ? ".svg" : ".csv"))
                                        .toString());
                            }
                        }
                        MainTest.Result r = MainTest.run(args.toArray(String[]::new));
                        String what = String.join(" ", args) + ": " + r.err();
                        assertThat(r.code()).as(what).isIn(0, 2);
                        if (r.code() == 2) {
                            assertThat(r.err().strip().lines().count()).as(what).isEqualTo(1);
                            assertThat(r.err()).as(what).doesNotContain("Exception");
                        }
                        outcome.put(topology + " | " + router + " | " + source.getKey() + " | " + observer, r.code());
                    }
                }
            }
        }
        for (String topology : new String[] {"torus:4x4", "kary-ntree:2,3"}) {
            for (String router : ROUTERS) {
                for (String source : new String[] {"closed batch", "open bernoulli", "open on-off", "injection plan",
                    "cup-stacking", "node mapping"}) {
                    assertThat(outcome.get(topology + " | " + router + " | " + source + " | --json"))
                            .as("%s on %s, %s", router, topology, source).isZero();
                }
            }
            for (String router : ROUTERS) {
                // every observer of a closed batch, on every router; Cup-Stacking's picture of its best plan likewise
                for (String observer : java.util.Arrays.copyOf(OBSERVERS, OBSERVERS.length - 1)) {
                    for (String source : new String[] {"closed batch", "injection plan"}) {
                        assertThat(outcome.get(topology + " | " + router + " | " + source + " | " + observer))
                                .as("%s on %s, %s %s", router, topology, source, observer).isZero();
                    }
                }
                assertThat(outcome.get(topology + " | " + router + " | cup-stacking | --picture")).isZero();
                // an open load has no finite run to trace, draw or replay: refused, with the line the matrix checked
                for (String observer : new String[] {"--trace", "--picture", "--save-params"}) {
                    assertThat(outcome.get(topology + " | " + router + " | open bernoulli | " + observer)).isEqualTo(2);
                }
                // a packet's life is watched on BookSim's router in one open load, refused elsewhere with its one line
                assertThat(outcome.get(topology + " | " + router + " | open bernoulli | --watch-packets"))
                        .isEqualTo(router.equals("booksim") ? 0 : 2);
                assertThat(outcome.get(topology + " | " + router + " | closed batch | --watch-packets")).isEqualTo(2);
            }
        }
    }
}
