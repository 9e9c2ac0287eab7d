package org.ccopt.flitsim;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ccopt.InvalidInputException;

/**
 * A BookSim 2 configuration file read as {@code ccopt sim} options ({@code sim --config FILE}): the keys ccopt models
 * become its options on BookSim's router, each key left out takes BookSim's default (its {@code booksim_config.cpp}),
 * and a key ccopt does not model is refused with one line naming it and its line, unless it is at BookSim's default or
 * changes nothing beside the others (a read-write size without {@code use_read_write}, a chip coordinate on a network
 * whose channels do not read it).
 *
 * <p>The file is BookSim's syntax: {@code key = value;} statements, several to a line or one over several, {@code //}
 * comments; a value is a number, a word, or a list in braces ({@code packet_size = {1,8};}). As in BookSim, a key set
 * twice takes its last value. An error names a key only when it is one of BookSim's and quotes a value only when it is
 * a number or one of the names below, never other text from the file.
 *
 * <p>What ccopt models:
 * <ul>
 *   <li>{@code topology} {@code mesh} and {@code torus} with {@code k} and {@code n} ({@code mesh:8x8}; torus links of 2
 *       cycles under BookSim's default {@code use_noc_latency = 1}, 1 with 0), {@code fattree} ({@code kary-ntree:k,n})
 *       and {@code flatfly} with {@code c} ({@code flatfly:k,n,c}; only with {@code use_noc_latency = 0}, as ccopt does
 *       not lay channels out on a chip, and uniform traffic, as BookSim numbers its terminals by that layout), and
 *       {@code cmesh} with {@code c} ({@code cmesh:k,k,c}, BookSim's terminal numbering and channel latencies; one
 *       cycle a channel under {@code use_noc_latency = 0}).
 *   <li>{@code routing_function}: on the mesh {@code dim_order} and {@code dor} ({@code dor}), {@code xy_yx},
 *       {@code adaptive_xy_yx}, {@code romm}, {@code valiant} and {@code min_adapt} ({@code min-adaptive-booksim}); on
 *       the torus {@code dim_order} ({@code dor-booksim}); on the fat tree {@code nca} ({@code nca-random}) and
 *       {@code anca}; on the flattened butterfly {@code ran_min} ({@code dor}), {@code valiant} and {@code ugal}; on the
 *       concentrated mesh {@code dor_no_express} ({@code dor}).
 *   <li>{@code num_vcs}, {@code vc_buf_size}, {@code packet_size} (a list with {@code packet_size_rate}:
 *       {@code --packet-sizes}), {@code traffic} (uniform; bitcomp, bitrev and shuffle on a power-of-two number of
 *       terminals, transpose on a 2^b x 2^b mesh or torus and tornado on meshes and tori, where ccopt's patterns of
 *       those names are BookSim's; BookSim's neighbor steps in every dimension, ccopt's in x only, so it is refused),
 *       {@code injection_rate} (in packets unless {@code injection_rate_uses_flits = 1}; ccopt's {@code --rate} counts
 *       flits, so a rate in packets is multiplied by the mean packet size), {@code injection_process = bernoulli},
 *       {@code seed}.
 *   <li>{@code use_read_write} with {@code read_request_size}, {@code read_reply_size}, {@code write_request_size},
 *       {@code write_reply_size} and {@code write_fraction} ({@code --request-reply}, {@code --write-fraction}), its
 *       VC ranges at -1 (requests on the lower half of the VCs, replies on the upper).
 *   <li>{@code routing_delay}, {@code vc_alloc_delay}, {@code sw_alloc_delay}, {@code credit_delay},
 *       {@code input_speedup}, {@code internal_speedup} (whole numbers), {@code output_speedup},
 *       {@code st_prepare_delay} and {@code st_final_delay} (their sum, as BookSim adds them),
 *       {@code wait_for_tail_credit}, {@code vc_allocator} and
 *       {@code sw_allocator} (with {@code islip(N)} and {@code pim(N)} as {@code --alloc-iters N}).
 * </ul>
 * BookSim's measurement protocol ({@code sample_period}, {@code warmup_periods}, its thresholds) is refused away from
 * its defaults: ccopt measures with {@code --warmup}, {@code --window} and {@code --drain}.
 */
