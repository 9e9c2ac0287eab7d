package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.ccopt.flitsim.RouterModel;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every reading the router model declares ({@link RouterModel#READINGS}) is an option of the simulating commands, and sets it. */
class RouterOptionsTest {

    @Test
    void everyDeclaredReadingIsAnOptionThatSetsIt() {
        CommandLine main = Main.commandTree();
        for (String name : new String[] {"sim", "nodemap", "cupstack", "joint", "calibrate"}) {
            CommandLine.Model.CommandSpec command = main.getSubcommands().get(name).getCommandSpec();
            for (RouterModel.ReadingSpec reading : RouterModel.READINGS) {
                assertThat(command.findOption(reading.option())).as(name + " " + reading.option()).isNotNull();
                assertThat(command.findOption(reading.option()).description()).containsExactly(reading.description());
            }
        }
        RouterModel expected = RouterModel.CCOPT.withOutputStage(RouterModel.OutputStage.REGISTER).withCreditDelay(-1)
                .withDefaultScheme(org.ccopt.flitsim.VcSelection.C07).withTie(org.ccopt.routing.DimensionOrderRouting.Tie.WRAP);
        String[] readings = {"--model", "ccopt", "--output-stage", "register", "--credit-delay", "-1", "--vc-select", "C07",
            "--ring-tie", "wrap", "--vcs", "5", "--buffer", "2"};
        // a command with the mixin: the options set its fields
        CommandLine calibrate = main.getSubcommands().get("calibrate");
        RouterOptions o = (RouterOptions) calibrate.getCommandSpec().mixins().get("router").userObject();
        main.parseArgs(prefixed("calibrate", readings));
        assertThat(o.model()).isEqualTo(expected);
        assertThat(o.vcs).isEqualTo(5);
        assertThat(o.buffer).isEqualTo(2);
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true));
        try {
            main.parseArgs("calibrate", "--model", "ccopt"); // a reused command line forgets the readings of the run before
        } finally {
            System.setErr(err);
        }
        assertThat(warnings.toString()).as("picocli's reset of the reused options").isEmpty();
        assertThat(o.model()).isEqualTo(RouterModel.CCOPT);
        assertThat(o.vcs).isEqualTo(org.ccopt.flitsim.FlitSetup.DEFAULT_VCS);
        // sim, whose job declares them: the same options read by the library
        CommandLine sim = main.getSubcommands().get("sim");
        main.parseArgs(prefixed("sim", readings));
        assertThat(org.ccopt.flitsim.FlitSetup.model(Declared.values(sim.getCommandSpec(), org.ccopt.flitsim.FlitSimJob.JOB
                .options()))).isEqualTo(expected);
    }

    private static String[] prefixed(String command, String[] args) {
        String[] out = new String[args.length + 1];
        out[0] = command;
        System.arraycopy(args, 0, out, 1, args.length);
        return out;
    }

    /** sim, nodemap, cupstack, cupstack-sweep, joint and calibrate run one model where --model is not given. */
    @Test
    void everySimulatingCommandHasTheOneDefaultModel() {
        assertThat(RouterModel.preset(RouterModel.DEFAULT_NAME)).isEqualTo(RouterModel.DEFAULT);
        CommandLine main = Main.commandTree();
        assertThat(org.ccopt.flitsim.FlitSetup.model(org.ccopt.flitsim.FlitSimJob.JOB.options().read(java.util.Map.of())))
                .isEqualTo(RouterModel.DEFAULT); // sim
        assertThat(org.ccopt.flitsim.FlitSetup.model(org.ccopt.cupstack.CupstackRequest.OPTIONS.read(java.util.Map.of())))
                .isEqualTo(RouterModel.DEFAULT); // cupstack
        assertThat(org.ccopt.flitsim.FlitSetup.model(org.ccopt.mapping.NodemapJob.JOB.options().read(java.util.Map.of())))
                .isEqualTo(RouterModel.DEFAULT); // nodemap
        assertThat(org.ccopt.flitsim.FlitSetup.model(org.ccopt.joint.JointJob.JOB.options().read(java.util.Map.of())))
                .isEqualTo(RouterModel.DEFAULT); // joint
        for (String name : new String[] {"calibrate"}) {
            CommandLine.Model.CommandSpec command = main.getSubcommands().get(name).getCommandSpec();
            Object mixin = command.mixins().get("router").userObject();
            assertThat(mixin).as(name).isInstanceOf(RouterOptions.class);
            RouterOptions router = (RouterOptions) mixin;
            new CommandLine(router).parseArgs();
            assertThat(router.model()).as(name).isEqualTo(RouterModel.DEFAULT);
        }
        assertThat(main.getSubcommands().get("cupstack-sweep").getCommandSpec().findOption("--model").defaultValue())
                .isEqualTo(RouterModel.DEFAULT_NAME);
    }
}
