package org.ccopt.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    private long temporaries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".ccopt-")).count();
        }
    }

    @Test
    void aStaleTemporaryFileIsRemovedByTheNextWriteAndAFreshOneIsKept() throws Exception {
        Path stale = Files.writeString(dir.resolve(".ccopt-1.tmp"), "half a result");
        Files.setLastModifiedTime(stale, FileTime.fromMillis(System.currentTimeMillis() - 2 * AtomicFiles.STALE_MILLIS));
        Path fresh = Files.writeString(dir.resolve(".ccopt-2.tmp"), "another process, writing now");
        AtomicFiles.writeAtomically(dir.resolve("result.txt"), "done");
        assertThat(dir.resolve("result.txt")).hasContent("done");
        assertThat(stale).doesNotExist();
        assertThat(fresh).exists();
    }

    @Test
    void aFailedWriteLeavesNoTemporaryFile() throws Exception {
        Files.createDirectories(dir.resolve("taken"));
        Files.writeString(dir.resolve("taken/inside"), "x");
        // the target is a non-empty directory: the move fails
        assertThatThrownBy(() -> AtomicFiles.writeAtomically(dir.resolve("taken"), "text")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> AtomicFiles.writeAtomically(dir.resolve("other"), w -> {
            throw new IllegalStateException("the writer broke");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(temporaries()).isZero();
        assertThat(dir.resolve("other")).doesNotExist();
    }

    @Test
    void aSymbolicLinkStaysALinkAndItsTargetReceivesTheText() throws Exception {
        Path real = Files.writeString(dir.resolve("real.txt"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), real.getFileName());
        AtomicFiles.writeAtomically(link, "new");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(real).hasContent("new");
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling.txt"), Path.of("sub", "made.txt"));
        AtomicFiles.writeAtomically(dangling, "made");
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        assertThat(dir.resolve("sub/made.txt")).hasContent("made");
        Files.createSymbolicLink(dir.resolve("loop"), Path.of("loop"));
        assertThatThrownBy(() -> AtomicFiles.writeAtomically(dir.resolve("loop"), "x"))
                .hasMessageContaining("too many levels of symbolic links");
    }

    @Test
    void aFifoIsWrittenThroughAndStaysAFifo() throws Exception {
        Path fifo = dir.resolve("f");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0,
                "mkfifo is available");
        java.util.concurrent.CompletableFuture<String> reader = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(fifo);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        AtomicFiles.writeAtomically(fifo, "through the pipe");
        assertThat(reader.get(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("through the pipe");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
        assertThat(temporaries()).isZero();
    }

    @Test
    void aCharacterDeviceIsWrittenThroughNotReplaced() throws Exception {
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(devNull) && Files.isWritable(devNull));
        AtomicFiles.writeAtomically(devNull, "discarded");
        assertThat(Files.isRegularFile(devNull)).isFalse();
        assertThat(Files.size(devNull)).isZero();
    }

    @Test
    void anEmptyDirectoryIsRefusedNotReplaced() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> AtomicFiles.writeAtomically(empty, "text")).hasMessageContaining("is a directory");
        assertThat(Files.isDirectory(empty)).isTrue();
    }

    @Test
    void confinedWritesInsideTheRootPassAndThoseThroughALinkOutOfItAreRefused() throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.createSymbolicLink(root.resolve("escape"), outside);
        AtomicFiles.confined(root, () -> {
            try {
                AtomicFiles.writeAtomically(root.resolve("in/ok.txt"), "inside");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            assertThatThrownBy(() -> AtomicFiles.writeAtomically(root.resolve("escape/k.txt"), "x"))
                    .isInstanceOf(org.ccopt.InvalidInputException.class).hasMessageContaining("outside the output directory");
            assertThatThrownBy(() -> AtomicFiles.writeAtomically(outside.resolve("k.txt"), "x"))
                    .isInstanceOf(org.ccopt.InvalidInputException.class);
            return null;
        });
        assertThat(root.resolve("in/ok.txt")).hasContent("inside");
        assertThat(outside).isEmptyDirectory();
        // outside the confined call, the same write passes
        AtomicFiles.writeAtomically(outside.resolve("k.txt"), "free");
        assertThat(outside.resolve("k.txt")).hasContent("free");
        assertThatThrownBy(() -> AtomicFiles.requireUnder(root, root.resolve("escape/x"), "trace"))
                .hasMessageStartingWith("trace ").hasMessageContaining("outside the output directory");
    }
}
