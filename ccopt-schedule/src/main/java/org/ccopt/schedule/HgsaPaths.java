package org.ccopt.schedule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ccopt.routing.MinimalPaths;
import org.ccopt.topology.Topology;

/**
 * HGSA with the encoding of Jaros, Ohlidal and Dvorak 2007, §3.1, for store-and-forward broadcasts on all-port
 * networks (the paper's setting): a chromosome has one gene per (sender, receiver) pair, and a gene is the index of
 * one shortest path from the sender to the receiver together with a time slot (step) for every channel of that path,
 * increasing along it, since "the message can stop for one or more steps at some nodes along the path". The channel
 * at position Z of a path of length L may take a step in the window {@code <Z, S - (L - Z)>}, and the first channel
 * step 1 ("we can use this channel in step 1 if Z = 1"; ccopt reads it literally: a message leaves its sender at
 * once, which on an all-port network costs nothing). A conflict is a channel used in one step by messages of two
 * or more senders; paths of one sender that share a channel in one step are "a single use". The fitness is the
 * number of conflicts: for every channel and step, the senders using it minus one.
 *
 * <p>The search is {@link Hgsa}'s: parallel simulated-annealing processes (a move re-draws one slot of one gene, or
 * the gene's path with fresh slots), every {@code exchange} moves a master that hands each process a chromosome
 * chosen by roulette wheel, double-point crossover over the gene order, mutation of the best of parents and
 * children, and a Metropolis choice between it and the annealing state. A conflict-free chromosome becomes a
 * schedule of one-hop transfers: every receiver takes the message from the node it first reached it through, in
 * that step; the schedule is then checked by the shared conflict evaluator before it is returned (and by the
 * independent validator before anything is printed).
 */
final class HgsaPaths {

    private HgsaPaths() {
    }

    /**
     * True when this encoding applies: a store-and-forward broadcast on an all-port network in which every node
     * receives every message (so every node a path passes may relay, as ccopt's schedules require).
     */
    static boolean applies(ScheduleProblem p) {
        return p.broadcast() && p.relays() && p.switching() == Switching.SF && p.ports().isAll()
                && p.transferCount() == (long) p.messageCount() * (p.topology().nodeCount() - 1);
    }

    /** The genes of a problem: the transfers, with the sender, its shortest paths and their lengths. */
    private static final class Genes {
        final int n;
        final int steps;
        final int messages;
        final int channels;
        final int[] sender;
        final int[] message;
        final int[][][] paths; // gene -> path -> channel ids
        final int[][][] nodes; // gene -> path -> node ids (sender first)

        Genes(ScheduleProblem p, int steps) {
            Topology t = p.topology();
            this.steps = steps;
            n = p.transferCount();
            messages = p.messageCount();
            channels = t.channelCount();
            sender = new int[n];
            message = new int[n];
            paths = new int[n][][];
            nodes = new int[n][][];
            MinimalPaths minimal = new MinimalPaths(t);
            for (int g = 0; g < n; g++) {
                message[g] = p.message(g);
                sender[g] = p.sender(message[g]);
                List<int[]> list = minimal.paths(sender[g], p.destination(g), p.pathLimit());
                nodes[g] = list.toArray(int[][]::new);
                paths[g] = new int[list.size()][];
                for (int k = 0; k < list.size(); k++) {
                    int[] v = list.get(k);
                    paths[g][k] = new int[v.length - 1];
                    for (int h = 0; h + 1 < v.length; h++) {
                        paths[g][k][h] = t.channel(v[h], v[h + 1]);
                    }
                }
            }
        }
    }

    /** A chromosome: path index and slots (0-based steps) of every gene. */
    private static final class Chromosome {
        final int[] path;
        final int[][] slot;

        Chromosome(int n) {
            path = new int[n];
            slot = new int[n][];
        }

        Chromosome(Chromosome o) {
            path = o.path.clone();
            slot = new int[o.slot.length][];
            for (int g = 0; g < slot.length; g++) {
                slot[g] = o.slot[g].clone();
            }
        }
    }

    /** Conflict counts of one chromosome, updated by moves. */
    private static final class State {
        final Genes genes;
        final int[] uses;     // (channel * steps + step) * messages + message -> paths of that message there
        final int[] senders;  // channel * steps + step -> messages using it
        long cost;
        Chromosome c;

