package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Invocations that were once accepted with a wrong answer, crashed, or ran without bound: each now ends with exit
 * code 2 and one line on stderr that names what was wrong. {@code DIR} in an argument is a scratch directory holding
 * a disconnected graph ({@code disc.txt}), a YAML file ({@code x.yaml}), a mapping with a fraction ({@code m.json}).
 */
class BadInputTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void files() throws Exception {
        Files.writeString(dir.resolve("disc.txt"), "0 1\n2 3\n");
        Files.writeString(dir.resolve("x.yaml"), "command: sim\n");
        Files.writeString(dir.resolve("m.json"), "[0,1.5,2,3]");
        Files.writeString(dir.resolve("ranks.json"), "{\"ranks\":[0,1.5]}");
    }

    static Stream<Arguments> invocations() {
        return Stream.of(
                // silent wrong results before: int overflow in the workload, the time limit, node lists
                bad("sim -t torus:4x4 --interval 2000000000 --slices 3", "released at cycle"),
                bad("sim -t torus:4x4 --interval 2147483647 --slices 2", "released at cycle"),
                bad("sim -t torus:4x4 --packets 2147483647", "packets"),
                bad("sim -t torus:4x4 --slices 2147483647", "packets"),
                bad("sim -t torus:4x4 --sweep-interval 0:2147483647 --slices 2", "FROM:TO"),
                bad("schedule -t hypercube:3 --cc AAB --time-limit 3000000h", "bad time limit"),
                bad("schedule -t hypercube:3 --cc AAB --time-limit 5", "with its unit"),
                bad("schedule -t hypercube:3 --cc AAB --time-limit 1e9s", "bad time limit"),
                bad("bounds -t hypercube:3 --cc AAB --senders 0-2147483647", "expected ids 0..7"),
                bad("schedule -t hypercube:3 --cc AAB --senders 0-2147483647", "expected ids 0..7"),
                bad("schedule -t hypercube:3 --cc MNB --senders 0,0,0", "names 0 twice"),
                bad("schedule -t fat-octagon --cc AOR --switching sf", "combine partial results in nodes"),
                bad("schedule -t fat-octagon --cc AAR --switching sf", "combine partial results in nodes"),
                bad("bounds -t ring:6 --cc AAR --switching sf", "AAR takes --switching wh"),
                bad("bounds -t ring:6 --cc AAB --switching sf-router", "sf-router applies to scatters"),
                bad("schedule -t ring:6 --cc AAB --switching sf-router", "sf-router applies to scatters"),
                bad("schedule -t ring:6 --cc AAS --switching sf --solver umda", "does not schedule store-and-forward scatters"),
                bad("schedule -t ring:6 --cc AAS --switching sf --extra-hops 1", "--extra-hops 1 does not apply to a store-and-forward scatter"),
                bad("schedule -t ring:6 --cc AAS --switching sf --path-limit 3", "--path-limit does not apply"),
                bad("schedule -t ring:6 --cc AAS --switching store", "unknown switching 'store'; expected wh, sf or sf-router"),
                bad("schedule -t omega:8 --cc AAS --bandwidth 1Gbps", "applies to the message-level replay"),
                bad("schedule -t omega:8 --cc AAS --replay 1MiB --cross-traffic", "runs without it"),
                bad("topo butterfly:8:fast", "unknown Butterfly variant"),
                bad("topo clos:2,2,2,2", "an odd count of at least 3 integers"),
                bad("traffic -t file:DIR/disc.txt --pattern brev", "unreachable"),
                bad("sim -t torus:2x2 --mapping DIR/m.json", "expected whole node numbers"),
                bad("msgsim -t torus:2x2 --ranks DIR/ranks.json --collective bcast --bytes 8", "expected distinct terminals"),
                bad("topo torus:4x4 --export simgrid --bandwidth abc", "bandwidth 'abc'"),
                bad("topo torus:4x4 --export simgrid --bandwidth -1Gbps", "bandwidth '-1Gbps'"),
                bad("topo torus:4x4 --export simgrid --bandwidth 0Gbps", "positive"),
                bad("topo torus:4x4 --export simgrid --latency -5ns", "latency '-5ns'"),
                bad("topo torus:4x4 --bisection-effort -1", "--bisection-effort -1 is invalid; expected >= 0"),
                bad("topo file:DIR/x.yaml", "is not two node ids"),
                bad("topo file:/dev/zero", "not a regular file"),
                bad("cupstack -t torus:4x4 --freeze V,I,C,Q", "nothing left to search"),
                bad("cupstack -t torus:4x4 --population 4 --crossover-pairs 1000", "at most 6 pairs"),
                bad("nodemap -t torus:4x4 --checkpoint-seconds -1 --out DIR/nm --generations 1 --population 4", "--checkpoint-seconds"),
                bad("nodemap -t torus:4x4 --checkpoint-seconds NaN --out DIR/nm --generations 1 --population 4", "--checkpoint-seconds"),
                bad("table DIR/x.yaml --by a --show b", "is neither .jsonl nor .csv"),
                bad("report DIR/nothing", "is not a directory"),
                // an I/O error says why, in one line (a stack trace came with a failed checkpoint before)
                bad("topo torus:4x4 --export json --out DIR/x.yaml/x.json", "exists and is not a directory"),
                // work without bound before: each refused with the figure that passes the limit
                bad("sim -t torus:1024x1024 --traffic uniform --rate 0.1", "34603008000 node-cycles, above the 10000000000"),
                bad("sim -t torus:4x4 --traffic brev --repeat 1000000000", "expected 1 to 1000000"),
                bad("sim -t torus:64x64 --traffic uniform --rate 0.1 --routing valiant", "steps to prove deadlock free"),
                bad("cupstack -t torus:128x128 --traffic brev --method simple", "above the 50000000000 a run takes"),
                bad("hops -t circulant2:1048576 --collective bcast", "steps), above the 20000000000 ccopt takes"),
                bad("schedule -t torus:24x24 --cc AAS --time-limit 10m", "pass 300000000 listed hops"),
                bad("hops -t torus:128x128 --collective pairwise-alltoall", "transfers, above the 30000000"),
                // a mistyped folder is not created: a file is written into an existing folder only
                bad("topo ring:5 --export json --out DIR/missing/x.json", "/missing does not exist; expected a file in an existing"),
                bad("sim -t torus:4x4 --picture DIR/missing/p.png", "does not exist; expected a file in an existing folder"),
                bad("nodemap -t torus:4x4 --population 4 --generations 1 --out DIR/x.yaml/nm", "Not a directory"),
                // internal errors before
                bad("rank -t file:DIR/disc.txt --procs 4 --collective bcast", "unreachable"),
                bad("cupstack-sweep --lifetime abc --out DIR/sw", "--lifetime value 'abc'"),
                bad("cupstack-sweep --watchdog x --out DIR/sw", "--watchdog value 'x'"),
                // unbounded work before
                bad("topo mesh:1024x1024 --no-bisection", "breadth-first searches"),
                bad("routes -t hypercube:20 --limit 2147483647 --from 0 --to 1048575", "--limit 2147483647"),
                bad("routes -t hypercube:6 --extra-hops 30 --from 0 --to 63", "--extra-hops 30"),
                bad("analyze circulant --sizes 16..2147483647", "expected network sizes"),
                bad("analyze nas --lu-iterations -1", "--lu-iterations -1 is invalid"),
                bad("analyze hops-table --samples 10", "--samples applies to analyze collective-share, p2p-hops, p2p-time, not to analyze hops-table"),
                bad("analyze nas --repeat 3", "--repeat applies to analyze msg-sweep, not to analyze nas"),
                bad("analyze msg-sweep --repeat 0 --networks ring:8 --procs 4", "repeat 0 is invalid"),
                bad("hops -t torus:4x4 --collective bcast --placement two-opt", "unknown placement 'two-opt'"),
                bad("cupstack-sweep --seeds 2147483647 --out DIR/sw", "--seeds 2147483647"),
                bad("sim -t torus:64x64 --traffic bcmp --packets 100 --picture DIR/p.png", "link trace passed"),
                // a new user's mistakes: the nearest name, the option named
                bad("simulate -t torus:4x4", "unknown command 'simulate'; did you mean sim?"),
                bad("rnk", "unknown command 'rnk'; did you mean rank?"),
                bad("sim --trafic brev", "unknown option '--trafic'; did you mean --traffic?"),
                bad("nodemap --popultion 4", "unknown option '--popultion'; did you mean --population?"),
                bad("cupstack --generation=5", "unknown option '--generation'; did you mean --generations?"),
                bad("sim --packets 0", "--packets 0 is invalid; expected >= 1"),
                bad("sim --vcs 0", "--vcs 0 is invalid; expected >= 1"),
                // ignored before
                bad("generate-completion foo", "Unmatched argument"),
                bad("bounds -t torus:4x4 --cc AAB --root 3", "--root applies to a rooted collective"),
                bad("schedule -t torus:4x4 --traffic bcmp --root 3", "--root applies to a rooted collective"),
                bad("bounds -t torus:4x4 --cc OAB --senders 1 --root 3", "--root applies to a rooted collective"),
                bad("sim -t torus:8x8 --traffic bcmp --packets 1 --slices 2 --interval 1000000000 --picture DIR/p.png", "pixels"));
    }

    private static Arguments bad(String line, String says) {
        return Arguments.of(line, says);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invocations")
    void refusedWithOneLine(String line, String says) {
        String[] args = line.replace("DIR", dir.toString()).split(" ");
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("ccopt: ").contains(says).doesNotContain("Exception");
    }

    /** A value holding a line break or tab is refused by its position, never quoted (it cut the error short before). */
    @org.junit.jupiter.api.Test
    void aControlCharacterInAValueIsNamedByItsPosition() {
        for (String[] args : new String[][] {{"topo", "ring:\n5"}, {"sim", "--traffic", "bc\tmp"}, {"routes", "-t", "ring:5\n", "--from", "0", "--to", "1"}}) {
            MainTest.Result r = MainTest.run(args);
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains("control character").contains("position");
        }
    }

    /** Networks whose distances pass 127 hops, once an internal error, now run. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"rank -t ring:300 --procs 300 --collective bcast --iterations 100",
        "msgsim -t ring:300 --procs 16 --collective bcast --bytes 1024", "rank -t mesh:70x70 --procs 64 --collective bcast"})
    void longDistancesAreHandled(String line) throws Exception {
        MainTest.Result r = MainTest.run((line + " --json").split(" "));
        assertThat(r.code()).as(r.err()).isZero();
    }
}
