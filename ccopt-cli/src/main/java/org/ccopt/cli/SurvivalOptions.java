package org.ccopt.cli;

import org.ccopt.mapping.SurvivalOrder;
import org.ccopt.mapping.SurvivalRule;
import org.ccopt.util.Enums;
import picocli.CommandLine.Option;

/** The readings of the 2018 GA's survival that its text leaves open ({@link SurvivalRule}); the defaults are ccopt's. */
final class SurvivalOptions {

    @Option(names = "--hop-key", defaultValue = "exact", paramLabel = "exact|tenth|integer",
            description = "How average hops are compared when mappings are sorted (§4.2 leaves the precision open): exact "
                    + "totals, the average rounded to a tenth, or truncated to a whole hop (default: ${DEFAULT-VALUE}).")
    String hopKey;

    @Option(names = "--ties", defaultValue = "oldest", paramLabel = "oldest|newest",
            description = "Which of two mappings of equal rank goes first: the survivor (oldest) or this generation's "
                    + "mutant (newest) (default: ${DEFAULT-VALUE}).")
    String ties;

    @Option(names = "--best", defaultValue = "ranked", paramLabel = "ranked|shortest",
            description = "The mapping a run reports: the first of the survival order, or the shortest duration "
                    + "evaluated in the run (Table 2's \"best duration\") (default: ${DEFAULT-VALUE}).")
    String best;

    /** The rule of {@code order} under these readings. */
    SurvivalRule rule(SurvivalOrder order) {
        return new SurvivalRule(order, Enums.parse(SurvivalRule.HopKey.class, "--hop-key", hopKey),
                Enums.parse(SurvivalRule.Ties.class, "--ties", ties), Enums.parse(SurvivalRule.Best.class, "--best", best));
    }
}
