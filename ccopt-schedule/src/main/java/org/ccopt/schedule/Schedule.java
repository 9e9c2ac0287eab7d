package org.ccopt.schedule;

import java.util.Arrays;

/**
 * The genes of a schedule: for every transfer its step (0-based), the index of its source among
 * {@link ScheduleProblem#sources(int)} and the index of its path among the listed paths from that source. This
 * is the direct encoding of Jaros et al. (MIN paper, §4.2, Figs. 5 and 7) with the source item present for
 * broadcasts only in effect (a scatter has one source).
 */
public final class Schedule {

    final int steps;
    final int[] step;
    final int[] source;
    final int[] path;

    public Schedule(int steps, int transfers) {
        this.steps = steps;
        this.step = new int[transfers];
        this.source = new int[transfers];
        this.path = new int[transfers];
    }

    public Schedule(Schedule other) {
        this.steps = other.steps;
        this.step = other.step.clone();
        this.source = other.source.clone();
        this.path = other.path.clone();
    }

    /** The step count the schedule was built for (steps used may be fewer). */
    public int steps() {
        return steps;
    }

    public int transferCount() {
        return step.length;
    }

    public int step(int t) {
        return step[t];
    }

    public int sourceIndex(int t) {
        return source[t];
    }

    public int pathIndex(int t) {
        return path[t];
    }

    /** The node transfer t starts from. */
    public int from(ScheduleProblem p, int t) {
        return p.sources(t)[source[t]];
    }

    /** Channel ids of transfer t's path. */
    public int[] channels(ScheduleProblem p, int t) {
        return p.paths(from(p, t), p.destination(t))[path[t]];
    }

    /** Node ids of transfer t's path, source first. */
    public int[] nodes(ScheduleProblem p, int t) {
        int[] ch = channels(p, t);
        int[] nodes = new int[ch.length + 1];
        nodes[0] = from(p, t);
        for (int i = 0; i < ch.length; i++) {
            nodes[i + 1] = p.topology().channelTarget(ch[i]);
        }
        return nodes;
    }

    /** Number of steps actually used (1 + the last step). */
    public int usedSteps() {
        int max = -1;
        for (int s : step) {
            max = Math.max(max, s);
        }
        return max + 1;
    }

    public void set(int t, int step, int source, int path) {
        this.step[t] = step;
        this.source[t] = source;
        this.path[t] = path;
    }

    /** A copy with the same genes and another step count (steps at or above it are kept as they are). */
    public Schedule withSteps(int newSteps) {
        Schedule s = new Schedule(newSteps, step.length);
        System.arraycopy(step, 0, s.step, 0, step.length);
        System.arraycopy(source, 0, s.source, 0, step.length);
        System.arraycopy(path, 0, s.path, 0, step.length);
        return s;
    }

    /** Renumbers the used steps 0, 1, 2, ... keeping their order, so empty steps disappear. */
    public Schedule compacted() {
        int used = usedSteps();
        boolean[] busy = new boolean[Math.max(used, 0)];
        for (int s : step) {
            busy[s] = true;
        }
        int[] rename = new int[busy.length];
        int next = 0;
        for (int s = 0; s < busy.length; s++) {
            rename[s] = busy[s] ? next++ : -1;
        }
        Schedule c = new Schedule(next, step.length);
        for (int t = 0; t < step.length; t++) {
            c.set(t, rename[step[t]], source[t], path[t]);
        }
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule s && s.steps == steps && Arrays.equals(s.step, step)
                && Arrays.equals(s.source, source) && Arrays.equals(s.path, path);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(step) + Arrays.hashCode(source)) + Arrays.hashCode(path);
    }
}