public final class BookSimConfig {

    private BookSimConfig() {
    }

    /** The largest configuration file read. */
    private static final long MAX_BYTES = 1 << 20;

    /** BookSim's keys that ccopt turns into options, with BookSim's defaults ("" where it has none). */
    private static final Map<String, String> MAPPED = ordered("topology", "torus", "k", "8", "n", "2", "c", "1", "x", "8",
            "y", "8", "xr", "1", "yr", "1",
            "routing_function", "none", "num_vcs", "16", "vc_buf_size", "8", "packet_size", "1", "packet_size_rate", "1",
            "traffic", "uniform", "injection_rate", "0.1", "injection_rate_uses_flits", "0", "injection_process",
            "bernoulli", "seed", "0", "routing_delay", "1", "vc_alloc_delay", "1", "sw_alloc_delay", "1", "credit_delay", "0",
            "wait_for_tail_credit", "0", "input_speedup", "1", "internal_speedup", "1.0", "output_speedup", "1",
            "st_prepare_delay", "0", "st_final_delay", "1",
            "vc_allocator", "islip", "sw_allocator", "islip", "use_noc_latency", "1", "use_read_write", "0",
            "read_request_size", "1", "read_reply_size", "1", "write_request_size", "1", "write_reply_size", "1",
            "write_fraction", "0.5", "read_request_begin_vc", "0", "read_request_end_vc",
            "5", "write_request_begin_vc", "2", "write_request_end_vc", "7", "read_reply_begin_vc", "8",
            "read_reply_end_vc", "13", "write_reply_begin_vc", "10", "write_reply_end_vc", "15");

    /** BookSim's keys that ccopt accepts at their defaults only, with their defaults, and why. */
    private static final Map<String, String> ROUTER = ordered("router", "iq", "output_delay", "0",
            "output_buffer_size", "-1", "noq", "0", "speculative", "0", "spec_check_elig", "1", "spec_check_cred", "1",
            "spec_mask_by_reqs", "0", "spec_sw_allocator", "prio", "buffer_policy", "private", "private_bufs", "-1",
            "private_buf_size", "1", "private_buf_start_vc", "-1", "private_buf_end_vc", "-1", "max_held_slots", "-1",
            "feedback_aging_scale", "1", "feedback_offset", "0", "vc_busy_when_full", "0", "vc_prioritize_empty", "0",
            "vc_priority_donation", "0", "vc_shuffle_requests", "0", "hold_switch_for_packet", "0",
            "vct", "0", "buf_size", "-1", "out_ports", "5", "subnets", "1", "link_failures", "0",
            "fail_seed", "",
            "channel_file", "", "classes", "1", "class_priority", "0", "priority", "none",
            "sim_type", "latency", "perm_seed", "0");
    private static final Map<String, String> PROTOCOL = ordered("warmup_periods", "3", "sample_period", "1000",
            "max_samples", "10", "sim_count", "1", "measure_stats", "1", "pair_stats", "0", "latency_thres", "500",
            "warmup_thres", "0.05", "acc_warmup_thres", "0.05", "stopping_thres", "0.05", "acc_stopping_thres", "0.05",
            "include_queuing", "1", "deadlock_warn_timeout", "256");
    private static final Map<String, String> OUTPUTS = ordered("print_activity", "0", "print_csv_results", "0",
            "viewer_trace", "0", "watch_file", "", "watch_flits", "", "watch_packets", "", "watch_transactions", "",
            "watch_out", "", "stats_out", "", "injected_flits_out", "", "received_flits_out", "", "stored_flits_out", "",
            "sent_flits_out", "", "outstanding_credits_out", "", "ejected_flits_out", "", "active_packets_out", "",
            "used_credits_out", "", "free_credits_out", "", "max_credits_out", "", "sent_packets_out", "", "sim_power", "0",
            "power_output_file", "pwr_tmp", "tech_file", "", "channel_width", "128", "channel_sweep", "0");
    /** Keys BookSim's input-queued router never reads: it builds its allocators without the configuration. */
    private static final Map<String, String> UNREAD = ordered("alloc_iters", "1", "arb_type", "round_robin");
    /**
     * Keys that change nothing where ccopt accepts a file: the chip layout (read by {@code flatfly} only, where it numbers
     * the terminals and ccopt accepts uniform traffic only), read-write subnets (one subnet), batches and their limit on
     * outstanding requests (BookSim's batch mode reads it), on-off bursts.
     */
    private static final Set<String> INERT = Set.of("wire_length", "network_file", "max_outstanding_requests",
            "read_request_subnet", "read_reply_subnet", "write_request_subnet", "write_reply_subnet", "batch_size",
            "batch_count", "burst_alpha", "burst_beta", "burst_r1");

