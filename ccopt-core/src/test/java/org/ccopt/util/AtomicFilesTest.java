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
}
