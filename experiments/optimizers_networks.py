#!/usr/bin/env python3
"""Regenerates docs/results/optimizers-networks.md: simple stacking, the Cup-Stacking GA and joint's methods on three
networks that are not tori (a hypercube, a fat tree, a Dragonfly), under the papers' router with each network's
default routing function.

Usage: python3 experiments/optimizers_networks.py > docs/results/optimizers-networks.md
Environment: CCOPT (default: java -jar ccopt-cli/target/ccopt.jar), GENERATIONS (the GA's, default 200),
BUDGET (joint's simulations a method, default 10000), THREADS (default 2).
Every number is measured by the commands it prints; nothing is copied from a paper (the papers ran tori only)."""
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys

CCOPT = shlex.split(os.environ.get("CCOPT", "java -jar ccopt-cli/target/ccopt.jar"))
GENERATIONS = int(os.environ.get("GENERATIONS", "200"))
BUDGET = int(os.environ.get("BUDGET", "10000"))
THREADS = os.environ.get("THREADS", "2")
SCHEMES = ["C%02d" % i for i in range(10)]
BITS = ["bcmp", "brev", "brot", "shfl", "torn", "trns"]
# 72 terminals: the bit patterns need a power of two, so the Dragonfly runs the patterns defined on any count
NETWORKS = [("hypercube:6", BITS), ("kary-ntree:4,3", BITS), ("dragonfly:4,2,2", ["torn", "rpar", "rrng", "randperm"])]
WORKLOADS = {"hypercube:6": ["bcmp,brev", "brot,shfl", "torn,trns"],
             "kary-ntree:4,3": ["bcmp,brev", "brot,shfl", "torn,trns"],
             "dragonfly:4,2,2": ["torn,rpar", "rrng,randperm"]}


def ccopt(*args):
    out = subprocess.run(CCOPT + list(args) + ["--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    w = sys.stdout.write
    cup = ["cupstack", "--slices", "2", "--packet-flits", "8", "--threads", THREADS]
    w("# Simple stacking, the Cup-Stacking GA and joint's methods on networks that are not tori\n\n")
    w("Generated on %s on %s (%d cores) by `python3 experiments/optimizers_networks.py > "
      "docs/results/optimizers-networks.md` (GENERATIONS=%d, BUDGET=%d), which runs the `ccopt` commands named "
      "below with `--json`.\n\n" % (datetime.date.today(), platform.machine(), os.cpu_count(), GENERATIONS, BUDGET))
    w("Router: the papers' router (`--model yokota2023`, cupstack's and joint's default here), 3 VCs of 4 flits. Its "
      "routing readings (dateline, VC class, dimension order, ring tie) describe dimension-order routing on tori and "
      "meshes; on these networks each routes by its default routing function instead, whose VC classes are sets of VCs "
      "(a packet may be granted any free VC of its class): `ecube` on the hypercube, `nca` (nearest common ancestor "
      "up/down) on the fat tree, `dragonfly-min` on the Dragonfly. Every other reading, and the arbitration genes C "
      "and Q of the Cup-Stacking GA, apply as on a torus. Every answer was replayed by the validator before it was "
      "printed. The papers measured tori only, so there is no paper column: these tables show what the methods do "
      "on other networks.\n\n")
    w("## Simple stacking, every VC selection scheme\n\n")
    w("`ccopt %s -t NET --traffic P --method simple`: 2 slices of one 8-flit packet per terminal; S=1 is the unsplit "
      "message (one 16-flit packet), then the simple stacking's duration per scheme (slice interval swept, no "
      "GA), in cycles.\n\n" % " ".join(cup))
    w("| network | pattern | S=1 | " + " | ".join(SCHEMES) + " | best |\n")
    w("| --- | --- | ---: | " + " | ".join("---:" for _ in SCHEMES) + " | ---: |\n")
    simple = {}
    for net, patterns in NETWORKS:
        for p in patterns:
            r = ccopt(*cup, "-t", net, "--traffic", p, "--method", "simple")
            simple[(net, p)] = r
            per = r["simplePerScheme"]
            w("| %s | %s | %d | %s | **%d** |\n" % (net, p, r["baselineCycles"], " | ".join(str(per[s]) for s in SCHEMES),
                                                  r["simpleStackingCycles"]))
    w("\n## The Cup-Stacking GA\n\n")
    w("`ccopt %s -t NET --traffic P --method full --generations %d --population 50 --seed 1` (the extended GA over "
      "V, I, C and Q, seeded with the best simple stacking; one run), and the late-acceptance search "
      "(`--method lahc`, same evaluation budget), in cycles.\n\n" % (" ".join(cup), GENERATIONS))
    w("| network | pattern | routing | S=1 | simple | full GA | lahc | GA evaluations | GA seconds |\n")
    w("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
    for net, patterns in NETWORKS:
        for p in patterns:
            g = ccopt(*cup, "-t", net, "--traffic", p, "--method", "full", "--generations", str(GENERATIONS),
                      "--population", "50", "--seed", "1")
            la = ccopt(*cup, "-t", net, "--traffic", p, "--method", "lahc", "--generations", str(GENERATIONS),
                       "--population", "50", "--seed", "1")
            s = simple[(net, p)]
            w("| %s | %s | %s | %d | %d | **%d** | %d | %d | %.1f |\n" % (net, p, g["routing"], s["baselineCycles"],
                                                                          s["simpleStackingCycles"], g["bestCycles"],
                                                                          la["bestCycles"], g["evaluations"], g["seconds"]))
    w("\n## joint's methods\n\n")
    w("`ccopt joint -t NET --traffic P1,P2 --budget %d --threads %s`: 4 packets of 8 flits per terminal and "
      "pattern, every method within the same budget of simulations, the cycles summed over the patterns run one "
      "after another; `*`: the plan runs at the link-load bound of its own mapping.\n\n" % (BUDGET, THREADS))
    methods = None
    for net, _ in NETWORKS:
        for wl in WORKLOADS[net]:
            r = ccopt("joint", "-t", net, "--traffic", wl, "--budget", str(BUDGET), "--threads", THREADS)
            rows = r["byMethod"]
            if methods is None:
                methods = list(rows)
                w("| network | workload | floor | " + " | ".join(methods) + " |\n")
                w("| --- | --- | ---: | " + " | ".join("---:" for _ in methods) + " |\n")
            cells = ["%d%s" % (rows[m]["cycles"], "*" if rows[m]["cycles"] <= rows[m]["lowerBound"] else "") for m in methods]
            w("| %s | %s | %d | %s |\n" % (net, wl, r["floor"], " | ".join(cells)))
    w("\n")


if __name__ == "__main__":
    main()
