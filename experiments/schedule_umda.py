#!/usr/bin/env python3
"""UMDA's success rate on the 8-node Omega network against the MIN paper's Table 5.

Usage: experiments/schedule_umda.py RESULTS_DIR MACHINE [MBOA_DIR [HGSA_DIR]] > docs/results/schedule-umda.md
where RESULTS_DIR is the --out of `ccopt run experiments/files/schedule-umda-omega8.yaml`, MBOA_DIR that of
`ccopt run experiments/files/schedule-mboa-hypercube.yaml` and HGSA_DIR that of
`ccopt run experiments/files/schedule-hgsa-hypercube.yaml`. A run succeeds when the EA itself (the row's solver)
produced a schedule of the lower bound (7 steps on Omega 8, 4 on the 8-node hypercube).
"""
import datetime
import json
import statistics
import sys

import reference

# The MIN paper, Table 5: success rate of its UMDA over 10 runs (percent) on Omega 8, from ccopt's data file of its
# tables (experiments/reference.py); Table 1: 7 steps for both.
PAPER = {cc: int(reference.cell("jaros-min-tables-1-3-5-6", "omega:8/" + cc, "success")) for cc in ("AAB", "AAS")}


def success(runs, solver, steps):
    """The runs the EA itself solved at `steps`, with their mean time and evaluations as table cells."""
    ok = [r for r in runs if r.get("status") == "ok" and r.get("result.solver", r.get("solver")) == solver
          and r["steps"] == steps]
    time = f"{statistics.mean(r['seconds'] for r in ok):.2f}" if ok else "-"
    evals = f"{statistics.mean(r['evaluations'] for r in ok):,.0f}" if ok else "-"
    return ok, time, evals


