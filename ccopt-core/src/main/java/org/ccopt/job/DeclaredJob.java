package org.ccopt.job;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A job made of its options and three functions: the reading of a request from checked values, the run, and the
 * outcome's figures. Most jobs are one; a subclass with a public no-argument constructor is what {@link
 * java.util.ServiceLoader} registers ({@link Jobs}).
 *
 * @param <Q> the request
 * @param <O> the outcome
 */
public abstract class DeclaredJob<Q, O> implements Job<Q, O> {

    private final JobOptions options;
    private final Function<JobOptions.Values, Q> request;
    private final Function<Q, O> run;
    private final Function<O, Map<String, Object>> figures;

    protected DeclaredJob(JobOptions options, Function<JobOptions.Values, Q> request, Function<Q, O> run,
                          Function<O, Map<String, Object>> figures) {
        this.options = Objects.requireNonNull(options, "options");
        this.request = Objects.requireNonNull(request, "request");
        this.run = Objects.requireNonNull(run, "run");
        this.figures = Objects.requireNonNull(figures, "figures");
    }

    @Override
    public final JobOptions options() {
        return options;
    }

    @Override
    public final Q request(JobOptions.Values values) {
        return request.apply(values);
    }

    @Override
    public final O run(Q q) {
        return run.apply(q);
    }

    @Override
    public final Map<String, Object> figures(O outcome) {
        return figures.apply(outcome);
    }
}
