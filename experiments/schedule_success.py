#!/usr/bin/env python3
"""Success rates of the papers' own evolutionary algorithms, row by row as the papers print them.

usage: schedule_success.py MACHINE DIR...

Each DIR is the --out of `ccopt run` on experiments/files/schedule-umda-min.yaml (the MIN paper's Table 5, UMDA),
schedule-umda-readings.yaml (the same rows under both readings at one evaluation budget) or schedule-ea-hypercube.yaml (the 2007 paper's Table 2, MBOA and HGSA). A run succeeds when the row's evolutionary
algorithm itself found a schedule of the row's step count (the result's solver is the one asked for, not the first-fit
or another stage). The paper values come from the papers' tables in ccopt's data files (success over 10 runs; the MIN paper's
Table 6 gives the mean time of the successful runs, on 2x dual-core Opteron 275 blades).
"""
import datetime
import json
import statistics
import sys

import reference

# MIN paper: (Table 3 steps, Table 5 success %, Table 6 time) per (network, collective), in the data file's order (its
# networks of up to 12 terminals, those of schedule-umda-min.yaml, first); 2007 paper, Table 2: (lower bound,
# success %) on the all-port wormhole hypercubes (OAB, OAS, AAS by MBOA; AAB by HGSA). From the data files Java reads
# too (experiments/reference.py).
MIN = {(r[1], r[3]): (r[4], int(r[5]), r[6]) for r in reference.table("jaros-min-tables-1-3-5-6")[1]}
HYPER = {(r[1], r[2]): (r[3], int(r[4])) for r in reference.table("jaros2007-table2")[1]}


def value(r, key):
    """A result field: the run's own where an option of the same name differs (`result.` prefix), else the option."""
    return r.get("result." + key, r.get(key))


def rows(directory):
    with open(f"{directory}/results.jsonl") as f:
        return [json.loads(line) for line in f if line.strip()]


def cell(runs, target):
    ok = [r for r in runs if r.get("status") == "ok" and value(r, "solver") == r["solver"]
          and int(value(r, "steps")) <= target]
    time = f"{statistics.mean(float(r['seconds']) for r in ok):.2f}" if ok else "-"
    evals = f"{statistics.mean(float(r['evaluations']) for r in ok):,.0f}" if ok else "-"
    return f"{len(ok)}/{len(runs)}", time, evals


def restart(r):
    """The run's restart rule: UMDA's or MBOA's option, the command's default (1000) where unset; None for HGSA."""
    if r["solver"] == "hgsa":
        return None
    return int(r.get(r["solver"] + "-restart", 1000))


def pair(groups, key, target):
    """Success without restarts (the paper's algorithm) and with ccopt's restart, as table cells."""
    cells = []
    for rs in (0, 1000):
        runs = groups.get(key + (rs,))
        if runs is None:
            cells += ["-", "-", "-"]
        else:
            cells += list(cell(runs, target))
    return cells


def reading(r):
    """A run's reading of UMDA's operators as a column name: the reading, and its tested moves where set."""
    return r["umda-reading"] + (f", --umda-tests {r['umda-tests']}" if "umda-tests" in r else "")


def readings(runs):
    """schedule-umda-readings.yaml (and -untested.yaml): UMDA's readings side by side, at one evaluation budget per row."""
    by = {}
    for r in runs:
        by.setdefault((r["topology"], r["cc"]), {}).setdefault(reading(r), []).append(r)
    columns = sorted({reading(r) for r in runs}, key=lambda c: (not c.startswith("literal"), len(c), c))
    print("### The MIN paper's Table 5: UMDA's readings at one evaluation budget "
          "(`experiments/files/schedule-umda-readings.yaml`, `schedule-umda-untested.yaml`)\n")
    print("No restarts (the paper's algorithm); every fitness evaluation counted, the trials of the min-conflicts moves "
          "included; each run stops at the row's budget (overshooting it by at most the last move's trials), so the "
          "success column does not depend on the machine. Seconds and evaluations are means over the successful runs; "
          "a blank cell was not run.\n")
    print("| Network | CC | steps (paper's Table 3) | paper success | budget (evaluations) | "
          + " | ".join(f"{c}: success | s | evaluations" for c in columns) + " |")
    print("|---|---|---|---|---:|" + "---|---:|---:|" * len(columns))
    for key in sorted(by, key=lambda k: list(MIN).index(k)):
        steps, success, _ = MIN[key]
        target = int(steps.split("/")[0])
        budget = int(next(iter(by[key].values()))[0]["max-evaluations"])
        cells = []
        for c in columns:
            cells += list(cell(by[key][c], target)) if c in by[key] else ["", "", ""]
        print(f"| {key[0]} | {key[1]} | {steps} | {success}% | {budget:,} | " + " | ".join(cells) + " |")
    print()


