package org.ccopt.cli;

import org.ccopt.traffic.TrafficPattern;

/**
 * The option values of a parsed command that can be checked without running it (pattern names, router readings, the
 * GA's settings and their ranges): {@code ccopt run} checks them on every distinct value of an experiment's rows
 * before the first run ({@link CliCommands#writtenOptions}), so that a bad value in the last row does not stop the
 * experiment after the valid rows ran. Each check builds what the command itself would build from its options, so
 * the refusal is the command's own line.
 */
final class ValueChecks {

    private ValueChecks() {
    }

    /** Checks {@code command}'s values where it has checks; throws the command's own one-line refusal. */
    static void check(Object command) {
        if (command instanceof SimCommand c) {
            org.ccopt.job.JobOptions.Values v = Declared.values(c.spec, org.ccopt.flitsim.FlitSimJob.JOB.options());
            if (!v.given("params") && v.given("traffic")) {
                TrafficPattern.parse(v.text("traffic"));
            }
            org.ccopt.flitsim.FlitSetup.model(v);
        } else if (command instanceof NodemapCommand c) {
            org.ccopt.job.JobOptions.Values v = Declared.values(c.spec, org.ccopt.mapping.NodemapJob.JOB.options());
            for (String pattern : v.text("traffic").split(",", -1)) {
                TrafficPattern.parse(pattern);
            }
            org.ccopt.mapping.MutationVariant.named(v.text("variant"));
            org.ccopt.flitsim.FlitSetup.model(v);
        } else if (command instanceof CupstackCommand c) {
            org.ccopt.job.JobOptions.Values v = Declared.values(c.spec, org.ccopt.cupstack.CupstackRequest.OPTIONS);
            TrafficPattern.parse(v.text("traffic"));
            org.ccopt.cupstack.CupstackRequest.of(v); // the GA's settings and the router model
        } else if (command instanceof JointCommand c) {
            org.ccopt.flitsim.FlitSetup.model(Declared.values(c.spec, org.ccopt.joint.JointJob.JOB.options()));
        }
    }
}