        State(Genes genes) {
            this.genes = genes;
            uses = new int[genes.channels * genes.steps * genes.messages];
            senders = new int[genes.channels * genes.steps];
        }

        long load(Chromosome chromosome) {
            c = new Chromosome(chromosome);
            Arrays.fill(uses, 0);
            Arrays.fill(senders, 0);
            cost = 0;
            for (int g = 0; g < genes.n; g++) {
                apply(g, +1);
            }
            return cost;
        }

        void apply(int g, int sign) {
            int[] ch = genes.paths[g][c.path[g]];
            int m = genes.message[g];
            for (int z = 0; z < ch.length; z++) {
                int cell = ch[z] * genes.steps + c.slot[g][z];
                int u = cell * genes.messages + m;
                if (sign > 0) {
                    if (uses[u]++ == 0 && senders[cell]++ >= 1) {
                        cost++;
                    }
                } else if (--uses[u] == 0 && --senders[cell] >= 1) {
                    cost--;
                }
            }
        }
    }

    /** A process of the path-and-slot encoding. */
    private static final class Process extends Hgsa.Island<Chromosome> {
        final Genes genes;
        final Hgsa.Params prm;
        final State st;
        final SplittableRandom rnd;
        Chromosome best;
        /** The slots of the gene a move changes, to restore them when the move is rejected. */
        final int[] saved;

        Process(Genes genes, Hgsa.Params prm, SplittableRandom rnd) {
            this.genes = genes;
            this.prm = prm;
            this.st = new State(genes);
            this.rnd = rnd;
            temperature = prm.t0();
            int longest = 1;
            for (int[][] paths : genes.paths) {
                longest = Math.max(longest, paths[0].length);
            }
            saved = new int[longest];
        }

        void keepBest() {
            if (st.cost < bestCost) {
                bestCost = st.cost;
                best = new Chromosome(st.c);
            }
        }

        @Override
        long cost() {
            return st.cost;
        }

        @Override
        void anneal() {
            HgsaPaths.anneal(genes, this, prm);
        }

        @Override
        Chromosome sent() {
            return new Chromosome(st.c);
        }

        @Override
        void genetic(Chromosome own, long ownCost, Chromosome other) {
            HgsaPaths.genetic(genes, this, prm, own, ownCost, other);
        }
    }

