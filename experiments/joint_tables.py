#!/usr/bin/env python3
"""Spatio-temporal optimisation tables: node mapping, Cup-Stacking and their combinations at equal budgets.

Usage: experiments/joint_tables.py [--reuse] > docs/results/joint-tables.md

Runs every experiments/files/joint-*.yaml with `ccopt run ... --out target/experiments/NAME --threads 2` (with --reuse,
reads the output directories a previous call left), then writes the tables in Markdown to stdout and the chart
joint-budget.svg in DOCS (default target/experiments/docs; via `ccopt table --chart`). CCOPT overrides the command
(default: the repository's ./ccopt).
"""
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CCOPT = shlex.split(os.environ.get("CCOPT", os.path.join(ROOT, "ccopt")))
METHODS = ["physical", "mapping", "surrogate", "stacking", "sequential", "joint", "alternating"]
# Yokota et al. 2018, Table 2: the GA's best two-pattern duration, mean of ten runs at 1,000 x 1,000 (the data file Java
# reads too, experiments/reference.py)
PAPER_PAIRS = {k: v[0] for k, v in reference.rows_by_key("yokota2018-table2").items()}
FILES = ["joint-pairs", "joint-triples", "joint-random", "joint-16x16", "joint-alltoall", "joint-budget"]


def run(name, reuse):
    out = os.path.join(ROOT, "target", "experiments", name)
    if not reuse:
        subprocess.run(CCOPT + ["run", os.path.join(ROOT, "experiments", "files", name + ".yaml"), "--out", out,
                                "--threads", "2"], check=True, stdout=subprocess.DEVNULL)
    rows = []
    with open(os.path.join(out, "results.jsonl")) as f:
        for line in f:
            row = json.loads(line)
            if row.get("status") == "ok":
                rows.append(row)
    rows.sort(key=lambda r: r["run"])
    return rows


def by_method(row):
    """The byMethod.M.FIELD columns of a row as {M: {FIELD: value}}."""
    out = {}
    for key, value in row.items():
        if key.startswith("byMethod."):
            _, method, field = key.split(".", 2)
            out.setdefault(method, {})[field] = value
    return out


def workload(row):
    return row["traffic"] + (" (seed %s)" % row["traffic-seed"] if "traffic-seed" in row else "")


def svg_path():
    """Where the chart goes: joint-budget.svg in DOCS, beside the page the caller writes."""
    docs = os.environ.get("DOCS", os.path.join(ROOT, "target", "experiments", "docs"))
    os.makedirs(docs, exist_ok=True)
    return os.path.join(docs, "joint-budget.svg")


def main_table(rows, paper, floor_label):
    head = ["workload", floor_label] + METHODS + (["paper's GA (2018, Table 2)"] if paper else [])
    print("| " + " | ".join(head) + " |")
    print("| --- | " + " | ".join("---:" for _ in head[1:]) + " |")
    wins = {"le": 0, "lt": 0, "above": 0}
    for row in rows:
        m = by_method(row)
        cells = [workload(row), str(row["floor"])]
        for name in METHODS:
            r = m[name]
            if "skipped" in r:  # its first phase does not fit the budget
                cells.append("skipped")
                continue
            text = "%d" % r["cycles"]
            if r["cycles"] == r["lowerBound"]:
                text += "*"
            cells.append(text)
        if paper:
            cells.append("%.1f" % PAPER_PAIRS[row["traffic"]])
        print("| " + " | ".join(cells) + " |")
        if any("skipped" in m[k] for k in ("mapping", "stacking", "joint")):
            continue
        best_alone = min(m["mapping"]["cycles"], m["stacking"]["cycles"])
        wins["le"] += m["joint"]["cycles"] <= best_alone
        if m["mapping"]["cycles"] > row["floor"]:
            wins["above"] += 1
            wins["lt"] += m["joint"]["cycles"] < best_alone
    print()
    return wins