    private static final List<String> TOPOLOGIES = List.of("mesh", "torus", "fattree", "flatfly", "cmesh");
    /** BookSim's other networks, named in a refusal. */
    /** BookSim's patterns ccopt does not run as BookSim does (its neighbor steps in every dimension, ccopt's in x). */
    private static final List<String> OTHER_TRAFFIC = List.of("neighbor", "randperm", "hotspot", "diagonal", "asymmetric",
            "taper64", "bad_dragon");
    private static final List<String> OTHER_TOPOLOGIES = List.of("anynet", "dragonflynew", "fly", "qtree", "tree4",
            "kncube");
    private static final List<String> TRAFFIC = List.of("uniform", "transpose", "bitcomp", "bitrev", "shuffle", "tornado");
    private static final Map<String, Map<String, String>> ROUTING = Map.of(
            "mesh", Map.of("dim_order", "dor", "dor", "dor", "xy_yx", "xy-yx", "adaptive_xy_yx", "adaptive-xy-yx", "romm",
                    "romm", "valiant", "valiant", "min_adapt", "min-adaptive-booksim"),
            "torus", Map.of("dim_order", "dor-booksim"),
            "fattree", Map.of("nca", "nca-random", "anca", "anca"),
            "flatfly", Map.of("ran_min", "dor", "valiant", "valiant", "ugal", "ugal"),
            "cmesh", Map.of("dor_no_express", "dor"));

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    /** One statement of the file: its value's text and the line it starts on. */
    private record Setting(String value, int line) {
    }

