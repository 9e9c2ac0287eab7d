package org.ccopt.flitsim.net;

import java.util.Locale;
import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;

/**
 * Request-reply traffic (BookSim 2's {@code use_read_write}, its {@code TrafficManager::_IssuePacket},
 * {@code _GeneratePacket} and {@code _RetireFlit}): a source generates requests, a read with probability 1 - w and a
 * write with probability w ({@code write_fraction}), and every request that reaches its destination makes that terminal
 * send a reply back to the source. Sizes per kind: {@code read_request_size}, {@code read_reply_size},
 * {@code write_request_size}, {@code write_reply_size}.
 *
 * <p>As in BookSim: a reply is created in the cycle its request's tail is ejected, so its latency counts from there; a
 * terminal takes its next packet from its replies before its requests (BookSim generates a reply whenever one is
 * pending before it tries the injection process); requests travel on the lower half of every port's VCs and replies on
 * the upper half (BookSim's VC ranges at their {@code -1} defaults: {@code read_request_begin_vc} 0 ..
 * {@code read_request_end_vc} V/2 - 1, replies V/2 .. V - 1), so a reply never waits behind a request and the traffic
 * cannot deadlock by protocol; the routing function runs within each half. A reply is measured where its request was,
 * or where it is created in the measurement window.
 *
 * <p>An offered load counts the flits of both: a source generates requests at rate / (flits of a transaction), the
 * mean (1 - w)(read request + read reply) + w (write request + write reply). BookSim divides by (sum of the four sizes)
 * / 2 rounded down, the same figure where w = 0.5 and the sum is even ({@code BookSimConfig} converts its rate where they
 * differ).
 */
public record RequestReply(int readRequest, int readReply, int writeRequest, int writeReply, double writeFraction) {

    /** A packet's kind in a run of request-reply traffic. */
    public static final int READ_REQUEST = 1;
    public static final int WRITE_REQUEST = 2;
    public static final int READ_REPLY = 3;
    public static final int WRITE_REPLY = 4;

    public RequestReply {
        for (int size : new int[] {readRequest, readReply, writeRequest, writeReply}) {
            if (size < 1 || size > Flits.MAX_PACKET_FLITS) {
                throw new InvalidInputException("request-reply packet size " + size + " is invalid; expected 1.."
                        + Flits.MAX_PACKET_FLITS + " flits");
            }
        }
        if (!(writeFraction >= 0 && writeFraction <= 1)) {
            throw new InvalidInputException("write fraction " + writeFraction + " is invalid; expected 0..1");
        }
    }

    /** Reads only: requests of {@code request} flits, replies of {@code reply}. */
    public static RequestReply reads(int request, int reply) {
        return new RequestReply(request, reply, request, reply, 0);
    }

    /**
     * Parses {@code REQUEST:REPLY} (every request a read) or {@code READ_REQUEST:READ_REPLY,WRITE_REQUEST:WRITE_REPLY}
     * with {@code writeFraction} (null: BookSim's 0.5) of the requests writes; one line naming the text where it is not.
     */
    public static RequestReply parse(String text, Double writeFraction) {
        String[] pairs = text.split(",", -1);
        int[] sizes = new int[4];
        boolean valid = pairs.length <= 2;
        for (int i = 0; i < pairs.length && valid; i++) {
            String[] pair = pairs[i].strip().split(":", -1);
            valid = pair.length == 2 && pair[0].matches("[0-9]{1,9}") && pair[1].matches("[0-9]{1,9}");
            if (valid) {
                sizes[2 * i] = Integer.parseInt(pair[0]);
                sizes[2 * i + 1] = Integer.parseInt(pair[1]);
            }
        }
        if (!valid) {
            throw new InvalidInputException("--request-reply '" + text + "' is invalid; expected REQUEST:REPLY flits, or "
                    + "READ_REQUEST:READ_REPLY,WRITE_REQUEST:WRITE_REPLY, e.g. 1:4 or 1:4,4:1");
        }
        if (pairs.length == 1) {
            if (writeFraction != null) {
                throw new InvalidInputException("--write-fraction needs writes: --request-reply '" + text + "' gives reads "
                        + "only; expected READ_REQUEST:READ_REPLY,WRITE_REQUEST:WRITE_REPLY");
            }
            return reads(sizes[0], sizes[1]);
        }
        return new RequestReply(sizes[0], sizes[1], sizes[2], sizes[3], writeFraction == null ? 0.5 : writeFraction);
    }

    /** The mean flits of a transaction (its request and its reply): an offered load's packets per flit. */
    public double transactionFlits() {
        return (1 - writeFraction) * (readRequest + readReply) + writeFraction * (writeRequest + writeReply);
    }

    /** BookSim's figure for {@link #transactionFlits}: (the sum of the four sizes) / 2, rounded down. */
    public int bookSimTransactionFlits() {
        return (readRequest + readReply + writeRequest + writeReply) / 2;
    }

    /** The kind of the next request, drawn from {@code random} where requests are reads and writes. */
    public int drawRequest(SplittableRandom random) {
        if (writeFraction <= 0) {
            return READ_REQUEST;
        }
        if (writeFraction >= 1) {
            return WRITE_REQUEST;
        }
        return random.nextDouble() < writeFraction ? WRITE_REQUEST : READ_REQUEST;
    }

    /** The size in flits of a packet of {@code kind}. */
    public int size(int kind) {
        return switch (kind) {
            case READ_REQUEST -> readRequest;
            case WRITE_REQUEST -> writeRequest;
            case READ_REPLY -> readReply;
            case WRITE_REPLY -> writeReply;
            default -> throw new IllegalArgumentException("packet kind " + kind);
        };
    }

    /** The reply's kind to a request of {@code kind}. */
    public static int replyTo(int kind) {
        return kind + 2;
    }

    /** Whether a packet of {@code kind} is a reply. */
    public static boolean isReply(int kind) {
        return kind >= READ_REPLY;
    }

    /** The largest size. */
    public int max() {
        return Math.max(Math.max(readRequest, readReply), Math.max(writeRequest, writeReply));
    }

    /** As the option reads: {@code 1:4}, or {@code 1:4,4:1 (writes 0.5)}. */
    @Override
    public String toString() {
        String reads = readRequest + ":" + readReply;
        return writeFraction == 0 ? reads : String.format(Locale.ROOT, "%s,%d:%d (writes %s)", reads, writeRequest,
                writeReply, writeFraction);
    }

    /** The option's text: {@code 1:4} or {@code 1:4,4:1}. */
    public String spec() {
        return writeFraction == 0 ? readRequest + ":" + readReply : readRequest + ":" + readReply + "," + writeRequest
                + ":" + writeReply;
    }
}