    static Attempt run(ScheduleProblem p, int steps, Hgsa.Params prm, Budget budget, long seed, int threads) {
        long t0 = System.nanoTime();
        Genes genes = new Genes(p, steps);
        SplittableRandom master = new SplittableRandom(seed);
        try (Population pop = new Population(p, steps, threads)) {
            List<Process> procs = new ArrayList<>();
            for (int i = 0; i < prm.processes(); i++) {
                SplittableRandom rnd = master.split();
                Process pr = new Process(genes, prm, rnd);
                Chromosome c = new Chromosome(genes.n);
                for (int g = 0; g < genes.n; g++) {
                    randomGene(genes, c, g, rnd);
                }
                pr.st.load(c);
                pr.keepBest();
                procs.add(pr);
            }
            long exchanges = Hgsa.evolve(procs, pop, budget, master);
            Process winner = Hgsa.winner(procs);
            Schedule schedule = toSchedule(p, genes, winner.best);
            long cost = new ConflictState(p, steps).load(schedule);
            boolean found = winner.bestCost == 0 && cost == 0;
            return new Attempt("hgsa", steps, found ? Attempt.Outcome.FOUND : Attempt.Outcome.UNKNOWN, schedule,
                    found ? 0 : Math.max(cost, winner.bestCost), Hgsa.evaluations(procs, exchanges),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * A random path for gene g and random slots in their windows, the first channel in step 1, written into the
     * gene's slot array (every shortest path of a pair has the same length; a new gene gets its array here).
     */
    private static void randomGene(Genes genes, Chromosome c, int g, SplittableRandom rnd) {
        c.path[g] = rnd.nextInt(genes.paths[g].length);
        int len = genes.paths[g][c.path[g]].length;
        if (c.slot[g] == null) {
            c.slot[g] = new int[len];
        }
        int[] s = c.slot[g];
        for (int z = 0; z < len; z++) {
            int lo = z == 0 ? 0 : s[z - 1] + 1;
            int hi = z == 0 ? 0 : genes.steps - len + z;
            s[z] = lo + rnd.nextInt(hi - lo + 1);
        }
    }

    private static void anneal(Genes genes, Process pr, Hgsa.Params prm) {
        State st = pr.st;
        SplittableRandom rnd = pr.rnd;
        int[] saved = pr.saved;
        for (int i = 0; i < prm.exchange() && st.cost > 0; i++) {
            int g = rnd.nextInt(genes.n);
            long before = st.cost;
            int oldPath = st.c.path[g];
            int[] slots = st.c.slot[g];
            int len = slots.length;
            System.arraycopy(slots, 0, saved, 0, len);
            st.apply(g, -1);
            if (len == 1 || rnd.nextBoolean()) {
                randomGene(genes, st.c, g, rnd);
            } else {
                // one slot after the first, between its neighbours' and within its window
                int z = 1 + rnd.nextInt(len - 1);
                int lo = slots[z - 1] + 1;
                int hi = z + 1 < len ? slots[z + 1] - 1 : genes.steps - 1;
                slots[z] = lo + rnd.nextInt(hi - lo + 1);
            }
            st.apply(g, +1);
            long delta = st.cost - before;
            if (delta > 0 && rnd.nextDouble() >= Math.exp(-delta / pr.temperature)) {
                st.apply(g, -1);
                st.c.path[g] = oldPath;
                System.arraycopy(saved, 0, slots, 0, len);
                st.apply(g, +1);
            }
            pr.keepBest();
            if (++pr.iterations % prm.perTemperature() == 0) {
                pr.temperature *= prm.cooling();
            }
        }
    }

    private static void genetic(Genes genes, Process pr, Hgsa.Params prm, Chromosome own, long ownCost, Chromosome other) {
        int n = genes.n;
        int a = pr.rnd.nextInt(n + 1);
        int b = pr.rnd.nextInt(n + 1);
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        Chromosome c1 = new Chromosome(own);
        Chromosome c2 = new Chromosome(other);
        for (int g = lo; g < hi; g++) {
            c1.path[g] = other.path[g];
            c1.slot[g] = other.slot[g].clone();
            c2.path[g] = own.path[g];
            c2.slot[g] = own.slot[g].clone();
        }
        Chromosome[] four = {own, other, c1, c2};
        long[] costs = {ownCost, pr.st.load(other), pr.st.load(c1), pr.st.load(c2)};
        int best = 0;
        for (int k = 1; k < 4; k++) {
            if (costs[k] < costs[best]) {
                best = k;
            }
        }
        Chromosome cand = new Chromosome(four[best]);
        if (best < 2 || pr.rnd.nextDouble() < prm.childMutation()) {
            int genesToChange = 1 + pr.rnd.nextInt(Math.max(1, n / 50));
            for (int k = 0; k < genesToChange; k++) {
                randomGene(genes, cand, pr.rnd.nextInt(n), pr.rnd);
            }
        }
        long candCost = pr.st.load(cand);
        long delta = candCost - ownCost;
        if (!(delta <= 0 || pr.rnd.nextDouble() < Math.exp(-delta / pr.temperature))) {
            pr.st.load(own);
        }
        pr.keepBest();
    }

    /**
     * The schedule of a chromosome: every receiver takes each message from the node through which it first reached
     * it, in that step (a later second arrival of the same message is not needed).
     */
    static Schedule toSchedule(ScheduleProblem p, Genes genes, Chromosome c) {
        int nodes = p.topology().nodeCount();
        int[][] arrival = new int[genes.messages][nodes];
        int[][] via = new int[genes.messages][nodes];
        for (int[] row : arrival) {
            Arrays.fill(row, Integer.MAX_VALUE);
        }
        for (int g = 0; g < genes.n; g++) {
            int m = genes.message[g];
            int[] v = genes.nodes[g][c.path[g]];
            for (int z = 0; z + 1 < v.length; z++) {
                int at = c.slot[g][z];
                if (at < arrival[m][v[z + 1]]) {
                    arrival[m][v[z + 1]] = at;
                    via[m][v[z + 1]] = v[z];
                }
            }
        }
        Schedule s = new Schedule(genes.steps, genes.n);
        for (int g = 0; g < genes.n; g++) {
            int m = genes.message[g];
            int d = p.destination(g);
            int from = via[m][d];
            s.set(g, arrival[m][d], p.sourceIndex(g, from), 0);
        }
        return s;
    }
}
