#!/usr/bin/env python3
"""Compares a regenerated results page (or CSV, or a folder of them) with the committed one, cell by cell, and prints
one line: PASS with the cells compared, or FAIL with the first cells that differ.

Markdown pages are compared by their tables (lines that start with '|') and their fenced blocks, line by line (prose,
dates and commands outside them are not compared), CSV files by their rows. A cell compares equal where its text is equal, or where it holds the same words and its
numbers are each within the relative tolerance (--rel, default 0: exact). Columns are matched by their headers: a
column the regenerated table adds is not compared, one it lost is a difference. Columns whose header matches --skip (a
regular expression, case-insensitive) are not compared: the times a run took, which depend on the machine. A folder
is compared file by file over the committed folder's .md and .csv files.

Usage: python3 experiments/compare_results.py COMMITTED REGENERATED [--rel TOL] [--skip REGEX] [--name NAME]
Exit status: 0 PASS, 1 FAIL, 2 a file missing or unreadable.
"""
import argparse
import csv
import os
import re
import sys

NUMBER = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?")


def numbers(cell):
    """The cell's numbers (thousands separators dropped) and its text with each number replaced by '#'."""
    values = [float(m.replace(",", "")) for m in NUMBER.findall(cell)]
    return values, NUMBER.sub("#", cell).strip()


def same(a, b, rel):
    if a.strip() == b.strip():
        return True
    va, ta = numbers(a)
    vb, tb = numbers(b)
    if ta != tb or len(va) != len(vb):
        return False
    return all(abs(x - y) <= rel * max(abs(x), abs(y)) for x, y in zip(va, vb))


def split_row(line):
    cells = line.strip().strip("|").split("|")
    return [c.strip() for c in cells]


def md_tables(path):
    """Every table of a Markdown page, (header, rows), and every fenced block, as a table of one column whose rows are
    its lines, in page order."""
    tables, current, block = [], None, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                if block is None:
                    block = (["fenced block"], [])
                    tables.append(block)
                else:
                    block = None
                current = None
            elif block is not None:
                block[1].append([line.rstrip("\n")])
            elif line.lstrip().startswith("|"):
                cells = split_row(line)
                if current is None:
                    current = (cells, [])
                    tables.append(current)
                elif not all(re.fullmatch(r":?-{3,}:?", c) for c in cells if c):
                    current[1].append(cells)
            else:
                current = None
    return tables


def csv_tables(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return [(rows[0], rows[1:])] if rows else []


def occurrences(header):
    """The header's names, each with how many times it came before: ('residual', 0), ('residual', 1)."""
    seen = {}
    keys = []
    for h in header:
        keys.append((h, seen.get(h, 0)))
        seen[h] = seen.get(h, 0) + 1
    return keys


def compare_tables(old, new, rel, skip, where, problems):
    """Appends to problems what differs between two lists of tables; returns the cells compared."""
    compared = 0
    if len(old) != len(new):
        problems.append(f"{where}: {len(new)} tables, committed {len(old)}")
    for t, ((oh, orows), (nh, nrows)) in enumerate(zip(old, new)):
        # columns by name (the k-th of a repeated name by its k-th): a column the regenerated table adds is not
        # compared, one it lost is a difference
        okeys, nkeys = occurrences(oh), occurrences(nh)
        if any(k not in nkeys for k in okeys):
            problems.append(f"{where}, table {t + 1}: header {nh}, committed {oh}")
            continue
        if len(orows) != len(nrows):
            problems.append(f"{where}, table {t + 1}: {len(nrows)} rows, committed {len(orows)}")
        keep = [(i, nkeys.index(k)) for i, k in enumerate(okeys) if not (skip and skip.search(k[0]))]
        for r, (orow, nrow) in enumerate(zip(orows, nrows)):
            for i, j in keep:
                a = orow[i] if i < len(orow) else ""
                b = nrow[j] if j < len(nrow) else ""
                compared += 1
                if not same(a, b, rel):
                    if oh == ["fenced block"]:
                        problems.append(f"{where}, block {t + 1}, line {r + 1}: {b!r}, committed {a!r}")
                    else:
                        label = orow[0] if orow and orow[0] else f"row {r + 1}"
                        problems.append(f"{where}, table {t + 1}, {label} | {oh[i]}: {b!r}, committed {a!r}")
    return compared


def compare_file(old, new, rel, skip, where, problems):
    read = csv_tables if old.endswith(".csv") else md_tables
    if not os.path.isfile(new):
        problems.append(f"{where}: not made")
        return 0
    return compare_tables(read(old), read(new), rel, skip, where, problems)


def main():
    ap = argparse.ArgumentParser(description="Compares a regenerated results page with the committed one.")
    ap.add_argument("committed")
    ap.add_argument("regenerated")
    ap.add_argument("--rel", type=float, default=0.0)
    ap.add_argument("--skip", default="")
    ap.add_argument("--name", default=None)
    a = ap.parse_args()
    name = a.name or os.path.basename(a.committed.rstrip("/"))
    skip = re.compile(a.skip, re.IGNORECASE) if a.skip else None
    if not os.path.exists(a.committed):
        print(f"compare_results.py: no committed file {a.committed}", file=sys.stderr)
        return 2
    problems, compared = [], 0
    if os.path.isdir(a.committed):
        for f in sorted(os.listdir(a.committed)):
            if f.endswith((".md", ".csv")):
                compared += compare_file(os.path.join(a.committed, f), os.path.join(a.regenerated, f), a.rel, skip, f,
                                         problems)
    else:
        compared = compare_file(a.committed, a.regenerated, a.rel, skip, os.path.basename(a.committed), problems)
    if compared == 0 and not problems:
        problems.append("no table to compare")
    if problems:
        print(f"FAIL {name}: {len(problems)} differences in {compared} cells; first: " + "; ".join(problems[:3]))
        return 1
    print(f"PASS {name}: {compared} cells equal" + (f" within {a.rel:g}" if a.rel else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
