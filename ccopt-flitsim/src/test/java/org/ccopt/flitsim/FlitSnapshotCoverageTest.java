package org.ccopt.flitsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.ccopt.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * {@link FlitSimulator#runIntervals} continues every interval from one snapshot, which is right only while the snapshot
 * holds every field the cycle loop carries from one cycle to the next. Every instance field of the simulator (its
 * state, {@link FlitState}, and the engine) must be
 * in the snapshot (an array of {@code stateArrays()}, a component of its counters) or named in
 * {@link FlitState#NOT_IN_SNAPSHOT} with its reason; no field may be both.
 */
class FlitSnapshotCoverageTest {

    @Test
    void everyFieldIsInTheSnapshotOrDeclaredOutOfIt() throws Exception {
        Topology t = TopologySpec.parse("torus:4x4");
        FlitSimulator sim = new FlitSimulator(t, 3, 4);
        sim.run(RouterConfig.uniform(16, 2, 3, 4, VcSelection.C00), new Workload(TrafficPattern.BREV.destinations(t, 1), 2, 1,
                4, 3, null));
        Method stateArrays = FlitState.class.getDeclaredMethod("stateArrays");
        stateArrays.setAccessible(true);
        Set<Object> snapshotArrays = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        snapshotArrays.addAll(Arrays.asList((Object[]) stateArrays.invoke(sim)));
        Set<String> counters = new HashSet<>();
        for (Class<?> c : FlitState.class.getDeclaredClasses()) {
            if (c.isRecord() && c.getSimpleName().equals("Counters")) {
                for (RecordComponent rc : c.getRecordComponents()) {
                    counters.add(rc.getName());
                }
            }
        }
        assertThat(counters).contains("cycle", "ejected", "lb");
        List<String> unplaced = new ArrayList<>();
        List<String> twice = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<Field> fields = new ArrayList<>(Arrays.asList(FlitState.class.getDeclaredFields()));
        fields.addAll(Arrays.asList(FlitSimulator.class.getDeclaredFields()));
        for (Field f : fields) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            names.add(f.getName());
            boolean inSnapshot = counters.contains(f.getName()) || (f.getType().isArray() && snapshotArrays.contains(f.get(sim)));
            boolean declaredOut = FlitState.NOT_IN_SNAPSHOT.contains(f.getName());
            if (!inSnapshot && !declaredOut) {
                unplaced.add(f.getName());
            }
            if (inSnapshot && declaredOut) {
                twice.add(f.getName());
            }
        }
        assertThat(unplaced).as("fields neither in the snapshot nor declared out of it").isEmpty();
        assertThat(twice).as("fields both in the snapshot and declared out of it").isEmpty();
        assertThat(names).as("names declared out of the snapshot that are no field").containsAll(FlitState.NOT_IN_SNAPSHOT);
        assertThat(names).containsAll(counters);
    }
}
