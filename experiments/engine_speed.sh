#!/usr/bin/env bash
# The flit engine's speed beside BookSim 2's, in one run on one machine: router-cycles per CPU-second per core on
# mesh:8x8 and torus:8x8, uniform random traffic at 0.1 flits/terminal/cycle, dimension order, 4 VCs x 4 flits,
# 8-flit packets (the cross-check's configuration). ccopt: JMH's NetworkSimBenchmark, one thread, whose secondary
# result counts router-cycles. BookSim: the cycles of its whole run (warm-up, measurement and drain, "Time taken")
# x 64 routers over its user CPU time, the median of three runs.
#
# Usage: mvn -B -q install -DskipTests && experiments/engine_speed.sh > table.md
# BookSim: $CCOPT_BOOKSIM, else the one the cross-check builds in ccopt-flitsim/target/booksim (mvn -B verify).
set -euo pipefail
cd "$(dirname "$0")/.."
booksim=${CCOPT_BOOKSIM:-ccopt-flitsim/target/booksim/booksim2/src/booksim}
jar=ccopt-bench/target/benchmarks.jar
if [ ! -x "$booksim" ]; then
  echo "engine_speed.sh: no BookSim at $booksim; run mvn -B verify (the cross-check builds it) or set CCOPT_BOOKSIM" >&2
  exit 2
fi
if [ ! -f "$jar" ]; then
  echo "engine_speed.sh: no $jar; run mvn -B -q install -DskipTests first" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

java -jar "$jar" NetworkSimBenchmark -p topology=mesh:8x8,torus:8x8 -f 1 -wi 3 -w 2 -i 5 -r 2 \
  -rf csv -rff "$work/jmh.csv" > "$work/jmh.log"

booksim_rate() { # topology name -> router-cycles per user CPU-second, median of three runs
  printf 'topology = %s;\nk = 8;\nn = 2;\nrouting_function = dim_order;\nnum_vcs = 4;\nvc_buf_size = 4;\npacket_size = 8;\ninjection_rate_uses_flits = 1;\ntraffic = uniform;\ninjection_rate = 0.1;\n' "$1" > "$work/config"
  for i in 1 2 3; do
    /usr/bin/time -f '%U' -o "$work/time" "$booksim" "$work/config" > "$work/out" || true # BookSim exits 255 on success
    cycles=$(grep -o 'Time taken is [0-9]*' "$work/out" | tail -1 | grep -o '[0-9]*$')
    tail -1 "$work/time" | awk -v c="$cycles" '{ printf "%.0f\n", c * 64 / $1 }'
  done | sort -n | sed -n 2p
}

echo "| network | ccopt router-cycles/s | BookSim 2 router-cycles/s | ccopt / BookSim |"
echo "| --- | ---: | ---: | ---: |"
for net in mesh torus; do
  ours=$(grep "topology.*routerCycles\|routerCycles.*${net}:8x8" "$work/jmh.csv" | grep "${net}:8x8" | cut -d, -f5)
  theirs=$(booksim_rate "$net")
  awk -v n="$net" -v a="$ours" -v b="$theirs" 'BEGIN { printf "| `%s:8x8` | %.3g | %.3g | %.1fx |\n", n, a, b, a / b }'
done