def main():
    machine, dirs = sys.argv[1], sys.argv[2:]
    runs = [r for d in dirs for r in rows(d)]
    groups = {}
    budgeted = [r for r in runs if "max-evaluations" in r and "umda-reading" in r]
    for r in runs:
        if "max-evaluations" in r and "umda-reading" in r:
            continue
        key = (r["topology"], r["cc"], r["solver"], r["time-limit"], r.get("umda-reading", "ccopt"), restart(r))
        groups.setdefault(key, []).append(r)
    print(f"Produced on {datetime.date.today()} ({machine}, two runs at a time) by `./ccopt run FILE --out DIR` for "
          "each file and `python3 experiments/schedule_success.py MACHINE DIR...`. A run succeeds when the row's "
          "evolutionary algorithm itself found a schedule of the row's step count; time and evaluations are means over "
          "the successful runs. *Paper's algorithm*: no restarts; *+ restarts*: ccopt's restart after 1,000 generations "
          "without a better best (ccopt's addition, not the paper's).\n")
    if budgeted:
        readings(budgeted)
    rows_min = sorted({k[:5] for k in groups if (k[0], k[1]) in MIN},
                      key=lambda k: (list(MIN).index((k[0], k[1])), int(k[3].rstrip("s")), k[4]))
    if rows_min:
        print("### The MIN paper's Table 5: UMDA, ten runs per row (`experiments/files/schedule-umda-min.yaml`, 10 s a "
              "run; `schedule-umda-min-long.yaml`, 60 s; `schedule-umda-large.yaml`, 240 s)\n")
        print("| Network | CC | steps (paper's Table 3) | paper success | paper time | ccopt limit | reading | "
              "paper's algorithm: success | s | evaluations | + restarts: success | s | evaluations |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for key in rows_min:
            steps, success, time = MIN[(key[0], key[1])]
            target = int(steps.split("/")[0])
            cells = pair(groups, key, target)
            print(f"| {key[0]} | {key[1]} | {steps} | {success}% | {time} | {key[3]} | {key[4]} | " + " | ".join(cells) + " |")
        print()
    rows_hyper = sorted({k[:5] for k in groups if (k[0], k[1]) in HYPER}, key=lambda k: list(HYPER).index((k[0], k[1])))
    if rows_hyper:
        print("### The 2007 paper's Table 2: MBOA (OAB, OAS, AAS) and HGSA (AAB, store-and-forward), all-port "
              "hypercubes, ten runs per row (`experiments/files/schedule-ea-hypercube.yaml`, "
              "`schedule-mboa-norestart.yaml`)\n")
        print("| Network | CC | solver | bound | paper success | ccopt limit | paper's algorithm: success | s | evaluations | "
              "+ restarts: success | s | evaluations |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for key in rows_hyper:
            bound, success = HYPER[(key[0], key[1])]
            if key[2] == "hgsa":  # HGSA has no restart rule: its runs are the paper's algorithm
                cells = list(cell(groups[key + (None,)], int(bound))) + ["-", "-", "-"]
            else:
                cells = pair(groups, key, int(bound))
            print(f"| {key[0]} | {key[1]} | {key[2]} | {bound} | {success}% | {key[3]} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
