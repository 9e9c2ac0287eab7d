#!/usr/bin/env python3
"""Yokota et al. 2018, Table 3 beside ccopt's: mean best duration over the three-pattern combinations, per GA
variant and survival order. Usage: experiments/nodemap_table3.py RESULTS.csv [MORE.csv ...] (`ccopt run`s of
experiments/files/nodemap-table3-yokota2018.yaml and, for all 56 combinations of the paper's eight patterns,
nodemap-table3-yokota2018-random.yaml). Prints Markdown."""
import csv
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

# The paper's Table 3 (cycles): sorting by duration (sc), by average hops (ah), by their product (ml); from the data
# file Java reads too (experiments/reference.py)
PAPER = {k: tuple(v) for k, v in reference.rows_by_key("yokota2018-table3").items()}
SORTS = ["sc", "ah", "ml"]


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    for pos, i in enumerate(order):
        r[i] = pos
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb)


def main(paths):
    cells = defaultdict(list)
    physical = {}
    combos = set()
    for path in paths:
        for row in csv.DictReader(open(path)):
            if row["status"] != "ok":
                continue
            cells[(row["variant"], row["sort"])].append(float(row["bestCycles"]))
            physical[row["traffic"]] = float(row["physicalCycles"])
            combos.add(row["traffic"])
    ours, paper, random_search = [], [], []
    print("| variant | sc (ccopt / paper) | ah | ml |")
    print("| --- | ---: | ---: | ---: |")
    for v in PAPER:
        line = []
        for i, s in enumerate(SORTS):
            vals = cells.get((v, s), [])
            if not vals:
                line.append("- / %.1f" % PAPER[v][i])
                continue
            m = sum(vals) / len(vals)
            ours.append(m)
            paper.append(PAPER[v][i])
            random_search.append(v == "S99")
            line.append("%.1f / %.1f" % (m, PAPER[v][i]))
        print("| %s | %s |" % (v, " | ".join(line)))
    errors = [abs(o - p) / p * 100 for o, p in zip(ours, paper)]
    signed = [(o - p) / p * 100 for o, p in zip(ours, paper)]
    print()
    print("%d combinations, %d cells; physical addressing %.1f cycles on average (the paper: 426.3)."
          % (len(combos), len(ours), sum(physical.values()) / max(1, len(physical))))
    ga = [k for k in range(len(ours)) if not random_search[k]]
    print("Mean absolute difference %.1f %%, largest %.1f %%; mean signed difference %+.1f %% (ccopt below the paper "
          "in %d of %d cells); Spearman rank correlation of the %d cells %.2f; of the %d GA cells (S99 left out) %.2f."
          % (sum(errors) / len(errors), max(errors), sum(signed) / len(signed), sum(1 for d in signed if d < 0),
             len(signed), len(ours), spearman(ours, paper), len(ga), spearman([ours[k] for k in ga],
                                                                              [paper[k] for k in ga])))
    ga_errors = [errors[k] for k in ga]
    ga_signed = [signed[k] for k in ga]
    print("GA cells alone: mean absolute difference %.1f %%, largest %.1f %%, mean signed %+.1f %%."
          % (sum(ga_errors) / len(ga_errors), max(ga_errors), sum(ga_signed) / len(ga_signed)))
    best_ours = min(((sum(cells[(v, s)]) / len(cells[(v, s)]), v + "-" + s) for v in PAPER if v != "S99" for s in SORTS
                     if cells.get((v, s))))
    best_paper = min((PAPER[v][i], v + "-" + s) for v in PAPER if v != "S99" for i, s in enumerate(SORTS))
    print("Best cell: ccopt %s (%.1f), the paper %s (%.1f)." % (best_ours[1], best_ours[0], best_paper[1], best_paper[0]))


if __name__ == "__main__":
    main(sys.argv[1:])