    /** The {@code sim} options (long names without dashes) that the file at {@code path} stands for. */
    public static Map<String, String> read(String path) {
        Path file = Path.of(path);
        if (!Files.isRegularFile(file)) {
            throw new InvalidInputException("--config '" + path + "' is not a readable file; expected a BookSim 2 "
                    + "configuration file");
        }
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new InvalidInputException("--config '" + path + "' is larger than " + MAX_BYTES + " bytes; expected a "
                        + "BookSim 2 configuration file");
            }
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new InvalidInputException("--config '" + path + "' is not UTF-8 text; expected a BookSim 2 configuration "
                    + "file");
        } catch (IOException e) {
            throw new InvalidInputException("--config '" + path + "' cannot be read; expected a BookSim 2 configuration file");
        }
        return options(text);
    }

    /** The {@code sim} options that configuration {@code text} stands for. */
    public static Map<String, String> options(String text) {
        return translate(parse(text));
    }

    /** The statements of {@code text}, by key, the last of a key winning. */
    private static Map<String, Setting> parse(String text) {
        Map<String, Setting> out = new LinkedHashMap<>();
        StringBuilder statement = new StringBuilder();
        int line = 1;
        int start = 1;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '/' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
                i--;
                continue;
            }
            if (ch == '\n') {
                line++;
            }
            if (ch == ';') {
                statement(statement.toString(), start, out);
                statement.setLength(0);
                continue;
            }
            if (statement.toString().isBlank()) {
                start = line;
            }
            statement.append(ch);
        }
        if (!statement.toString().isBlank()) {
            throw new InvalidInputException("--config: line " + start + " has a statement without its closing ';'; "
                    + "expected KEY = VALUE;");
        }
        return out;
    }

    private static void statement(String s, int line, Map<String, Setting> out) {
        int eq = s.indexOf('=');
        String key = eq < 0 ? "" : s.substring(0, eq).strip();
        String value = eq < 0 ? "" : s.substring(eq + 1).strip();
        if (!key.matches("[A-Za-z_][A-Za-z0-9_]*") || !value.matches("[A-Za-z0-9_\\-/.+(){},\\s]+")
                || value.indexOf('=') >= 0) {
            throw new InvalidInputException("--config: line " + line + " is not a statement BookSim reads; expected KEY = "
                    + "VALUE; (a number, a word or a list in braces)");
        }
        if (value.startsWith("{")) {
            value = value.replaceAll("\\s", "");
        }
        out.put(key, new Setting(value, line));
    }

    private static Map<String, String> translate(Map<String, Setting> file) {
        for (Map.Entry<String, Setting> e : file.entrySet()) {
            String key = e.getKey();
            String value = e.getValue().value();
            int line = e.getValue().line();
            if (MAPPED.containsKey(key) || INERT.contains(key)) {
                continue;
            }
            String why = ROUTER.containsKey(key) ? "a router or traffic feature ccopt does not model"
                    : PROTOCOL.containsKey(key) ? "BookSim's measurement protocol; ccopt measures with --warmup, --window "
                    + "and --drain, which may be given beside --config"
                    : OUTPUTS.containsKey(key) ? "an output ccopt does not write"
                    : UNREAD.containsKey(key) ? "a key BookSim's input-queued router never reads (it builds its allocators "
                    + "without it); name the allocator instead, as islip(N), pim(N) or separable_input_first(matrix)"
                    : null;
            if (why == null) {
                throw new InvalidInputException("--config: line " + line + " sets a key that is not one of BookSim 2's; "
                        + "expected its configuration keys");
            }
            String dflt = ROUTER.containsKey(key) ? ROUTER.get(key) : PROTOCOL.containsKey(key) ? PROTOCOL.get(key)
                    : OUTPUTS.containsKey(key) ? OUTPUTS.get(key) : UNREAD.get(key);
            if (!same(value, dflt)) {
                throw new InvalidInputException("--config: line " + line + " sets " + key + " to " + shown(value)
                        + ", not BookSim's default " + (dflt.isEmpty() ? "(none)" : dflt) + "; it is " + why);
            }
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put("model", SimJob.Request.ENGINE_MODEL);
        String topology = network(file, out);
        Map<String, String> functions = ROUTING.get(topology);
        String function = value(file, "routing_function");
        if (!functions.containsKey(function)) {
            throw refused(file, "routing_function", "on " + topology + " one of " + String.join(", ",
                    new java.util.TreeSet<>(functions.keySet())), List.of());
        }
        out.put("routing", functions.get(function));
        int vcs = whole(file, "num_vcs", 1, 31);
        out.put("vcs", Integer.toString(vcs));
        out.put("buffer", Integer.toString(whole(file, "vc_buf_size", 1, 1 << 20)));
        boolean readWrite = whole(file, "use_read_write", 0, 1) == 1;
        double[] meanSizes = readWrite ? readWrite(file, vcs, out) : null;
        double meanSize = readWrite ? meanSizes[0] : packetSizes(file, out);
        String traffic = value(file, "traffic");
        if (!TRAFFIC.contains(traffic)) {
            throw refused(file, "traffic", "one of " + String.join(", ", TRAFFIC), OTHER_TRAFFIC);
        }
        int terminals = org.ccopt.topology.spec.TopologySpec.parse(out.get("topology")).terminalCount();
        boolean powerOfTwo = Integer.bitCount(terminals) == 1;
        boolean grid = topology.equals("mesh") || topology.equals("torus");
        int k = whole(file, "k", 2, 1 << 16);
        if (traffic.equals("transpose") && !(grid && whole(file, "n", 1, 16) == 2 && Integer.bitCount(k) == 1)
                || traffic.equals("tornado") && !grid || List.of("bitcomp", "bitrev", "shuffle").contains(traffic)
                && !powerOfTwo) {
            throw new InvalidInputException("--config: traffic " + traffic + " is BookSim's bit permutation or digit "
                    + "pattern, which ccopt's pattern of that name equals only on power-of-two networks (transpose: a 2-D "
                    + "mesh or torus of 2^b x 2^b; tornado: a mesh or torus); expected such a network or uniform traffic");
        }
        out.put("traffic", traffic);
        double rate = real(file, "injection_rate");
        if (!(rate > 0)) {
            throw refused(file, "injection_rate", "a rate above 0", List.of());
        }
        boolean flits = whole(file, "injection_rate_uses_flits", 0, 1) == 1;
        double flitRate = flits ? rate : rate * meanSize;
        // BookSim offers requests at its flit rate over its transaction size, ccopt at its rate over the exact mean
        out.put("rate", Double.toString(readWrite ? flitRate * meanSizes[1] / meanSizes[0] : flitRate));
        if (!value(file, "injection_process").equals("bernoulli")) {
            throw refused(file, "injection_process", "bernoulli (BookSim's on_off takes its own burst parameters)",
                    List.of("on_off"));
        }
        String seed = value(file, "seed");
        if (!seed.matches("-?[0-9]{1,18}")) {
            throw refused(file, "seed", "a whole number (time, a seed from the clock, reproduces nothing)",
                    List.of("time"));
        }
        out.put("seed", seed);
        out.put("routing-delay", Integer.toString(whole(file, "routing_delay", 0, 10_000)));
        out.put("vc-alloc-delay", Integer.toString(whole(file, "vc_alloc_delay", 1, 10_000)));
        out.put("sw-alloc-delay", Integer.toString(whole(file, "sw_alloc_delay", 1, 10_000)));
        out.put("input-speedup", Integer.toString(whole(file, "input_speedup", 1,
                org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP)));
        double internal = real(file, "internal_speedup");
        if (internal != Math.rint(internal) || internal < 1 || internal > org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP) {
            throw refused(file, "internal_speedup", "a whole number from 1 to " + org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP
                    + " (a fractional speed-up runs the router's steps unevenly from cycle to cycle, which ccopt does not "
                    + "model)", List.of());
        }
        out.put("internal-speedup", Integer.toString((int) internal));
        out.put("output-speedup", Integer.toString(whole(file, "output_speedup", 1,
                org.ccopt.flitsim.net.RouterTiming.MAX_SPEEDUP)));
        int traversal = whole(file, "st_prepare_delay", 0, 10_000) + whole(file, "st_final_delay", 0, 10_000);
        if (traversal < 1) {
            throw new InvalidInputException("--config: st_prepare_delay + st_final_delay is 0; expected at least 1 cycle "
                    + "of switch traversal");
        }
        out.put("st-final-delay", Integer.toString(traversal));
        out.put("credit-delay", Integer.toString(whole(file, "credit_delay", 0, 10_000)));
        if (whole(file, "wait_for_tail_credit", 0, 1) == 1) {
            out.put("atomic-vc", "true");
        }
        allocators(file, out);
        return out;
    }

    /** Puts the topology (and a torus's or concentrated mesh's one-cycle links) into {@code out}; BookSim's name of it. */
    private static String network(Map<String, Setting> file, Map<String, String> out) {
        String topology = value(file, "topology");
        if (!TOPOLOGIES.contains(topology)) {
            throw refused(file, "topology", "one of " + String.join(", ", TOPOLOGIES) + " (ccopt's dragonfly and other "
                    + "networks are not wired as BookSim's; run them with -t)", OTHER_TOPOLOGIES);
        }
        int k = whole(file, "k", 2, 1 << 16);
        int n = whole(file, "n", 1, 16);
        boolean noc = whole(file, "use_noc_latency", 0, 1) == 1;
        out.put("topology", switch (topology) {
            case "mesh", "torus" -> topology + ":" + String.join("x", java.util.Collections.nCopies(n, Integer.toString(k)));
            case "fattree" -> "kary-ntree:" + k + "," + n;
            case "cmesh" -> {
                int c = whole(file, "c", 2, 1 << 16);
                int xr = whole(file, "xr", 1, 1 << 16);
                if (n != 2 || xr != whole(file, "yr", 1, 1 << 16) || xr * xr != c) {
                    throw new InvalidInputException("--config: BookSim's cmesh needs n = 2, xr = yr and c = xr yr (it "
                            + "asserts them); expected such a layout");
                }
                yield "cmesh:" + k + "," + k + "," + c;
            }
            default -> {
                if (noc) {
                    throw new InvalidInputException("--config: flatfly under use_noc_latency = 1 makes each channel as long "
                            + "as the distance it spans on the chip, which ccopt does not lay out; expected use_noc_latency "
                            + "= 0 (every channel one cycle)");
                }
                int c = whole(file, "c", 1, 1 << 16);
                int xr = whole(file, "xr", 1, 1 << 16);
                if (whole(file, "x", 1, 1 << 16) != whole(file, "y", 1, 1 << 16) || xr != whole(file, "yr", 1, 1 << 16)
                        || xr * xr != c) {
                    throw new InvalidInputException("--config: BookSim's flatfly needs x = y, xr = yr and c = xr yr (it "
                            + "asserts them); expected such a layout");
                }
                if (!value(file, "traffic").equals("uniform")) {
                    throw new InvalidInputException("--config: on flatfly BookSim numbers the terminals by its chip layout "
                            + "(x, xr) and ccopt by router, so a permutation pairs other terminals; expected traffic = "
                            + "uniform there");
                }
                yield "flatfly:" + k + "," + n + "," + c;
            }
        });
        if ((topology.equals("torus") || topology.equals("cmesh")) && !noc) {
            out.put("link-latency", "1");
        }
        return topology;
    }

    /**
     * Puts request-reply traffic ({@code use_read_write = 1}) into {@code out}: {@code --request-reply} from the four
     * sizes, {@code --write-fraction} where reads and writes differ. ccopt runs requests on the lower half of the VCs and
     * replies on the upper, BookSim's VC ranges at -1, so each {@code *_vc} key must be -1 or that half's bound
     * (BookSim's defaults, 0-5 and 2-7 for read and write requests, 8-13 and 10-15 for replies, are refused). Returns
     * BookSim's transaction size (its {@code packet_size} under read-write, the sum of the four sizes over 2, rounded
     * down) and the exact mean.
     */
    private static double[] readWrite(Map<String, Setting> file, int vcs, Map<String, String> out) {
        int half = vcs / 2;
        for (String key : new String[] {"read_request", "write_request", "read_reply", "write_reply"}) {
            boolean reply = key.endsWith("reply");
            vcBound(file, key + "_begin_vc", reply ? half : 0, vcs);
            vcBound(file, key + "_end_vc", reply ? vcs - 1 : half - 1, vcs);
        }
        int rq = whole(file, "read_request_size", 1, org.ccopt.flitsim.net.Flits.MAX_PACKET_FLITS);
        int rp = whole(file, "read_reply_size", 1, org.ccopt.flitsim.net.Flits.MAX_PACKET_FLITS);
        int wq = whole(file, "write_request_size", 1, org.ccopt.flitsim.net.Flits.MAX_PACKET_FLITS);
        int wp = whole(file, "write_reply_size", 1, org.ccopt.flitsim.net.Flits.MAX_PACKET_FLITS);
        double w = real(file, "write_fraction");
        if (!(w >= 0 && w <= 1)) {
            throw refused(file, "write_fraction", "a fraction from 0 to 1", List.of());
        }
        org.ccopt.flitsim.net.RequestReply rr = rq == wq && rp == wp ? org.ccopt.flitsim.net.RequestReply.reads(rq, rp)
                : new org.ccopt.flitsim.net.RequestReply(rq, rp, wq, wp, w);
        out.put("request-reply", rr.spec());
        if (rr.writeFraction() > 0) {
            out.put("write-fraction", Double.toString(w));
        }
        return new double[] {rr.bookSimTransactionFlits(), rr.transactionFlits()};
    }

    /** Refuses a read-write VC-range key that is neither -1 nor {@code bound}, the bound of its half of {@code vcs}. */
    private static void vcBound(Map<String, Setting> file, String key, int bound, int vcs) {
        int given = whole(file, key, -1, 31);
        if (given != -1 && given != bound) {
            throw refused(file, key, "-1 or " + bound + ": ccopt runs requests on VCs 0.." + (vcs / 2 - 1) + " and replies on "
                    + vcs / 2 + ".." + (vcs - 1) + " (BookSim's ranges at -1)", List.of());
        }
    }

    /**
     * Puts the packet size or mix into {@code out}; the mean packet size. BookSim lists one value per traffic class
     * ({@code packet_size = {{1,8}}} is a mix of class 0, {@code {1,8}} a size per class), and ccopt runs one class.
     */
    private static double packetSizes(Map<String, Setting> file, Map<String, String> out) {
        String sizes = ofClass0(file, "packet_size");
        if (!sizes.startsWith("{")) {
            int size = whole(file, "packet_size", sizes, 1, Integer.MAX_VALUE);
            out.put("packet-flits", Integer.toString(size));
            return size;
        }
        String[] size = sizes.substring(1, sizes.length() - 1).split(",", -1);
        String rates = ofClass0(file, "packet_size_rate");
        String[] rate = rates.startsWith("{") ? rates.substring(1, rates.length() - 1).split(",", -1) : new String[] {rates};
        List<String> mix = new ArrayList<>();
        double weight = 0;
        double flits = 0;
        for (int i = 0; i < size.length; i++) {
            String r = rate[Math.min(i, rate.length - 1)]; // BookSim repeats the last rate
            if (!size[i].matches("[0-9]{1,9}") || !r.matches("[0-9]{1,9}")) {
                throw refused(file, !size[i].matches("[0-9]{1,9}") ? "packet_size" : "packet_size_rate",
                        "lists of whole numbers", List.of());
            }
            mix.add(size[i] + ":" + r);
            weight += Integer.parseInt(r);
            flits += Integer.parseInt(r) * (double) Integer.parseInt(size[i]);
        }
        out.put("packet-sizes", String.join(",", mix));
        return weight > 0 ? flits / weight : 1;
    }

    /**
     * The value of {@code key} for traffic class 0: the value, or the one element of a list in braces; a list of several
     * classes is refused, as ccopt runs one class.
     */
    private static String ofClass0(Map<String, Setting> file, String key) {
        String v = value(file, key);
        if (!v.startsWith("{")) {
            return v;
        }
        if (!v.endsWith("}")) {
            throw refused(file, key, "a value or a list in braces", List.of());
        }
        List<String> classes = new ArrayList<>();
        int depth = 0;
        int from = 1;
        for (int i = 1; i < v.length() - 1; i++) {
            char ch = v.charAt(i);
            depth += ch == '{' ? 1 : ch == '}' ? -1 : 0;
            if (depth < 0) {
                throw refused(file, key, "a value or a list in braces", List.of());
            }
            if (ch == ',' && depth == 0) {
                classes.add(v.substring(from, i));
                from = i + 1;
            }
        }
        classes.add(v.substring(from, v.length() - 1));
        if (depth != 0 || classes.size() != 1) {
            Setting s = file.get(key);
            throw new InvalidInputException("--config: line " + s.line() + " lists " + key + " for " + classes.size()
                    + " traffic classes (BookSim reads a list in braces as one value per class, and with classes = 1 "
                    + "only the first); expected one, e.g. packet_size = {{1,8}} for a mix of 1- and 8-flit packets");
        }
        return classes.get(0);
    }

    /** Puts the allocators into {@code out}: islip(N) and pim(N) as --alloc-iters N, the same N for both. */
    private static void allocators(Map<String, Setting> file, Map<String, String> out) {
        Integer iterations = null;
        for (String key : List.of("vc_allocator", "sw_allocator")) {
            String v = value(file, key);
            String name = v;
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(islip|pim)\\(([0-9]{1,2})\\)").matcher(v);
            if (m.matches()) {
                name = m.group(1);
                int n = Integer.parseInt(m.group(2));
                if (iterations != null && iterations != n) {
                    throw new InvalidInputException("--config: vc_allocator and sw_allocator iterate " + iterations + " and "
                            + n + " times; ccopt runs one count for both (--alloc-iters); expected the same");
                }
                iterations = n;
            } else if (v.endsWith("(round_robin)")) {
                name = v.substring(0, v.length() - "(round_robin)".length());
            }
            if (!org.ccopt.flitsim.net.Allocator.NAMES.contains(name)) {
                throw refused(file, key, "one of " + String.join(", ", org.ccopt.flitsim.net.Allocator.NAMES)
                        + ", islip(N), pim(N)", List.of("select", "separable_input_first(tree)"));
            }
            out.put(key.equals("vc_allocator") ? "vc-allocator" : "sw-allocator", name);
        }
        if (iterations != null) {
            out.put("alloc-iters", Integer.toString(iterations));
        }
    }

    private static String value(Map<String, Setting> file, String key) {
        Setting s = file.get(key);
        return s != null ? s.value() : MAPPED.get(key);
    }

    private static int whole(Map<String, Setting> file, String key, int least, int most) {
        return whole(file, key, value(file, key), least, most);
    }

    /** {@code v}, the value of {@code key}, as a whole number from {@code least} to {@code most}. */
    private static int whole(Map<String, Setting> file, String key, String v, int least, int most) {
        if (!v.matches("-?[0-9]{1,10}") || Long.parseLong(v) < least || Long.parseLong(v) > most) {
            throw refused(file, key, "a whole number from " + least + " to " + most, List.of());
        }
        return Integer.parseInt(v);
    }

    private static double real(Map<String, Setting> file, String key) {
        String v = ofClass0(file, key);
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d) || !v.matches("[-+0-9.eE]+")) {
                throw new NumberFormatException(v);
            }
            return d;
        } catch (NumberFormatException e) {
            throw refused(file, key, "a number", List.of());
        }
    }

    /** Whether {@code value} is {@code dflt}: as numbers where both are, else as text. */
    private static boolean same(String value, String dflt) {
        try {
            return Double.parseDouble(value) == Double.parseDouble(dflt);
        } catch (NumberFormatException e) {
            return value.equals(dflt);
        }
    }

    /** A value as an error may show it: a number, else a placeholder (the file's text is never quoted). */
    private static String shown(String value) {
        try {
            double d = Double.parseDouble(value);
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
        } catch (NumberFormatException e) {
            return "another value";
        }
    }

    /** The refusal of key's value: named where it is a number or one of {@code known}, with what is accepted. */
    private static InvalidInputException refused(Map<String, Setting> file, String key, String expected, List<String> known) {
        Setting s = file.get(key);
        String v = value(file, key);
        String what = known.contains(v) || v.equals(MAPPED.get(key)) || List.of(TOPOLOGIES, TRAFFIC).stream()
                .anyMatch(l -> l.contains(v)) ? v : shown(v);
        return new InvalidInputException("--config: " + (s == null ? key + " is left at BookSim's default " + what
                : "line " + s.line() + " sets " + key + " to " + what) + ", which ccopt does not run; expected " + expected);
    }

}
