package org.ccopt.topology;

import org.ccopt.topology.spec.TopologySpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad specs fail with one clear line; thousands of mangled specs never escape as another exception. */
class TopologySpecFuzzTest {

    @ParameterizedTest
    @ValueSource(strings = {"torus:0x4", "hypercube:-1", "omega:12", "random-shortcut:10:20", "file:/nonexistent",
        "torus", "torus:4x", "bogus:3", "", "circulant:8:5", "fbtree:8", "clos:1,2", "clos:2,2,2,2", "butterfly:8:foo", "dragonfly:2,1,1,9", "flatfly:1,2", "flatfly:4", "flatfly:4,2,0", "moore:x",
        "ring:\u0665", "torus:\uFF14x4", "ring:+5", "ring: 5", "torus:4 x4", "amp:8:3:seed=+1", "circulant:8:1, 3"})
    void badSpecsGiveOneLineNamingTheValue(String spec) {
        assertThatThrownBy(() -> TopologySpec.parse(spec))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> {
                    assertThat(e.getMessage()).doesNotContain("\n");
                    assertThat(e.getMessage()).containsAnyOf("expected", "accepted");
                });
    }

    @Test
    void mangledSpecsNeverThrowAnythingElse() {
        String[] seeds = {"torus:8x8", "mesh:4x4", "hypercube:6", "kring:3", "octagon:12", "fat-octagon",
            "coated-mesh:4x4", "amp:8:3", "twisted-ladder:8", "moore:petersen", "omega:8", "butterfly:16",
            "clos:3,3,4", "btree:8", "fattree:8", "kary-ntree:2,3", "fbtree:15", "circulant:16:1,2,4",
            "circulant2:64", "random-shortcut:64:5:seed=3", "dragonfly:4,2,2", "dragonfly:thesis", "flatfly:4,2,4", "ring:9"};
        String alphabet = ":x,-=0123456789abseedtorus ";
        SplittableRandom random = new SplittableRandom(20261123);
        int built = 0;
        for (int i = 0; i < 4000; i++) {
            StringBuilder s = new StringBuilder(seeds[random.nextInt(seeds.length)]);
            for (int m = 1 + random.nextInt(3); m > 0 && s.length() > 0; m--) {
                int at = random.nextInt(s.length());
                switch (random.nextInt(4)) {
                    case 0 -> s.deleteCharAt(at);
                    case 1 -> s.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    case 2 -> s.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> s.insert(at, s.charAt(at));
                }
            }
            String spec = s.toString();
            if (spec.matches(".*\\d{5,}.*")) {
                continue; // keep the suite fast: five-digit sizes build valid multi-thousand-node networks
            }
            try {
                Topology t = TopologySpec.parse(spec);
                assertThat(t.nodeCount()).isPositive();
                built++;
            } catch (InvalidInputException e) {
                assertThat(e.getMessage()).doesNotContain("\n").isNotBlank();
            }
        }
        assertThat(built).isGreaterThan(100);
    }
}
