#!/usr/bin/env bash
# Regenerates msgsim/ (the thesis's message-size sweeps and NAS skeleton runs, CSV + PNG) and msgsim-tables.md in
# DOCS (default target/experiments/docs; DOCS=docs/results writes over the committed pages). SimGrid's comparison,
# msgsim-simgrid.md, is experiments/msgsim_simgrid.py.
# About 10 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
docs=${DOCS:-target/experiments/docs}
out=$docs/msgsim
$CCOPT analyze msg-sweep --out "$out"
$CCOPT analyze p2p-time --out "$out"
$CCOPT analyze nas --out "$out"
python3 experiments/msgsim_tables.py "$out" > "$docs/msgsim-tables.md"
