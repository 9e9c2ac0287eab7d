package org.ccopt.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ccopt.collective.LowerBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each solver reaches known optima on small networks; the exact model proves infeasibility; runs repeat exactly. */
class SolversTest {

    private static long bound(ScheduleProblem p) {
        return LowerBounds.forCollective(p.topology(), p.collective(), p.ports()).steps();
    }

    @ParameterizedTest(name = "{0} {1} {2}-port by {3}")
    @CsvSource({
        "omega:8, AAS, 1, min-conflicts",
        "hypercube:3, AAS, all, min-conflicts",
        "mesh:3x3, AAS, 1, min-conflicts",
        "omega:8, AAS, 1, exact",
        "omega:8, AAB, 1, exact",
        "hypercube:3, AAS, all, exact",
        "octagon, AAS, all, auto",
        "omega:16, AAS, 1, auto",
    })
    void solverReachesTheLowerBound(String topology, String kind, String ports, String solver) {
        ScheduleProblem p = Problems.of(topology, kind, ports);
        long lb = bound(p);
        // auto is a portfolio sliced by its time limit (60 s here, which decides whether the exact model is tried), with
        // the same work caps on its stages; it reaches the bound within a second on these problems, so the limit is a
        // safety net. The single solvers end by work caps alone.
        Scheduler.Result r = new Scheduler(p, lb, new Scheduler.Settings(Scheduler.Solver.parse(solver), null, 1, 2),
                solver.equals("auto") ? Budget.seconds(60).withEvaluations(50_000_000).withDeterministicTime(120)
                        : Problems.deterministic(), null).run();
        assertThat(r.status()).isEqualTo("optimal");
        assertThat((long) r.steps()).isEqualTo(lb);
        assertThat(r.validation().ok()).isTrue();
        assertThat(ScheduleValidator.check(p, r.schedule()).ok()).isTrue();
    }

    /** The papers' evolutionary algorithms, run directly at the lower bound from their random populations. */
    @ParameterizedTest(name = "{0} {1} {2}-port by {3}")
    @CsvSource({
        "omega:8, OAS, 1, umda",
        "omega:8, AAS, 1, umda",
        "omega:8, AAB, 1, umda",
        "omega:8, OAB, 1, umda",
        "fbtree:7, AAS, all, umda",
        "omega:8, OAB, 1, hgsa",
        "fbtree:15, OAB, all, hgsa",
        "fbtree:7, AAS, all, hgsa",
        "omega:8, OAB, 1, mboa",
        "fbtree:15, OAB, all, mboa",
        "omega:8, OAB, 1, mboa-graph",
        "fbtree:15, OAB, all, mboa-graph",
    })
    void evolutionaryAlgorithmReachesTheLowerBound(String topology, String kind, String ports, String solver) {
        ScheduleProblem p = Problems.of(topology, kind, ports);
        int lb = (int) bound(p);
        Attempt a = evolve(p, lb, solver, 1, 2);
        assertThat(a.found()).as(solver + " best cost " + a.bestCost()).isTrue();
        assertThat(a.best().steps()).isEqualTo(lb);
        assertThat(ScheduleValidator.check(p, a.best()).ok()).isTrue();
    }

    /**
     * HGSA with the 2007 paper's encoding (a shortest path and a slot per channel for every sender-receiver pair,
     * §3.1) on store-and-forward all-to-all broadcasts of all-port hypercubes: the lower bound (the diameter) within
     * an evaluation budget, the same result on one thread and on two, and a schedule the validator accepts.
     */
    @ParameterizedTest(name = "hypercube:{0} AAB SF all-port, seed {1}")
    @CsvSource({"3, 1", "3, 2", "4, 1", "4, 7"})
    void hgsaWithThePapersEncodingSchedulesStoreAndForwardBroadcasts(int dimension, long seed) {
        ScheduleProblem p = Problems.of("hypercube:" + dimension, "AAB", "all", Switching.SF);
        assertThat(HgsaPaths.applies(p)).isTrue();
        int lb = (int) bound(p);
        assertThat(lb).isEqualTo(dimension);
        Attempt one = Hgsa.run(p, lb, Hgsa.Params.paper(), Budget.seconds(600).withEvaluations(20_000_000), seed, 1);
        Attempt two = Hgsa.run(p, lb, Hgsa.Params.paper(), Budget.seconds(600).withEvaluations(20_000_000), seed, 2);
        assertThat(one.found()).as("best cost " + one.bestCost()).isTrue();
        assertThat(one.evaluations()).isEqualTo(two.evaluations());
        assertThat(one.best()).isEqualTo(two.best());
        assertThat(ScheduleValidator.check(p, one.best()).ok()).isTrue();
        // not for 1-port networks or partial receiver sets (the schedules need every node a path passes to relay)
        assertThat(HgsaPaths.applies(Problems.of("hypercube:3", "AAB", "1", Switching.SF))).isFalse();
        assertThat(HgsaPaths.applies(Problems.of("hypercube:3", "AAB", "all"))).isFalse();
    }

