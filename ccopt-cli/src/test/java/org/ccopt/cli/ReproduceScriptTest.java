package org.ccopt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code experiments/reproduce.sh} and the comparison behind its PASS and FAIL ({@code experiments/compare_results.py}):
 * every row is documented in docs/reproduce.md and every row that page names exists; the comparison passes a page equal
 * in its tables and fenced blocks, and fails a changed number, a missing row or a missing page, except in the columns
 * and within the tolerance a row allows; bad usage gets one line and exit 2. The rows themselves run for minutes to
 * hours and are run by the script, not here.
 */
class ReproduceScriptTest {

    /** The checkout, from ccopt-cli/target/test-work, where the tests run. */
    private static final Path ROOT = Path.of("../../..");

    private static final String PAGE = """
            # A page

            Made on 2026-12-08 in 3 minutes: prose and dates are not compared.

            | network | cycles | hops x volume | run s |
            | --- | ---: | --- | ---: |
            | torus:8x8 | 1,373 | 376, 432 | 0.48 |
            | ring | 850 | 64000, 64000 | 0.02 |

            ```
            $ ccopt calibrate --stage check --model yokota2023
              C05   93 197 152 156 134 134  mean 1.9 %, max 4.2 %, exact 1
            ```
            """;

    record Run(int code, String out) {}

    static Run run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    static Run compare(Path committed, Path made, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", "experiments/compare_results.py",
                committed.toAbsolutePath().toString(), made.toAbsolutePath().toString()));
        command.addAll(List.of(options));
        return run(command);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "the same page;            ;                          ;              ;0;PASS",
        "prose and dates;          Made on 2026-12-08;        Made on 2027-01-01;  ;0;PASS",
        "a number in a table;      | 1,373 |;                 | 1,374 |;      ;1;cycles",
        "a number in a list cell;  376, 432;                  376, 431;     ;1;hops x volume",
        "a number in a block;      mean 1.9 %;                mean 2.0 %;   ;1;block 2, line 2",
        "a run time;               | 0.48 |;                  | 9.75 |;       ;0;PASS",
        "a row left out;           | ring | 850 | 64000, 64000 | 0.02 |;   ;      ;1;1 rows, committed 2",
        "a number within 1 %;      | 1,373 |;                 | 1,380 |;      --rel 0.01;0;within 0.01",
        "a number beyond 1 %;      | 1,373 |;                 | 1,400 |;      --rel 0.01;1;cycles",
        "a word;                   | ring |;                  | mesh |;       ;1;ring | network",
    })
    void aPageComparesEqualInItsTablesAndBlocksOnly(String what, String from, String to, String options, int code,
                                                    String says, @TempDir Path dir) throws Exception {
        Path committed = dir.resolve("committed.md");
        Path made = dir.resolve("made.md");
        Files.writeString(committed, PAGE);
        String changed = from == null ? PAGE : PAGE.replace(from.strip(), to == null ? "" : to.strip());
        if (to == null && from != null) {
            changed = PAGE.replace(from.strip() + "\n", "");
        }
        Files.writeString(made, changed);
        List<String> args = new ArrayList<>(List.of("--skip", " s$"));
        if (options != null) {
            args.addAll(List.of(options.strip().split(" ")));
        }
        Run r = compare(committed, made, args.toArray(String[]::new));
        assertThat(r.code()).as(r.out()).isEqualTo(code);
        assertThat(r.out()).startsWith(code == 0 ? "PASS" : "FAIL").contains(says);
        assertThat(r.out().strip().lines()).as(r.out()).hasSize(1);
    }

    @Test
    void aCsvFolderComparesFileByFileAndAPageNotMadeFails(@TempDir Path dir) throws Exception {
        Path committed = Files.createDirectories(dir.resolve("committed"));
        Path made = Files.createDirectories(dir.resolve("made"));
        Files.writeString(committed.resolve("hops.csv"), "network,totalHops,seconds\ncirculant,707,0.1\n");
        Files.writeString(made.resolve("hops.csv"), "network,totalHops,seconds\ncirculant,707,2.5\n");
        assertThat(compare(committed, made, "--skip", "seconds").out()).startsWith("PASS").contains("2 cells equal");
        Files.writeString(made.resolve("hops.csv"), "network,totalHops,seconds\ncirculant,708,0.1\n");
        Run changed = compare(committed, made, "--skip", "seconds");
        assertThat(changed.code()).isEqualTo(1);
        assertThat(changed.out()).contains("circulant | totalHops: '708', committed '707'");
        Files.delete(made.resolve("hops.csv"));
        assertThat(compare(committed, made).out()).startsWith("FAIL").contains("hops.csv: not made");
    }

    @Test
    void everyRowIsOnTheReproducePageAndEveryRowItNamesExists() throws Exception {
        Run list = run(List.of("bash", "experiments/reproduce.sh", "--list"));
        assertThat(list.code()).isZero();
        List<String> rows = list.out().lines().skip(1).map(l -> l.split(" +")[0]).toList();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(20).contains("calibration-check", "rank-tables", "msgsim-simgrid");
        String page = Files.readString(ROOT.resolve("docs/reproduce.md"));
        Matcher named = Pattern.compile("experiments/reproduce\\.sh (?:--update-docs )?OUT ([a-z0-9-]+)").matcher(page);
        List<String> documented = new ArrayList<>();
        while (named.find()) {
            documented.add(named.group(1));
        }
        assertThat(rows).containsAll(documented);
        assertThat(documented).containsAll(rows);
        assertThat(page).doesNotContain("reproduce.sh\n").doesNotContain("reproduce.sh OUT\n"); // a command on one line
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "/tmp/out nosuch;     unknown row 'nosuch'",
        "--quick;             --quick takes one folder, OUT",
        "/tmp/out;            expected OUT and at least one row name"})
    void badUsageIsOneLineAndExitTwo(String args, String says) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", "experiments/reproduce.sh"));
        command.addAll(List.of(args.split(" ")));
        Run r = run(command);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).contains(says);
        assertThat(r.out().strip().lines()).hasSize(1);
    }
}
