#!/usr/bin/env python3
"""Shape against level of one row of Yokota et al. 2023, Table 2, over the models of a `ccopt calibrate --stage
grid2023 --out FILE.csv` grid (its cells column holds the six rows, C00-C09 each): per pair of two readings, how many
models order the row's schemes like the paper (Spearman's rank correlation at least RHO, ties given mean ranks as
`calibrate` does) and how far above the paper those models sit on average (cycles, over the ten cells).

Usage: python3 experiments/calibration_shape.py GRID.csv [PATTERN] [RHO] [READING,READING]
       (defaults: brot, 0.9, crossbar,vc-class; prints Markdown)
"""
import csv
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cupstack_tables import PAPER_T2, PATTERNS  # noqa: E402


def ranks(v):
    return [sum(x < y for x in v) + (sum(x == y for x in v) + 1) / 2 for y in v]


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    pattern = sys.argv[2] if len(sys.argv) > 2 else "brot"
    if pattern not in PATTERNS:
        print(f"calibration_shape.py: pattern '{pattern}' is not a row of Table 2; expected one of {', '.join(PATTERNS)}",
              file=sys.stderr)
        sys.exit(2)
    try:
        rho = float(sys.argv[3]) if len(sys.argv) > 3 else 0.9
    except ValueError:
        print(f"calibration_shape.py: RHO '{sys.argv[3]}' is not a number; expected a correlation in -1..1", file=sys.stderr)
        sys.exit(2)
    keys = (sys.argv[4] if len(sys.argv) > 4 else "crossbar,vc-class").split(",")
    paper = PAPER_T2[pattern]
    groups = defaultdict(list)
    try:
        with open(sys.argv[1], newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        print(f"calibration_shape.py: cannot read {sys.argv[1]}: {e.strerror}; expected a grid2023 CSV", file=sys.stderr)
        sys.exit(2)
    for r in rows:
        row = [int(c) for c in r["cells"].split()[PATTERNS.index(pattern)].split("/")]
        if min(row) < 0:
            continue  # deadlock
        readings = dict(kv.split("=", 1) for kv in r["model"].split(","))
        unknown = [k for k in keys if k not in readings]
        if unknown:
            print(f"calibration_shape.py: reading '{unknown[0]}' is not in the grid's models; expected some of "
                  f"{', '.join(readings)}", file=sys.stderr)
            sys.exit(2)
        groups[tuple(readings[k] for k in keys)].append((spearman(row, paper), sum(row) / 10 - sum(paper) / 10))
    print(f"{pattern}, paper {' '.join(map(str, paper))}: models ordering the schemes with Spearman >= {rho}")
    print()
    print(f"| {' | '.join(keys)} | models | ordered | their mean offset (cycles) | all models' mean offset |")
    print("| " + " | ".join("---" for _ in keys) + " | ---: | ---: | ---: | ---: |")
    for g in sorted(groups):
        v = groups[g]
        ok = [off for s, off in v if s is not None and s >= rho]
        ordered = f"{sum(ok) / len(ok):+.1f}" if ok else "-"
        print(f"| {' | '.join(g)} | {len(v)} | {len(ok)} | {ordered} | {sum(off for _, off in v) / len(v):+.1f} |")


if __name__ == "__main__":
    main()
