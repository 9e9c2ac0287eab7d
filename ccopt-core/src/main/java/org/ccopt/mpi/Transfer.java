package org.ccopt.mpi;

/**
 * One point-to-point message of an MPI-style algorithm.
 *
 * @param id              index in its {@link TransferList}
 * @param step            the algorithm step it belongs to (0-based)
 * @param source          sending rank
 * @param destination     receiving rank
 * @param messageFraction its size as a fraction of the collective's message size m
 * @param dependsOn       ids of the transfers that must have arrived at {@code source} before it may start
 */
public record Transfer(int id, int step, int source, int destination, double messageFraction, int[] dependsOn) {
    public Transfer {
        dependsOn = dependsOn.clone();
    }
}
