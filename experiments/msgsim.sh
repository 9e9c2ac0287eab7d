#!/usr/bin/env bash
# Regenerates docs/results/msgsim/ (the thesis's message-size sweeps and NAS skeleton runs, CSV + PNG),
# docs/results/msgsim-tables.md and, when SimGrid is installed, docs/results/msgsim-simgrid.md.
# About 10 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
out=docs/results/msgsim
$CCOPT analyze msg-sweep --out "$out"
$CCOPT analyze p2p-time --out "$out"
$CCOPT analyze nas --out "$out"
python3 experiments/msgsim_tables.py "$out" > docs/results/msgsim-tables.md
if [ -f /usr/include/simgrid/s4u.hpp ]; then
  CCOPT="$CCOPT" python3 experiments/msgsim_simgrid.py
fi
