package org.ccopt.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One checkpoint type for every optimizer: round trip, another optimizer's state refused, damage refused. */
class CheckpointTest {

    record GaState(int generation, long[] genes) {
    }

    record OtherState(int generation) {
    }

    @TempDir
    Path dir;

    @Test
    void roundTripsAndRefusesAnotherStateOrDamage() throws Exception {
        new Checkpoint<>(List.of("--seed", "3"), new GaState(7, new long[] {1, 2, 3})).write(dir);
        Checkpoint<GaState> back = Checkpoint.read(dir, GaState.class);
        assertThat(back.arguments()).containsExactly("--seed", "3");
        assertThat(back.state().generation()).isEqualTo(7);
        assertThat(back.state().genes()).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> Checkpoint.read(dir, OtherState.class)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("holds another search's state").hasMessageNotContaining(GaState.class.getName());
        Path file = dir.resolve(Checkpoint.FILE);
        Files.writeString(file, Files.readString(file).replace("\"generation\" : 7", "\"generation\" : 8")
                .replace("\"generation\":7", "\"generation\":8"));
        assertThatThrownBy(() -> Checkpoint.read(dir, GaState.class)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("damaged");
    }
}
