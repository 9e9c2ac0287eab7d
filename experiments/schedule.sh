#!/usr/bin/env bash
# Regenerates schedule-tables.md in DOCS (default target/experiments/docs; DOCS=docs/results writes over the
# committed page): the step-scheduling tables of Jaros, Ohlidal, Dvorak 2007 (Tables
# 2-5) and of the MIN paper (Tables 1, 3, 5, 6) with ccopt's results beside the papers' numbers. Each experiment
# file is one `ccopt run`; schedule_tables.py joins the rows with the papers' values. About 10 minutes on a 2-core
# machine (20 CPU-minutes: most rows take under a second, the few that run to their time limit take the rest);
# reruns skip finished runs.
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
out=${OUT:-target/experiments}
mkdir -p "${DOCS:-target/experiments/docs}"
for name in schedule-min schedule-min-variants schedule-fbtree-roots schedule-mesh schedule-mesh-sf schedule-fat-octagon schedule-fat-octagon-sf schedule-octagon-scalings schedule-hypercube schedule-hypercube-aab schedule-sf-scatter; do
  $CCOPT run "experiments/files/$name.yaml" --out "$out/$name"
done
machine="$(nproc)-core $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
python3 experiments/schedule_tables.py "$out" "$machine" > "${DOCS:-target/experiments/docs}/schedule-tables.md"
