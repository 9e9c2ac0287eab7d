package org.ccopt.cli;

import java.util.HashMap;
import java.util.Map;
import org.ccopt.flitsim.FlitSetup;
import org.ccopt.flitsim.RouterModel;
import org.ccopt.job.JobOption;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The router options shared by the commands that run the flit simulator (a picocli mixin): sizes, and the router
 * model, a preset ({@code --model}) whose readings one option each may override. The library declares them ({@link
 * FlitSetup#OPTIONS}); {@link Readings} makes them options of each command with this mixin, bound to its fields.
 */
@CommandLine.Command // a mixin whose options are all declared by the transformer still needs one picocli annotation
final class RouterOptions {

    /** --vcs. */
    int vcs = FlitSetup.DEFAULT_VCS;

    /** --buffer. */
    int buffer = FlitSetup.DEFAULT_BUFFER_FLITS;

    /** --model, or null. */
    String model;

    /** The reading options given, by option name without dashes (a null value: not given). */
    final Map<String, String> readings = new HashMap<>();

    /** The model: the preset named by --model (else {@link RouterModel#DEFAULT}) with every reading option applied. */
    RouterModel model() {
        return RouterModel.of(model, r -> readings.get(r.option().substring(2)));
    }

    /** Sets an option; null (picocli's reset of a reused command to its initial values) is the option's default. */
    private void set(String name, Object value) {
        switch (name) {
            case "vcs" -> vcs = value == null ? FlitSetup.DEFAULT_VCS : (Integer) value;
            case "buffer" -> buffer = value == null ? FlitSetup.DEFAULT_BUFFER_FLITS : (Integer) value;
            case "model" -> model = (String) value;
            default -> readings.put(name, (String) value);
        }
    }

    private Object get(String name) {
        return switch (name) {
            case "vcs" -> vcs;
            case "buffer" -> buffer;
            case "model" -> model;
            default -> readings.get(name);
        };
    }

    /**
     * Declares the library's router options ({@link FlitSetup#OPTIONS}: sizes, preset, one per reading) on a command
     * with a {@link RouterOptions} mixin, bound to the mixin, so that a reading added to the model is an option of every
     * simulating command without a line here: a picocli model transformer, which each such command's {@code @Command}
     * names.
     */
    static final class Readings implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (CommandSpec mixin : spec.mixins().values()) {
                if (mixin.userObject() instanceof RouterOptions router) {
                    for (JobOption o : FlitSetup.OPTIONS) {
                        spec.addOption(option(o, router));
                    }
                }
            }
            return spec;
        }

        private static OptionSpec option(JobOption o, RouterOptions router) {
            return Declared.builder(o).setter(new CommandLine.Model.ISetter() {
                @Override
                public <T> T set(T value) {
                    router.set(o.name(), value);
                    return null;
                }
            }).getter(new CommandLine.Model.IGetter() {
                @Override
                @SuppressWarnings("unchecked")
                public <T> T get() {
                    return (T) router.get(o.name());
                }
            }).build();
        }
    }

    /** The options a command's {@link RouterOptions} mixin gives it, in declaration order. */
    static java.util.List<OptionSpec> options(CommandSpec command) {
        return FlitSetup.OPTIONS.stream().map(o -> command.findOption(o.option())).toList();
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
