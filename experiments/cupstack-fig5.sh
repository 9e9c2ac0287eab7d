#!/usr/bin/env bash
# Yokota et al. 2023, Fig. 5 (App. A.3 (6)): every combination of the GA parameters, r_m in {0.1, 0.05, 0.02}, r_c in
# {0.1, 0.2, 0.4, 0.6, 0.8, 0.9}, i_c in {10, 20}, ties random or by age, and lifetime or watchdog in {100, 200} (they
# are exclusive): 288 combinations, five runs each, then the average and the best of the five per combination.
# The paper runs 1,000 generations on the 16x16 torus (about 45 s a run here: 18 hours a pattern on 2 cores), so the
# budget is an argument. Usage: experiments/cupstack-fig5.sh [RESULTS_DIR]; environment: TOPOLOGY (torus:16x16),
# TRAFFIC (bcmp,brev,brot,shfl,torn,trns), GENERATIONS (1000), TRAINING (100), MODEL (yokota2023), READINGS (router
# readings over the model's, e.g. "--reading ring-tie=half --reading crossbar=per-input-port"), INITIAL_SCHEME (port,
# the reading the published figure was made under; uniform is cupstack's default since 2026-11-27). Reruns skip recorded runs.
set -euo pipefail
cd "$(dirname "$0")/.."
R="${1:-experiments/results/cupstack-fig5}"
CCOPT="${CCOPT:-./ccopt}"
$CCOPT cupstack-sweep --topology "${TOPOLOGY:-torus:16x16}" --slices 2 --packet-flits 8 --model "${MODEL:-yokota2023}" ${READINGS:-} \
  --traffic "${TRAFFIC:-bcmp,brev,brot,shfl,torn,trns}" --generations "${GENERATIONS:-1000}" --training "${TRAINING:-100}" \
  --mutation-rate 0.1,0.05,0.02 --crossover-rate 0.1,0.2,0.4,0.6,0.8,0.9 --crossover-interval 10,20 --tie random,age \
  --lifetime 0,100,200 --watchdog 0,100,200 --initial-scheme "${INITIAL_SCHEME:-port}" --seeds 5 --out "$R"
# lifetime = watchdog = 0 is not one of the paper's 288 combinations
python3 - "$R/results.csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
kept = [r for r in rows if not (r["lifetime"] == "0" and r["watchdog"] == "0")]
with open(sys.argv[1].replace("results.csv", "fig5-runs.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=rows[0].keys())
    w.writeheader()
    w.writerows(kept)
EOF
python3 experiments/cupstack_fig5.py "$R/fig5-runs.csv" "$R/fig5"
