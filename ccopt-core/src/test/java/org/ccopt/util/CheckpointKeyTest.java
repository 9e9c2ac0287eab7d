package org.ccopt.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's checkpoint key: made once, private to its owner, and the signature that catches an edited checkpoint
 * whose checksum a forger recomputed.
 */
class CheckpointKeyTest {

    @TempDir
    Path dir;

    @Test
    void theKeyIsMadeOnceAndPrivate() throws Exception {
        Path file = dir.resolve("home/ccopt/checkpoint.key");
        byte[] first = CheckpointKey.load(file);
        assertThat(first).hasSize(32);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        assertThat(CheckpointKey.load(file)).isEqualTo(first); // kept, not made again
        assertThat(CheckpointKey.load(dir.resolve("other/checkpoint.key"))).isNotEqualTo(first);
    }

    @Test
    void aKeyOthersMayReadOrThatIsNoKeyIsRefused() throws Exception {
        Path file = dir.resolve("checkpoint.key");
        CheckpointKey.load(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> CheckpointKey.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is open to others (rw-r--r--); expected rw-------");
        Files.writeString(file, "SECRET not a key\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> CheckpointKey.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is not a key ccopt made").hasMessageNotContaining("SECRET");
    }

    record State(int generation, long[] genes) {
    }

    @Test
    void aCheckpointWhoseChecksumAForgerRecomputedIsRefused() throws Exception {
        new Checkpoint<>(List.of("--seed", "3"), new State(7, new long[] {1, 2, 3})).write(dir);
        Path file = dir.resolve(Checkpoint.FILE);
        assertThat(Checkpoint.read(dir, State.class).state().generation()).isEqualTo(7);
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode envelope = (com.fasterxml.jackson.databind.node.ObjectNode)
                m.readTree(Files.readString(file));
        ((com.fasterxml.jackson.databind.node.ObjectNode) envelope.get("state").get("state")).put("generation", 8);
        envelope.put("hmac", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(m.writeValueAsBytes(envelope.get("state")))));
        Files.writeString(file, m.writeValueAsString(envelope));
        assertThatThrownBy(() -> Checkpoint.read(dir, State.class)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("is damaged, edited or signed with another key");
        envelope.put("hmac", CheckpointKey.sign(m.writeValueAsBytes(envelope.get("state")))); // the key's owner
        Files.writeString(file, m.writeValueAsString(envelope));
        assertThat(Checkpoint.read(dir, State.class).state().generation()).isEqualTo(8);
    }
}
