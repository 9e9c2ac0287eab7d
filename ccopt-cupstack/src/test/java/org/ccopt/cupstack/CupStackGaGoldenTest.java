package org.ccopt.cupstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.StringJoiner;
import java.util.zip.CRC32;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Cup-Stacking GA at the paper's protocol (the defaults of {@code ccopt cupstack}: 16x16 torus, the {@code
 * yokota2023} router, 50 chromosomes) on brot, pinned for three seeds at six generations, so that a faster simulator
 * or evaluator can show it leaves the search unchanged: the best duration and chromosome, a digest of the final
 * population (every chromosome, its score and its birth generation) and, per generation, the best, the sum and count
 * of the new chromosomes scored exactly and the count pruned. Recorded on 2026-11-29 at commit 54ec818 on one
 * evaluation thread (the same on two, which the test runs: results do not depend on the thread count). A change meant
 * to alter the search records them anew, and says so.
 */
class CupStackGaGoldenTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "1; 146; e5e082d; d3d5d532; 146/9085/50/0 146/3024/16/34 146/2821/15/35 146/2541/13/37 146/2926/16/34 146/1494/8/42 146/2021/11/39",
        "2; 148; e2a80f01; 7dd5f0d1; 148/9062/50/0 148/3357/18/32 148/2526/13/37 148/4302/24/26 148/2892/16/34 148/1410/8/42 148/2234/12/38",
        "3; 147; 6a1c0588; 3835585c; 147/8957/50/0 147/3011/16/34 147/3108/17/33 147/1297/7/43 147/3143/17/33 147/3615/19/31 147/2801/15/35"})
    void theGaRunsAsRecorded(String seed, int best, String bestCrc, String population, String history) {
        CupstackJob.Outcome o = CupstackJob.JOB.run(CupstackJob.JOB.request(CupstackJob.JOB.options().read(Map.of(
                "topology", "torus:16x16", "traffic", "brot", "generations", "6", "seed", seed, "threads", "2"))));
        CupStackGa.State s = o.state();
        assertThat(o.result().bestScore().duration()).isEqualTo(best);
        assertThat(Long.toHexString(s.best().crc32())).isEqualTo(bestCrc);
        CRC32 digest = new CRC32();
        for (int i = 0; i < s.population().length; i++) {
            for (long x : new long[] {s.population()[i].crc32(), s.scores()[i].objective(), s.born()[i]}) {
                digest.update(Long.toString(x).getBytes(StandardCharsets.US_ASCII));
            }
        }
        assertThat(Long.toHexString(digest.getValue())).isEqualTo(population);
        StringJoiner perGeneration = new StringJoiner(" ");
        for (CupStackGa.Generation g : s.history()) {
            // the mean's sum, an integer, rather than the mean as text, which JDKs may print differently
            perGeneration.add(g.bestObjective() + "/" + Math.round(g.meanNew() * g.exactNew()) + "/" + g.exactNew() + "/"
                    + g.prunedNew());
        }
        assertThat(perGeneration.toString()).isEqualTo(history);
        assertThat(s.evaluations()).isEqualTo(50 + 6 * 50);
    }
}
