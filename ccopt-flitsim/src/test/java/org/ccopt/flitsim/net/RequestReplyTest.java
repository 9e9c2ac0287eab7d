package org.ccopt.flitsim.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Request-reply traffic's sizes, kinds and rate (BookSim's use_read_write). */
class RequestReplyTest {

    @Test
    void onePairIsReadsAndTwoAreReadsAndWrites() {
        RequestReply reads = RequestReply.parse("1:4", null);
        assertThat(reads).isEqualTo(RequestReply.reads(1, 4));
        assertThat(reads.writeFraction()).isZero();
        assertThat(reads.transactionFlits()).isEqualTo(5);
        assertThat(reads.spec()).isEqualTo("1:4");
        RequestReply both = RequestReply.parse("1:4,4:2", null);
        assertThat(both.writeFraction()).isEqualTo(0.5);
        assertThat(both.transactionFlits()).isEqualTo(0.5 * 5 + 0.5 * 6);
        assertThat(both.bookSimTransactionFlits()).isEqualTo(5); // (1 + 4 + 4 + 2) / 2, rounded down
        assertThat(both.spec()).isEqualTo("1:4,4:2");
        assertThat(RequestReply.parse("1:4,4:2", 0.25).transactionFlits()).isEqualTo(0.75 * 5 + 0.25 * 6);
        assertThat(both.max()).isEqualTo(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1", "1:", "1:4:2", "1:4,4", "1:4,4:1,2:2", "a:b", "0:4", "1:0", "1:4096"})
    void malformedSizesAreRefusedInOneLine(String text) {
        assertThatThrownBy(() -> RequestReply.parse(text, null)).isInstanceOf(InvalidInputException.class)
                .hasMessageNotContaining("\n");
    }

    @Test
    void aWriteFractionNeedsWritesAndAFraction() {
        assertThatThrownBy(() -> RequestReply.parse("1:4", 0.3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--write-fraction needs writes");
        assertThatThrownBy(() -> RequestReply.parse("1:4,4:1", 1.5)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected 0..1");
    }

    /** Kinds: a read's reply is a read reply; the write fraction of 20,000 draws is 0.3 within 0.01. */
    @Test
    void requestsAreWritesAtTheFractionAndRepliesAnswerTheirKind() {
        assertThat(RequestReply.replyTo(RequestReply.READ_REQUEST)).isEqualTo(RequestReply.READ_REPLY);
        assertThat(RequestReply.replyTo(RequestReply.WRITE_REQUEST)).isEqualTo(RequestReply.WRITE_REPLY);
        RequestReply rr = new RequestReply(1, 4, 4, 1, 0.3);
        assertThat(rr.size(RequestReply.WRITE_REQUEST)).isEqualTo(4);
        assertThat(rr.size(RequestReply.WRITE_REPLY)).isEqualTo(1);
        SplittableRandom random = new SplittableRandom(1);
        int writes = 0;
        for (int i = 0; i < 20_000; i++) {
            writes += rr.drawRequest(random) == RequestReply.WRITE_REQUEST ? 1 : 0;
        }
        assertThat(writes / 20_000.0).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(RequestReply.reads(1, 4).drawRequest(random)).isEqualTo(RequestReply.READ_REQUEST);
    }

    /**
     * The offered load counts both: at 0.2 flits a cycle of 1-flit requests and 4-flit replies, a terminal sends 0.04
     * requests a cycle, and the network accepts 0.2 flits a cycle (the 8x8 mesh, far below saturation).
     */
    @Test
    void theRateCountsTheFlitsOfRequestsAndReplies() {
        org.ccopt.routing.RouterPorts net = new org.ccopt.routing.RouterPorts(
                org.ccopt.topology.spec.TopologySpec.parse("mesh:8x8"));
        NetworkSimulator sim = new NetworkSimulator(net, org.ccopt.routing.RoutingFunctions.create("dor", net),
                RouterTiming.BOOKSIM, 4, 4);
        OpenLoopResult r = sim.runOpenLoop(OpenLoopTraffic.bernoulli(new Destinations.Uniform(64), 0.2, 1)
                .withRequestReply(RequestReply.reads(1, 4)), 1000, 5000, 20_000, 2);
        assertThat(r.accepted()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.offered()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.packets() / (64 * 5000.0)).isCloseTo(2 * 0.04, org.assertj.core.data.Offset.offset(0.005));
    }
}
