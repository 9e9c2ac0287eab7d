#!/usr/bin/env python3
"""Yokota et al. 2018, Table 2 (two-pattern node mapping on the 8x8 torus) under `--model yokota2018`.

Usage: experiments/nodemap_table2.py [SEEDS] [POPULATION] [GENERATIONS] [COMBINATION] [RADIUS_BOUND] [READINGS] [PAIRS]
       > FILE.md

CCOPT overrides the command (default: the repository's ./ccopt), e.g. CCOPT="java -jar /tmp/ccopt.jar" so that a
long run keeps one build while the sources change.

For every pair of the six patterns: the physical-addressing duration (ccopt's and the paper's), and the GA over SEEDS
seeds (default 10, as the paper) under COMBINATION, a mutation-sorting combination such as S20-ml, or `paper` (the
default): each pair's top combination in the paper's Table 2 (the first where it names two), the one whose mean of
ten runs the paper prints. Columns: best of the runs, mean +- sd, worst, the runs that end within 5 % of the pair's
68-cycle floor, beside the paper's mean of ten runs at 1,000 x 1,000. RADIUS_BOUND is nodemap's --radius-bound
(default inclusive, nodemap's default). READINGS are further nodemap options for the survival's readings, as one
argument (e.g. "--best shortest --ties newest"; default none: ccopt's). PAIRS limits the table to some pairs
(e.g. bcmp-brev,shfl-trns; default all fifteen).
"""
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

PATTERNS = ["bcmp", "brev", "brot", "shfl", "torn", "trns"]
# Yokota et al. 2018, Table 2, from the data file Java reads too (experiments/reference.py): pair -> (best duration,
# mean of 10 runs; physical duration), the top mutation-sorting combination, the mean generation of the best
TABLE2 = {tuple(k.split(",")): v for k, v in reference.rows_by_key("yokota2018-table2").items()}
PAPER = {k: (v[0], v[1]) for k, v in TABLE2.items()}
PAPER_TOP = {k: v[2] for k, v in TABLE2.items()}
FLOOR = 68  # two patterns, 34 cycles each without interference
PAPER_GEN = {k: v[3] for k, v in TABLE2.items()}


def ccopt(*args):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    command = shlex.split(os.environ["CCOPT"]) if "CCOPT" in os.environ else [os.path.join(root, "ccopt")]
    out = subprocess.run([*command, *args, "--json"], check=True, capture_output=True, text=True, cwd=root)
    return json.loads(out.stdout)


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    population = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    generations = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    combination = sys.argv[4] if len(sys.argv) > 4 else "paper"
    bound = sys.argv[5] if len(sys.argv) > 5 else "inclusive"
    readings = shlex.split(sys.argv[6]) if len(sys.argv) > 6 else []
    only = set(sys.argv[7].split(",")) if len(sys.argv) > 7 and sys.argv[7] != "all" else None
    single = {p: ccopt("sim", "--topology", "torus:8x8", "--traffic", p, "--packets", "4", "--packet-flits", "8",
                       "--model", "yokota2018")["durationCycles"] for p in PATTERNS}
    rows = []
    for (a, b), (paper_best, paper_phys) in PAPER.items():
        if only is not None and f"{a}-{b}" not in only:
            continue
        combo = PAPER_TOP[(a, b)] if combination == "paper" else combination
        variant, sort = combo.split("-")
        runs = [ccopt("nodemap", "--topology", "torus:8x8", "--traffic", f"{a},{b}", "--variant", variant, "--sort", sort,
                      "--population", str(population), "--generations", str(generations), "--seed", str(s),
                      "--threads", "2", "--model", "yokota2018", "--radius-bound", bound, *readings) for s in range(1, seeds + 1)]
        best = [r["bestCycles"] for r in runs]
        assert runs[0]["physicalCycles"] == single[a] + single[b]
        rows.append((a, b, paper_phys, single[a] + single[b], paper_best, min(best), statistics.mean(best),
                     statistics.stdev(best) if len(best) > 1 else None, PAPER_GEN[(a, b)],
                     statistics.mean(r["generation"] for r in runs), statistics.mean(r["seconds"] for r in runs),
                     combo, max(best), sum(1 for x in best if x <= FLOOR * 1.05)))
    print("# Node mapping, Table 2 of Yokota et al. 2018, under `--model yokota2018`\n")
    called = " ".join(shlex.quote(a) for a in sys.argv[1:]) or "(no arguments)"
    print(f"Produced by `experiments/nodemap_table2.py {called}` on "
          f"{datetime.date.today()}, "
          f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}. Per pair: "
          f"`./ccopt nodemap --topology torus:8x8 --traffic A,B --variant V --sort S --population {population} "
          f"--generations {generations} --seed {'1' if seeds == 1 else f'1..{seeds}'} --model yokota2018 --radius-bound {bound} "
          + "".join(f"{r} " for r in readings) + "--json` (the router "
          "model chosen by fit to the paper's physical-addressing durations: see flitsim-calibration.md), with V-S "
          + ("each pair's top combination in the paper's Table 2 (the first where it names two), the combination whose "
             "mean of ten runs the paper prints" if combination == "paper" else combination) + ".\n")
    budget = ("the paper's budget" if population * generations == 1_000_000 else
              f"{population * generations:,} evaluations a run against the paper's 1,000,000, so the GA columns "
              "compare methods at unequal budgets")
    runs = "one run" if seeds == 1 else f"{seeds} seeds"
    print(f"The paper's GA runs 1,000 mappings x 1,000 generations and prints the mean of ten runs; here each pair "
          f"runs {runs} at {population} x {generations} ({budget}); the physical-addressing columns compare the "
          "routers.\n")
    print("| pair | V-S | paper phys. | ccopt phys. | error | paper GA (mean of 10) | ccopt GA best | ccopt GA mean +- sd "
          f"| ccopt GA worst | ccopt runs within 5 % of {FLOOR} | paper gen. found | ccopt gen. found (mean) | ccopt s a run |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for a, b, pp, cp, pb, best, mean, sd, pg, gen, secs, combo, worst, near in rows:
        spread = f"{mean:.1f} +- {sd:.1f}" if sd is not None else f"{mean:.1f}"
        print(f"| {a}-{b} | {combo} | {pp} | {cp} | {100.0 * (cp - pp) / pp:+.1f} % | {pb} | {best} | {spread} | {worst} "
              f"| {near} of {seeds} | {pg} | {gen:.1f} | {secs:.1f} |")
    ga = [abs(mean - pb) / pb for _, _, _, _, pb, _, mean, *_ in rows]
    print(f"\nGA, mean of the runs against the paper's mean of ten: mean absolute difference {100 * statistics.mean(ga):.1f} %, "
          f"largest {100 * max(ga):.1f} %; ccopt lower in {sum(1 for r in rows if r[6] < r[4])} of {len(rows)} pairs.")
    errors = [abs(cp - pp) / pp for _, _, pp, cp, *_ in rows]
    print(f"\nPhysical addressing: mean absolute error {100 * statistics.mean(errors):.2f} %, largest "
          f"{100 * max(errors):.2f} % over the {len(rows)} pairs. The minimum of any pair is 68 cycles (2 x 34).")


if __name__ == "__main__":
    main()
