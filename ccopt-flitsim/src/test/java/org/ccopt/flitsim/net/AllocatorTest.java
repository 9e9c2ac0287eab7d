package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.ccopt.InvalidInputException;
import org.ccopt.routing.RouterPorts;
import org.ccopt.routing.RoutingFunctions;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allocators by BookSim's names: hand-computed matchings, every matching legal on seeded random request matrices,
 * max_size maximum, and a separable output-first allocator with round-robin arbiters running exactly as the engine's
 * one-iteration iSLIP.
 */
class AllocatorTest {

    /** One allocation of {@code requests} ({in, out} pairs) on unit 0 of n inputs; the output of each input. */
    private static int[] allocate(Allocator a, int n, int[][] requests) {
        for (int[] r : requests) {
            a.request(r[0], r[1]);
        }
        a.allocate(0, n);
        int[] out = IntStream.range(0, n).map(a::outputOf).toArray();
        a.clear();
        return out;
    }

    @Test
    void theLonelyOutputAllocatorSendsAnInputToItsLeastWantedOutput() {
        // input 0 asks for outputs 0 and 1, input 1 for output 0 only: output 1 has one requester, so input 0 takes it
        Allocator loa = Allocator.create("loa", 1, 2, 1);
        assertThat(allocate(loa, 2, new int[][] {{0, 0}, {0, 1}, {1, 0}})).containsExactly(1, 0);
        // a separable input-first allocator from pointer 0 sends both inputs to output 0 and matches one
        Allocator separable = Allocator.create("separable_input_first", 1, 2, 1);
        assertThat(allocate(separable, 2, new int[][] {{0, 0}, {0, 1}, {1, 0}})).containsExactly(0, -1);
    }

    @Test
    void theWavefrontStartsAtItsPriorityDiagonalWhichMovesOnByOne() {
        Allocator wavefront = Allocator.create("wavefront", 1, 3, 1);
        int[][] requests = {{0, 0}, {0, 1}, {1, 1}};
        // diagonal 0 holds (0,0), (2,1), (1,2): (0,0) is granted; diagonal 1 holds (1,0), (0,1), (2,2); diagonal 2 (1,1)
        assertThat(allocate(wavefront, 3, requests)).containsExactly(0, 1, -1);
        // from diagonal 1, (0,1) comes first and blocks both others
        assertThat(allocate(wavefront, 3, requests)).containsExactly(1, -1, -1);
    }

    @Test
    void aMatrixArbiterGrantsTheHighestIndexFirstThenTheLeastRecentlyGranted() {
        Allocator matrix = Allocator.create("separable_input_first(matrix)", 1, 3, 1);
        int[][] all = {{0, 0}, {1, 0}, {2, 0}};
        assertThat(allocate(matrix, 3, all)).containsExactly(-1, -1, 0);
        assertThat(allocate(matrix, 3, all)).containsExactly(-1, 0, -1);
        assertThat(allocate(matrix, 3, new int[][] {{1, 0}, {2, 0}})).containsExactly(-1, -1, 0);
        assertThat(allocate(matrix, 3, all)).containsExactly(0, -1, -1);
        // a round-robin arbiter: the first from its pointer, which moves past the winner
        Allocator roundRobin = Allocator.create("separable_input_first", 1, 3, 1);
        assertThat(allocate(roundRobin, 3, all)).containsExactly(0, -1, -1);
        assertThat(allocate(roundRobin, 3, new int[][] {{0, 0}, {2, 0}})).containsExactly(-1, -1, 0);
        assertThat(allocate(roundRobin, 3, all)).containsExactly(0, -1, -1);
    }

    static Stream<Arguments> allocatorsAndSeeds() {
        return Allocator.NAMES.stream().filter(n -> !n.equals(Allocator.ISLIP))
                .flatMap(n -> IntStream.rangeClosed(1, 25).mapToObj(seed -> Arguments.of(n, seed)));
    }

