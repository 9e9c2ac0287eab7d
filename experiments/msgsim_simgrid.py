#!/usr/bin/env python3
"""Puts `ccopt msgsim` beside SimGrid (tools/simgrid/replay.cpp): the answers of both on the same programs, under
SimGrid's CM02 model and under its default model (LV08 with cross traffic), and the CPU seconds both spend, for the
whole command and for the simulation alone. Writes msgsim-simgrid.md in DOCS (default target/experiments/docs), or
--out FILE. Needs libsimgrid-dev, g++ and a JDK. Usage: python3 experiments/msgsim_simgrid.py [--out FILE] [--no-speed]
CCOPT (default: `./ccopt`, the launcher a user runs, with its class-data archive; it builds the jar when it is stale)
is the command that runs ccopt: CCOPT="java -Xss16m -jar ccopt-cli/target/ccopt.jar" times the bare jar."""
import argparse, datetime, json, os, platform, resource, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--out", default=os.path.join(os.environ.get("DOCS", "target/experiments/docs"), "msgsim-simgrid.md"))
ap.add_argument("--no-speed", action="store_true", help="leave out the timing table (it takes several minutes)")
args = ap.parse_args()

if "CCOPT" in os.environ:
    ccopt = os.environ["CCOPT"].split()
else:
    subprocess.run(["./ccopt", "--version"], check=True, capture_output=True)  # builds the jar (and archive) first
    ccopt = ["./ccopt"]
tmp = tempfile.mkdtemp()
replay = os.path.join(tmp, "replay")
subprocess.run(["g++", "-O2", "-std=c++17", "tools/simgrid/replay.cpp", "-o", replay, "-lsimgrid"], check=True)
version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libsimgrid-dev"], capture_output=True, text=True).stdout
QUIET = "--log=root.thres:critical"
CM02 = ["--cfg=network/model:CM02", "--cfg=network/crosstraffic:0"]
DEFAULT = ["--cfg=network/model:LV08", "--cfg=network/crosstraffic:1"]  # SimGrid's defaults, spelled out
EXACT = ["--cfg=network/optim:Full", "--cfg=surf/precision:1e-15"]


