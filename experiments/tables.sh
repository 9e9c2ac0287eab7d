#!/usr/bin/env bash
# Regenerates the tables of experiments/ in DOCS (default target/experiments/docs; DOCS=docs/results writes over the
# committed pages) from experiment files with one `ccopt run` and one
# `ccopt table` each: Yokota et al. 2018's 8x8 pattern durations and node-mapping Table 3, Yokota et al. 2023's
# Cup-Stacking Tables 2, 3, 4 and 6 under ccopt's model and Tables 3, 4 and 6 under the 2023 preset, and Cui 2024's
# Tables 3.4-3.6. About 8 hours on a 2-core machine (Cup-Stacking Table 4 45 minutes, Tables 3 and 6 15 each, the
# node-mapping table 9, under its preset 13 and 50 more with the random patterns, at 1/10 of the paper's evaluations under
# Table 2's fitted readings 140 (2026-11-29: 100 without the random search's ah and ml runs, which repeat its sc runs); under the 2023 preset Table 3 34,
# Table 4 58, Table 6 15 (2026-11-26), Table 4's full GA at ten runs per pattern 40 under each initial-scheme
# reading and ccopt's late-acceptance search 15 (2026-11-27), and, pinned to the preset of 2026-11-25, 40 more for
# Table 3 at five runs per cell); reruns skip finished runs.
# Usage: experiments/tables.sh [NAME...]   (names of experiments/files/NAME.yaml; all of them when none is given)
set -euo pipefail
cd "$(dirname "$0")/.."
CCOPT=${CCOPT:-./ccopt}
out=${OUT:-target/experiments}
docs=${DOCS:-target/experiments/docs}/experiments
only=("$@")
for name in "${only[@]}"; do
  if ! grep -q "^table $name " "$0"; then
    echo "experiments/tables.sh: unknown table '$name'; expected one of: $(grep -o '^table [a-z0-9-]*' "$0" | cut -d' ' -f2 | tr '\n' ' ')" >&2
    exit 2
  fi
