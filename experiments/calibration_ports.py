#!/usr/bin/env python3
"""Which output ports decide one row's dependence on a VC selection scheme (Yokota et al. 2023, Table 2)?

Runs simple stacking (two slices of one 8-flit packet on the 16x16 torus, V swept from 8 to the single-slice
duration, the shortest kept, as `ccopt calibrate` does) with scheme LOW everywhere, HIGH everywhere, and HIGH on one
group of output ports at a time (LOW elsewhere), by editing the per-port `vcSelection` list of a parameter file
written by `ccopt sim --save-params` and replaying it with `ccopt sim --params FILE --sweep-interval 8:T` (T the same
file's single-slice duration). Groups: each port direction on every node, and each direction on the dateline lines
only (coordinate 0 or 8 of the port's own dimension) or off them.

Usage: python3 experiments/calibration_ports.py PATTERN LOW HIGH [ccopt router options...]
  e.g. python3 experiments/calibration_ports.py bcmp C04 C05 --model yokota2023 --dateline into
Set CCOPT to the launcher (default ./ccopt). Prints Markdown.
"""
import json
import os
import subprocess
import sys
import tempfile

CCOPT = os.environ.get("CCOPT", "./ccopt")
K = 16
PORTS = "+x -x +y -y cpu".split()


def run(args):
    out = subprocess.run([CCOPT, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"ccopt {' '.join(args)}: {out.stderr.strip()}")
    return out.stdout


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    pattern, low, high, options = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base.json")
        run(["sim", "--topology", f"torus:{K}x{K}", "--traffic", pattern, "--packets", "1", "--slices", "2",
             "--interval", "8", "--vc-select", low, *options, "--save-params", base, "--json"])
        params = json.load(open(base))

        def stack(pick):
            params["vcSelection"] = [pick(u % K, u // K, p) for u in range(K * K) for p in range(len(PORTS))]
            path = os.path.join(tmp, "run.json")
            json.dump(params, open(path, "w"))
            params["slices"] = 1
            json.dump(params, open(path, "w"))
            single = json.loads(run(["sim", "--params", path, "--json"]))["durationCycles"]
            params["slices"] = 2
            json.dump(params, open(path, "w"))
            r = json.loads(run(["sim", "--params", path, "--sweep-interval", f"8:{max(single, 8)}", "--json"]))
            return f"{r['durationCycles']} (V = {r['interval']})"

        def on_line(x, y, p):
            return (x if p < 2 else y) in (0, K // 2)

        print(f"{pattern}, router options `{' '.join(options) or '(command defaults)'}`: shortest two-slice duration")
        print()
        print(f"| {high} on | elsewhere {low} |")
        print("| --- | ---: |")
        print(f"| no port | {stack(lambda x, y, p: low)} |")
        print(f"| every port | {stack(lambda x, y, p: high)} |")
        for port, name in enumerate(PORTS):
            print(f"| {name}, every node | {stack(lambda x, y, p: high if p == port else low)} |")
            if port < 4:
                print(f"| {name}, dateline nodes | {stack(lambda x, y, p: high if p == port and on_line(x, y, p) else low)} |")
                print(f"| {name}, other nodes | {stack(lambda x, y, p: high if p == port and not on_line(x, y, p) else low)} |")


if __name__ == "__main__":
    main()
