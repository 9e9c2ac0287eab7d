#!/usr/bin/env bash
# The rows of docs/results/README.md and how to regenerate each, with the time it takes on the 2-core development
# machine (AMD EPYC: the times the scripts' headers give, or the test's time in a Maven build; "?" where no run was
# timed).
# Usage: experiments/reproduce.sh --list     print every row: its name, minutes, and the command that regenerates it
#        experiments/reproduce.sh --quick    rerun the rows timed at 10 minutes or less (about 35 minutes in all)
#        experiments/reproduce.sh NAME...    rerun the named rows
set -euo pipefail
cd "$(dirname "$0")/.."
# name | minutes | command (run from the repository root)
rows=(
  "lower-bounds|1|mvn -B -q test -pl ccopt-core -Dtest=PaperLowerBoundsTest"
  "rank-tables|4|experiments/rank.sh"
  "rank-comm|3|experiments/rank_comm.sh"
  "msgsim-tables|10|experiments/msgsim.sh"
  "schedule-tables|10|experiments/schedule.sh"
  "schedule-umda-readings|55|./ccopt run experiments/files/schedule-umda-readings.yaml --out target/experiments/schedule-umda-readings && ./ccopt run experiments/files/schedule-umda-untested.yaml --out target/experiments/schedule-umda-untested && python3 experiments/schedule_success.py \"$(nproc)-core\" target/experiments/schedule-umda-readings target/experiments/schedule-umda-untested"
  "flitsim-booksim|4|mvn -B -q test -pl ccopt-flitsim -Dtest=BookSimCrossCheckTest"
  "nodemap-networks|?|python3 experiments/nodemap_networks.py"
  "optimizers-networks|?|python3 experiments/optimizers_networks.py"
  "cupstack-routers|4|python3 experiments/cupstack_routers.py target/experiments/cupstack-routers.md"
  "cupstack-table6-yokota2023|15|experiments/tables.sh cupstack-table6-yokota2023"
  "cupstack-table3-yokota2023|34|experiments/tables.sh cupstack-table3-yokota2023"
  "cupstack-table4-yokota2023|58|experiments/tables.sh cupstack-table4-yokota2023"
  "cupstack-fullga-yokota2023-n10|40|experiments/tables.sh cupstack-fullga-yokota2023-n10"
  "cupstack-groups|35|experiments/cupstack-groups.sh target/experiments/cupstack-groups"
  "joint-tables|100|python3 experiments/joint_tables.py"
  "nodemap-table2-yokota2018|27|python3 experiments/nodemap_table2.py 10 1000 1000 paper inclusive"
  "nodemap-table3-tenth|140|experiments/tables.sh nodemap-table3-tenth && python3 experiments/nodemap_table3.py target/experiments/nodemap-table3-tenth/results.csv"
  "nodemap-table3-tenth-ranked|10|./ccopt run experiments/files/nodemap-table3-tenth-ranked.yaml --out target/experiments/nodemap-table3-tenth-ranked"
  "nodemap-table2-shortest|80|python3 experiments/nodemap_table2.py 10 1000 1000 paper inclusive '--best shortest'"
)
run() { # name minutes command
  echo "== $1 (about $2 min): $3" >&2
  bash -c "$3"
}
case "${1:-}" in
  --list)
    printf '%-32s %8s  %s\n' row minutes command
    for r in "${rows[@]}"; do IFS='|' read -r n m c <<< "$r"; printf '%-32s %8s  %s\n' "$n" "$m" "$c"; done ;;
  --quick)
    for r in "${rows[@]}"; do IFS='|' read -r n m c <<< "$r"; if [[ "$m" != "?" ]] && (( m <= 10 )); then run "$n" "$m" "$c"; fi; done ;;
  ""|-h|--help)
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *)
    for want in "$@"; do
      found=
      for r in "${rows[@]}"; do IFS='|' read -r n m c <<< "$r"; if [[ "$n" == "$want" ]]; then run "$n" "$m" "$c"; found=1; fi; done
      if [[ -z "$found" ]]; then
        echo "experiments/reproduce.sh: unknown row '$want'; expected one of: $(for r in "${rows[@]}"; do printf '%s ' "${r%%|*}"; done)" >&2
        exit 2
      fi
    done ;;
esac
