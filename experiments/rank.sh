#!/usr/bin/env bash
# Regenerates rank/ (CSV + PNG of every analysis of Cui 2024 chapters 3-5) and rank-tables.md in DOCS (default
# target/experiments/docs; DOCS=docs/results writes over the committed pages). About 4 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
docs=${DOCS:-target/experiments/docs}
out=$docs/rank
for a in hops-table mapping-hops convergence sa-vs-two-opt circulant metrics topology-hops p2p-hops collective-share cost; do
  $CCOPT analyze "$a" --out "$out"
done
# Tables 3.4-3.6 under the thesis's own two-opt rules (--rules cui2024)
$CCOPT run experiments/files/rank-hops-cui2024.yaml --out target/experiments/rank-hops-cui2024
cp target/experiments/rank-hops-cui2024/results.csv "$out/two-opt-cui2024.csv"
python3 experiments/rank_tables.py "$out" > "$docs/rank-tables.md"