    /**
     * UMDA's restart rule (ccopt's addition): seeds whose first start stalls (Omega 8 AAB, seeds 1, 4 and 6 stay at 2-4
     * conflicting pairs for 300,000 evaluations without it) reach the 7-step bound within a fixed evaluation budget, the same on one thread and
     * on two; the restart costs nothing before it fires, so seed 3 is found with the same evaluations either way.
     */
    @ParameterizedTest(name = "omega:8 AAB, seed {0}")
    @CsvSource({"1", "4", "6"})
    void umdaRestartsWhenItsBestStalls(long seed) {
        ScheduleProblem p = Problems.of("omega:8", "AAB", "1");
        Attempt one = Umda.run(p, 7, Umda.Params.paper(), Budget.seconds(600).withEvaluations(1_000_000), seed, 1);
        Attempt two = Umda.run(p, 7, Umda.Params.paper(), Budget.seconds(600).withEvaluations(1_000_000), seed, 2);
        assertThat(one.found()).as("best cost " + one.bestCost()).isTrue();
        assertThat(one.evaluations()).isEqualTo(two.evaluations());
        assertThat(ScheduleValidator.check(p, one.best()).ok()).isTrue();
        Umda.Params never = new Umda.Params(60, 0.9, true, true, true, true, 0);
        Attempt quick = Umda.run(p, 7, Umda.Params.paper(), Budget.seconds(600).withEvaluations(1_000_000), 3, 1);
        Attempt quickNever = Umda.run(p, 7, never, Budget.seconds(600).withEvaluations(1_000_000), 3, 1);
        assertThat(quick.found()).isTrue();
        assertThat(quick.evaluations()).isEqualTo(quickNever.evaluations());
    }

    /** A named evolutionary solver runs even where the first-fit schedule already meets the bound, and says so. */
    @Test
    void theNamedEvolutionaryAlgorithmAlwaysRuns() {
        ScheduleProblem p = Problems.of("hypercube:3", "OAB", "1");
        long lb = bound(p);
        Scheduler.Result r = new Scheduler(p, lb, new Scheduler.Settings(Scheduler.Solver.UMDA, null, 1, 1),
                Budget.seconds(60), null).run();
        assertThat(r.solver()).isEqualTo("umda");
        assertThat(r.evaluations()).isPositive();
        assertThat((long) r.steps()).isEqualTo(lb);
    }

    /**
     * The scatter acceleration (MIN paper §4.4) on both sides: afterwards no sender exceeds its ports in any step,
     * and the overload of senders and receivers together never grows (a move that relieves only its sender may load
     * its receiver), on random AAS chromosomes (seeded).
     */
    @ParameterizedTest
    @CsvSource({"omega:8, 1, 7, 1", "omega:8, 1, 7, 2", "hypercube:3, all, 4, 3", "mesh:3x3, 1, 8, 4"})
    void accelerationBalancesSendersAndNeverAddsOverload(String topology, String ports, int steps, long seed) {
        ScheduleProblem p = Problems.of(topology, "AAS", ports);
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        try (Population pop = new Population(p, steps, 1)) {
            for (int k = 0; k < 50; k++) {
                Schedule s = pop.random(rnd);
                long before = overload(p, s, steps, true) + overload(p, s, steps, false);
                pop.accelerate(s, rnd, true);
                assertThat(overload(p, s, steps, true)).isZero();
                assertThat(overload(p, s, steps, false)).isLessThanOrEqualTo(before);
            }
        }
    }