    /**
     * On a seeded random request matrix of 1 to 7 inputs: every allocator matches only requested pairs, each input and
     * output at most once; max_size matches as many as a brute-force maximum, and wavefront leaves no request whose input
     * and output are both free (its matching is maximal).
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("allocatorsAndSeeds")
    void everyMatchingIsLegal(String name, int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 1 + random.nextInt(7);
        boolean[][] request = new boolean[n][n];
        Allocator a = Allocator.create(name, 2, 8, 2);
        a.reset(seed);
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < n; i++) {
                for (int o = 0; o < n; o++) {
                    request[i][o] = random.nextInt(3) == 0;
                    if (request[i][o]) {
                        a.request(i, o);
                    }
                }
            }
            a.allocate(1, n);
            boolean[] taken = new boolean[n];
            int matched = 0;
            for (int i = 0; i < n; i++) {
                int o = a.outputOf(i);
                if (o >= 0) {
                    assertThat(request[i][o]).as("input %d matched to unrequested output %d", i, o).isTrue();
                    assertThat(taken[o]).as("output %d matched twice", o).isFalse();
                    taken[o] = true;
                    matched++;
                }
            }
            if (name.equals("max_size")) {
                assertThat(matched).isEqualTo(maximum(request, 0, new boolean[n]));
            }
            if (name.endsWith("wavefront")) {
                for (int i = 0; i < n; i++) {
                    for (int o = 0; o < n; o++) {
                        assertThat(request[i][o] && a.outputOf(i) < 0 && !taken[o]).as("free request %d-%d", i, o).isFalse();
                    }
                }
            }
            a.clear();
        }
    }

    /** The largest matching of inputs {@code i..} avoiding outputs {@code used}, by exhaustive search. */
    private static int maximum(boolean[][] request, int i, boolean[] used) {
        if (i == request.length) {
            return 0;
        }
        int best = maximum(request, i + 1, used);
        for (int o = 0; o < request.length; o++) {
            if (request[i][o] && !used[o]) {
                used[o] = true;
                best = Math.max(best, 1 + maximum(request, i + 1, used));
                used[o] = false;
            }
        }
        return best;
    }

    /**
     * One-iteration iSLIP is a separable output-first allocator of round-robin arbiters whose pointers move on a match
     * only: the engine's built-in iSLIP and {@code separable_output_first} give the same run to the last figure, on a
     * mesh and on a fat tree near saturation.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mesh:6x6", "kary-ntree:4,2"})
    void separableOutputFirstIsTheBuiltInIslip(String spec) {
        RouterPorts net = new RouterPorts(TopologySpec.parse(spec));
        String routing = spec.startsWith("mesh") ? "dor" : "nca-random";
        OpenLoopTraffic load = OpenLoopTraffic.bernoulli(new Destinations.Uniform(net.terminals()), 0.35, 8);
        OpenLoopResult[] r = new OpenLoopResult[2];
        String[] names = {Allocator.ISLIP, "separable_output_first"};
        for (int k = 0; k < 2; k++) {
            RouterTiming timing = RouterTiming.BOOKSIM.withAllocators(names[k], names[k]);
            r[k] = new NetworkSimulator(net, RoutingFunctions.create(routing, net), timing, 4, 4)
                    .runOpenLoop(load, 500, 2000, 5000, 3);
        }
        assertThat(r[1].packetLatency()).isEqualTo(r[0].packetLatency());
        assertThat(r[1].accepted()).isEqualTo(r[0].accepted());
        assertThat(r[1].latencyMax()).isEqualTo(r[0].latencyMax());
        // another allocator runs another schedule
        RouterTiming maxSize = RouterTiming.BOOKSIM.withAllocators("max_size", "max_size");
        assertThat(new NetworkSimulator(net, RoutingFunctions.create(routing, net), maxSize, 4, 4)
                .runOpenLoop(load, 500, 2000, 5000, 3).packetLatency()).isNotEqualTo(r[0].packetLatency());
    }

    @Test
    void anUnknownAllocatorIsRefusedWithOneLine() {
        assertThatThrownBy(() -> RouterTiming.BOOKSIM.withAllocators("islip", "fifo")).isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown switch allocator 'fifo'; expected one of " + String.join(", ", Allocator.NAMES));
    }
}
