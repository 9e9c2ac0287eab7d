#!/usr/bin/env bash
# Regenerates docs/results/cupstack-tables.md: the cupstack-sweep runs behind Tables 2-4 and 6 of Yokota et al. 2023
# (16x16 torus, 2 slices of 8-flit packets), then the table script. Usage: experiments/cupstack.sh [RESULTS_DIR]
# Budgets (2-core machine): the full GA and w/o T_adj columns at the paper's 1,000 generations, everything else at
# GENERATIONS (default 200) and the perturbation columns at PERTURB_GENERATIONS (default 100, the training phase: a
# perturbed evaluation costs about ten runs); one seed per cell unless SEEDS is set. Rerunning skips the runs already recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
R="${1:-experiments/results/cupstack}"
G="${GENERATIONS:-200}"
S="${SEEDS:-1}"
CCOPT="${CCOPT:-./ccopt}"   # e.g. CCOPT="java -jar /tmp/ccopt.jar" to keep building while it runs
# the tables in docs/results/cupstack-tables.md ran under ccopt's earlier router model with the simple-stacking seed;
# MODEL=yokota2023 SEED= experiments/cupstack.sh reruns them under the 2023 preset, as the paper ran its GA (no seed);
# they drew the random schemes per port (INITIAL_SCHEME=uniform for cupstack's default since 2026-11-27)
common=(--topology torus:16x16 --slices 2 --packet-flits 8 --seeds "$S" --model "${MODEL:-ccopt}" ${SEED---seed-simple}
  --initial-scheme "${INITIAL_SCHEME:-port}")
$CCOPT cupstack-sweep "${common[@]}" --method simple --generations 0 --out "$R/simple"
$CCOPT cupstack-sweep "${common[@]}" --method full,no-tadj --generations 1000 --out "$R/full"
$CCOPT cupstack-sweep "${common[@]}" --method full --freeze 'C,Q' --vc-select C00,C01,C02,C03,C04,C05,C06,C07,C08,C09 \
  --generations "$G" --out "$R/tadj"
$CCOPT cupstack-sweep "${common[@]}" --method extrapolate --from-slices 1,2,4 --generations "$G" --out "$R/methods"
$CCOPT cupstack-sweep "${common[@]}" --method estimate --estimate-slices 2,4 --generations "$G" --out "$R/methods"
$CCOPT cupstack-sweep "${common[@]}" --method post --from-slices 1,2,4 --generations "$G" --out "$R/methods"
$CCOPT cupstack-sweep "${common[@]}" --method post --from-slices 1 --freeze 'C,Q' --generations "$G" --out "$R/methods"
$CCOPT cupstack-sweep "${common[@]}" --sort-key T01,T02,T03,T04,T05,T06,T07,T08,T09,T10 --generations "$G" --out "$R/items"
$CCOPT cupstack-sweep "${common[@]}" --method perturb --freeze 'none;I' --generations "${PERTURB_GENERATIONS:-100}" --out "$R/perturb"
GENERATIONS="$G" PERTURB_GENERATIONS="${PERTURB_GENERATIONS:-100}" python3 experiments/cupstack_tables.py "$R" > docs/results/cupstack-tables.md
mkdir -p docs/results/cupstack && for d in simple full tadj methods items perturb; do cp "$R/$d/results.csv" "docs/results/cupstack/$d.csv"; done
