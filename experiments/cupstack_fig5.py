#!/usr/bin/env python3
"""Yokota et al. 2023, Fig. 5: for every combination of the GA parameters, the average (x) and the best (y) of its runs.

Usage: experiments/cupstack_fig5.py RESULTS.csv OUT_PREFIX
RESULTS.csv is a `ccopt cupstack-sweep` results file (experiments/cupstack-fig5.sh makes one). Writes
OUT_PREFIX.csv (one row per pattern and combination: runs, average, best, sd) and OUT_PREFIX.svg (one scatter per
pattern, the line y = x as in the paper), and prints the summary that docs/results quotes.
"""
import csv
import statistics
import sys
from collections import defaultdict

PARAMS = ["mutation-rate", "crossover-interval", "crossover-rate", "tie", "lifetime", "watchdog"]


def main():
    results, prefix = sys.argv[1], sys.argv[2]
    groups = defaultdict(list)
    for row in csv.DictReader(open(results)):
        if row["status"] != "ok":
            continue
        groups[(row["traffic"],) + tuple(row[p] for p in PARAMS)].append(int(row["bestCycles"]))
    points = defaultdict(list)
    with open(prefix + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["traffic", *PARAMS, "runs", "average", "best", "sd"])
        for key in sorted(groups):
            v = groups[key]
            sd = statistics.stdev(v) if len(v) > 1 else 0.0
            w.writerow([*key, len(v), f"{statistics.mean(v):.2f}", min(v), f"{sd:.2f}"])
            points[key[0]].append((statistics.mean(v), min(v)))
    write_svg(prefix + ".svg", points)
    for traffic, pts in sorted(points.items()):
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        r = statistics.correlation(xs, ys) if len(pts) > 2 and len(set(xs)) > 1 and len(set(ys)) > 1 else float("nan")
        lowest_avg = min(pts)
        print(f"{traffic}: {len(pts)} combinations; best of all {min(ys)}, average of averages {statistics.mean(xs):.1f}; "
              f"Pearson r(average, best) = {r:.2f}; the lowest average ({lowest_avg[0]:.1f}) has best {lowest_avg[1]}")


def write_svg(path, points):
    """One scatter per pattern, side by side: average of the runs across, best down the page reversed (higher up)."""
    w, h, pad = 320, 320, 48
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * len(points)}" height="{h}" font-family="sans-serif" '
           'font-size="11">', f'<rect width="100%" height="100%" fill="white"/>']
    for i, (traffic, pts) in enumerate(sorted(points.items())):
        lo = min(min(p) for p in pts)
        hi = max(max(p) for p in pts)
        lo, hi = lo - 1, hi + 1
        ox = i * w

        def sx(v):
            return ox + pad + (v - lo) / (hi - lo) * (w - 2 * pad)

        def sy(v):
            return h - pad - (v - lo) / (hi - lo) * (h - 2 * pad)

        out.append(f'<rect x="{ox + pad}" y="{pad}" width="{w - 2 * pad}" height="{h - 2 * pad}" fill="none" stroke="black"/>')
        out.append(f'<line x1="{sx(lo)}" y1="{sy(lo)}" x2="{sx(hi)}" y2="{sy(hi)}" stroke="grey" stroke-dasharray="4 3"/>')
        for x, y in pts:
            out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="2.5" fill="steelblue" fill-opacity="0.6"/>')
        out.append(f'<text x="{ox + w / 2}" y="{pad - 14}" text-anchor="middle" font-size="13">{traffic}</text>')
        out.append(f'<text x="{ox + w / 2}" y="{h - 12}" text-anchor="middle">average of the runs [cycles]</text>')
        out.append(f'<text x="{ox + 14}" y="{h / 2}" text-anchor="middle" transform="rotate(-90 {ox + 14} {h / 2})">'
                   'best of the runs [cycles]</text>')
        for v in (lo + 1, (lo + hi) // 2, hi - 1):
            out.append(f'<text x="{sx(v):.1f}" y="{h - pad + 14}" text-anchor="middle">{v}</text>')
            out.append(f'<text x="{ox + pad - 4}" y="{sy(v) + 4:.1f}" text-anchor="end">{v}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
