package org.ccopt.job;

import java.util.Map;

/**
 * One use case of the library as a typed job: a request record read from its declared options ({@link #options}), run
 * into an outcome record, whose figures are what a command prints with {@code --json} and what an experiment row
 * holds. The command line, {@code ccopt run} and Spark are adapters over it: they hand it option values and present
 * its outcome, and none of them parses the other's text. Jobs are found by their command's name ({@link Jobs}).
 *
 * @param <Q> the request
 * @param <O> the outcome
 */
public interface Job<Q, O> {

    /** The request's options; their job name is the command's. */
    JobOptions options();

    /** The request of checked option values. */
    Q request(JobOptions.Values values);

    /** Runs a request; one line ({@link org.ccopt.InvalidInputException}) for an input it cannot run. */
    O run(Q request);

    /** The outcome's figures by name, in the order they print. */
    Map<String, Object> figures(O outcome);

    /**
     * Checks what a request of these values would be refused for, without its heavy work (a network built, a search):
     * what {@code ccopt run} checks on every distinct value of an experiment's rows before the first run, so that a bad
     * value in the last row does not stop the experiment after the others ran. Nothing beyond the reading by default.
     */
    default void check(JobOptions.Values values) {
    }

    /** The job's name: its command's. */
    default String name() {
        return options().job();
    }

    /** The seed a run used, for its provenance (the {@code seed} option where the job has one), or null. */
    default String seed(JobOptions.Values values) {
        return options().declares("seed") ? values.text("seed") : null;
    }

    /** Reads, runs and reports: the figures of the run of {@code given} (long names without dashes to text). */
    default Map<String, Object> figures(Map<String, String> given) {
        return figures(run(request(options().read(given))));
    }
}
