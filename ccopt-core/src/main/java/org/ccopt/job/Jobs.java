package org.ccopt.job;

import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The jobs on the class path by name ({@link java.util.ServiceLoader}: each module lists its jobs in {@code
 * META-INF/services/org.ccopt.job.Job}), so that the experiment runner finds a row's job without depending on the
 * module that implements it.
 */
public final class Jobs {

    private static final Map<String, Job<?, ?>> BY_NAME = load();

    private Jobs() {
    }

    private static Map<String, Job<?, ?>> load() {
        Map<String, Job<?, ?>> m = new TreeMap<>();
        for (Job<?, ?> j : ServiceLoader.load(Job.class, Jobs.class.getClassLoader())) {
            if (m.put(j.name(), j) != null) {
                throw new IllegalStateException("two jobs are named " + j.name());
            }
        }
        return m;
    }

    /** The job of this command name, if one is on the class path. */
    public static Optional<Job<?, ?>> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** Every job by name. */
    public static Map<String, Job<?, ?>> all() {
        return java.util.Collections.unmodifiableMap(BY_NAME);
    }
}
