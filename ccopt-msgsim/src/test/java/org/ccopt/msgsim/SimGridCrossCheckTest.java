package org.ccopt.msgsim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.ccopt.mpi.MpiAlgorithm;
import org.ccopt.util.Permutations;
import org.ccopt.topology.Topology;
import org.ccopt.topology.spec.TopologySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ccopt's message simulator against SimGrid 3.32 (CM02 without cross traffic, and SimGrid's default LV08 with it; full
 * re-solve of the sharing system at every event) on the same platform and routes, when SimGrid is installed ({@code apt-get install libsimgrid-dev};
 * {@code .ci/run} installs it). Tolerance: 1e-6 relative: with identical routes the two flow models agree to the
 * printed precision. SimGrid's default lazy update ({@code network/optim:Lazy}) can leave shares stale when
 * several flows start at once and then deviates; docs/results/msgsim-simgrid.md records by how much.
 */
class SimGridCrossCheckTest {

    static Path replay;

    @TempDir
    static Path dir;

    @BeforeAll
    static void compileReplay() throws Exception {
        Path source = Path.of("..", "tools", "simgrid", "replay.cpp");
        boolean available = Files.exists(Path.of("/usr/include/simgrid/s4u.hpp")) && Files.exists(source);
        assumeTrue(available, "SimGrid (libsimgrid-dev) is not installed; cross-check skipped");
        replay = dir.resolve("replay");
        Process p = new ProcessBuilder("g++", "-O2", "-std=c++17", source.toString(), "-o", replay.toString(), "-lsimgrid")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    static final String[] CM02 = {"--cfg=network/model:CM02", "--cfg=network/crosstraffic:0"};

    static double simgrid(String platform, String program) throws IOException, InterruptedException {
        return simgrid(platform, program, CM02);
    }

    static double simgrid(String platform, String program, String... model) throws IOException, InterruptedException {
        Path plat = dir.resolve("platform.xml");
        Path prog = dir.resolve("program.txt");
        Files.writeString(plat, platform);
        Files.writeString(prog, program);
        List<String> command = new java.util.ArrayList<>(List.of(replay.toString(), plat.toString(), prog.toString()));
        command.addAll(List.of(model));
        command.addAll(List.of("--cfg=network/optim:Full", "--cfg=surf/precision:1e-15", "--log=root.thres:critical"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        List<String> lines = out.lines().filter(l -> l.startsWith("makespan ")).toList();
        assertThat(lines).as(out).hasSize(1);
        return Double.parseDouble(lines.get(0).substring("makespan ".length()));
    }

    /** {@code procs} distinct terminals in random order (seed 5): the random mapping of Cui 2024, §3.3. */
    static int[] randomRanks(Topology t, int procs) {
        return java.util.Arrays.copyOf(Permutations.shuffled(t.terminalCount(), new java.util.SplittableRandom(5)), procs);
    }

    @ParameterizedTest
    @CsvSource({
        "torus:4x4, 16, bcast, 256", "torus:4x4, 16, alltoall, 1048576",
        "random-shortcut:32:4:seed=3, 24, allreduce, 65536", "random-shortcut:32:4:seed=3, 32, alltoall, 1048576",
        "circulant2:32, 16, allreduce, 1048576", "circulant2:32, 32, bcast, 4096",
        "'dragonfly:4,1,2', 20, alltoall, 16384", "fattree:16, 16, allreduce, 262144"})
    void agreesWithSimGridCm02(String spec, int procs, String collective, double bytes) throws Exception {
        Topology t = TopologySpec.parse(spec);
        int[] ranks = randomRanks(t, procs);
        Program program = CollectivePrograms.of(MpiAlgorithm.parse(collective).transfers(procs), ranks, bytes, false);
        MsgNetwork net = new MsgNetwork(t, 12.5e9, 100e-9, MsgNetwork.Duplex.SHARED);
        double ours = MessageSimulator.run(net, program,
                new MessageSimulator.Options(MessageSimulator.Sharing.CM02, 0, 1, 0)).seconds();
        double theirs = simgrid(net.simgridPlatform("100Gf", program), program.replayText());
        assertThat(Math.abs(ours - theirs) / theirs).as("ccopt %.12e s, SimGrid %.12e s", ours, theirs).isLessThan(1e-6);
    }

    /**
     * SimGrid's default model: LV08 with cross traffic (its defaults, only the update made a full re-solve), against
     * {@code --sharing lv08 --cross-traffic}, on shared links (a flow's route back loads the same links) and on split
     * duplex links (the route back uses the other direction).
     */
    @ParameterizedTest
    @CsvSource({
        "torus:4x4, 16, alltoall, 1048576, SHARED", "random-shortcut:32:4:seed=3, 24, allreduce, 65536, SHARED",
        "circulant2:32, 32, bcast, 4096, SPLIT", "'dragonfly:4,1,2', 20, alltoall, 16384, SPLIT",
        "fattree:16, 16, allreduce, 262144, SHARED", "random-shortcut:32:4:seed=3, 32, alltoall, 1048576, SPLIT",
        // two processors per router: flows without router hops, whose SimGrid penalty is 1
        "fat-octagon, 16, alltoall, 65536, SHARED"})
    void agreesWithSimGridsDefaultModel(String spec, int procs, String collective, double bytes, MsgNetwork.Duplex duplex)
            throws Exception {
        Topology t = TopologySpec.parse(spec);
        int[] ranks = randomRanks(t, procs);
        Program program = CollectivePrograms.of(MpiAlgorithm.parse(collective).transfers(procs), ranks, bytes, false);
        MsgNetwork net = new MsgNetwork(t, 12.5e9, 100e-9, duplex);
        double ours = MessageSimulator.run(net, program,
                new MessageSimulator.Options(MessageSimulator.Sharing.LV08, 0, 1, 0, true)).seconds();
        double theirs = simgrid(net.simgridPlatform("100Gf", program), program.replayText(), "--cfg=network/model:LV08",
                "--cfg=network/crosstraffic:1");
        assertThat(Math.abs(ours - theirs) / theirs).as("ccopt %.12e s, SimGrid %.12e s", ours, theirs).isLessThan(1e-6);
    }

    /** Seeded random message programs (random pairs, sizes and dependency DAGs): every engine path against SimGrid. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void randomProgramsAgreeWithSimGrid(long seed) throws Exception {
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        Topology t = TopologySpec.parse("random-shortcut:24:4:seed=" + seed);
        Program program = new Program();
        int n = 60;
        for (int i = 0; i < n; i++) {
            int a = random.nextInt(24);
            int b = (a + 1 + random.nextInt(23)) % 24;
            int deps = i == 0 ? 0 : random.nextInt(Math.min(3, i) + 1);
            int[] d = new int[deps];
            for (int k = 0; k < deps; k++) {
                d[k] = random.nextInt(i);
            }
            double bytes = Math.floor(Math.pow(2, random.nextDouble() * 20));
            program.message(a, b, bytes, java.util.Arrays.stream(d).distinct().toArray());
        }
        MsgNetwork net = new MsgNetwork(t, 12.5e9, 100e-9, MsgNetwork.Duplex.SHARED);
        double ours = MessageSimulator.run(net, program,
                new MessageSimulator.Options(MessageSimulator.Sharing.CM02, 0, 1, 0)).seconds();
        double theirs = simgrid(net.simgridPlatform("100Gf", program), program.replayText());
        assertThat(Math.abs(ours - theirs) / theirs).as("ccopt %.12e s, SimGrid %.12e s", ours, theirs).isLessThan(1e-6);
        // and under SimGrid's defaults (LV08, cross traffic) on split links, where the routes back load other links
        MsgNetwork split = new MsgNetwork(t, 12.5e9, 100e-9, MsgNetwork.Duplex.SPLIT);
        double oursLv08 = MessageSimulator.run(split, program,
                new MessageSimulator.Options(MessageSimulator.Sharing.LV08, 0, 1, 0, true)).seconds();
        double theirsLv08 = simgrid(split.simgridPlatform("100Gf", program), program.replayText(),
                "--cfg=network/model:LV08", "--cfg=network/crosstraffic:1");
        assertThat(Math.abs(oursLv08 - theirsLv08) / theirsLv08).as("LV08: ccopt %.12e s, SimGrid %.12e s", oursLv08,
                theirsLv08).isLessThan(1e-6);
    }
}
