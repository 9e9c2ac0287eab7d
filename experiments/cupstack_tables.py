#!/usr/bin/env python3
"""Builds docs/results/cupstack-tables.md from the results.csv files of the cupstack-sweep runs in
experiments/cupstack.sh, next to the values of Yokota et al. 2023 (Tables 2, 3, 4 and 6).

Usage: python3 experiments/cupstack_tables.py RESULTS_DIR > docs/results/cupstack-tables.md
"""
import csv
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

GENERATIONS = os.environ.get("GENERATIONS", "200")
PATTERNS = ["bcmp", "brev", "brot", "shfl", "torn", "trns"]
SCHEMES = ["C%02d" % i for i in range(10)]
# Yokota et al. 2023, Tables 2, 3, 4 and 6, from the data files Java reads too (experiments/reference.py)
PAPER_T2 = reference.rows_by_key("yokota2023-table2")
PAPER_T3 = reference.rows_by_key("yokota2023-table3")
T4_COLUMNS = reference.columns("yokota2023-table4")[1:]
PAPER_T4 = reference.rows_by_key("yokota2023-table4")
PAPER_T6 = reference.rows_by_key("yokota2023-table6")


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok" and r["bestCycles"]]


def best(rs, key="bestCycles"):
    vals = [int(r[key]) for r in rs]
    return min(vals) if vals else None


def cell(ours, paper):
    if ours is None:
        return "– / %s" % paper
    return "**%d** / %s" % (ours, paper)


def machine():
    try:
        with open("/proc/cpuinfo") as f:
            model = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
        return "%s, %d cores" % (model, os.cpu_count())
    except (OSError, StopIteration):
        return "unknown"


def main(d):
    import datetime
    print("# Cup-Stacking: Tables 2, 3, 4 and 6 of Yokota et al. 2023 regenerated on ccopt's simulator\n")
    print("Produced by `experiments/cupstack.sh` (the `ccopt cupstack-sweep` runs, then this table script), %s, on %s. "
          "The raw rows are in `docs/results/cupstack/`.\n" % (datetime.date.today().isoformat(), machine()))
    print("Every cell is **ccopt** / paper, in cycles: 16x16 torus, 2 slices of one 8-flit packet per node, 3 VCs of "
          "4 flits, dimension-order routing with datelines. Budgets: see each table.\n")
    simple = rows(os.path.join(d, "simple", "results.csv"))
    tadj = rows(os.path.join(d, "tadj", "results.csv"))
    full = rows(os.path.join(d, "full", "results.csv"))
    methods = rows(os.path.join(d, "methods", "results.csv"))
    perturb = rows(os.path.join(d, "perturb", "results.csv"))
    items = rows(os.path.join(d, "items", "results.csv"))
    out = []
    p = out.append

    def seeds(rs):
        return len({r["seed"] for r in rs}) if rs else 0

    p("## Table 2: simple stacking, every VC selection scheme (no GA; ccopt / paper)\n")
    p("| pattern | " + " | ".join(SCHEMES) + " |")
    p("| --- |" + " ---: |" * 10)
    for t in PATTERNS:
        r = [x for x in simple if x["traffic"] == t]
        line = []
        for i, c in enumerate(SCHEMES):
            per = None
            if r:
                # the simple method reports every scheme; stored in the per-scheme columns of its own row file
                per = int(r[0]["simplePerScheme." + c]) if ("simplePerScheme." + c) in r[0] else None
            line.append(cell(per, PAPER_T2[t][i]))
        p("| %s | %s |" % (t, " | ".join(line)))
    p("\n## Table 3: simple stacking with timing adjustment (GA over V and I, C fixed, Q default; ccopt / paper)\n")
    p("One GA run per cell (%d seed(s)), %s generations of 50 chromosomes; the paper's cells are the best of its "
      "288 parameter combinations x 5 runs at 1,000 generations.\n" % (seeds(tadj), GENERATIONS))
    p("| pattern | " + " | ".join(SCHEMES) + " |")
    p("| --- |" + " ---: |" * 10)
    for t in PATTERNS:
        line = [cell(best([x for x in tadj if x["traffic"] == t and x["vc-select"] == c]), PAPER_T3[t][i]) for i, c in enumerate(SCHEMES)]
        p("| %s | %s |" % (t, " | ".join(line)))

    def col(t, name):
        def sel(rs, **kv):
            return best([x for x in rs if x["traffic"] == t and all(x[k] == v for k, v in kv.items())])
        if name == "S=1":
            return best([x for x in simple if x["traffic"] == t], "baselineCycles")
        if name == "C00":
            return sel(tadj, **{"vc-select": "C00"})
        if name == "simple":
            return best([x for x in simple if x["traffic"] == t], "bestCycles")
        if name == "w/ T_adj":
            return sel(tadj)
        if name == "full GA":
            return sel(full, method="full")
        if name == "w/o T_adj":
            return sel(full, method="no-tadj")
        if name.startswith("S") and "-S2" in name:
            return sel(methods, method="extrapolate", **{"from-slices": name[1]})
        if name.startswith("E"):
            return sel(methods, method="estimate", **{"estimate-slices": name[1]})
        if name == "post C00(S1)":
            return sel(methods, method="post", freeze="C+Q", **{"from-slices": "1"})
        if name.startswith("post S"):
            return sel(methods, method="post", freeze="none", **{"from-slices": name[6]})
        if name == "perturb full":
            return sel(perturb, freeze="none")
        if name == "perturb w/o T_adj":
            return sel(perturb, freeze="I")
        return None

    p("\n## Table 4: evaluation results (ccopt / paper, cycles)\n")
    p("S=1 is the unsplit message (one 16-flit packet), C00 the original Cup-Stacking (timing adjustment, C00), simple "
      "and w/ T_adj the best of Tables 2 and 3. full GA and w/o T_adj: one run each at the paper's 1,000 generations; "
      "every other column one run at %s generations, the perturbation columns at %s (the paper: best of 1,440 runs at "
      "1,000).\n" % (GENERATIONS, os.environ.get("PERTURB_GENERATIONS", "100")))
    p("| pattern | " + " | ".join(T4_COLUMNS) + " |")
    p("| --- |" + " ---: |" * len(T4_COLUMNS))
    for t in PATTERNS:
        p("| %s | %s |" % (t, " | ".join(cell(col(t, c), PAPER_T4[t][i]) for i, c in enumerate(T4_COLUMNS))))
    p("\n## Table 6: additional items T01-T10 (ccopt / paper)\n")
    p("One full-GA run per cell at %s generations.\n" % GENERATIONS)
    p("| pattern | " + " | ".join("T%02d" % i for i in range(1, 11)) + " |")
    p("| --- |" + " ---: |" * 10)
    for t in PATTERNS:
        line = [cell(best([x for x in items if x["traffic"] == t and x["sort-key"] == "T%02d" % (i + 1)]), PAPER_T6[t][i]) for i in range(10)]
        p("| %s | %s |" % (t, " | ".join(line)))
    print("\n".join(out))
    notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cupstack-discussion.md")
    if os.path.exists(notes):
        print()
        print(open(notes).read().rstrip())


if __name__ == "__main__":
    main(sys.argv[1])
