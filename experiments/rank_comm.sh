#!/usr/bin/env bash
# Rank placement of the example communication matrices on torus:8x8 (docs/results/rank-comm.md):
# the hop-volume each search reaches, seeds 1-5, against each matrix's known optimum.
# Usage (from the repository root): experiments/rank_comm.sh > /tmp/rows.md
set -euo pipefail
ccopt=./ccopt
row() { # file placement start iterations
  local v="" s
  for s in 1 2 3 4 5; do
    v="$v $("$ccopt" rank -t torus:8x8 --comm "experiments/files/$1" --mapping consecutive --placement "$2" --start "$3" \
      --iterations "$4" --seed "$s" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["totalHops"])')"
  done
  echo "| $1 | $2 | $3 | $4 |$(echo "$v" | sed 's/ /, /g; s/^,//') |"
}
echo "| matrix | placement | start | iterations | hops x volume, seeds 1-5 |"
echo "| --- | --- | --- | ---: | --- |"
for f in comm-groups-64.mtx comm-stencil-8x8.csv; do
  for pl in two-opt sa; do
    for st in ascending greedy; do
      for it in 200000 1000000; do row "$f" "$pl" "$st" "$it"; done
    done
  done
done
for it in 10000000 50000000; do row comm-stencil-8x8.csv sa ascending "$it"; done