    /**
     * The acceleration as §4.4 states it (senders only): afterwards no sender exceeds its ports in any step, and a
     * transfer moved only if its sender was over its ports in the transfer's step before.
     */
    @ParameterizedTest
    @CsvSource({"omega:8, 1, 7, 1", "omega:16, 1, 16, 2", "hypercube:3, all, 4, 3", "mesh:3x3, 1, 8, 4"})
    void senderAccelerationMovesOnlyOverloadedSenders(String topology, String ports, int steps, long seed) {
        ScheduleProblem p = Problems.of(topology, "AAS", ports);
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        int nodes = p.topology().nodeCount();
        try (Population pop = new Population(p, steps, 1)) {
            for (int k = 0; k < 50; k++) {
                Schedule s = pop.random(rnd);
                int[] before = s.step.clone();
                int[] load = new int[nodes * steps];
                for (int t = 0; t < p.transferCount(); t++) {
                    load[p.sender(p.message(t)) * steps + before[t]]++;
                }
                pop.accelerate(s, rnd, false);
                assertThat(overload(p, s, steps, true)).isZero();
                for (int t = 0; t < p.transferCount(); t++) {
                    int f = p.sender(p.message(t));
                    if (s.step[t] != before[t]) {
                        assertThat(load[f * steps + before[t]]).as("transfer " + t).isGreaterThan(p.sendPorts(f));
                    }
                }
            }
        }
    }

    /**
     * UMDA with the acceleration of §4.4 (senders only) and the tested scatter mutation solves the MIN paper's Omega 16
     * AAS at 16 steps (its Table 1; Table 5: 100 % of ten runs, 4m06s on average), and its Clos 12 AAB at 12 steps
     * (100 %, 7 s), without restarts, within fixed evaluation budgets, the same on one thread and on two. Every
     * conflict count is an evaluation, the tested mutation's trials included (since 2026-11-28): Omega 16 AAS takes
     * 11.3 million on seed 1; Clos 12 AAB, a broadcast without that mutation,
     * 116,610. With the acceleration on both sides (ccopt's reading up to 2026-11-26) neither was found in 60 s.
     */
    @ParameterizedTest(name = "{0} {1} at {2} steps")
    @CsvSource({"omega:16, AAS, 16, 15000000", "'clos:3,3,4', AAB, 12, 600000"})
    void umdaSolvesTheLargerMinRowsWithoutRestarts(String topology, String kind, int steps, long evaluations) {
        ScheduleProblem p = Problems.of(topology, kind, "1");
        Umda.Params prm = Umda.Params.paper();
        Umda.Params never = new Umda.Params(prm.population(), prm.mutation(), prm.sourceMutation(), prm.broadcastSwap(),
                prm.broadcastAcceleration(), prm.pairs(), 0, prm.selection(), false, prm.tests(), prm.blocks(), false);
        Attempt one = Umda.run(p, steps, never, Budget.seconds(600).withEvaluations(evaluations), 1, 1);
        Attempt two = Umda.run(p, steps, never, Budget.seconds(600).withEvaluations(evaluations), 1, 2);
        assertThat(one.found()).as("best cost " + one.bestCost()).isTrue();
        assertThat(one.evaluations()).isEqualTo(two.evaluations());
        assertThat(ScheduleValidator.check(p, one.best()).ok()).isTrue();
    }

