package org.ccopt.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.ccopt.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output directory has one writer and belongs to one command: a second command's run is refused, a link planted
 * in it never leads a write out of it, and where one JVM runs several commands (a daemon), a directory one of them
 * holds is another's to the rest.
 */
class OutputLockTest {

    @TempDir
    Path dir;

    @Test
    void aDirectoryBelongsToTheCommandThatFirstRanThere() throws Exception {
        Path out = dir.resolve("run1");
        try (OutputLock lock = OutputLock.acquire(out, "nodemap")) {
            assertThat(out.resolve(OutputLock.FILE)).hasContent("nodemap");
        }
        OutputLock.acquire(out, "nodemap").close(); // its own command again: a resume, a rerun
        OutputLock.acquire(out, null).close(); // a report claims nothing
        assertThatThrownBy(() -> OutputLock.acquire(out, "cupstack")).isInstanceOf(InvalidInputException.class)
                .hasMessage("output directory '" + out + "' belongs to ccopt nodemap (its .ccopt.lock says so); ccopt "
                        + "cupstack writes to a directory of its own: choose another output directory");
        assertThat(out.resolve(OutputLock.FILE)).hasContent("nodemap");
    }

    @Test
    void aLockFileHoldingAnythingButACommandsNameIsNotQuoted() throws Exception {
        Path out = Files.createDirectories(dir.resolve("planted"));
        Files.writeString(out.resolve(OutputLock.FILE), "SECRET-TOKEN-42 with spaces\n");
        assertThatThrownBy(() -> OutputLock.acquire(out, "joint")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("belongs to another command").hasMessageNotContaining("SECRET");
    }

    @Test
    void aLinkPlantedInAHeldDirectoryLeadsNoWriteOutOfIt() throws Exception {
        Path out = dir.resolve("run");
        Path outside = dir.resolve("victim.txt");
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        try (OutputLock lock = OutputLock.acquire(out, "nodemap")) {
            Files.createSymbolicLink(out.resolve("result.json"), outside);
            Files.createSymbolicLink(out.resolve("method"), elsewhere); // a planted folder, as joint's METHOD/
            Files.writeString(out.resolve("inside.txt"), "x");
            Files.createSymbolicLink(out.resolve("alias.txt"), Path.of("inside.txt"));
            assertThatThrownBy(() -> AtomicFiles.writeAtomically(out.resolve("result.json"), "{}"))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("leads through a symbolic link to " + dir.toRealPath().resolve("victim.txt"));
            assertThatThrownBy(() -> AtomicFiles.writeAtomically(out.resolve("method/mapping.json"), "{}"))
                    .isInstanceOf(InvalidInputException.class);
            AtomicFiles.writeAtomically(out.resolve("alias.txt"), "y"); // a link inside the directory is followed
            assertThat(out.resolve("inside.txt")).hasContent("y");
        }
        assertThat(outside).doesNotExist();
        assertThat(elsewhere.resolve("mapping.json")).doesNotExist();
        AtomicFiles.writeAtomically(out.resolve("result.json"), "{}"); // no run holds it: a link the user made is followed
        assertThat(outside).hasContent("{}");
    }

    @Test
    void inOneJvmADirectoryOneCommandHoldsIsAnothersToTheRest() throws Exception {
        Path out = dir.resolve("shared");
        Object a = new Object();
        Object b = new Object();
        OutputLock[] held = new OutputLock[1];
        OutputLock.asCommand(a, () -> {
            try {
                held[0] = OutputLock.acquire(out, "nodemap");
                OutputLock.requireNotHeldElsewhere(out); // its own
                AtomicFiles.writeAtomically(out.resolve("mine.txt"), "a");
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return 0;
        });
        try {
            OutputLock.asCommand(b, () -> {
                assertThatThrownBy(() -> AtomicFiles.writeAtomically(out.resolve("theirs.txt"), "b"))
                        .isInstanceOf(InvalidInputException.class).hasMessageContaining("is in use by another ccopt run");
                assertThatThrownBy(() -> OutputLock.acquire(out, "nodemap")).isInstanceOf(InvalidInputException.class);
                return 0;
            });
            assertThat(out.resolve("theirs.txt")).doesNotExist();
        } finally {
            held[0].close();
        }
        OutputLock.asCommand(b, () -> {
            try {
                AtomicFiles.writeAtomically(out.resolve("theirs.txt"), "b"); // released: open to the next
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return 0;
        });
        assertThat(out.resolve("theirs.txt")).hasContent("b");
    }
}
