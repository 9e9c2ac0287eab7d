#!/usr/bin/env python3
"""Joins two `ccopt calibrate --stage row2023 --out FILE.csv` screens (two rows of Yokota et al. 2023, Table 2, under
the same models) and asks whether one model can fit both: how the second row fares under the models that order
the first row's schemes like the paper (Spearman at least RHO), and the models that fit both rows best together.

Usage: python3 experiments/calibration_rows.py FIRST.csv SECOND.csv [RHO]   (prints Markdown)
"""
import csv
import sys


def load(path):
    with open(path, newline="") as f:
        return {r["model"]: r for r in csv.DictReader(f)}


def main():
    first, second = load(sys.argv[1]), load(sys.argv[2])
    rho = float(sys.argv[3]) if len(sys.argv) > 3 else 0.6
    models = [m for m in first if m in second]
    finite = lambda r: r["meanAbsPercent"] not in ("Infinity", "")
    ordered = [m for m in models if first[m]["spearman"] and float(first[m]["spearman"]) >= rho and finite(second[m])]
    print(f"{len(models)} models in both screens; {len(ordered)} order the first row's schemes with Spearman >= {rho}"
          " (and run the second row without deadlock).")
    if ordered:
        best = min(ordered, key=lambda m: float(second[m]["meanAbsPercent"]))
        print(f"Best second-row fit among them: mean {second[best]['meanAbsPercent']} %, max {second[best]['maxAbsPercent']} %"
              f" (cells {second[best]['cells']}); first row {first[best]['cells']}, Spearman {first[best]['spearman']}: {best}")
    both = [m for m in models if finite(first[m]) and finite(second[m])]
    both.sort(key=lambda m: float(first[m]["meanAbsPercent"]) + float(second[m]["meanAbsPercent"]))
    print()
    print("| first mean % | first max % | second mean % | second max % | readings |")
    print("| ---: | ---: | ---: | ---: | --- |")
    for m in both[:10]:
        print(f"| {first[m]['meanAbsPercent']} | {first[m]['maxAbsPercent']} | {second[m]['meanAbsPercent']} |"
              f" {second[m]['maxAbsPercent']} | {m} |")


if __name__ == "__main__":
    main()
