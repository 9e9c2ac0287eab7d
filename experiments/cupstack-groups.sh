#!/usr/bin/env bash
# Where the Cup-Stacking GA's leverage is lost: the GA of Yokota et al. 2023 (App. A.3, 1,000 generations x 50, unseeded,
# --model yokota2023) searching one gene group at a time and in pairs, the others frozen (V, I, C, Q; C frozen at the
# pattern's best simple-stacking scheme, Q at port order, I at 0), for bcmp, brev, brot and shfl, seed 1 (SEEDS="1 2" for more); then
# experiments/cupstack_groups.py prints the table against the paper's Table 4 columns and draws best-so-far against
# evaluations (cupstack-groups.md and cupstack-groups.svg in DOCS, default target/experiments/docs; DOCS=docs/results writes over
# the committed page). About 35 minutes on 2 cores.
# Usage: experiments/cupstack-groups.sh [RESULTS_DIR]; reruns skip finished runs.
set -euo pipefail
cd "$(dirname "$0")/.."
R="${1:-target/experiments/cupstack-groups}"
export CCOPT="${CCOPT:-./ccopt}" R G="${GENERATIONS:-1000}"
mkdir -p "$R"
"$CCOPT" --version >/dev/null # builds the jar once, before the parallel runs
# the best simple-stacking scheme of each pattern under yokota2023 (its Table 2 row; bcmp is flat at 99)
best() { case $1 in brev) echo C04 ;; shfl) echo C09 ;; *) echo C05 ;; esac; }
export -f best
run() { # traffic groups seed
  local t=$1 g=$2 s=$3 freeze="" x
  for x in V I C Q; do [[ $g == *$x* ]] || freeze+="${freeze:+,}$x"; done
  local dir="$R/$t-$g-$s"
  [[ -s "$dir.json" ]] && return 0
  $CCOPT cupstack --model yokota2023 --traffic "$t" --method full ${freeze:+--freeze "$freeze"} --vc-select "$(best "$t")" \
    --generations "$G" --seed "$s" --threads 1 --initial-scheme port --out "$dir" --json > "$dir.tmp" && mv "$dir.tmp" "$dir.json"
}
export -f run
for t in bcmp brev brot shfl; do for g in VICQ VCQ VIC VIQ VI VC VQ; do for s in ${SEEDS:-1}; do echo "$t $g $s"; done; done; done \
  | xargs -P "${JOBS:-2}" -L 1 bash -c 'run "$@"' _
docs="${DOCS:-target/experiments/docs}"
mkdir -p "$docs"
python3 experiments/cupstack_groups.py "$R" "$docs/cupstack-groups.svg" > "$docs/cupstack-groups.md"