    /**
     * The building blocks with selected slots (§4.4): every slotted transfer comes from a node that holds the message
     * before its step, and no node sends or receives beyond its ports in any step (given steps enough for the greedy
     * growth to slot every transfer).
     */
    @ParameterizedTest
    @CsvSource({"omega:8, AAB, 14, 1", "'clos:3,3,4', AAB, 22, 2", "fbtree:7, OAB, 6, 3", "hypercube:3, AAB, 14, 4"})
    void selectedSlotsGrowValidBroadcastTrees(String topology, String kind, int steps, long seed) {
        ScheduleProblem p = Problems.of(topology, kind, "1");
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        try (Population pop = new Population(p, steps, 1)) {
            for (int k = 0; k < 20; k++) {
                Schedule s = pop.random(rnd);
                java.util.Arrays.fill(s.step, -1);
                Umda.slotBroadcastTrees(p, s, rnd);
                int nodes = p.topology().nodeCount();
                int[] send = new int[nodes * steps];
                int[] recv = new int[nodes * steps];
                for (int t = 0; t < p.transferCount(); t++) {
                    int f = s.from(p, t);
                    int m = p.message(t);
                    assertThat(s.step[t]).isBetween(0, steps - 1);
                    assertThat(f == p.sender(m) || s.step[p.transferOf(m, f)] < s.step[t]).as("transfer " + t + " from an informed node").isTrue();
                    send[f * steps + s.step[t]]++;
                    recv[p.destination(t) * steps + s.step[t]]++;
                }
                for (int v = 0; v < nodes; v++) {
                    for (int x = 0; x < steps; x++) {
                        assertThat(send[v * steps + x]).isLessThanOrEqualTo(p.sendPorts(v));
                        assertThat(recv[v * steps + x]).isLessThanOrEqualTo(p.receivePorts(v));
                    }
                }
            }
        }
    }

    /** Transfers beyond the port limit, summed over nodes and steps, on the sending or the receiving side. */
    private static long overload(ScheduleProblem p, Schedule s, int steps, boolean sending) {
        int nodes = p.topology().nodeCount();
        int[] load = new int[nodes * steps];
        for (int t = 0; t < p.transferCount(); t++) {
            int v = sending ? p.sender(p.message(t)) : p.destination(t);
            load[v * steps + s.step[t]]++;
        }
        long over = 0;
        for (int v = 0; v < nodes; v++) {
            int cap = sending ? p.sendPorts(v) : p.receivePorts(v);
            for (int x = 0; x < steps; x++) {
                over += Math.max(0, load[v * steps + x] - cap);
            }
        }
        return over;
    }

    private static Attempt evolve(ScheduleProblem p, int steps, String solver, long seed, int threads) {
        return switch (solver) {
            case "umda" -> Umda.run(p, steps, Umda.Params.paper(), Problems.deterministic(), seed, threads);
            case "hgsa" -> Hgsa.run(p, steps, Hgsa.Params.paper(), Problems.deterministic(), seed, threads);
            case "mboa-graph" -> Mboa.run(p, steps, Mboa.Params.defaults().withGraphs(true),
                    Budget.seconds(600).withEvaluations(2_000_000), seed, threads);
            default -> Mboa.run(p, steps, Mboa.Params.defaults(), Problems.deterministic(), seed, threads);
        };
    }

    @Test
    void exactModelMeetsTheBoundAndRejectsOneStepFewer() {
        // AAS on the fat tree of 4 leaves, 1-port: each leaf sends 3 messages, so 3 steps; 2 cannot work.
        ScheduleProblem p = Problems.of("fattree:4", "AAS", "1");
        assertThat(bound(p)).isEqualTo(3);
        Attempt two = ExactSolver.solve(p, 2, Problems.deterministic(), 1);
        assertThat(two.outcome()).isEqualTo(Attempt.Outcome.INFEASIBLE);
        Attempt three = ExactSolver.solve(p, 3, Problems.deterministic(), 1);
        assertThat(three.found()).isTrue();
        assertThat(ScheduleValidator.check(p, three.best()).ok()).isTrue();
    }

    @Test
    void exactModelProvesTheOctagonScatterNeedsFourSteps() {
        // Jaros et al. 2007, §4: AAS on the all-port Octagon needs 4 steps, one above ceil(7/3) = 3. The exact
        // model proves 3 infeasible (a real search: the fixed group of the symmetry breaking has only 3 members).
        ScheduleProblem p = Problems.of("octagon", "AAS", "all");
        assertThat(p.incompatibleGroup().size()).isLessThanOrEqualTo(3);
        Attempt three = ExactSolver.solve(p, 3, Problems.deterministic(), 1);
        assertThat(three.outcome()).isEqualTo(Attempt.Outcome.INFEASIBLE);
    }

