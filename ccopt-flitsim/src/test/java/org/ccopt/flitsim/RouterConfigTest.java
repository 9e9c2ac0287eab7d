package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Router configurations under a change of model: the model's default Q order follows it, a set gene does not. */
class RouterConfigTest {

    @Test
    void aDefaultQueueOrderFollowsTheNewModelAndASetOneIsKept() {
        RouterModel first = RouterModel.CCOPT.withQueueDefault(RouterModel.QueueDefault.PROCESSOR_FIRST);
        // a 2-D router: ports 0..3 the links, 4 the processor
        RouterConfig c = RouterConfig.uniform(4, 2, 2, 4, VcSelection.C00, RouterModel.CCOPT);
        c.setQueueOrder(1, 2, 1, new int[] {3, 1, 4, 0, 2});
        assertThat(c.queueOrder(0, 0, 0)).containsExactly(0, 1, 2, 3, 4);
        RouterConfig moved = c.withModel(first);
        assertThat(moved.queueOrder(0, 0, 0)).containsExactly(4, 0, 1, 2, 3);
        assertThat(moved.queueOrder(3, 4, 1)).containsExactly(4, 0, 1, 2, 3);
        assertThat(moved.queueOrder(1, 2, 1)).containsExactly(3, 1, 4, 0, 2);
        // the same as building under the new model, and back again
        assertThat(moved.queueOrder(2, 1, 0)).containsExactly(RouterConfig.uniform(4, 2, 2, 4, VcSelection.C00, first)
                .queueOrder(2, 1, 0));
        assertThat(moved.withModel(RouterModel.CCOPT).queueOrder(0, 0, 0)).containsExactly(0, 1, 2, 3, 4);
        assertThat(c.queueOrder(0, 0, 0)).as("the original is unchanged").containsExactly(0, 1, 2, 3, 4);
    }
}
