package org.ccopt.schedule;

/**
 * What one solver did at one step count: found a conflict-free schedule, proved that none exists (exact model
 * only), or neither within its budget. {@code best} is the lowest-cost schedule seen (conflict-free when found).
 */
record Attempt(String solver, int steps, Outcome outcome, Schedule best, long bestCost, long evaluations,
                      double seconds) {

    public enum Outcome { FOUND, INFEASIBLE, UNKNOWN }

    public boolean found() {
        return outcome == Outcome.FOUND;
    }
}
