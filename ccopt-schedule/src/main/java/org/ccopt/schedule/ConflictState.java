package org.ccopt.schedule;

import java.util.Arrays;

/**
 * The conflict-counting fitness of Jaros et al. (MIN paper, §4.3; Jaros, Ohlidal, Dvorak 2007, §3.2) with delta
 * evaluation, shared by every optimizer.
 *
 * <p>The cost of a schedule for a fixed step count is the sum of
 * <ul>
 *   <li>channel excess: over every (step, channel), the transfers using it beyond the first (two transfers of a
 *       step that share a channel are in conflict, MIN paper Fig. 8);
 *   <li>port excess: over every (step, node), the transfers it sends beyond its send ports and receives beyond its
 *       receive ports (the k-port model, 2007 §1);
 *   <li>inadmissible transfers (broadcasts): a transfer sent from a node that does not hold the message by then,
 *       i.e. whose own delivery of the message is not in an earlier step (MIN paper §4.2).
 * </ul>
 * A schedule is conflict-free exactly when the cost is 0.
 *
 * <p>Changing one transfer touches only its channels and its two port cells (and, for broadcasts, the transfers of
 * the same message that it feeds): {@link #remove(int)}, {@link #insertCost} and {@link #insert} are O(path length
 * + receivers). Occupant lists per cell keep, for every transfer, how many of its cells are over capacity, so the
 * set of conflicting transfers ({@link #conflicting(int)}) is known at all times without a scan. Nothing is
 * allocated after construction.
 */
public final class ConflictState {

    private final ScheduleProblem p;
    private final int steps;
    private final int channels;
    private final int nodes;
    private final int maxLen;
    private final int[] step;
    private final int[] source;
    private final int[] path;
    private final boolean[] placed;
    private final boolean[] bad;
    private final int[] chanUse;
    private final int[] chanHead;
    private final int[] slotNext;
    private final int[] slotPrev;
    private final int[] sendUse;
    private final int[] sendHead;
    private final int[] sendNext;
    private final int[] sendPrev;
    private final int[] recvUse;
    private final int[] recvHead;
    private final int[] recvNext;
    private final int[] recvPrev;
    private final int[] reasons;
    /** feeds[m * nodes + v]: placed transfers of message m sent from node v (broadcasts with relays). */
    private final int[] feeds;
    private final int[] hot;
    private final int[] hotPos;
    private int hotSize;
    private long channelExcess;
    private long portExcess;
    /** Conflicting pairs: over every cell, pairs of transfers in it beyond its capacity (see {@link #pairCost}). */
    private long pairs;
    private long inadmissible;