def cost_table(rows):
    print("Seconds are one thread's; the annealed candidates are made once per run and shared, so the surrogate "
          "method, the first to use them, carries their cost.\n")
    print("| method | mean cycles | mean cycles above its own link-load bound (largest) | mean simulations | mean seconds | "
          "mean jitter 0..4 (10 replays) | mean worst of the replays |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in METHODS:
        rs = [by_method(row)[name] for row in rows if "skipped" not in by_method(row)[name]]
        n = len(rs)
        if n == 0:
            continue
        gaps = [r["cycles"] - r["lowerBound"] for r in rs]
        print("| %s | %.1f | %.1f (%d) | %.0f | %.1f | %.1f | %.1f |" % (name, sum(r["cycles"] for r in rs) / n,
              sum(gaps) / n, max(gaps), sum(r["simulations"] for r in rs) / n, sum(r["seconds"] for r in rs) / n,
              sum(r["jitterMean"] for r in rs) / n, sum(r["jitterWorst"] for r in rs) / n))
    print()


def criterion(wins, kind, floor):
    print("Joint at most min(mapping alone, stacking alone): %d of %d %s. Strictly lower on %d of the %d where mapping "
          "alone stays above the %d-cycle floor." % (wins["le"], wins["n"], kind, wins["lt"], wins["above"], floor))
    print()


def main():
    reuse = "--reuse" in sys.argv
    data = {name: run(name, reuse) for name in FILES}
    # the chart: per method, the cycles summed over the workloads against the budget, drawn by `ccopt table --chart`
    budget_methods = [m for m in METHODS if any(m in by_method(r) for r in data["joint-budget"])]
    subprocess.run(CCOPT + ["table", os.path.join(ROOT, "target", "experiments", "joint-budget"), "--by", "budget",
                            "--show", ",".join("byMethod.%s.cycles:sum" % m for m in budget_methods),
                            "--chart", svg_path(), "--log-x",
                            "--caption", "Four workloads of Yokota et al. 2018 on the 8x8 torus: cycles summed over them"],
                   check=True, stdout=subprocess.DEVNULL)
    now = datetime.date.today().isoformat()
    print("# Spatio-temporal optimisation: node mapping and Cup-Stacking together\n")
    print("Generated on %s on %s (%d cores), %s, by `experiments/joint_tables.py > docs/results/joint-tables.md`, which "
          "runs `ccopt run experiments/files/NAME.yaml --out target/experiments/NAME --threads 2` for every "
          "`joint-*.yaml` file named below and tabulates the runs' JSON." % (now, platform.machine(), os.cpu_count(),
                                                                         platform.system()))
    print()
    print("Router: `--model yokota2018` (ccopt's fit to the 2018 paper's physical-addressing durations), 3 VCs of 4 flits. "
          "Pinned in every file, with `radius-bound: exclusive` (the 2018 GA's neighbouring swap reads its radius "
          "exclusively, the reading of these tables' first run; `joint`'s defaults are now `yokota2023` and the inclusive "
          "radius), so the tables do not move with the defaults. The budget is hard: a phase that would pass it is "
          "discarded, and its simulations are reported as discarded. "
          "Every method of a workload gets the same budget of simulations (runs cut short and sweep set-up runs count); "
          "the cycles are the sum over the workload's patterns, run one after another. `*`: the plan runs at the "
          "link-load bound of its own mapping, which no injection plan can beat. Every plan was replayed by the "
          "validator before it was printed; `ccopt sim --mapping M --params P` replays each pattern from the files "
          "`ccopt joint --out` writes.")
    print()
    print("Methods: physical addressing (no search); mapping alone (the 2018 GA, S20-ml, 100 mappings a generation, "
          "until the budget or 10,000 generations, the paper's million evaluations); surrogate (ccopt's spatial search: "
          "four rounds of 32 mappings annealed on a contention surrogate without simulating, each round seeding the "
          "2018 GA ranked by duration first; plain durations, no stacking); stacking alone (physical addressing, simple "
          "stacking, then late-acceptance search over the Cup-Stacking genes with the rest of the budget); sequential "
          "(mapping alone with 80 % of the budget, then stacking); joint (the surrogate's search with every mapping "
          "scored after simple stacking over the ten VC selection schemes, then late acceptance on the best mapping's "
          "patterns still above their bound with the rest of the budget); alternating (annealed mappings scored four "
          "at a time under fixed plans, restacking after each round). Surrogate and joint differ only in stacking, so "
          "their difference is what stacking adds to the spatial search.")
    print()
    print("Reading it: what the combination buys on these workloads comes from the spatial side. The 2018 GA's mappings "
          "end close to their own link-load bound (the cost tables below), so stacking them afterwards (sequential) "
          "gains little; "
          "the annealed starts (surrogate, no simulation spent on finding them) reach mappings without shared links. "
          "Compare joint with surrogate for what stacking adds to the same search: nothing on most pairs and triples, "
          "where the plans already run at their bound, and a loss where the stacking sweeps take budget the GA needed. "
          "The all-to-all, whose 63 steps no mapping frees of shared links, is such a loss under the hard budget: "
          "joint ends above the surrogate, most of its stacking phases would have passed the budget and were discarded "
          "(the simulation counts under its table), and sequential and stacking alone do best there.")
    print()
    print("## Two-pattern workloads (`joint-pairs.yaml`, 10,000 simulations a method)\n")
    w = main_table(data["joint-pairs"], True, "floor")
    w["n"] = len(data["joint-pairs"])
    criterion(w, "pairs", 68)
    print("## Three-pattern workloads (`joint-triples.yaml`, 15,000 simulations a method)\n")
    w3 = main_table(data["joint-triples"], False, "floor")
    w3["n"] = len(data["joint-triples"])
    criterion(w3, "triples", 102)
    phys = sum(by_method(r)["physical"]["cycles"] for r in data["joint-triples"]) / len(data["joint-triples"])
    print("For scale only (not the same set): the 2018 paper's Table 3 averages its GA over all combinations of its "
          "eight patterns, rpar and rrng included (S20-ml 171.4 cycles; physical addressing 426.3 on average); the "
          "twenty deterministic triples above average %.1f cycles under physical addressing on ccopt's router." % phys)
    print()
    print("## Random pairs (`joint-random.yaml`, rpar,rrng with traffic seeds 1-3)\n")
    main_table(data["joint-random"], False, "floor")
    print("## Single patterns of the 2023 paper on 16x16, two slices (`joint-16x16.yaml`)\n")
    main_table(data["joint-16x16"], False, "floor")
    print("## A pairwise all-to-all as its 63 permutation steps (`joint-alltoall.yaml`, 100,000 simulations a method)\n")
    main_table(data["joint-alltoall"], False, "floor")
    for row in data["joint-alltoall"]:
        m = by_method(row)
        print("Simulations used: " + ", ".join("%s %d" % (k, m[k]["simulations"]) for k in METHODS) + ". No method "
              "passes the budget: a phase (a generation, a simple stacking, a stacker's step) that would is discarded; "
              "simulations run in such phases and not used: " + ", ".join("%s %d" % (k, m[k].get("discarded", 0))
                                                                          for k in METHODS) + ".")
        print()
    print("## Cost and robustness, means over the fifteen pairs\n")
    cost_table(data["joint-pairs"])
    print("## Cost and robustness, means over the twenty triples\n")
    cost_table(data["joint-triples"])
    print("## Duration against budget (`joint-budget.yaml`)\n")
    print("![duration against budget](joint-budget.svg)\n")
    print("| workload | budget | " + " | ".join(METHODS[1:]) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in METHODS[1:]) + " |")
    for row in data["joint-budget"]:
        m = by_method(row)
        print("| %s | %s | %s |" % (row["traffic"], row["budget"], " | ".join(
            "skipped" if "skipped" in m[k] else "%d (%d sims)" % (m[k]["cycles"], m[k]["simulations"]) for k in METHODS[1:])))
    print()


if __name__ == "__main__":
    main()
