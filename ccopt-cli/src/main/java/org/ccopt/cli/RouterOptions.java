package org.ccopt.cli;

import java.util.HashMap;
import java.util.Map;
import org.ccopt.flitsim.RouterModel;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The router options shared by the commands that run the flit simulator (a picocli mixin): sizes, and the router
 * model, a preset ({@code --model}) whose readings one option each may override ({@link Readings} declares them).
 */
final class RouterOptions {

    @Option(names = "--vcs", defaultValue = "3", description = "Virtual channels per port (default: ${DEFAULT-VALUE}).")
    int vcs;

    @Option(names = "--buffer", defaultValue = "4", description = "Flits per VC buffer (default: ${DEFAULT-VALUE}).")
    int buffer;

    @Option(names = "--model", paramLabel = "NAME",
            description = "Router model preset: ccopt, yokota2018 (best fit to Yokota et al. 2018), yokota2023 (best fit to "
                    + "Yokota et al. 2023, Table 2); the reading options (--dateline to --vc-select) override single "
                    + "readings (default: " + RouterModel.DEFAULT_NAME + ", the best fit to both papers at once).")
    String model;

    /**
     * The reading options given, by reading key (a null value: not given). picocli fills it through the options that
     * {@link Readings} declares, one per {@link RouterModel#READINGS}.
     */
    final Map<String, String> readings = new HashMap<>();

    /** The model: the preset named by --model (else {@link RouterModel#DEFAULT}) with every reading option applied. */
    RouterModel model() {
        return RouterModel.of(model, r -> readings.get(r.key()));
    }

    /**
     * Declares one option per router reading ({@link RouterModel#READINGS}: its option name, help and values) on a
     * command with a {@link RouterOptions} mixin, so that a reading added to the model is an option of every
     * simulating command without a line here: a picocli model transformer, which each such command's {@code @Command}
     * names.
     */
    static final class Readings implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (CommandSpec mixin : spec.mixins().values()) {
                if (mixin.userObject() instanceof RouterOptions router) {
                    for (RouterModel.ReadingSpec r : RouterModel.READINGS) {
                        spec.addOption(option(r, router.readings));
                    }
                }
            }
            return spec;
        }

        private static OptionSpec option(RouterModel.ReadingSpec r, Map<String, String> readings) {
            return OptionSpec.builder(r.option()).type(String.class).paramLabel(r.type() == int.class ? "N" : "R")
                    .description(r.description())
                    .setter(new CommandLine.Model.ISetter() {
                        @Override
                        public <T> T set(T value) {
                            readings.put(r.key(), (String) value);
                            return null;
                        }
                    })
                    .getter(new CommandLine.Model.IGetter() {
                        @Override
                        @SuppressWarnings("unchecked")
                        public <T> T get() {
                            return (T) readings.get(r.key());
                        }
                    }).build();
        }
    }

    /** The options a command's {@link RouterOptions} mixin gives it: the mixin's own and one per reading. */
    static java.util.List<OptionSpec> options(CommandSpec command) {
        java.util.List<OptionSpec> out = new java.util.ArrayList<>(command.mixins().get("router").options());
        RouterModel.READINGS.forEach(r -> out.add(command.findOption(r.option())));
        return out;
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
