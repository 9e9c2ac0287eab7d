package org.ccopt.cli;

import org.ccopt.flitsim.RouterModel;
import picocli.CommandLine.Option;

/**
 * The router options shared by the commands that run the flit simulator (a picocli mixin): sizes, the VC selection
 * scheme, and the router model, a preset ({@code --model}) whose readings each option below may override.
 */
final class RouterOptions {

    @Option(names = "--vcs", defaultValue = "3", description = "Virtual channels per port (default: ${DEFAULT-VALUE}).")
    int vcs;

    @Option(names = "--buffer", defaultValue = "4", description = "Flits per VC buffer (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--vc-select", description = "VC selection scheme C00..C09 for every port (default: the model's scheme).")
    String vcSelect;

    @Option(names = "--model", paramLabel = "NAME",
            description = "Router model preset: ccopt, yokota2018 (best fit to Yokota et al. 2018), yokota2023 (best fit to "
                    + "Yokota et al. 2023, Table 2); the options below override single readings (default: " + RouterModel.DEFAULT_NAME
                    + ", the best fit to both papers at once).")
    String model;

    @Option(names = "--dateline", paramLabel = "R", description = "Where the VC goes up on a ring: edge, edge-above, into, out-of, through.")
    String dateline;

    @Option(names = "--vc-class", paramLabel = "R", description = "VC of a hop: cumulative, reset-on-turn, dimension-offset, any-at-or-above, class-or-next, dimension-window.")
    String vcClass;

    @Option(names = "--dim-order", paramLabel = "R", description = "Dimension routed first: x-first, y-first.")
    String dimOrder;

    @Option(names = "--ring-tie", paramLabel = "R", description = "Direction at distance k/2: positive, negative, source-parity, half (never through the wraparound link), wrap (always through it).")
    String tie;

    @Option(names = "--crossbar", paramLabel = "R", description = "Flits an input port sends per cycle: per-vc, per-input-port.")
    String crossbar;

    @Option(names = "--q-update", paramLabel = "R", description = "Queue selection order after a grant: move-to-tail, rotate.")
    String queueUpdate;

    @Option(names = "--q-default", paramLabel = "R", description = "Initial queue selection order: port-order, processor-first.")
    String queueDefault;

    @Option(names = "--vc-release", paramLabel = "R", description = "An output VC is free again: tail (left), drained (downstream empty).")
    String vcRelease;

    @Option(names = "--credit-delay", paramLabel = "N", description = "Extra cycles before a freed slot is seen upstream (0..8), or -1: a full buffer takes a flit in the cycle its head leaves.")
    Integer creditDelay;

    @Option(names = "--rr-start", paramLabel = "R", description = "Round-robin 'previous channel' at start: zero, last.")
    String rrStart;

    @Option(names = "--ejection", paramLabel = "R", description = "Flits a node ejects per cycle: one-per-cycle, per-vc.")
    String ejection;

    @Option(names = "--vc-competition", paramLabel = "R",
            description = "VCs in VC selection: sendable (flit and credit), ready (flit; a winner without credit idles the link).")
    String vcCompetition;

    @Option(names = "--link-mux", paramLabel = "R",
            description = "How long a VC selection holds the link: flit, packet (until the tail; idle while it waits), "
                    + "packet-yield (until the tail while it can move).")
    String linkMux;

    @Option(names = "--output-stage", paramLabel = "R",
            description = "What an output VC holds between crossbar and link: none, register (one flit; the crossbar fills it "
                    + "whatever the VC selection decides).")
    String outputStage;

    /** The model: the preset named by --model (else {@link RouterModel#DEFAULT}) with every reading option applied. */
    RouterModel model() {
        RouterModel m = model == null ? RouterModel.DEFAULT : RouterModel.preset(model);
        String[][] given = {{"dateline", dateline}, {"vc-class", vcClass}, {"dim-order", dimOrder}, {"ring-tie", tie},
            {"crossbar", crossbar}, {"q-update", queueUpdate}, {"q-default", queueDefault}, {"vc-release", vcRelease},
            {"credit-delay", creditDelay == null ? null : creditDelay.toString()}, {"rr-start", rrStart},
            {"ejection", ejection}, {"vc-competition", vcCompetition},
            {"link-mux", linkMux}, {"output-stage", outputStage}};
        for (String[] g : given) {
            if (g[1] != null) {
                m = m.with(g[0], g[1], "--" + g[0]);
            }
        }
        return vcSelect == null ? m : m.with("scheme", vcSelect, "--vc-select");
    }

    /** The flit set-up of these options on {@code t} under {@code model} (null: the booksim router). */
    org.ccopt.flitsim.FlitSetup setup(org.ccopt.topology.Topology t, RouterModel model) {
        return new org.ccopt.flitsim.FlitSetup(t, vcs, buffer, model);
    }

    /**
     * For a report line after the model's name: nothing on a torus or mesh (the papers' dimension order), else the
     * routing function the papers' router uses there, e.g. ", routing ecube".
     */
    static String routingNote(org.ccopt.topology.Topology t) {
        String r = org.ccopt.flitsim.FlitSimulator.routingOf(t);
        return r.equals("dor") ? "" : ", routing " + r;
    }
}
