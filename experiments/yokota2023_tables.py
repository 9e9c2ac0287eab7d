#!/usr/bin/env python3
"""Compares the GA tables of Yokota et al. 2023 run under --model yokota2023 (experiments/tables.sh
cupstack-table3-yokota2023, cupstack-table4-yokota2023 and cupstack-table6-yokota2023, each one `ccopt run`) with the
paper's values, cell by cell: ccopt / paper (Table 3: the best of the cell's runs, their mean in parentheses), then
the mean and largest absolute error in percent and the cells where ccopt equals, beats or trails the paper. The paper's values are those of experiments/cupstack_tables.py.

Usage: python3 experiments/yokota2023_tables.py [RESULTS_DIR]   (default target/experiments; prints Markdown)
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cupstack_tables import PAPER_T3, PAPER_T4, PAPER_T6, PATTERNS, SCHEMES, T4_COLUMNS  # noqa: E402

# Table 4's GA columns as the zip of experiments/files/cupstack-table4-yokota2023.yaml runs them:
# (method, from-slices, estimate-slices, freeze)
T4_RUNS = {
    "full GA": ("full", "1", "2", "none"), "w/o T_adj": ("no-tadj", "1", "2", "none"),
    "S1-S2": ("extrapolate", "1", "2", "none"), "S2-S2": ("extrapolate", "2", "2", "none"),
    "S4-S2": ("extrapolate", "4", "2", "none"), "E2-S2": ("estimate", "1", "2", "none"),
    "E4-S2": ("estimate", "1", "4", "none"), "post S1": ("post", "1", "2", "none"), "post S2": ("post", "2", "2", "none"),
    "post S4": ("post", "4", "2", "none"), "post C00(S1)": ("post", "1", "2", "C,Q"),
    "perturb full": ("perturb", "1", "2", "none"), "perturb w/o T_adj": ("perturb", "1", "2", "I"),
}


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok" and r.get("bestCycles")]


def summary(pairs):
    errors = [abs(c - p) / p * 100 for c, p in pairs]
    equal = sum(1 for c, p in pairs if c == p)
    better = sum(1 for c, p in pairs if c < p)
    return ("%d cells: mean absolute error %.2f %%, largest %.1f %%; %d equal to the paper, %d shorter, %d longer"
            % (len(pairs), sum(errors) / len(errors), max(errors), equal, better, len(pairs) - equal - better))


def table(title, columns, value, paper, text=None):
    print("| pattern | " + " | ".join(columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    pairs = []
    for t in PATTERNS:
        cells = []
        for i, c in enumerate(columns):
            v = value(t, c)
            cells.append("-" if v is None else "%s / %d" % (text(t, c) if text else v, paper[t][i]))
            if v is not None:
                pairs.append((v, paper[t][i]))
        print("| %s | %s |" % (t, " | ".join(cells)))
    print()
    if pairs:
        print("%s: %s." % (title, summary(pairs)))
        print()


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else "target/experiments"
    t3 = rows(os.path.join(base, "cupstack-table3-yokota2023", "results.csv"))
    if t3:
        def t3_values(t, c):
            return [int(r["bestCycles"]) for r in t3 if r["traffic"] == t and r["vc-select"] == c]

        def t3_text(t, c):
            vals = t3_values(t, c)
            return "%d (%.1f)" % (min(vals), sum(vals) / len(vals))
        print("### Table 3, ccopt best of the cell's runs (their mean) / paper")
        print()
        table("Table 3 under yokota2023", SCHEMES, lambda t, c: min(t3_values(t, c), default=None), PAPER_T3, t3_text)
    t4 = rows(os.path.join(base, "cupstack-table4-yokota2023", "results.csv"))
    t6 = rows(os.path.join(base, "cupstack-table6-yokota2023", "results.csv"))
    if t4:
        def t4_value(t, c):
            m, f, e, z = T4_RUNS[c]
            vals = [int(r["bestCycles"]) for r in t4 if r["traffic"] == t and r["method"] == m and r["from-slices"] == f
                    and r["estimate-slices"] == e and r["freeze"] == z]
            return min(vals) if vals else None
        columns = [c for c in T4_COLUMNS if c in T4_RUNS]
        paper = {t: [PAPER_T4[t][T4_COLUMNS.index(c)] for c in columns] for t in PATTERNS}
        print("### Table 4 (GA columns), ccopt / paper")
        print()
        table("Table 4 under yokota2023", columns, t4_value, paper)
    n5 = rows(os.path.join(base, "cupstack-fullga-yokota2023-n5", "results.csv"))
    if n5:
        print("### Table 4's full GA, five runs per pattern (1,000 generations)")
        print()
        print("| pattern | runs | best | mean | sd | paper (best of 1,440) | best against paper |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for t in PATTERNS:
            vals = [int(r["bestCycles"]) for r in n5 if r["traffic"] == t]
            if not vals:
                continue
            paper = PAPER_T4[t][T4_COLUMNS.index("full GA")]
            mean = sum(vals) / len(vals)
            sd = (sum((v - mean) ** 2 for v in vals) / (len(vals) - 1)) ** 0.5 if len(vals) > 1 else float("nan")
            print("| %s | %d | %d | %.1f | %.1f | %d | %+.1f %% |" % (t, len(vals), min(vals), mean, sd, paper,
                                                                    100.0 * (min(vals) - paper) / paper))
        print()
    if t6:
        def t6_value(t, c):
            vals = [int(r["bestCycles"]) for r in t6 if r["traffic"] == t and r["sort-key"] == c]
            return min(vals) if vals else None
        print("### Table 6, ccopt / paper")
        print()
        table("Table 6 under yokota2023", ["T%02d" % (i + 1) for i in range(10)], t6_value, PAPER_T6)


if __name__ == "__main__":
    main()
