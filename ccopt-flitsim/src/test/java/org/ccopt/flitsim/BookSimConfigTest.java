package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** BookSim 2 configuration files as sim options: BookSim's defaults, its syntax, the conversions and the refusals. */
class BookSimConfigTest {

    @Test
    void aKeyLeftOutTakesBookSimsDefault() {
        // BookSim's defaults: an 8-ary 2-cube torus, 16 VCs of 8 flits, 1-flit packets, 0.1 packets a cycle, uniform
        assertThat(BookSimConfig.options("routing_function = dim_order;")).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
                Map.entry("model", "booksim"), Map.entry("topology", "torus:8x8"), Map.entry("routing", "dor-booksim"),
                Map.entry("vcs", "16"), Map.entry("buffer", "8"), Map.entry("packet-flits", "1"), Map.entry("traffic",
                "uniform"), Map.entry("rate", "0.1"), Map.entry("seed", "0"), Map.entry("routing-delay", "1"),
                Map.entry("vc-alloc-delay", "1"), Map.entry("sw-alloc-delay", "1"), Map.entry("input-speedup", "1"),
                Map.entry("internal-speedup", "1"), Map.entry("output-speedup", "1"), Map.entry("st-final-delay", "1"),
                Map.entry("credit-delay", "0"), Map.entry("vc-allocator", "islip"), Map.entry("sw-allocator", "islip")));
    }

    @Test
    void bookSimsSyntaxCommentsSeveralStatementsALineAndTheLastOfAKeyWins() {
        Map<String, String> o = BookSimConfig.options("""
                // a comment; with = signs
                topology = mesh; k = 4; n = 3; // three dimensions
                routing_function
                  = min_adapt;
                num_vcs = 8; num_vcs = 6;
                wait_for_tail_credit = 1; credit_delay = 2; routing_delay = 0;
                vc_allocator = islip(3); sw_allocator = islip(3);
                sample_period = 1000; x = 3;
                """);
        assertThat(o).containsEntry("topology", "mesh:4x4x4").containsEntry("routing", "min-adaptive-booksim")
                .containsEntry("vcs", "6").containsEntry("atomic-vc", "true").containsEntry("credit-delay", "2")
                .containsEntry("routing-delay", "0").containsEntry("alloc-iters", "3").containsEntry("vc-allocator", "islip");
    }

    /** A rate in packets (BookSim's default) is a rate in flits times the mean packet size of the mix. */
    @Test
    void aWholeInternalSpeedUpIsRead() {
        assertThat(BookSimConfig.options("routing_function = dim_order; internal_speedup = 2.0; output_speedup = 2;"))
                .containsEntry("internal-speedup", "2").containsEntry("output-speedup", "2");
    }

    @Test
    void aRateInPacketsIsTimesTheMeanPacketSize() {
        Map<String, String> o = BookSimConfig.options("topology = mesh; routing_function = dor; packet_size = {{1, 8}}; "
                + "packet_size_rate = {{1,3}}; injection_rate = {0.04};");
        assertThat(o).containsEntry("packet-sizes", "1:1,8:3").doesNotContainKey("packet-flits");
        assertThat(Double.parseDouble(o.get("rate"))).isCloseTo(0.04 * (1 + 3 * 8) / 4.0, org.assertj.core.data.Offset
                .offset(1e-12));
        assertThat(BookSimConfig.options("topology = mesh; routing_function = dor; packet_size = 8; injection_rate = "
                + "0.3; injection_rate_uses_flits = 1;")).containsEntry("rate", "0.3").containsEntry("packet-flits", "8");
    }

    /**
     * {@code use_read_write} with its VC ranges at -1 is {@code --request-reply}: reads and writes of other sizes with
     * the write fraction, one pair where they are alike; BookSim's request rate is its flit rate over (sum of the four
     * sizes) / 2 rounded down, (1 + 4 + 4 + 2) / 2 = 5, ccopt's over the exact mean 5.5, so the rate is 0.3 x 5.5 / 5.
     */
    @Test
    void requestReplyTrafficIsRequestReply() {
        String ranges = "read_request_begin_vc = -1; read_request_end_vc = -1; write_request_begin_vc = -1; "
                + "write_request_end_vc = -1; read_reply_begin_vc = -1; read_reply_end_vc = -1; write_reply_begin_vc = -1; "
                + "write_reply_end_vc = -1;";
        Map<String, String> o = BookSimConfig.options("topology = mesh; routing_function = dor; num_vcs = 4; "
                + "use_read_write = 1; read_request_size = 1; read_reply_size = 4; write_request_size = 4; "
                + "write_reply_size = 2; injection_rate = 0.3; injection_rate_uses_flits = 1; " + ranges);
        assertThat(o).containsEntry("request-reply", "1:4,4:2").containsEntry("write-fraction", "0.5")
                .doesNotContainKey("packet-flits").doesNotContainKey("packet-sizes");
        assertThat(Double.parseDouble(o.get("rate"))).isCloseTo(0.3 * 5.5 / 5, org.assertj.core.data.Offset.offset(1e-12));
        // the halves given as numbers, 8 VCs: requests 0-3, replies 4-7 (BookSim's examples/flatflyconfig)
        assertThat(BookSimConfig.options("topology = mesh; routing_function = dor; num_vcs = 8; use_read_write = 1; "
                + "read_request_begin_vc = 0; read_request_end_vc = 3; write_request_begin_vc = 0; write_request_end_vc = 3; "
                + "read_reply_begin_vc = 4; read_reply_end_vc = 7; write_reply_begin_vc = 4; write_reply_end_vc = 7;"))
                .containsEntry("request-reply", "1:1").doesNotContainKey("write-fraction").containsEntry("rate", "0.2");
        // without use_read_write the sizes change nothing
        assertThat(BookSimConfig.options("routing_function = dim_order; read_reply_size = 8;"))
                .doesNotContainKey("request-reply").containsEntry("packet-flits", "1");
    }

    @Test
    void theNetworksCcoptModels() {
        assertThat(BookSimConfig.options("topology = fattree; k = 4; n = 3; routing_function = nca;"))
                .containsEntry("topology", "kary-ntree:4,3").containsEntry("routing", "nca-random");
        assertThat(BookSimConfig.options("topology = flatfly; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2; "
                + "use_noc_latency = 0; routing_function = ran_min;")).containsEntry("topology", "flatfly:4,2,4")
                .containsEntry("routing", "dor");
        assertThat(BookSimConfig.options("topology = cmesh; k = 4; c = 4; xr = 2; yr = 2; routing_function = "
                + "dor_no_express; traffic = bitcomp;")).containsEntry("topology", "cmesh:4,4,4")
                .containsEntry("routing", "dor").containsEntry("traffic", "bitcomp"); // 64 terminals, a power of two
        assertThat(BookSimConfig.options("routing_function = dim_order; use_noc_latency = 0;"))
                .containsEntry("link-latency", "1");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "routing_function = dim_order; sample_period = 10000;|line 1 sets sample_period to 10000, not BookSim's default "
                + "1000; it is BookSim's measurement protocol",
        "routing_function = dim_order; output_speedup = 9;|line 1 sets output_speedup to 9, which ccopt does not run; "
                + "expected a whole number from 1 to 8",
        "routing_function = dim_order; alloc_iters = 2;|never reads",
        "routing_function = dim_order; internal_speedup = 1.5;|line 1 sets internal_speedup to 1.5, which ccopt does not "
                + "run; expected a whole number from 1 to 8",
        "topology = dragonflynew; routing_function = min;|line 1 sets topology to dragonflynew, which ccopt does not run",
        "topology = mesh;|routing_function is left at BookSim's default none, which ccopt does not run; expected on mesh "
                + "one of adaptive_xy_yx, dim_order, dor, min_adapt, romm, valiant, xy_yx",
        "routing_function = dim_order; traffic = randperm;|sets traffic to randperm",
        "routing_function = dim_order; seed = time;|sets seed to time",
        "routing_function = dim_order; packet_size = {1,8};|lists packet_size for 2 traffic classes",
        "routing_function = dim_order; traffic = neighbor;|sets traffic to neighbor, which ccopt does not run",
        "topology = mesh; k = 6; routing_function = dor; traffic = transpose;|equals only on power-of-two networks",
        "routing_function = dim_order; vc_allocator = islip(2); sw_allocator = islip(3);|iterate 2 and 3 times",
        "topology = flatfly; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2; routing_function = ran_min;|"
                + "use_noc_latency = 0",
        "topology = flatfly; k = 4; n = 2; c = 4; use_noc_latency = 0; routing_function = ran_min;|c = xr yr",
        "routing_function = dim_order|line 1 has a statement without its closing ';'",
        "routing_function dim_order;|line 1 is not a statement BookSim reads",
        "routing_function = dim_order; k = 1;|line 1 sets k to 1, which ccopt does not run; expected a whole number "
                + "from 2",
        "routing_function = dim_order; use_read_write = 1;|read_request_end_vc is left at BookSim's default 5, which "
                + "ccopt does not run; expected -1 or 7: ccopt runs requests on VCs 0..7 and replies on 8..15",
        "routing_function = dim_order; use_read_write = 1; num_vcs = 4; read_request_end_vc = -1; write_request_begin_vc "
                + "= 0; write_request_end_vc = 1; read_reply_begin_vc = 2; read_reply_end_vc = 3; write_reply_begin_vc = 2; "
                + "write_reply_end_vc = 2;|sets write_reply_end_vc to 2"})
    void whatCcoptDoesNotRunIsRefusedWithOneLine(String text, String message) {
        assertThatThrownBy(() -> BookSimConfig.options(text)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** An error never quotes the file's text: an unknown key, a word value and a bad line are described, not echoed. */
    @Test
    void anErrorQuotesNoTextOfTheFile() {
        for (String text : new String[] {"routing_function = dim_order;\nsecret_token_x = 1;",
            "routing_function = secret_token_x;", "topology = secret_token_x;", "routing_function = dim_order; "
                + "watch_out = secret_token_x;", "secret_token_x"}) {
            assertThatThrownBy(() -> BookSimConfig.options(text)).as(text).isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secret").startsWith("--config: "));
        }
    }
}
