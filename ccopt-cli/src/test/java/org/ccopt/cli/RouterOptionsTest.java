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
            "--ring-tie", "wrap", "--buffer", "2"};
        // each simulating command's job reads them into the same model, the last reading of a reused line forgotten
        for (String name : new String[] {"sim", "nodemap", "cupstack", "joint"}) {
            CommandLine command = main.getSubcommands().get(name);
            org.ccopt.job.Job<?, ?> job = ((Declared.Command) command.getCommandSpec().userObject()).job();
            main.parseArgs(prefixed(name, readings));
            assertThat(org.ccopt.flitsim.FlitSetup.model(Declared.values(command.getCommandSpec(), job.options())))
                    .as(name).isEqualTo(expected);
            main.parseArgs(name, "--model", "ccopt");
            assertThat(org.ccopt.flitsim.FlitSetup.model(Declared.values(command.getCommandSpec(), job.options())))
                    .as(name).isEqualTo(RouterModel.CCOPT);
        }
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
        assertThat(org.ccopt.flitsim.FlitSetup.model(org.ccopt.cupstack.CalibrateJob.JOB.options().read(java.util.Map.of())))
                .isEqualTo(RouterModel.DEFAULT); // calibrate
        assertThat(main.getSubcommands().get("cupstack-sweep").getCommandSpec().findOption("--model").defaultValue())
                .isEqualTo(RouterModel.DEFAULT_NAME);
    }
}
