package org.ccopt.topology.gen;

import org.ccopt.topology.Geometry;
import org.ccopt.topology.Topology;
import org.ccopt.topology.TopologyBuilder;

/**
 * Dragonfly (Kim, Dally, Scott &amp; Abts 2008): groups of {@code a} fully connected routers, {@code p}
 * processors per router and {@code h} global links per router. With the default group count
 * g = a*h + 1 every pair of groups is joined by exactly one global link, in the "palmtree" arrangement:
 * global port k (k = 0..a*h-1, owned by router k / h) of group i goes to group (i + k + 1) mod g, where it
 * arrives on port g - 2 - k.
 *
 * <p>With an explicit smaller g, the a*h global ports of each group are dealt out in rounds over the other
 * groups (round r joins group pairs in lexicographic order while both still have a free port), so pairs of
 * groups get as equal a number of links as the ports allow; each link joins the routers of the two groups with
 * the most free global ports that are not yet linked to each other, so no router pair gets two links. Cui 2024, §5.2 uses such a variant: 1,024 switches
 * in 64 groups of 16, 4 global links per switch, degree 19, one processor per switch; it is
 * {@code dragonfly:16,1,4,64}, alias {@code dragonfly:thesis}.
 *
 * <p>Processors: with p = 1 the processor is integrated in its router (a direct network, the thesis's
 * convention, so hop counts are switch hops); with p &gt;= 2, p terminal nodes hang off every router.
 */
public final class DragonflyGenerator {

    private DragonflyGenerator() {
    }

    public static Topology build(String spec, int a, int p, int h, int groups) {
        Params.atLeast(spec, "a", a, 1);
        Params.atLeast(spec, "p", p, 1);
        Params.atLeast(spec, "h", h, 1);
        Params.require(spec, groups >= 2 && groups <= (long) a * h + 1, "group count g = " + groups
                + " is out of range; expected 2 <= g <= a*h+1 = " + ((long) a * h + 1));
        Params.require(spec, (long) a * groups * Math.max(1, p + (p > 1 ? 1 : 0)) <= org.ccopt.topology.Topology.MAX_NODES,
                "too many nodes");
        int routers = a * groups;
        int terminals = p == 1 ? routers : routers * p;
        int base = p == 1 ? 0 : terminals;
        TopologyBuilder b = new TopologyBuilder(base + routers, terminals, false);
        for (int g = 0; g < groups; g++) {
            for (int r = 0; r < a; r++) {
                for (int s = r + 1; s < a; s++) {
                    b.addLink(base + g * a + r, base + g * a + s);
                }
            }
        }
        int ports = a * h;
        if (groups == ports + 1) {
            for (int g = 0; g < groups; g++) {
                for (int k = 0; k < ports; k++) {
                    int other = (g + k + 1) % groups;
                    int back = groups - 2 - k;
                    b.addLink(base + g * a + k / h, base + other * a + back / h);
                }
            }
        } else {
            int[] free = new int[routers];
            java.util.Arrays.fill(free, h);
            java.util.Set<Long> joined = new java.util.HashSet<>();
            int[] used = new int[groups];
            boolean progress = true;
            while (progress) {
                progress = false;
                for (int g = 0; g < groups; g++) {
                    for (int o = g + 1; o < groups; o++) {
                        if (used[g] < ports && used[o] < ports && join(free, joined, g * a, o * a, a)) {
                            used[g]++;
                            used[o]++;
                            progress = true;
                        }
                    }
                }
            }
            for (long pair : joined) {
                b.addLink(base + (int) (pair >>> 32), base + (int) pair);
            }
        }
        if (p > 1) {
            for (int t = 0; t < terminals; t++) {
                b.addLink(t, base + t / p);
            }
        }
        return b.build(spec, "dragonfly", new Geometry.Dragonfly(a, p, h, groups));
    }

    /**
     * Joins one router of group A (routers {@code a0..a0+a-1}) to one of group B with free global ports and no
     * link between them yet, preferring the routers with most free ports (lowest index on ties).
     */
    private static boolean join(int[] free, java.util.Set<Long> joined, int a0, int b0, int a) {
        Integer[] ra = byFreePorts(free, a0, a);
        Integer[] rb = byFreePorts(free, b0, a);
        for (int x : ra) {
            if (free[x] == 0) {
                break;
            }
            for (int y : rb) {
                if (free[y] == 0) {
                    break;
                }
                if (joined.add(((long) Math.min(x, y) << 32) | Math.max(x, y))) {
                    free[x]--;
                    free[y]--;
                    return true;
                }
            }
        }
        return false;
    }

    private static Integer[] byFreePorts(int[] free, int first, int count) {
        Integer[] r = new Integer[count];
        for (int i = 0; i < count; i++) {
            r[i] = first + i;
        }
        java.util.Arrays.sort(r, (x, y) -> free[x] != free[y] ? free[y] - free[x] : x - y);
        return r;
    }
}
