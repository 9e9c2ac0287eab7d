package org.ccopt.flitsim;

/**
 * The measurements of one run (Yokota et al. 2023, §5.3 and §6.3).
 *
 * @param durationCycles     cycle in which the last flit was ejected (the first injection happens in cycle 1)
 * @param flits              flits delivered (= injected; conservation is checked)
 * @param effectiveThickness T_e: the largest occupation time over router-to-router links, occupation being
 *                           last flit cycle - first flit cycle + 1 (so one undisturbed packet of L flits gives L)
 * @param ir                 queue-selection blocks of a request from the same or a later slice than the winner
 * @param or                 queue-selection blocks of a request from an earlier slice than the winner
 * @param ib                 VC-selection blocks (a ready VC not chosen) in slice order
 * @param ob                 VC-selection blocks out of slice order (an earlier slice's VC lost to a later one)
 * @param lb                 output-port cycles in which a VC had a flit ready but no buffer space downstream
 * @param routerCycles       routers x simulated cycles, the unit of simulator speed
 */
public record SimResult(int durationCycles, long flits, int effectiveThickness, long ir, long or, long ib, long ob,
                        long lb, long routerCycles) {
}
