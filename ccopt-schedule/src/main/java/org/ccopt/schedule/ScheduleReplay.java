package org.ccopt.schedule;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ccopt.collective.Collective;
import org.ccopt.msgsim.MessageSimulator;
import org.ccopt.msgsim.MsgNetwork;
import org.ccopt.msgsim.Program;
import org.ccopt.msgsim.StepProgram;

/**
 * The message-level replay of a step schedule: every transfer one message of {@code bytes} along its route, ordered
 * by its step ({@link StepProgram}), through {@link MessageSimulator}. It measures what the step count of
 * Jaros et al. leaves out: message sizes, link bandwidth and latency, and contention inside a step.
 */
public final class ScheduleReplay {

    /** How to replay: message size, step order, the network and the simulator's options. */
    public record Settings(double bytes, StepProgram.Order order, MsgNetwork net, MessageSimulator.Options options) {
    }

    private ScheduleReplay() {
    }

    /**
     * Replays transfers as a schedule prints them.
     *
     * @param reduce   for a reduce's transfers: the reduce, whose nodes send after what they receive; else null
     * @param hopItems whether every transfer is one hop of a store-and-forward message, replayed as a message of its
     *                 own (sender, receiver) pair
     */
    public static MessageSimulator.Result run(List<ScheduleValidator.Item> items, Collective reduce, boolean hopItems,
                                              Settings settings) {
        int n = items.size();
        Map<Long, Integer> ids = new HashMap<>();
        int[] message = new int[n];
        int[] sender = new int[n];
        int[] from = new int[n];
        int[] to = new int[n];
        int[] step = new int[n];
        int[][] path = new int[n][];
        for (int i = 0; i < n; i++) {
            ScheduleValidator.Item it = items.get(i);
            // a message is named by its sender, in a reduce by its root, and in a store-and-forward scatter, whose
            // hops are transfers of their own, by its (sender, receiver) pair
            message[i] = hopItems ? ids.computeIfAbsent(((long) it.sender() << 32) | it.dst(), k -> ids.size())
                    : reduce == null ? it.sender() : it.root() >= 0 ? it.root() : reduce.receivers()[0];
            sender[i] = it.sender();
            from[i] = it.from();
            to[i] = it.path()[it.path().length - 1];
            step[i] = it.step();
            path[i] = it.path();
        }
        Program program = hopItems
                ? StepProgram.of(message, sender, from, to, step, path, settings.bytes(), settings.order())
                : StepProgram.of(message, from, to, step, path, settings.bytes(), settings.order(), reduce != null);
        return MessageSimulator.run(settings.net(), program, settings.options());
    }
}