    @Test
    void requestedStepCountBelowWhatIsPossibleIsReportedInfeasible() {
        // mesh:3x3 all-port AAS: lower bound 5, optimum 6 (a count below the bound is refused up front)
        ScheduleProblem p = Problems.of("mesh:3x3", "AAS", "all");
        assertThat(bound(p)).isEqualTo(5);
        assertThatThrownBy(() -> new Scheduler(p, bound(p), new Scheduler.Settings(Scheduler.Solver.EXACT, 4, 1, 1),
                Budget.seconds(30), null)).isInstanceOf(org.ccopt.InvalidInputException.class)
                .hasMessageContaining("below the lower bound 5");
        Scheduler.Result r = new Scheduler(p, bound(p), new Scheduler.Settings(Scheduler.Solver.EXACT, 5, 1, 1),
                Problems.deterministic(), null).run();
        assertThat(r.status()).isEqualTo("infeasible");
        assertThat(r.provenLowerBound()).isEqualTo(6);
        assertThat(r.schedule()).isNotNull();
        assertThat(r.validation().ok()).isTrue();
    }

    @ParameterizedTest(name = "{0} on {1} {2}")
    @CsvSource({"umda, fbtree:7, AAS", "hgsa, omega:8, OAB", "mboa, fbtree:15, OAB", "mboa-graph, fbtree:15, OAB"})
    void evolutionaryRunsDoNotDependOnTheThreadCount(String solver, String topology, String kind) {
        ScheduleProblem p = Problems.of(topology, kind, "all");
        int lb = (int) bound(p);
        Attempt one = evolve(p, lb, solver, 3, 1);
        Attempt two = evolve(p, lb, solver, 3, 2);
        assertThat(one.found()).isTrue();
        assertThat(two.best()).isEqualTo(one.best());
        assertThat(two.evaluations()).isEqualTo(one.evaluations());
    }

    @ParameterizedTest(name = "hypercube:{0} {1}-port")
    @CsvSource({"4, all, 8", "5, all, 16", "3, 1, 7", "4, 2, 8"})
    void translationInvariantScatterMeetsTheHypercubeBound(int d, String ports, int steps) {
        ScheduleProblem p = Problems.of("hypercube:" + d, "AAS", ports);
        assertThat(HypercubeTranslation.applies(p)).isTrue();
        assertThat(bound(p)).isEqualTo(steps);
        Attempt a = HypercubeTranslation.run(p, steps, Problems.deterministic(), 1);
        assertThat(a.found()).isTrue();
        assertThat(ScheduleValidator.check(p, a.best()).ok()).isTrue();
        assertThat(HypercubeTranslation.applies(Problems.of("mesh:4x4", "AAS", "all"))).isFalse();
        assertThat(HypercubeTranslation.applies(Problems.of("hypercube:3", "AAB", "all"))).isFalse();
    }

