#!/usr/bin/env python3
"""Gene-group diagnostics of the Cup-Stacking GA against Yokota et al. 2023, Tables 3 and 4.

usage: cupstack_groups.py RESULTS_DIR SVG_OUT

RESULTS_DIR holds the runs of experiments/cupstack-groups.sh: TRAFFIC-GROUPS-SEED.json (the `cupstack --json` result)
and TRAFFIC-GROUPS-SEED/generations.csv. Prints a Markdown page (the table of best-of-seeds per gene group beside the
paper's columns) and writes an SVG of best-so-far against evaluations, one panel per pattern, seed 1.
"""
import csv
import datetime
import glob
import json
import os
import platform
import sys

import reference

PATTERNS = ["bcmp", "brev", "brot", "shfl"]
GROUPS = ["VICQ", "VCQ", "VIC", "VIQ", "VI", "VC", "VQ"]
BEST_SCHEME = {"bcmp": "C05", "brev": "C04", "brot": "C05", "shfl": "C09"}
# Yokota et al. 2023, Table 4: simple, w/ T_adj (best of Table 3's row), full GA, w/o T_adj; from ccopt's data files of
# the paper's tables (experiments/reference.py)
TABLE4 = {t: tuple(int(reference.cell("yokota2023-table4", t, c)) for c in ("simple", "w/ T_adj", "full GA", "w/o T_adj"))
          for t in PATTERNS}
# Yokota et al. 2023, Table 3, under the scheme ccopt's search freezes (the pattern's best simple-stacking scheme here)
TABLE3_AT_SCHEME = {t: int(reference.cell("yokota2023-table3", t, BEST_SCHEME[t])) for t in PATTERNS}
COLOURS = {"VICQ": "#000000", "VCQ": "#d62728", "VIC": "#1f77b4", "VIQ": "#2ca02c", "VI": "#ff7f0e", "VC": "#9467bd",
           "VQ": "#8c564b"}


def load(directory):
    runs = {}
    for path in glob.glob(os.path.join(directory, "*.json")):
        name = os.path.basename(path)[:-5]
        traffic, groups, seed = name.split("-")
        with open(path) as f:
            text = f.read().strip()
        if not text:
            continue
        result = json.loads(text)
        history = []
        gen = os.path.join(directory, name, "generations.csv")
        if os.path.exists(gen):
            with open(gen) as f:
                history = [(int(r["evaluations"]), int(r["bestDuration"])) for r in csv.DictReader(f)]
        runs[(traffic, groups, int(seed))] = (result, history)
    return runs


def svg(runs, out):
    width, height, pad = 420, 260, 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" height="{2 * height + 30}" '
             f'font-family="sans-serif" font-size="11">']
    for i, t in enumerate(PATTERNS):
        ox, oy = (i % 2) * width, (i // 2) * height
        curves = {g: runs[(t, g, 1)][1] for g in GROUPS if (t, g, 1) in runs and runs[(t, g, 1)][1]}
        if not curves:
            continue
        xs = [e for h in curves.values() for e, _ in h]
        ys = [d for h in curves.values() for _, d in h] + [TABLE4[t][2]]
        x0, x1, y0, y1 = 0, max(xs), min(ys) - 2, max(ys) + 2

        def px(e):
            return ox + pad + (width - 2 * pad) * (e - x0) / (x1 - x0)

        def py(d):
            return oy + height - pad + 10 - (height - 2 * pad) * (d - y0) / (y1 - y0)

        parts.append(f'<text x="{ox + width / 2}" y="{oy + 16}" text-anchor="middle" font-weight="bold">{t}: best '
                     f'duration (cycles) against evaluations, seed 1</text>')
        parts.append(f'<rect x="{ox + pad}" y="{oy + pad - 10}" width="{width - 2 * pad}" height="{height - 2 * pad}" '
                     f'fill="none" stroke="#999"/>')
        for k in range(5):
            d = y0 + (y1 - y0) * k / 4
            parts.append(f'<text x="{ox + pad - 4}" y="{py(d) + 4:.1f}" text-anchor="end">{d:.0f}</text>')
            e = x0 + (x1 - x0) * k / 4
            parts.append(f'<text x="{px(e):.1f}" y="{oy + height - pad + 24}" text-anchor="middle">{e / 1000:.0f}k</text>')
        paper = TABLE4[t][2]
        parts.append(f'<line x1="{px(x0):.1f}" y1="{py(paper):.1f}" x2="{px(x1):.1f}" y2="{py(paper):.1f}" '
                     f'stroke="#000" stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{px(x1) - 2:.1f}" y="{py(paper) - 3:.1f}" text-anchor="end">paper full GA {paper}</text>')
        for g, h in curves.items():
            pts = " ".join(f"{px(e):.1f},{py(d):.1f}" for e, d in h)
            parts.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS[g]}" stroke-width="1.3"/>')
    for j, g in enumerate(GROUPS):
        parts.append(f'<rect x="{20 + j * 110}" y="{2 * height + 12}" width="12" height="4" fill="{COLOURS[g]}"/>'
                     f'<text x="{36 + j * 110}" y="{2 * height + 18}">{g} searched</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


def main():
    directory, out = sys.argv[1], sys.argv[2]
    runs = load(directory)
    svg(runs, out)
    seeds = sorted({k[2] for k in runs})
    print("# Cup-Stacking GA: which gene group buys what (Yokota et al. 2023, Tables 3 and 4)\n")
    print(f"Generated on {datetime.date.today()} on a {os.cpu_count()}-core {platform.machine()} machine by "
          f"`experiments/cupstack-groups.sh {directory}` (`ccopt cupstack --model yokota2023 --method full --freeze ... "
          f"--generations 1000 --seed S --threads 1 --initial-scheme port`, seeds {', '.join(map(str, seeds))}) and "
          f"`python3 experiments/cupstack_groups.py {directory} {out}`.\n")
    print("Each cell is the best of the seeds (the mean in parentheses), in cycles, 16x16 torus, two slices of one 8-flit "
          "packet, the paper's GA at its protocol (50 chromosomes, 1,000 generations, r_m 0.02, i_c 10, r_c 0.8, lifetime "
          "200, ties by age), unseeded, random schemes per port (`--initial-scheme port`). The letters name the groups searched; the others are frozen: I at 0, Q at port "
          "order, C at the pattern's best simple-stacking scheme under yokota2023 (bcmp C05, flat; brev C04; brot C05; "
          "shfl C09), V at l_c. The paper's columns are the best of its 1,440 runs per cell.\n")
    head = ["pattern", "simple (ccopt / paper)"] + [g for g in GROUPS] + ["paper full GA", "paper w/o T_adj",
                                                                            "paper w/ T_adj (Table 3 at the scheme)"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for t in PATTERNS:
        cells = []
        simple = None
        for g in GROUPS:
            vals = [runs[(t, g, s)][0]["bestCycles"] for s in seeds if (t, g, s) in runs]
            if (t, g, seeds[0]) in runs:
                simple = runs[(t, g, seeds[0])][0]["simpleStackingCycles"]
            cells.append(f"{min(vals)} ({sum(vals) / len(vals):.1f})" if vals else "-")
        s, tadj, full, notadj = TABLE4[t]
        print(f"| {t} | {simple} / {s} | " + " | ".join(cells) + f" | {full} | {notadj} | {TABLE3_AT_SCHEME[t]} |")
    print(f"\n![best-so-far against evaluations]({os.path.basename(out)})")


if __name__ == "__main__":
    main()