    public ConflictState(ScheduleProblem problem, int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps " + steps);
        }
        this.p = problem;
        this.steps = steps;
        this.channels = problem.topology().channelCount();
        this.nodes = problem.topology().nodeCount();
        this.maxLen = Math.max(1, problem.maxPathLength());
        int n = problem.transferCount();
        step = new int[n];
        source = new int[n];
        path = new int[n];
        placed = new boolean[n];
        bad = new boolean[n];
        chanUse = new int[steps * channels];
        chanHead = new int[steps * channels];
        slotNext = new int[n * maxLen];
        slotPrev = new int[n * maxLen];
        sendUse = new int[steps * nodes];
        sendHead = new int[steps * nodes];
        sendNext = new int[n];
        sendPrev = new int[n];
        recvUse = new int[steps * nodes];
        recvHead = new int[steps * nodes];
        recvNext = new int[n];
        recvPrev = new int[n];
        reasons = new int[n];
        feeds = problem.relays() ? new int[problem.messageCount() * nodes] : null;
        hot = new int[n];
        hotPos = new int[n];
    }

    public ScheduleProblem problem() {
        return p;
    }

    public int steps() {
        return steps;
    }

    /** Loads a whole schedule (its steps must lie below {@link #steps()}); returns the cost. */
    public long load(Schedule s) {
        clear();
        int n = step.length;
        System.arraycopy(s.step, 0, step, 0, n);
        System.arraycopy(s.source, 0, source, 0, n);
        System.arraycopy(s.path, 0, path, 0, n);
        for (int t = 0; t < n; t++) {
            if (step[t] < 0 || step[t] >= steps) {
                throw new IllegalArgumentException("transfer " + t + " step " + step[t] + " outside 0.." + (steps - 1));
            }
            insert(t, step[t], source[t], path[t]);
        }
        return cost();
    }

    /** Empties the schedule: no transfer is placed (constructive solvers then {@link #insert} one by one). */
    public void clear() {
        Arrays.fill(chanUse, 0);
        Arrays.fill(chanHead, -1);
        Arrays.fill(sendUse, 0);
        Arrays.fill(sendHead, -1);
        Arrays.fill(recvUse, 0);
        Arrays.fill(recvHead, -1);
        Arrays.fill(reasons, 0);
        if (feeds != null) {
            Arrays.fill(feeds, 0);
        }
        Arrays.fill(placed, false);
        Arrays.fill(bad, false);
        hotSize = 0;
        channelExcess = 0;
        portExcess = 0;
        pairs = 0;
        inadmissible = 0;
    }

    public boolean placed(int t) {
        return placed[t];
    }

    /** The current genes as a schedule. */
    public Schedule snapshot() {
        Schedule s = new Schedule(steps, step.length);
        System.arraycopy(step, 0, s.step, 0, step.length);
        System.arraycopy(source, 0, s.source, 0, step.length);
        System.arraycopy(path, 0, s.path, 0, step.length);
        return s;
    }

    public long cost() {
        return channelExcess + portExcess + inadmissible;
    }

    /**
     * The cost counted in conflicting pairs instead of excess transfers: a channel cell with k transfers adds
     * k(k-1)/2, a port cell of capacity c with k > c transfers (k-c)(k-c+1)/2 (the pairs of a one-port cell), plus the
     * inadmissible transfers. Zero exactly when {@link #cost} is.
     */
    long pairCost() {
        return pairs + inadmissible;
    }

    long channelExcess() {
        return channelExcess;
    }

    long portExcess() {
        return portExcess;
    }

    long inadmissible() {
        return inadmissible;
    }

    public int step(int t) {
        return step[t];
    }

    int sourceIndex(int t) {
        return source[t];
    }

    int pathIndex(int t) {
        return path[t];
    }

    /** Number of transfers that take part in at least one conflict. */
    int conflictingCount() {
        return hotSize;
    }

    /** The i-th conflicting transfer, 0 &lt;= i &lt; {@link #conflictingCount()} (order changes with every move). */
    public int conflicting(int i) {
        return hot[i];
    }

    /** How many (step, channel) cells hold k or more transfers: the load a transfer would meet there. */
    int channelUse(int s, int channel) {
        return chanUse[s * channels + channel];
    }

    int sendUse(int s, int node) {
        return sendUse[s * nodes + node];
    }

    int receiveUse(int s, int node) {
        return recvUse[s * nodes + node];
    }

    /** A transfer that node v sends in step s (the latest placed), or -1 when it sends none. */
    int sendOccupant(int s, int v) {
        return sendHead[s * nodes + v];
    }

    /** Takes transfer t out of the schedule; transfers it feeds keep their admissibility until it is inserted. */
    public void remove(int t) {
        int s = step[t];
        int[] ch = channelsOf(t, source[t], path[t]);
        for (int h = 0; h < ch.length; h++) {
            removeChannel(s * channels + ch[h], t * maxLen + h);
        }
        int f = p.sources(t)[source[t]];
        removePort(sendUse, sendHead, sendNext, sendPrev, s * nodes + f, t, p.sendPorts(f));
        int d = p.destination(t);
        removePort(recvUse, recvHead, recvNext, recvPrev, s * nodes + d, t, p.receivePorts(d));
        setBad(t, false);
        placed[t] = false;
        if (feeds != null) {
            feeds[p.message(t) * nodes + f]--;
        }
    }

    /**
     * The cost increase of inserting the (removed) transfer t with the given genes: channel cells already in
     * use, port cells already full, its own admissibility and the change in admissibility of the transfers it
     * feeds.
     */
    long insertCost(int t, int s, int src, int pathIndex) {
        long c = 0;
        int[] ch = channelsOf(t, src, pathIndex);
        int base = s * channels;
        for (int channel : ch) {
            if (chanUse[base + channel] > 0) {
                c++;
            }
        }
        int f = p.sources(t)[src];
        if (sendUse[s * nodes + f] >= p.sendPorts(f)) {
            c++;
        }
        int d = p.destination(t);
        if (recvUse[s * nodes + d] >= p.receivePorts(d)) {
            c++;
        }
        if (p.relays()) {
            if (isBad(t, s, f)) {
                c++;
            }
            int m = p.message(t);
            for (int u = p.messageStart(m), end = feeds[m * nodes + d] == 0 ? u : p.messageStart(m + 1); u < end; u++) {
                if (placed[u] && p.sources(u)[source[u]] == d) {
                    boolean now = step[u] <= s;
                    if (now != bad[u]) {
                        c += now ? 1 : -1;
                    }
                }
            }
        }
        return c;
    }

    /** Puts the (removed) transfer t in with the given genes. */
    public void insert(int t, int s, int src, int pathIndex) {
        step[t] = s;
        source[t] = src;
        path[t] = pathIndex;
        placed[t] = true;
        int[] ch = channelsOf(t, src, pathIndex);
        for (int h = 0; h < ch.length; h++) {
            addChannel(s * channels + ch[h], t * maxLen + h);
        }
        int f = p.sources(t)[src];
        addPort(sendUse, sendHead, sendNext, sendPrev, s * nodes + f, t, p.sendPorts(f));
        int d = p.destination(t);
        addPort(recvUse, recvHead, recvNext, recvPrev, s * nodes + d, t, p.receivePorts(d));
        if (p.relays()) {
            setBad(t, isBad(t, s, f));
            int m = p.message(t);
            feeds[m * nodes + f]++;
            for (int u = p.messageStart(m), end = feeds[m * nodes + d] == 0 ? u : p.messageStart(m + 1); u < end; u++) {
                if (placed[u] && u != t && p.sources(u)[source[u]] == d) {
                    setBad(u, step[u] <= s);
                }
            }
        }
    }

    /** Moves transfer t to new genes; returns the new cost. */
    public long move(int t, int s, int src, int pathIndex) {
        remove(t);
        insert(t, s, src, pathIndex);
        return cost();
    }

    private int[] channelsOf(int t, int src, int pathIndex) {
        return p.paths(p.sources(t)[src], p.destination(t))[pathIndex];
    }

    /** A broadcast transfer from f at step s is inadmissible when f got the message at step s or later. */
    private boolean isBad(int t, int s, int f) {
        int m = p.message(t);
        if (f == p.sender(m)) {
            return false;
        }
        int holder = p.transferOf(m, f);
        return step[holder] >= s;
    }

    private void setBad(int t, boolean value) {
        if (bad[t] != value) {
            bad[t] = value;
            inadmissible += value ? 1 : -1;
            bump(t, value ? 1 : -1);
        }
    }

    private void addChannel(int cell, int slot) {
        int head = chanHead[cell];
        slotNext[slot] = head;
        slotPrev[slot] = -1;
        if (head >= 0) {
            slotPrev[head] = slot;
        }
        chanHead[cell] = slot;
        int use = ++chanUse[cell];
        pairs += use - 1;
        if (use > 1) {
            channelExcess++;
            if (use == 2) {
                for (int o = chanHead[cell]; o >= 0; o = slotNext[o]) {
                    bump(o / maxLen, 1);
                }
            } else {
                bump(slot / maxLen, 1);
            }
        }
    }

    private void removeChannel(int cell, int slot) {
        int use = chanUse[cell]--;
        pairs -= use - 1;
        int next = slotNext[slot];
        int prev = slotPrev[slot];
        if (prev >= 0) {
            slotNext[prev] = next;
        } else {
            chanHead[cell] = next;
        }
        if (next >= 0) {
            slotPrev[next] = prev;
        }
        if (use > 1) {
            channelExcess--;
            bump(slot / maxLen, -1);
            if (use == 2) {
                for (int o = chanHead[cell]; o >= 0; o = slotNext[o]) {
                    bump(o / maxLen, -1);
                }
            }
        }
    }

    /** Adds transfer t to a port cell (send or receive side) with capacity cap. */
    private void addPort(int[] use, int[] head, int[] next, int[] prev, int cell, int t, int cap) {
        int first = head[cell];
        next[t] = first;
        prev[t] = -1;
        if (first >= 0) {
            prev[first] = t;
        }
        head[cell] = t;
        int u = ++use[cell];
        if (u > cap) {
            pairs += u - cap;
            portExcess++;
            if (u == cap + 1) {
                for (int o = head[cell]; o >= 0; o = next[o]) {
                    bump(o, 1);
                }
            } else {
                bump(t, 1);
            }
        }
    }

    private void removePort(int[] use, int[] head, int[] next, int[] prev, int cell, int t, int cap) {
        int u = use[cell]--;
        if (u > cap) {
            pairs -= u - cap;
        }
        int after = next[t];
        int before = prev[t];
        if (before >= 0) {
            next[before] = after;
        } else {
            head[cell] = after;
        }
        if (after >= 0) {
            prev[after] = before;
        }
        if (u > cap) {
            portExcess--;
            bump(t, -1);
            if (u == cap + 1) {
                for (int o = head[cell]; o >= 0; o = next[o]) {
                    bump(o, -1);
                }
            }
        }
    }

    private void bump(int t, int delta) {
        int before = reasons[t];
        reasons[t] = before + delta;
        if (before == 0 && delta > 0) {
            hotPos[t] = hotSize;
            hot[hotSize++] = t;
        } else if (reasons[t] == 0) {
            int i = hotPos[t];
            int last = hot[--hotSize];
            hot[i] = last;
            hotPos[last] = i;
        }
    }
}
