package org.ccopt.schedule;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** A schedule as text: one row per sending node, one column per step. */
public final class ScheduleTable {

    private ScheduleTable() {
    }

    /**
     * A search's outcome for a reader: the headline (steps, bound, status, solver, time), the table, whether it
     * validated, and the time model's seconds when one is given.
     */
    public static String report(ScheduleJob.Outcome v, TimeModel timeModel) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%s: %d steps, lower bound %d, %s (%s, %.2f s)%n", v.label(), v.steps(),
                v.lowerBound(), v.status(), v.solver(), v.seconds()));
        if (!v.found()) {
            return sb.append(String.format("no schedule in %d steps exists (proven by the exact model)%n", v.steps()))
                    .toString();
        }
        if (v.status().equals("infeasible")) {
            sb.append(String.format("no schedule in %d steps exists (proven by the exact model); the best found:%n",
                    v.provenLowerBound() - 1));
        }
        sb.append(render(v.items(), v.steps(), v.broadcastCells(), v.rootCells()));
        sb.append(v.valid() ? "validated: conflict-free" : "NOT VALID").append(System.lineSeparator());
        if (timeModel != null) {
            sb.append(String.format(Locale.ROOT, "time: %d x %.4g s + %.0f B x %.4g s/B = %.6g s (2007 paper, eq. 3)%n",
                    v.steps(), timeModel.ts(), timeModel.bytes(), timeModel.t1(), timeModel.seconds(v.steps())));
        }
        return sb.toString();
    }

    /**
     * Rows = sending nodes, columns = steps 1..S, cells = destinations (the layout of the MIN paper's Table 2); with
     * {@code roots}, an all-to-all reduce's cells also name the root each partial result is for.
     */
    public static String render(List<ScheduleValidator.Item> items, int steps, boolean broadcast, boolean roots) {
        TreeMap<Integer, String[]> rows = new TreeMap<>();
        boolean hops = false;
        for (ScheduleValidator.Item it : items) {
            String[] row = rows.computeIfAbsent(it.from(), k -> new String[steps]);
            int head = it.path()[it.path().length - 1];
            String cell = roots ? it.dst() + "(" + it.root() + ")"
                    : head != it.dst() || (it.from() != it.sender() && !broadcast) ? head + "(" + it.sender() + ">" + it.dst() + ")"
                    : broadcast && it.from() != it.sender() ? it.dst() + "(" + it.sender() + ")" : String.valueOf(it.dst());
            hops |= head != it.dst() || (it.from() != it.sender() && !broadcast);
            row[it.step()] = row[it.step()] == null ? cell : row[it.step()] + "/" + cell;
        }
        int width = 3;
        for (String[] row : rows.values()) {
            for (String cell : row) {
                width = Math.max(width, cell == null ? 1 : cell.length());
            }
        }
        StringBuilder sb = new StringBuilder();
        String fmt = "%" + (width + 1) + "s";
        sb.append(String.format("%5s", "src"));
        for (int s = 1; s <= steps; s++) {
            sb.append(String.format(fmt, s));
        }
        sb.append('\n');
        for (Map.Entry<Integer, String[]> e : rows.entrySet()) {
            sb.append(String.format("%5d", e.getKey()));
            for (String cell : e.getValue()) {
                sb.append(String.format(fmt, cell == null ? "-" : cell));
            }
            sb.append('\n');
        }
        if (broadcast) {
            sb.append("(a cell d(m) forwards message m to d; a plain d sends the node's own message)\n");
        }
        if (hops) {
            sb.append("(a cell v(s>r) moves the message of s to r one channel on, to v; it is stored there)\n");
        }
        if (roots) {
            sb.append("(a cell d(r) sends the node's partial result for root r, its own value combined with those it received for r, to d)\n");
        }
        return sb.toString();
    }
}
