package org.ccopt.flitsim.net;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * An allocator of the flit engine's routers other than its built-in iSLIP, chosen by BookSim 2's name for it (its
 * {@code vc_allocator} and {@code sw_allocator} keys, {@code allocators/} in its sources): a bipartite matching between
 * a router's requesting inputs and the outputs they request, one per input and one per output. In switch allocation the
 * inputs and outputs are a router's ports; in VC allocation they are its input VCs and output VCs (port x VCs + VC),
 * as BookSim's input-queued router numbers them. Every request has the same priority, as BookSim's routing functions
 * and traffic give them at their defaults ({@code priority = none}).
 *
 * <p>One instance serves every router of an engine: a router is a {@code unit}, each with its own pointers, as each
 * BookSim router has its own allocators. A use is {@link #request} for each request, {@link #allocate}, reads of
 * {@link #outputOf}, and {@link #clear}; nothing allocates after construction. {@link #reset} starts a run: pointers at
 * BookSim's initial values, the random stream of {@code pim} from the run's seed.
 *
 * <ul>
 *   <li>{@code pim}: parallel iterative matching (Anderson et al. 1993): in each of {@code iters} iterations every free
 *       output grants the first free requesting input from a random position, and every input accepts the first granting
 *       output from a random position.
 *   <li>{@code max_size}: a maximum-size matching by shortest augmenting paths from the free inputs, searched from an
 *       input that moves on by one at every allocation (for fairness).
 *   <li>{@code loa}: the lonely output allocator: each input requests, of its outputs, the one fewest inputs request
 *       (the first from its pointer among equals), each output grants the first requester from its pointer, and both
 *       pointers of a grant move on by one.
 *   <li>{@code wavefront}, {@code rr_wavefront}: the wavefront allocator (Tamir and Chi 1993): the diagonals of the
 *       request matrix from a priority diagonal on, each granting its requests whose input and output are still free;
 *       the priority diagonal moves on by one at every allocation with requests ({@code rr_wavefront}: to the one after
 *       the diagonal of the first grant). A lone request is granted at once.
 *   <li>{@code separable_input_first}, {@code separable_output_first}: one arbiter per input and per output; in the
 *       input-first form each input's arbiter picks one of its outputs and each output's arbiter one of the inputs that
 *       picked it, the output-first form the other way round; both arbiters of a match update. The arbiters are
 *       round-robin (the winner is the first request from the pointer, which moves past it) or, with the suffix
 *       {@code (matrix)}, matrix arbiters (the least recently granted request wins; a higher index wins at the start).
 * </ul>
 */
public abstract sealed class Allocator permits Allocator.Pim, Allocator.MaxSize, Allocator.Loa, Allocator.Wavefront,
        Allocator.Separable {

    /** The engine's built-in allocator: iSLIP ({@link RouterTiming#allocIters} iterations). */
    public static final String ISLIP = "islip";

    /** Every name {@link #create} takes, and {@link #ISLIP}. */
    public static final List<String> NAMES = List.of(ISLIP, "pim", "max_size", "loa", "wavefront", "rr_wavefront",
            "separable_input_first", "separable_output_first", "separable_input_first(matrix)",
            "separable_output_first(matrix)");

    /** The most inputs (and outputs) of one unit: a router's ports times its VCs. */
    final int size;
    private final boolean[] requested;
    private final int[] cells;
    private int count;
    final int[] inMatch;
    final int[] outMatch;

    Allocator(int size) {
        this.size = size;
        this.requested = new boolean[size * size];
        this.cells = new int[size * size];
        this.inMatch = new int[size];
        this.outMatch = new int[size];
        Arrays.fill(inMatch, -1);
        Arrays.fill(outMatch, -1);
    }

    /**
     * The allocator named {@code name} for {@code units} routers of at most {@code size} inputs and outputs each, or null
     * for {@link #ISLIP}, the engine's own; {@code iters} iterations where the allocator iterates ({@code pim}).
     */
    public static Allocator create(String name, int units, int size, int iters) {
        check(name, "allocator");
        long state = (long) units * 2 * size * (name.endsWith("(matrix)") ? size : 1);
        if ((long) size * size > Integer.MAX_VALUE / 2 || state > Integer.MAX_VALUE / 2) {
            throw new InvalidInputException(units + " routers of " + size + " inputs are too many for allocator " + name
                    + "'s state; expected at most 2^30 entries (fewer VCs, or islip)");
        }
        return switch (name) {
            case ISLIP -> null;
            case "pim" -> new Pim(size, iters);
            case "max_size" -> new MaxSize(units, size);
            case "loa" -> new Loa(units, size);
            case "wavefront" -> new Wavefront(units, size, false);
            case "rr_wavefront" -> new Wavefront(units, size, true);
            case "separable_input_first" -> new Separable(units, size, true, false);
            case "separable_output_first" -> new Separable(units, size, false, false);
            case "separable_input_first(matrix)" -> new Separable(units, size, true, true);
            default -> new Separable(units, size, false, true);
        };
    }

    /** Fails with one line where {@code name} is not an allocator of {@link #NAMES}; {@code what} names the setting. */
    public static void check(String name, String what) {
        if (!NAMES.contains(name)) {
            throw new InvalidInputException("unknown " + what + " '" + name + "'; expected one of " + String.join(", ", NAMES));
        }
    }

    /** Input {@code in} requests output {@code out} (a second request of the same pair is one). */
    public final void request(int in, int out) {
        int cell = in * size + out;
        if (!requested[cell]) {
            requested[cell] = true;
            cells[count++] = cell;
        }
    }

    final boolean requested(int in, int out) {
        return requested[in * size + out];
    }

    /** Whether any request is pending. */
    final boolean anyRequest() {
        return count > 0;
    }

    /** The requests in the order they were made: input x size + output. */
    final int requestCell(int k) {
        return cells[k];
    }

    final int requests() {
        return count;
    }

    /** Matches the pending requests of router {@code unit}, whose inputs and outputs are {@code 0 .. n - 1}. */
    public abstract void allocate(int unit, int n);

    /** The output matched to input {@code in} by the last {@link #allocate}, or -1. */
    public final int outputOf(int in) {
        return inMatch[in];
    }

    /** Drops the requests and the matching, for the next allocation. */
    public final void clear() {
        for (int k = 0; k < count; k++) {
            int cell = cells[k];
            requested[cell] = false;
            inMatch[cell / size] = -1;
            outMatch[cell % size] = -1;
        }
        count = 0;
    }

    /** Starts a run: every pointer at its initial value, the random stream (if any) from {@code seed}. */
    public abstract void reset(long seed);

    final void pair(int in, int out) {
        inMatch[in] = out;
        outMatch[out] = in;
    }

    /** Parallel iterative matching with random arbiters. */
    static final class Pim extends Allocator {
        private final int iters;
        private final int[] grant;
        private SplittableRandom random = new SplittableRandom(0);

        Pim(int size, int iters) {
            super(size);
            this.iters = iters;
            this.grant = new int[size];
        }

        @Override
        public void allocate(int unit, int n) {
            for (int iteration = 0; iteration < iters; iteration++) {
                for (int out = 0; out < n; out++) {
                    grant[out] = -1;
                    if (outMatch[out] >= 0) {
                        continue;
                    }
                    int from = random.nextInt(n);
                    for (int i = 0; i < n; i++) {
                        int in = from + i < n ? from + i : from + i - n;
                        if (inMatch[in] < 0 && requested(in, out)) {
                            grant[out] = in;
                            break;
                        }
                    }
                }
                for (int in = 0; in < n; in++) {
                    int from = random.nextInt(n);
                    for (int o = 0; o < n; o++) {
                        int out = from + o < n ? from + o : from + o - n;
                        if (grant[out] == in) {
                            pair(in, out);
                            break;
                        }
                    }
                }
            }
        }

        @Override
        public void reset(long seed) {
            random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x5EED);
        }
    }

    /** Maximum-size matching by shortest augmenting paths, the search starting one input later at every allocation. */
    static final class MaxSize extends Allocator {
        private final int[] start;
        private final int[] from;
        private int[] frontier;
        private int[] next;

        MaxSize(int units, int size) {
            super(size);
            this.start = new int[units];
            this.from = new int[size];
            this.frontier = new int[size];
            this.next = new int[size];
        }

        @Override
        public void allocate(int unit, int n) {
            while (augment(start[unit], n)) {
                // each augmenting path matches one more input
            }
            start[unit] = (start[unit] + 1) % n;
        }

        /** Finds a shortest augmenting path breadth first from the free inputs and flips it; false where none is left. */
        private boolean augment(int first, int n) {
            int length = 0;
            for (int i = 0; i < n; i++) {
                int in = (i + first) % n;
                if (inMatch[in] < 0) {
                    frontier[length++] = in;
                }
            }
            Arrays.fill(from, 0, n, -1);
            for (int depth = 0; depth < n && length > 0; depth++) {
                int nextLength = 0;
                for (int e = 0; e < length; e++) {
                    int in = frontier[e];
                    for (int out = 0; out < n; out++) {
                        if (!requested(in, out) || inMatch[in] == out || from[out] >= 0) {
                            continue;
                        }
                        from[out] = in;
                        if (outMatch[out] < 0) {
                            flip(out);
                            return true;
                        }
                        next[nextLength++] = outMatch[out];
                    }
                }
                int[] t = frontier;
                frontier = next;
                next = t;
                length = nextLength;
            }
            return false;
        }

        /** Flips the path that reached free output {@code out}: its edges out of the matching in, the others out. */
        private void flip(int out) {
            int in = from[out];
            while (true) {
                int previous = inMatch[in];
                inMatch[in] = out;
                outMatch[out] = in;
                if (previous < 0) {
                    return;
                }
                out = previous;
                in = from[out];
            }
        }

        @Override
        public void reset(long seed) {
            Arrays.fill(start, 0);
        }
    }

    /** The lonely output allocator. */
    static final class Loa extends Allocator {
        private final int[] requestPointer;
        private final int[] grantPointer;
        private final int[] demand;
        private final int[] lonely;

        Loa(int units, int size) {
            super(size);
            this.requestPointer = new int[units * size];
            this.grantPointer = new int[units * size];
            this.demand = new int[size];
            this.lonely = new int[size];
        }

        @Override
        public void allocate(int unit, int n) {
            Arrays.fill(demand, 0, n, 0);
            for (int k = 0; k < requests(); k++) {
                demand[requestCell(k) % size]++;
            }
            int base = unit * size;
            for (int in = 0; in < n; in++) {
                int best = -1;
                int fewest = Integer.MAX_VALUE;
                int from = requestPointer[base + in];
                for (int o = 0; o < n; o++) {
                    int out = (o + from) % n;
                    if (requested(in, out) && demand[out] < fewest) {
                        best = out;
                        fewest = demand[out];
                    }
                }
                lonely[in] = best;
            }
            for (int out = 0; out < n; out++) {
                int from = grantPointer[base + out];
                for (int i = 0; i < n; i++) {
                    int in = (i + from) % n;
                    if (lonely[in] == out) {
                        pair(in, out);
                        requestPointer[base + in] = (requestPointer[base + in] + 1) % n;
                        grantPointer[base + out] = (grantPointer[base + out] + 1) % n;
                        break;
                    }
                }
            }
        }

        @Override
        public void reset(long seed) {
            Arrays.fill(requestPointer, 0);
            Arrays.fill(grantPointer, 0);
        }
    }

    /** The wavefront allocator; {@code skip}: the priority diagonal moves past the first grant's. */
    static final class Wavefront extends Allocator {
        private final boolean skip;
        private final int[] diagonal;

        Wavefront(int units, int size, boolean skip) {
            super(size);
            this.skip = skip;
            this.diagonal = new int[units];
        }

        @Override
        public void allocate(int unit, int n) {
            if (!anyRequest()) {
                return;
            }
            int firstDiagonal;
            if (requests() == 1) {
                int cell = requestCell(0);
                pair(cell / size, cell % size);
                firstDiagonal = cell / size + cell % size;
            } else {
                firstDiagonal = -1;
                int pri = diagonal[unit];
                for (int p = 0; p < n; p++) {
                    for (int out = 0; out < n; out++) {
                        int in = (pri + p + n - out) % n;
                        if (inMatch[in] < 0 && outMatch[out] < 0 && requested(in, out)) {
                            pair(in, out);
                            if (firstDiagonal < 0) {
                                firstDiagonal = in + out;
                            }
                        }
                    }
                }
            }
            diagonal[unit] = ((skip ? firstDiagonal : diagonal[unit]) + 1) % n;
        }

        @Override
        public void reset(long seed) {
            Arrays.fill(diagonal, 0);
        }
    }

    /**
     * A separable allocator: an arbiter per input and per output, input first or output first. A round-robin arbiter's
     * state is its pointer; a matrix arbiter's is a rank per requester (the highest rank wins; the winner drops to rank
     * 0 and those below it move up one), which is the order its priority matrix encodes.
     */
    static final class Separable extends Allocator {
        private final boolean inputFirst;
        private final boolean matrix;
        private final int units;
        /** Per unit, side (0 inputs, 1 outputs) and arbiter: a pointer, or {@code size} ranks. */
        private final int[] state;
        private final int stride;
        /** Per arbiter of the second stage, the requesters the first stage forwarded, as a pick per first-stage arbiter. */
        private final int[] pick;

        Separable(int units, int size, boolean inputFirst, boolean matrix) {
            super(size);
            this.units = units;
            this.inputFirst = inputFirst;
            this.matrix = matrix;
            this.stride = matrix ? size : 1;
            this.state = new int[units * 2 * size * stride];
            this.pick = new int[size];
            reset(0);
        }

        @Override
        public void allocate(int unit, int n) {
            int first = inputFirst ? 0 : 1;
            int second = 1 - first;
            for (int a = 0; a < n; a++) { // first stage: each arbiter picks one of its requests
                pick[a] = arbitrate(unit, first, a, n, -1);
            }
            for (int b = 0; b < n; b++) { // second stage: each arbiter picks among the first stage's picks of it
                int won = arbitrate(unit, second, b, n, b);
                if (won >= 0) {
                    int in = inputFirst ? won : b;
                    int out = inputFirst ? b : won;
                    pair(in, out);
                    update(unit, first, won, b, n);
                    update(unit, second, b, won, n);
                }
            }
        }

        /**
         * The winner of arbiter {@code a} on {@code side}, or -1: among the requests on its row (first stage,
         * {@code picked} -1), or among the first-stage arbiters whose pick is {@code picked}.
         */
        private int arbitrate(int unit, int side, int a, int n, int picked) {
            int at = ((unit * 2 + side) * size + a) * stride;
            int best = -1;
            int bestKey = Integer.MIN_VALUE;
            for (int x = 0; x < n; x++) {
                boolean requesting = picked < 0 ? (side == 0 ? requested(a, x) : requested(x, a)) : pick[x] == picked;
                if (!requesting) {
                    continue;
                }
                int key = matrix ? state[at + x] : -((x - state[at] + n) % n);
                if (key > bestKey) {
                    bestKey = key;
                    best = x;
                }
            }
            return best;
        }

        /** Arbiter {@code a} on {@code side} granted {@code winner}. */
        private void update(int unit, int side, int a, int winner, int n) {
            int at = ((unit * 2 + side) * size + a) * stride;
            if (!matrix) {
                state[at] = (winner + 1) % n;
                return;
            }
            int rank = state[at + winner];
            for (int x = 0; x < n; x++) {
                if (state[at + x] < rank) {
                    state[at + x]++;
                }
            }
            state[at + winner] = 0;
        }

        @Override
        public void reset(long seed) {
            if (!matrix) {
                Arrays.fill(state, 0);
                return;
            }
            for (int arbiter = 0; arbiter < units * 2 * size; arbiter++) {
                for (int x = 0; x < size; x++) {
                    state[arbiter * size + x] = x;
                }
            }
        }
    }
}
