#!/usr/bin/env python3
"""Simple stacking and the Cup-Stacking GA on the papers' router against simple stacking on BookSim's router.

Usage: python3 experiments/cupstack_routers.py [OUT.md]   (default: print the page; docs/results/cupstack-routers.md
is the committed copy). Runs ./ccopt from the repository root: for every network and pattern, `cupstack --method
simple` on the papers' router (yokota2023) and on the booksim router, and the GA (`cupstack`, 50 generations) on the
papers' router and on the booksim router; all at the cupstack defaults (2 slices of one 8-flit packet, 3 VCs of 4 flits,
seed 1).
"""
import datetime, json, os, subprocess, sys, time

NETWORKS = ["torus:16x16", "kary-ntree:4,3", "hypercube:6"]
PATTERNS = ["bcmp", "brev", "brot", "shfl"]


def ccopt(*args):
    out = subprocess.run(["./ccopt", *args, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def gain(base, value):
    return f"{100.0 * (value - base) / base:+.1f} %"


rows = []
started = time.time()
for net in NETWORKS:
    for pattern in PATTERNS:
        common = ["cupstack", "-t", net, "--traffic", pattern]
        papers = ccopt(*common, "--method", "simple", "--model", "yokota2023")
        ga = ccopt(*common, "--model", "yokota2023", "--generations", "50", "--threads", "2")
        booksim = ccopt(*common, "--method", "simple", "--model", "booksim")
        booksim_ga = ccopt(*common, "--model", "booksim", "--generations", "50", "--threads", "2")
        c00 = papers["simplePerScheme"]["C00"]
        rows.append(f"| `{net}` | {pattern} | {papers['baselineCycles']} | {c00} ({gain(papers['baselineCycles'], c00)}) | "
                    f"{papers['simpleStackingCycles']} ({gain(papers['baselineCycles'], papers['simpleStackingCycles'])}) | "
                    f"{ga['bestCycles']} ({gain(papers['baselineCycles'], ga['bestCycles'])}) | "
                    f"{booksim['baselineCycles']} | {booksim['simpleStackingCycles']} "
                    f"({gain(booksim['baselineCycles'], booksim['simpleStackingCycles'])}) | {booksim['interval']} | "
                    f"{booksim_ga['bestCycles']} ({gain(booksim['baselineCycles'], booksim_ga['bestCycles'])}) |")
        print(rows[-1], file=sys.stderr)
minutes = (time.time() - started) / 60
try:
    cpu = [l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")][0]
except OSError:
    cpu = "unknown CPU"

page = f"""# Cup-Stacking on two routers

Do simple stacking and the Cup-Stacking GA (Yokota et al. 2023) gain as much on BookSim 2's input-queued router as on
the papers' router? Each row splits every node's message into 2 slices of one 8-flit packet and compares the unsplit
message (one 16-flit packet a node) with the slices stacked at the best inter-slice interval V.

- **Papers' router** (preset `yokota2023`, 3 VCs of 4 flits): simple stacking at the preset's scheme C00 and at the
  best of the ten uniform schemes C00-C09 (the paper's §4.1 sweeps V for a fixed configuration; ccopt reports both),
  and the full Cup-Stacking GA, 50 generations of 50 (`cupstack --generations 50`), which also searches the per-node
  injection delays I and the arbitration genes C and Q.
- **BookSim's router** (`--model booksim`, the same 3 VCs of 4 flits, the network's default routing function; five
  pipeline stages, 2-cycle torus links): simple stacking, V swept from the slice length to one slice's duration, and
  the same GA (50 generations of 50), which there searches the injection plan alone: V and the delays I. C and Q are
  the papers' router's arbitration, which BookSim's router does not have.

Gains are relative to the unsplit message on the same router; negative is faster.

| network | pattern | papers': unsplit | simple, C00 | simple, best scheme | GA | booksim: unsplit | simple | V | GA |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
{chr(10).join(rows)}

Made by `python3 experiments/cupstack_routers.py docs/results/cupstack-routers.md` on {datetime.date.today()}, {cpu}
(2 cores), in {minutes:.0f} minutes. One row's commands, e.g. for `torus:16x16` and brot:

```
./ccopt cupstack -t torus:16x16 --traffic brot --method simple --model yokota2023 --json
./ccopt cupstack -t torus:16x16 --traffic brot --model yokota2023 --generations 50 --threads 2 --json
./ccopt cupstack -t torus:16x16 --traffic brot --method simple --model booksim --json
./ccopt cupstack -t torus:16x16 --traffic brot --model booksim --generations 50 --threads 2 --json
```
"""
if len(sys.argv) > 1:
    os.makedirs(os.path.dirname(os.path.abspath(sys.argv[1])), exist_ok=True)
    with open(sys.argv[1], "w") as f:
        f.write(page)
else:
    sys.stdout.write(page)