def timed(command):
    """Runs a command; returns its stdout and the CPU seconds (user + system) it and its threads used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def simgrid(platform_file, program, *cfg):
    out, cpu = timed([replay, platform_file, program, QUIET, *cfg])
    fields = {l.split()[0]: float(l.split()[1]) for l in out.splitlines() if not l.startswith("task ")}
    return fields["makespan"], cpu, fields["platform_cpu_seconds"], fields["simulation_cpu_seconds"]


def msgsim(spec, procs, cc, size, *extra):
    out, cpu = timed(ccopt + ["msgsim", "--topology", spec, "--procs", str(procs), "--collective", cc, "--bytes", size,
                              "--mapping", "random", *extra, "--json"])
    return json.loads(out), cpu


def dev(a, b):
    return 100 * (a - b) / b


# ---- answers ----
cases = [("torus:4x4", 16), ("random-shortcut:32:4:seed=3", 32), ("circulant2:64", 64),
         ("dragonfly:4,1,2", 36), ("random-shortcut:128:6:seed=1", 128)]
rows = []
for spec, procs in cases:
    floyd = os.path.join(tmp, "floyd.xml")
    subprocess.run(ccopt + ["topo", spec, "--export", "simgrid", "--out", floyd], check=True, capture_output=True)
    for cc in ("bcast", "allreduce", "alltoall"):
        for size in ("256B", "16KiB", "1MiB"):
            prog = os.path.join(tmp, "prog.txt")
            plat = os.path.join(tmp, "plat.xml")
            j, _ = msgsim(spec, procs, cc, size, "--sharing", "cm02", "--export-replay", prog, "--export-platform", plat)
            full = simgrid(plat, prog, *CM02, *EXACT)[0]
            lazy = simgrid(plat, prog, *CM02)[0]
            fl = simgrid(floyd, prog, *CM02)[0]
            jd, _ = msgsim(spec, procs, cc, size, "--sharing", "lv08", "--cross-traffic")
            default = simgrid(plat, prog, *DEFAULT, *EXACT)[0]
            rows.append((spec, procs, cc, size, j["simulatedSeconds"], full, lazy, fl, jd["simulatedSeconds"], default))
            print(spec, cc, size, rows[-1][4:], file=sys.stderr)

# ---- CPU seconds ----
speed = []
daemon_runs = {}
if not args.no_speed:
    net = "random-shortcut:1024:19:seed=11"
    for procs in (256, 1024):
        for cc in ("bcast", "allreduce", "alltoall"):
            prog = os.path.join(tmp, "prog.txt")
            plat = os.path.join(tmp, "plat.xml")
            j, _ = msgsim(net, procs, cc, "1MiB", "--sharing", "cm02", "--export-replay", prog, "--export-platform", plat)
            runs = [msgsim(net, procs, cc, "1MiB", "--sharing", "cm02") for _ in range(3)]
            whole = statistics.median(cpu for _, cpu in runs)
            sim = statistics.median(r["cpuSeconds"] for r, _ in runs)
            answer, sg_whole, sg_platform, sg_sim = simgrid(plat, prog, *CM02)
            speed.append((net, procs, cc, j["flows"], j["simulatedSeconds"], answer, whole, sim, sg_whole, sg_platform, sg_sim,
                          os.path.getsize(plat)))
            print(speed[-1], file=sys.stderr)
    # the same rows through a daemon (./ccopt daemon start) started here, after the runs above: CPU seconds of the
    # client (the launcher's bash and its cat) plus the daemon's own, read from /proc before each command and 0.3 s
    # after it, so that compilation the command set off counts for it; the median after WARM rounds over the rows
    WARM = 10
    if ccopt == ["./ccopt"]:
        subprocess.run(["./ccopt", "daemon", "start"], check=True, capture_output=True)
        status = subprocess.run(["./ccopt", "daemon", "status"], check=True, capture_output=True, text=True).stdout
        pid = int(status.split("pid ")[1].split(",")[0])
        tick = os.sysconf("SC_CLK_TCK")

        def daemon_cpu():
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick

        daemon_start = daemon_cpu()
        cpus = {(procs, cc): [] for _, procs, cc, *_ in speed}
        try:
            for k in range(WARM + 5):  # rounds over the rows, as a sweep of many commands runs them
                for net, procs, cc, *_ in speed:
                    before = daemon_cpu()
                    _, client = msgsim(net, procs, cc, "1MiB", "--sharing", "cm02")
                    time.sleep(0.3)
                    cpus[(procs, cc)].append(client + daemon_cpu() - before)
            for key, runs in cpus.items():
                daemon_runs[key] = (runs[0], statistics.median(runs[WARM:]))
                print("daemon", key, runs, file=sys.stderr)
        finally:
            subprocess.run(["./ccopt", "daemon", "stop"], capture_output=True)

# ---- report ----
lines = []
p = lines.append
cpu_name = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "unknown CPU")
java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
p("# Message simulator against SimGrid")
p("")
p(f"Generated by `python3 experiments/msgsim_simgrid.py` on {datetime.date.today()} ({os.cpu_count()} cores, {cpu_name}; "
  f"SimGrid {version} from Debian; {java}). Every case: the collective's ranks on a seeded random set of terminals "
  "(`--mapping random --seed 1`), 100 Gbps links, 100 ns per router-to-router link, host links of 0 latency, "
  "one resource per link shared by both directions (SimGrid's SHARED links), `ccopt msgsim` against the S4U replay "
  "of the same message program (`tools/simgrid/replay.cpp`, which creates each task's actor when its dependencies "
  "have finished).")
p("")
p("## Answers")
p("")
p("Columns:")
p("")
p("- **CM02, same routes, full re-solve**: `ccopt msgsim --sharing cm02` against SimGrid with `network/model:CM02`, "
  "`network/crosstraffic:0`, on `ccopt msgsim --export-platform` (Full routing with ccopt's routes), "
  "`network/optim:Full` and `surf/precision:1e-15` (SimGrid's default 1 ns precision merges events closer than "
  "that); the configuration the test `SimGridCrossCheckTest` requires to agree within 1e-6.")
p("- **lazy**: the same with SimGrid's default `network/optim:Lazy`, which re-solves only the sharing variables it "
  "considers modified; when several flows start within one latency period it can leave shares stale.")
p("- **Floyd**: SimGrid on `ccopt topo --export simgrid` (Floyd routing, as the thesis configured SimGrid), which "
  "picks its own shortest path among equal ones, so flows may share different links.")
p("- **SimGrid's default model**: `ccopt msgsim --sharing lv08 --cross-traffic` against SimGrid's defaults "
  "(`network/model:LV08`, `network/crosstraffic:1`) on the same routes with a full re-solve.")
p("")
p("| network | P | collective | size | ccopt cm02 s | SimGrid CM02 full | dev | lazy | dev | Floyd | dev | ccopt lv08 + cross s | SimGrid default full | dev |")
p("| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for spec, procs, cc, size, ours, full, lazy, fl, ours_d, default in rows:
    p(f"| {spec} | {procs} | {cc} | {size} | {ours:.6e} | {full:.6e} | {dev(ours, full):+.1e}% | {lazy:.6e} | "
      f"{dev(ours, lazy):+.2f}% | {fl:.6e} | {dev(ours, fl):+.2f}% | {ours_d:.6e} | {default:.6e} | {dev(ours_d, default):+.1e}% |")
p("")
worst = max(abs(dev(r[4], r[5])) for r in rows)
worst_lazy = max(abs(dev(r[4], r[6])) for r in rows)
worst_floyd = max(abs(dev(r[4], r[7])) for r in rows)
worst_default = max(abs(dev(r[8], r[9])) for r in rows)
moved = max(abs(dev(r[8], r[4])) for r in rows)
p(f"Largest deviation: {worst:.1e} % under CM02 with the same routes and a full re-solve, {worst_default:.1e} % under "
  f"SimGrid's default model (LV08 with cross traffic); {worst_lazy:.2f} % against SimGrid's lazy update; "
  f"{worst_floyd:.2f} % against SimGrid's own Floyd routes. The default model moves the answers by up to "
  f"{moved:.0f} % from CM02's (13 times the latency, 0.97 of the bandwidth, and 5 % of every flow back).")
if speed:
    p("")
    p("## CPU seconds")
    p("")
    p("The same comparison at the thesis's scale: a 1,024-terminal random shortcut network (degree 19), 256 or 1,024 "
      "processes on random terminals, 1 MiB, CM02 without cross traffic in both (SimGrid with its default lazy update and "
      "precision, the fastest it offers), on the same platform with ccopt's routes. CPU seconds are user + system time "
      "of the whole process and all its threads (`getrusage`), so the JVM's compiler and collector threads count; "
      f"ccopt's is the median of three runs of `{' '.join(ccopt)}`"
      + (" (the launcher a user runs: its bash and staleness check count, and it runs the jar with its class-data "
         "archive)" if ccopt == ["./ccopt"] else "") + ". **Simulation only**: ccopt's `cpuSeconds` (the CPU time of the thread that "
      "computes the routes, builds the program and simulates it, JVM start excluded), SimGrid's `simulation_cpu_seconds` "
      "(`Engine::run`, platform loading excluded; `platform_cpu_seconds` is that loading). The platform holds only the "
      "routes the program uses (both directions).")
    p("")
    p("| P | collective | flows | ccopt s (simulated) | SimGrid s | dev | platform MB | ccopt CPU s, whole | SimGrid CPU s, whole | SimGrid / ccopt | ccopt CPU s, simulation | SimGrid CPU s, platform | SimGrid CPU s, simulation | SimGrid / ccopt |")
    p("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for net, procs, cc, flows, ours, theirs, whole, sim, sg_whole, sg_platform, sg_sim, size in speed:
        p(f"| {procs} | {cc} | {flows:,} | {ours:.6e} | {theirs:.6e} | {dev(ours, theirs):+.2f}% | {size / 1e6:.1f} | "
          f"{whole:.2f} | {sg_whole:.2f} | {sg_whole / whole:.1f}x | {sim:.3f} | {sg_platform:.2f} | {sg_sim:.3f} | "
          f"{sg_sim / sim:.1f}x |")
    if daemon_runs:
        p("")
        p("The same rows through a daemon (`./ccopt daemon start` in the repository, then the same `./ccopt msgsim` "
          "commands, which run in it): CPU seconds of the client (the launcher's bash, its staleness check and one `cat`) "
          "plus the daemon's (user + system of its process, from `/proc`, before each command and 0.3 s after it, so "
          "that compilation the command set off counts). The daemon's start cost "
          f"{daemon_start:.2f} CPU-s, once for all the commands of a directory. The rows run in {WARM + 5} rounds, one "
          "command of each row per round, as a sweep of many commands runs them: the first round (the daemon compiling "
          f"the code) is shown apart, and the median is of the last five rounds, after {WARM}.")
        p("")
        p("| P | collective | ccopt CPU s, own JVM | ccopt CPU s, daemon: first run | ccopt CPU s, daemon: median after warm-up | SimGrid CPU s, whole | SimGrid / ccopt in the daemon |")
        p("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        for net, procs, cc, flows, ours, theirs, whole, sim, sg_whole, sg_platform, sg_sim, size in speed:
            first, median = daemon_runs[(procs, cc)]
            p(f"| {procs} | {cc} | {whole:.2f} | {first:.3f} | {median:.3f} | {sg_whole:.2f} | {sg_whole / median:.1f}x |")
    p("")
    p(f"Network: `{speed[0][0]}`. Command per row: `ccopt msgsim --topology {speed[0][0]} --procs P --collective C "
      "--bytes 1MiB --mapping random --sharing cm02 --json` and `replay plat.xml prog.txt --cfg=network/model:CM02 "
      "--cfg=network/crosstraffic:0` on the files `--export-platform` and `--export-replay` wrote. The answers differ by "
      "SimGrid's lazy update (see above).")
os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
open(args.out, "w").write("\n".join(lines) + "\n")
print("wrote", args.out, file=sys.stderr)
