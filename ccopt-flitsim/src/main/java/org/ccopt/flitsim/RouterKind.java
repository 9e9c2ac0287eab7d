package org.ccopt.flitsim;

import java.util.Objects;
import org.ccopt.flitsim.net.RouterTiming;

/**
 * The router a flit set-up runs, a plug-in chosen by {@code --model}'s name: the papers' router under a preset of its
 * readings ({@link Papers}; Yokota et al. 2018, §5.1; 2023, App. A.1), or BookSim 2's input-queued router
 * ({@link Booksim}; Jiang et al. 2013) with a routing function by name and its pipeline and channel timing. Each builds
 * its own {@link FlitRouter} for closed runs and its own {@link org.ccopt.flitsim.net.OpenLoopRouter} for open loads
 * ({@link FlitSetup#router}, {@link FlitSetup#openLoop}).
 */
public sealed interface RouterKind permits RouterKind.Papers, RouterKind.Booksim {

    /** The name {@code --model} gives it: a preset of the papers' router, or {@code booksim}. */
    String name();

    /** The papers' router under {@code model}: it routes by the model's readings and has its own timing. */
    record Papers(RouterModel model) implements RouterKind {
        public Papers {
            Objects.requireNonNull(model, "model");
        }

        @Override
        public String name() {
            return model.presetName();
        }
    }

    /**
     * BookSim's router under {@code routing} (a function of {@link org.ccopt.routing.RoutingFunctions} by name; null:
     * the network's default) and {@code timing} (null: {@link RouterTiming#BOOKSIM}, BookSim's defaults).
     */
    record Booksim(String routing, RouterTiming timing) implements RouterKind {
        /** BookSim's router at its defaults, under the network's default routing function. */
        public static final Booksim DEFAULT = new Booksim(null, null);

        public Booksim {
            timing = timing == null ? RouterTiming.BOOKSIM : timing;
        }

        @Override
        public String name() {
            return SimJob.Request.ENGINE_MODEL;
        }
    }
}
