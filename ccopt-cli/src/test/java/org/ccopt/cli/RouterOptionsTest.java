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
        RouterOptions o = (RouterOptions) main.getSubcommands().get("sim").getCommandSpec().mixins().get("router").userObject();
        main.parseArgs("sim", "--model", "ccopt", "--output-stage", "register", "--credit-delay", "-1", "--vc-select", "C07",
                "--ring-tie", "wrap");
        RouterModel m = o.model();
        assertThat(m).isEqualTo(RouterModel.CCOPT.withOutputStage(RouterModel.OutputStage.REGISTER).withCreditDelay(-1)
                .withDefaultScheme(org.ccopt.flitsim.VcSelection.C07).withTie(org.ccopt.routing.DimensionOrderRouting.Tie.WRAP));
        main.parseArgs("sim", "--model", "ccopt"); // a reused command line forgets the readings of the run before
        assertThat(o.model()).isEqualTo(RouterModel.CCOPT);
    }

    /** sim, nodemap, cupstack, cupstack-sweep, joint and calibrate run one model where --model is not given. */
    @Test
    void everySimulatingCommandHasTheOneDefaultModel() {
        assertThat(RouterModel.preset(RouterModel.DEFAULT_NAME)).isEqualTo(RouterModel.DEFAULT);
        CommandLine main = Main.commandTree();
        for (String name : new String[] {"sim", "nodemap", "cupstack", "joint", "calibrate"}) {
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
