package org.ccopt.cli;

import org.ccopt.flitsim.RouterModel;
import org.ccopt.flitsim.RouterModel.Reading;
import org.ccopt.flitsim.VcSelection;
import org.ccopt.routing.DimensionOrderRouting;
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
                    + "Yokota et al. 2023, Table 2); the options below override single readings (default: the command's).")
    String model;

    @Option(names = "--dateline", paramLabel = "R", description = "Where the VC goes up on a ring: edge, edge-above, into, out-of, through.")
    String dateline;

    @Option(names = "--vc-class", paramLabel = "R", description = "VC of a hop: cumulative, reset-on-turn, dimension-offset, any-at-or-above.")
    String vcClass;

    @Option(names = "--dim-order", paramLabel = "R", description = "Dimension routed first: x-first, y-first.")
    String dimOrder;

    @Option(names = "--ring-tie", paramLabel = "R", description = "Direction at distance k/2: positive, negative, source-parity, half.")
    String tie;

    @Option(names = "--crossbar", paramLabel = "R", description = "Flits an input port sends per cycle: per-vc, per-input-port.")
    String crossbar;

    @Option(names = "--q-update", paramLabel = "R", description = "Queue selection order after a grant: move-to-tail, rotate.")
    String queueUpdate;

    @Option(names = "--q-default", paramLabel = "R", description = "Initial queue selection order: port-order, processor-first.")
    String queueDefault;

    @Option(names = "--vc-release", paramLabel = "R", description = "An output VC is free again: tail (left), drained (downstream empty).")
    String vcRelease;

    @Option(names = "--credit-delay", paramLabel = "N", description = "Extra cycles before a freed slot is seen upstream (0..8).")
    Integer creditDelay;

    @Option(names = "--rr-start", paramLabel = "R", description = "Round-robin 'previous channel' at start: zero, last.")
    String rrStart;

    @Option(names = "--ejection", paramLabel = "R", description = "Flits a node ejects per cycle: one-per-cycle, per-vc.")
    String ejection;

    @Option(names = "--vc-competition", paramLabel = "R",
            description = "VCs in VC selection: sendable (flit and credit), ready (flit; a winner without credit idles the link).")
    String vcCompetition;

    /** The model: the preset named by --model (else {@code fallback}) with every reading option applied. */
    RouterModel model(RouterModel fallback) {
        RouterModel m = model == null ? fallback : RouterModel.preset(model);
        if (dateline != null) {
            m = m.withDateline(Reading.parse(RouterModel.Dateline.class, "--dateline", dateline));
        }
        if (vcClass != null) {
            m = m.withVcClass(Reading.parse(RouterModel.VcClass.class, "--vc-class", vcClass));
        }
        if (dimOrder != null) {
            m = m.withDimensionOrder(Reading.parse(RouterModel.DimensionOrder.class, "--dim-order", dimOrder));
        }
        if (tie != null) {
            m = m.withTie(Reading.parse(DimensionOrderRouting.Tie.class, "--ring-tie", tie));
        }
        if (crossbar != null) {
            m = m.withCrossbar(Reading.parse(RouterModel.Crossbar.class, "--crossbar", crossbar));
        }
        if (queueUpdate != null) {
            m = m.withQueueUpdate(Reading.parse(RouterModel.QueueUpdate.class, "--q-update", queueUpdate));
        }
        if (queueDefault != null) {
            m = m.withQueueDefault(Reading.parse(RouterModel.QueueDefault.class, "--q-default", queueDefault));
        }
        if (vcRelease != null) {
            m = m.withVcRelease(Reading.parse(RouterModel.VcRelease.class, "--vc-release", vcRelease));
        }
        if (creditDelay != null) {
            m = m.withCreditDelay(creditDelay);
        }
        if (rrStart != null) {
            m = m.withRoundRobinStart(Reading.parse(RouterModel.RoundRobinStart.class, "--rr-start", rrStart));
        }
        if (ejection != null) {
            m = m.withEjection(Reading.parse(RouterModel.Ejection.class, "--ejection", ejection));
        }
        if (vcCompetition != null) {
            m = m.withVcCompetition(Reading.parse(RouterModel.VcCompetition.class, "--vc-competition", vcCompetition));
        }
        if (vcSelect != null) {
            m = m.withDefaultScheme(VcSelection.parse(vcSelect));
        }
        return m;
    }
}
