package org.ccopt.msgsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.ccopt.InvalidInputException;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.Test;

/** A hand-computed step schedule on ring:4 replayed under both orders. */
class StepProgramTest {

    // 1,000 B at 1e9 B/s = 1 us per message, plus 1 us per link; no host links, one resource per direction
    private static final MsgNetwork NET = new MsgNetwork(TopologySpec.parse("ring:4"), 1e9, 1e-6, MsgNetwork.Duplex.SPLIT, false);

    /*
     * Step 1: A sends 0's message 0 -> 1 -> 2 (3 us), B sends 3's message 3 -> 0 (2 us).
     * Step 2: C forwards 3's message 0 -> 1 (after B delivered it, and after A on channel 0->1 and node 0's port),
     *         D sends 2's message 2 -> 3 (nothing before it on its channel or ports).
     * Step 3: E forwards 2's message 3 -> 0 (after D delivered it, and after B on channel 3->0).
     * Barrier: steps end at 3, 5, 7 us. Resources: C 3..5, D 0..2, E 2..4: 5 us.
     */
    private static final int[] SENDER = {0, 3, 3, 2, 2};
    private static final int[] FROM = {0, 3, 0, 2, 3};
    private static final int[] TO = {2, 0, 1, 3, 0};
    private static final int[] STEP = {0, 0, 1, 1, 2};
    private static final int[][] PATH = {{0, 1, 2}, {3, 0}, {0, 1}, {2, 3}, {3, 0}};

    @Test
    void barrierStepsWaitForTheSlowestTransferOfTheStepBefore() {
        Program p = StepProgram.of(SENDER, FROM, TO, STEP, PATH, 1000, StepProgram.Order.BARRIER);
        MessageSimulator.Result r = MessageSimulator.run(NET, p, MessageSimulator.Options.DEFAULT);
        assertThat(r.messages()).isEqualTo(5);
        assertThat(r.seconds()).isCloseTo(7e-6, within(1e-12));
    }

    @Test
    void resourceOrderWaitsOnlyForChannelsPortsAndRelays() {
        Program p = StepProgram.of(SENDER, FROM, TO, STEP, PATH, 1000, StepProgram.Order.RESOURCES);
        MessageSimulator.Result r = MessageSimulator.run(NET, p, MessageSimulator.Options.DEFAULT);
        assertThat(r.seconds()).isCloseTo(5e-6, within(1e-12));
        assertThat(p.dependsOn(2)).containsExactly(0, 1); // C: A (channel 0->1, node 0 sending), B (relay)
        assertThat(p.dependsOn(3)).isEmpty();
        assertThat(p.dependsOn(4)).containsExactly(1, 3); // E: B (channel 3->0, node 3 sending, node 0 receiving), D (relay)
    }

    @Test
    void aRelayWithoutTheMessageAndARouteOffTheNetworkAreRefused() {
        int[] step = {0, 0, 0, 1, 2}; // C in step 1: node 0 has no copy of 3's message yet
        assertThatThrownBy(() -> StepProgram.of(SENDER, FROM, TO, step, PATH, 1000, StepProgram.Order.RESOURCES))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("holds no copy");
        Program p = new Program();
        p.messageVia(0, 2, 1000, new int[] {0, 2});
        assertThatThrownBy(() -> MessageSimulator.run(NET, p, MessageSimulator.Options.DEFAULT))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("no channel from node 0 to 2");
    }

    /** Without host links, a node's messages on different channels do not share bandwidth; with them they do. */
    @Test
    void hostLinksCapANodesInjection() {
        Program p = new Program();
        p.messageVia(0, 1, 1000, new int[] {0, 1});
        p.messageVia(0, 3, 1000, new int[] {0, 3});
        double without = MessageSimulator.run(NET, p, MessageSimulator.Options.DEFAULT).seconds();
        MsgNetwork withHost = new MsgNetwork(TopologySpec.parse("ring:4"), 1e9, 1e-6, MsgNetwork.Duplex.SPLIT, true);
        double with = MessageSimulator.run(withHost, p, MessageSimulator.Options.DEFAULT).seconds();
        assertThat(without).isCloseTo(2e-6, within(1e-12));
        assertThat(with).isCloseTo(3e-6, within(1e-12));
    }

    /** A reduce's node sends the combination, so it waits for what it receives first (resources order). */
    @Test
    void aCombiningTransferWaitsForItsInputs() {
        int[] node = {2, 1, 3};
        int[] to = {1, 0, 0};
        int[] step = {0, 1, 2};
        int[][] path = {{2, 1}, {1, 0}, {3, 0}};
        int[] root = {0, 0, 0};
        Program plain = StepProgram.of(node, node, to, step, path, 1000, StepProgram.Order.RESOURCES, false);
        Program reduce = StepProgram.of(root, node, to, step, path, 1000, StepProgram.Order.RESOURCES, true);
        assertThat(plain.dependsOn(1)).isEmpty();
        assertThat(reduce.dependsOn(1)).containsExactly(0);
        // 2 -> 1 at 0..2 us, 1 -> 0 at 2..4, 3 -> 0 after 1 -> 0 into the same receiver: 4..6
        assertThat(MessageSimulator.run(NET, reduce, MessageSimulator.Options.DEFAULT).seconds()).isCloseTo(6e-6, within(1e-12));
    }

    /** In an all-to-all reduce a partial result combines only what came in for its own root. */
    @Test
    void aCombiningTransferWaitsOnlyForInputsOfItsRoot() {
        int[] node = {2, 1, 1};
        int[] to = {1, 0, 2};
        int[] step = {0, 1, 1};
        int[][] path = {{2, 1}, {1, 0}, {1, 2}};
        int[] root = {0, 0, 2}; // 2's partial for 0 goes through 1, which also sends its own partial for 2 to 2
        Program reduce = StepProgram.of(root, node, to, step, path, 1000, StepProgram.Order.RESOURCES, true);
        assertThat(reduce.dependsOn(1)).containsExactly(0);
        assertThat(reduce.dependsOn(2)).isEmpty();
    }
}
