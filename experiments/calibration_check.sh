#!/usr/bin/env bash
# Prints calibration-check.md: `ccopt calibrate --stage check` under both papers' presets, the deterministic figures
# the presets were fitted to (Yokota et al. 2018, physical addressing on the 8x8 torus; Yokota et al. 2023, Table 2,
# simple stacking on the 16x16 torus), cell by cell against the papers. About 10 seconds.
# Usage: experiments/calibration_check.sh > FILE.md
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
echo "# The papers' presets against their deterministic figures"
echo
echo "Made by \`experiments/reproduce.sh OUT calibration-check\` on $(date -u +%F), $(nproc)-core $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), in about 10 s."
echo "Each block is one command and what it prints: the preset's readings, the 2018 known answers and the six 8x8"
echo "durations of physical addressing under each VC selection scheme, then the 2023 Table 2 cells (ccopt / paper)."
echo "How the presets were fitted, and the figures held out of the fit: [flitsim-calibration.md](flitsim-calibration.md)."
for m in yokota2018 yokota2023; do
  echo
  echo "\`\`\`"
  echo "\$ ccopt calibrate --stage check --model $m"
  $CCOPT calibrate --stage check --model "$m"
  echo "\`\`\`"
done