    /**
     * A permutation has every node sending and every node receiving, as an all-to-all scatter has, but one message
     * each: it is not the translation-invariant scatter (whose P - 1 offsets cannot fit the permutation's bound), nor
     * the Latin-square one. Taking it for one cost {@code schedule -t hypercube:4 --traffic bcmp} 18 s of a search
     * that could not succeed before the real one ran.
     */
    @Test
    void aPermutationIsNoAllToAllScatter() {
        org.ccopt.topology.Topology t = org.ccopt.topology.spec.TopologySpec.parse("hypercube:4");
        int[] complement = new int[16];
        for (int s = 0; s < 16; s++) {
            complement[s] = 15 - s;
        }
        ScheduleProblem perm = ScheduleProblem.ofPairs(t, complement, org.ccopt.collective.PortModel.parse("all"), 0, 1024);
        assertThat(perm.collective().senders()).hasSize(16);
        assertThat(perm.collective().receivers()).hasSize(16);
        assertThat(HypercubeTranslation.applies(perm)).isFalse();
        assertThat(LatinScatter.applies(perm)).isFalse();
        assertThat(Scheduler.bound(perm).steps()).isEqualTo(1);
        Scheduler.Result r = new Scheduler(perm, Scheduler.bound(perm).steps(),
                new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 1), Problems.deterministic(), null).run();
        assertThat(r.status()).isEqualTo("optimal");
        assertThat(r.steps()).isEqualTo(1); // the e-cube routes of a complement are channel-disjoint on the 4-cube
    }

    /**
     * auto gives a small problem short first tries of the local search and of the exact model, which can prove a count
     * impossible where the search cannot: the FB-Tree 31 root broadcast's 3 steps (one below first fit's 4) are proven
     * infeasible by the exact model's first try, where min-conflicts used to search out 30 % of the time limit first.
     */
    @Test
    void autoProvesASmallTargetInfeasibleBeforeSearchingIt() {
        ScheduleProblem p = Problems.of("fbtree:31", "OAB", "all");
        Scheduler.Result r = new Scheduler(p, Scheduler.bound(p).steps(),
                new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 1), Problems.deterministic(), null).run();
        assertThat(r.steps()).isEqualTo(4);
        assertThat(r.lowerBound()).isEqualTo(3);
        assertThat(r.status()).isEqualTo("optimal");
        assertThat(r.provenLowerBound()).isEqualTo(4);
        assertThat(r.log()).hasSize(3);
        assertThat(r.log().get(1)).startsWith("min-conflicts (first try) at 3 steps: unknown");
        assertThat(r.log().get(2)).startsWith("exact (first try) at 3 steps: infeasible");
        assertThat(r.evaluations()).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"fattree:16, latin-square (xor)", "'clos:3,3,4', latin-square (shift)", "omega:8, latin-square (xor)"})
    void latinSquareScatterMeetsTheOnePortBound(String topology, String pattern) {
        ScheduleProblem p = Problems.of(topology, "AAS", "1");
        int n = p.topology().terminalCount();
        Attempt a = LatinScatter.run(p, Problems.deterministic(), 1);
        assertThat(a.found()).isTrue();
        assertThat(a.solver()).isEqualTo(pattern);
        assertThat(a.best().steps()).isEqualTo(n - 1).isEqualTo((int) bound(p));
        assertThat(ScheduleValidator.check(p, a.best()).ok()).isTrue();
        // the 4x4 mesh cannot route every XOR or shift permutation without a shared channel: no schedule
        assertThat(LatinScatter.run(Problems.of("mesh:4x4", "AAS", "1"), Problems.deterministic(), 1).found()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"mesh:4x4", "btree:16", "fat-octagon", "coated-mesh:4x4"})
    void ringPipelineBroadcastMeetsTheOnePortBound(String topology) {
        ScheduleProblem p = Problems.of(topology, "AAB", "1");
        int n = p.topology().terminalCount();
        Attempt a = RingBroadcast.run(p, Problems.deterministic(), 1);
        assertThat(a.found()).isTrue();
        assertThat(a.best().steps()).isEqualTo(n - 1).isEqualTo((int) bound(p));
        assertThat(ScheduleValidator.check(p, a.best()).ok()).isTrue();
    }

    /**
     * Under store-and-forward every transfer crosses one link, and an all-port AAB on the 3-cube meets its lower bound:
     * each node receives 7 messages over 3 ports, so ceil(7/3) = 3 steps (the 4-cube, 15 over 4, proves the same in 4
     * steps at 18 s instead of 0.5).
     */
    @Test
    void storeAndForwardBroadcastUsesOneHopTransfers() {
        ScheduleProblem p = Problems.of("hypercube:3", "AAB", "all", Switching.SF);
        Scheduler.Result r = new Scheduler(p, bound(p), new Scheduler.Settings(Scheduler.Solver.AUTO, null, 1, 1),
                Budget.seconds(60), null).run();
        assertThat(r.status()).isEqualTo("optimal");
        assertThat(r.steps()).isEqualTo(3).isEqualTo((int) bound(p));
        for (ScheduleValidator.Item it : ScheduleValidator.items(p, r.schedule())) {
            assertThat(it.path()).hasSize(2);
        }
    }
}
