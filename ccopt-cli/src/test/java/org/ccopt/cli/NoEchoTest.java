package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A file named by mistake (here one shaped like a shadow password file) is refused with one line that names the
 * file and the place, never its content, by every command that reads a file.
 */
class NoEchoTest {

    static final String SECRET = "Secr3tHash";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {
        "sim --params F.json", "sim -t torus:4x4 --traffic bcmp --mapping F.json", "schedule -t hypercube:3 --cc AAB --validate F.json",
        "run F.yaml --out OUT", "topo file:F.json", "topo file:F.txt", "topo file:F.graphml", "topo file:F.dot",
        "msgsim -t torus:4x4 --collective bcast --bytes 1KiB --ranks F.json", "nodemap --resume CP", "cupstack --resume CP",
        "calibrate --stage joint --models F.txt", "table F.jsonl"})
    void aSecretLookingFileIsNeverEchoed(String line) throws Exception {
        String text = "root:$6$" + SECRET + "$abcdef:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n";
        for (String ext : new String[] {"json", "yaml", "txt", "graphml", "dot", "jsonl"}) {
            Files.writeString(dir.resolve("F." + ext), text);
        }
        Files.createDirectories(dir.resolve("CP"));
        Files.writeString(dir.resolve("CP/checkpoint.json"), text);
        String[] args = line.replace("F.", dir.resolve("F.").toString()).replace("OUT", dir.resolve("out").toString())
                .replace("CP", dir.resolve("CP").toString()).split(" ");
        MainTest.Result r = MainTest.run(args);
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).doesNotContain(SECRET).doesNotContain("root:").doesNotContain("daemon").hasLineCount(1);
    }
}