done
mkdir -p "$docs"
machine="$(nproc)-core $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
table() { # name, title, ccopt table arguments...
  local name=$1 title=$2; shift 2
  if [[ ${#only[@]} -gt 0 && ! " ${only[*]} " =~ " $name " ]]; then return; fi
  $CCOPT run "experiments/files/$name.yaml" --out "$out/$name"
  {
    echo "# $title"
    echo
    echo "Generated on $(date -u +%F) on a $machine by"
    echo "\`ccopt run experiments/files/$name.yaml --out DIR\` and \`ccopt table DIR $*\`."
    echo
    $CCOPT table "$out/$name" "$@"
  } > "$docs/$name.md"
}
table sim-patterns "Flit-level durations on the 8x8 torus (Yokota et al. 2018, six patterns; see flitsim-8x8-durations.md)" \
  --by traffic,packets --pivot model --show durationCycles:mean --format md
table rank-hops "Hop counts of ascending (mapping order) and two-opt placement (Cui 2024, Tables 3.4-3.6; see rank-tables.md)" \
  --by collective,mapping,placement --show totalHops:mean,totalHops:min,totalHops:max,totalHops:count --format md
table nodemap-table3 "Node-mapping GA by variant and survival order (Yokota et al. 2018, Table 3; see nodemap-tables.md)" \
  --by variant,sort --show bestCycles:mean,avgHops:mean,physicalCycles:mean --format md
table nodemap-table3-yokota2018 "Node-mapping GA under --model yokota2018: mean best cycles over the 20 three-pattern combinations of the six deterministic patterns, by variant and survival order, 50 x 50 per run (Yokota et al. 2018, Table 3; see nodemap-tables.md)" \
  --by variant --pivot sort --show bestCycles:mean,physicalCycles:mean --format md
table nodemap-table3-yokota2018-random "Node-mapping GA under --model yokota2018: mean best cycles over the 36 three-pattern combinations with random pair or random ring (traffic seed 1), by variant and survival order, 50 x 50 per run (Yokota et al. 2018, Table 3; see nodemap-tables.md)" \
  --by variant --pivot sort --show bestCycles:mean,physicalCycles:mean --format md
table nodemap-table3-tenth "Node-mapping GA under --model yokota2018 and Table 2's fitted readings (inclusive radius, --best shortest): mean best cycles over the 20 three-pattern combinations of the six deterministic patterns, by variant and survival order, 316 x 316 per run, 1/10 of the paper's evaluations (Yokota et al. 2018, Table 3; see nodemap-tables.md)" \
  --by variant --pivot sort --show bestCycles:mean,physicalCycles:mean --format md
table nodemap-table3-tenth-ranked "Three cells of nodemap-table3-tenth under ccopt's own --best ranked (the first mapping of the survival order) instead of Table 2's fitted --best shortest: mean best cycles over the 20 three-pattern combinations, 316 x 316 per run (Yokota et al. 2018, Table 3; see nodemap-tables.md)" \
  --by variant,sort --show bestCycles:mean,physicalCycles:mean,bestCycles:count --format md
table cupstack-table2 "Simple stacking under every VC selection scheme (Yokota et al. 2023, Table 2; see cupstack-tables.md)" \
  --by traffic --show baselineCycles,simplePerScheme.C00,simplePerScheme.C01,simplePerScheme.C02,simplePerScheme.C03,simplePerScheme.C04,simplePerScheme.C05,simplePerScheme.C06,simplePerScheme.C07,simplePerScheme.C08,simplePerScheme.C09 --format md
table cupstack-table3 "Simple stacking with timing adjustment: best cycles of one GA run per cell (Yokota et al. 2023, Table 3; see cupstack-tables.md)" \
  --by traffic --pivot vc-select --show bestCycles:min --format md
table cupstack-table3-yokota2023 "Table 3 under --model yokota2023, the paper's unseeded GA: best of two runs per cell (Yokota et al. 2023, Table 3; see flitsim-calibration.md)" \
  --by traffic --pivot vc-select --show bestCycles:min --format md
table cupstack-table4 "Cup-Stacking GA methods: best cycles, columns method/from-slices/estimate-slices/frozen genes (Yokota et al. 2023, Table 4; see cupstack-tables.md)" \
  --by traffic --pivot method,from-slices,estimate-slices,freeze --show bestCycles:min --format md
table cupstack-table3-yokota2023-n5 "Table 3 under --model yokota2023 as it stood on 2026-11-25 (its readings pinned), five runs per cell for brev, brot and shfl under one scheme of each class: best, mean, sd, 95% interval (Yokota et al. 2023, Table 3; see flitsim-calibration.md)" \
  --by traffic,vc-select --show bestCycles:min,bestCycles:mean,bestCycles:sd,bestCycles:ci95,bestCycles:count --format md
table cupstack-table4-yokota2023 "Table 4 under --model yokota2023, the paper's unseeded GA: best cycles of one run per cell, columns method/from-slices/estimate-slices/frozen genes (Yokota et al. 2023, Table 4; see flitsim-calibration.md)" \
  --by traffic --pivot method,from-slices,estimate-slices,freeze --show bestCycles:min --format md
table cupstack-fullga-yokota2023-n10 "Table 4's full GA under --model yokota2023 at the paper's protocol, ten unseeded runs per pattern (the paper's GA), random schemes drawn per port (--initial-scheme port, the default before 2026-11-27): best, mean, sd, 95% interval (Yokota et al. 2023, Table 4; see cupstack-ga-fidelity.md)" \
  --by traffic --show bestCycles:min,bestCycles:mean,bestCycles:sd,bestCycles:ci95,bestCycles:count --format md
table cupstack-fullga-yokota2023-n10-uniform "Table 4's full GA under --model yokota2023 at the paper's protocol with one random scheme at every port for t_d0's reference and the initial chromosomes (--initial-scheme uniform, the default since 2026-11-27), ten unseeded runs per pattern: best, mean, sd, 95% interval (Yokota et al. 2023, Table 4; see cupstack-ga-fidelity.md)" \
  --by traffic --show bestCycles:min,bestCycles:mean,bestCycles:sd,bestCycles:ci95,bestCycles:count --format md
table cupstack-lahc-yokota2023 "ccopt's late-acceptance search (cupstack --method lahc, not the paper's) on Table 4's patterns under --model yokota2023 at the GA's 50,000 evaluations, three runs per pattern: best, mean, sd (see cupstack-ga-fidelity.md)" \
  --by traffic --show bestCycles:min,bestCycles:mean,bestCycles:sd,simpleStackingCycles:min,bestCycles:count --format md
table cupstack-table6-yokota2023 "Table 6 under --model yokota2023, the paper's unseeded GA: best cycles of one full-GA run per cell (Yokota et al. 2023, Table 6; see flitsim-calibration.md)" \
  --by traffic --pivot sort-key --show bestCycles:min --format md
table cupstack-table6 "Additional survival-sort items T01-T10: best cycles of one full-GA run per cell (Yokota et al. 2023, Table 6; see cupstack-tables.md)" \
  --by traffic --pivot sort-key --show bestCycles:min --format md
