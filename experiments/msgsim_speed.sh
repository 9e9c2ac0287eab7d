#!/usr/bin/env bash
# Timed CLI runs of the message simulator (the message simulator's speed goal): the three collectives at 1 MiB with every node of
# a 1,024-node and a 16,384-node random shortcut network taking part. Prints the simulator's own wall time
# (program construction + routes + simulation, JVM start excluded) and the whole command's.
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
for spec in random-shortcut:1024:19 random-shortcut:16384:27; do
  for cc in bcast allreduce alltoall; do
    start=$(date +%s.%N)
    json=$($CCOPT msgsim --topology "$spec" --collective "$cc" --bytes 1MiB --json)
    end=$(date +%s.%N)
    python3 - "$spec" "$cc" "$start" "$end" "$json" <<'PY'
import json, sys
spec, cc, start, end, text = sys.argv[1:]
j = json.loads(text)
print(f"{spec} {cc}: {j['flows']} flows, {j['events']} events, {j['shareComputations']} share computations, "
      f"simulator {j['wallSeconds']:.2f} s, command {float(end) - float(start):.2f} s")
PY
  done
done