def main():
    directory, machine = sys.argv[1], sys.argv[2]
    rows = [json.loads(line) for line in open(f"{directory}/results.jsonl") if line.strip()]
    cells = {}
    for r in rows:
        cells.setdefault((r["cc"], r["umda-reading"], r["fitness"]), []).append(r)
    print("# UMDA on the 8-node Omega network: success rate against the MIN paper's Table 5\n")
    print(f"Produced on {datetime.date.today()} ({machine}) by `./ccopt run "
          "experiments/files/schedule-umda-omega8.yaml --out DIR` and `python3 experiments/schedule_umda.py DIR "
          "MACHINE`: `ccopt schedule -t omega:8 --cc CC --solver umda --umda-reading R --fitness F --seed S --time-limit 10s`, "
          "seeds 1-10, at the lower bound of 7 steps. A run succeeds when UMDA itself found a 7-step schedule (the "
          "result's `solver` is `umda`); the time and evaluations are the means over the successful runs. The paper "
          "ran ten runs per row on 2x dual-core Opteron 275 blades without a stated time limit.\n")
    print("| collective | reading | fitness | ccopt success | mean time (s) | mean evaluations | paper success |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for (cc, reading, fitness), runs in sorted(cells.items()):
        ok, time, evals = success(runs, "umda", 7)
        print(f"| {cc} | {reading} | {fitness} | {len(ok)}/{len(runs)} | {time} | {evals} | {PAPER[cc]} % |")
    print("\nEvery run uses UMDA's restart rule (`--umda-restart 1000`, the default: a fresh population after 1,000 "
          "generations without a better best; ccopt's addition, the paper states none). Without it, the paper's "
          "algorithm, the MIN-table section below gives omega:8 AAB 9/10 and AAS 10/10 in 10 s (`pairs`, `ccopt` "
          "reading). The budget is wall time, so counts near the limit depend on the machine's load; the evaluations do "
          "not. The `literal` reading never solves AAB: without the source mutation and the swap a broadcast tree "
          "cannot be rebuilt around a conflict.")
    print("\nReadings (`--umda-reading`): `ccopt` lets the broadcast mutation change a transfer's source as well as its "
          "path (§4.5: the operator changes \"possible source-destination paths\"), adds the time-slot swap of §4.4 to "
          "it, runs the acceleration heuristic between two restorations, and makes the scatter mutation test its moves "
          "(§4.5: \"testing and changing\"; `--umda-tests 5`, the best of five candidate slots); `literal` reads "
          "§4.4-4.5 narrowly (path mutation and restoration only for broadcasts, the untested random swap). Both copy a "
          "gene (step, source and path of one communication) whole, as §4.2 defines it, and accelerate on the sending "
          "side only, as §4.4 states (`--umda-acceleration both`, receivers too, is ccopt's extension: it kept Omega 16 "
          "AAS at 170-180 conflicting pairs and Clos 12 AAB at 54-77 on 2026-11-25/26, where the sender-only rule "
          "solves both; see the MIN-table section).")


def mboa(directory):
    """MBOA's AAS on the all-port 8-node hypercube against the 2007 paper's Table 2 (4 steps, 60 %)."""
    rows = [json.loads(line) for line in open(f"{directory}/results.jsonl") if line.strip()]
    cells = {}
    for r in rows:
        cells.setdefault(r["fitness"], []).append(r)
    print("\n## MBOA on the 8-node all-port hypercube\n")
    print("`./ccopt run experiments/files/schedule-mboa-hypercube.yaml --out DIR`: `ccopt schedule -t hypercube:3 --cc "
          "AAS --ports all --solver mboa --fitness F --seed S --time-limit 30s`, seeds 1-10, at the lower bound of 4 "
          "steps; a run succeeds when MBOA itself found it. The paper (Jaros, Ohlidal, Dvorak 2007, Table 2) reached "
          "it in 60 % of its runs with a population tuned per instance; ccopt's population is 200.\n")
    print("| fitness | ccopt success | mean time (s) | mean evaluations | paper success |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for fitness, runs in sorted(cells.items()):
        ok, time, evals = success(runs, "mboa", 4)
        print(f"| {fitness} | {len(ok)}/{len(runs)} | {time} | {evals} | 60 % |")
    print("\nMBOA runs without restarts by default (`--mboa-restart 0`). Tried on 2026-11-24 with the same commands "
          "(`pairs`): a restart after 100 generations without a better best 0/10, after 300 generations 3/10, "
          "`--mboa-population 50` without restarts 3/10, restricted tournament replacement (Ocenasek's, each child replacing the nearest of 20 random members in Hamming distance, tried and not kept) 0/10; none reaches the paper's 60 %.")


def hgsa(directory):
    """HGSA's store-and-forward AAB on the all-port 16-node hypercube with the 2007 paper's encoding (4 steps)."""
    runs = [json.loads(line) for line in open(f"{directory}/results.jsonl") if line.strip()]
    ok, time, evals = success(runs, "hgsa", 4)
    print("\n## HGSA on the 16-node all-port hypercube, store-and-forward\n")
    print("`./ccopt run experiments/files/schedule-hgsa-hypercube.yaml --out DIR`: `ccopt schedule -t hypercube:4 --cc AAB "
          "--ports all --switching sf --solver hgsa --seed S --time-limit 60s`, seeds 1-10, at the lower bound of 4 steps; "
          "a run succeeds when HGSA itself found it. HGSA uses the 2007 paper's encoding here (§3.1: for every "
          "sender-receiver pair a shortest path and a time slot per channel, in the windows <Z, S - (L - Z)>; "
          "`HgsaPaths`); the paper reports 100 % for HGSA's AAB on the all-port hypercubes of 8-32 nodes (Table 2, "
          "wormhole; the paper does not separate its store-and-forward runs). ccopt's HGSA with this encoding on the "
          "same network under wormhole switching is not built: ccopt counts two worms of one sender on one channel as "
          "a conflict, where the paper counts them as one use.\n")
    print("| runs | ccopt success | mean time (s) | mean evaluations | paper success |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    print(f"| {len(runs)} | {len(ok)}/{len(runs)} | {time} | {evals} | 100 % |")
    print("\nBefore this encoding (ccopt's one-hop transfers with a relay per receiver, up to 2026-11-24) the same "
          "command found no 4-step schedule in 60 s on seeds 1 and 2 (best conflict count 6, 43 million evaluations).")


if __name__ == "__main__":
    main()
    if len(sys.argv) > 3:
        mboa(sys.argv[3])
    if len(sys.argv) > 4:
        hgsa(sys.argv[4])
