#!/usr/bin/env bash
# Regenerates the rows of docs/results/README.md (docs/reproduce.md says what each should print) into a folder the
# user names, then compares what it made with the committed pages, printing PASS or FAIL per row.
# Usage: experiments/reproduce.sh --list                  every row: name, minutes on a 2-core machine, what it compares
#        experiments/reproduce.sh --quick OUT             every row of ten minutes or less, into OUT
#        experiments/reproduce.sh OUT NAME... | OUT all   the named rows, or every row
#        experiments/reproduce.sh --update-docs OUT NAME...  the same, writing over the committed pages (OUT keeps the
#                                                         logs and the committed copies the pages are compared with)
# A row's pages go to OUT/docs (the layout of docs/results), its runs to OUT/runs/NAME and its log to OUT/logs/NAME.log.
# A row passes where its command exits 0 and every page it names equals the committed one in its tables and fenced
# blocks (experiments/compare_results.py: numbers exact unless the row allows a tolerance; run times not compared).
# Exit status: 0 every row passed, 1 a row failed, 2 bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."
names=()
declare -A minutes command checks
# row NAME MINUTES COMMAND: COMMAND runs from the repository root with DOCS (where pages go) and RUNS (its scratch
# folder) set; MINUTES on this project's 2-core machine (the rows of ten minutes or less as timed on 2026-12-08, the
# others as their scripts or pages record), "?" where no run was timed
row() { names+=("$1"); minutes[$1]=$2; command[$1]=$3; checks[$1]=""; }
# compare NAME PATH [SKIP] [REL]: PATH (under docs/results) must come out equal; SKIP, a regular expression of column
# headers not compared (run times); REL, the relative tolerance of numbers (default 0)
compare() { checks[$1]+="$2"$'\x1f'"${3:-}"$'\x1f'"${4:-0}"$'\n'; }
mvn_test() { echo "mvn -B test -pl $1 -am -Dtest=$2 -Dsurefire.failIfNoSpecifiedTests=false -Dmaven.javadoc.skip=true"; }

row calibration-check 1 'experiments/calibration_check.sh > "$DOCS/calibration-check.md"'
compare calibration-check calibration-check.md
row lower-bounds 1 "$(mvn_test ccopt-core PaperLowerBoundsTest)"
row rank-tables 2 'experiments/rank.sh'
compare rank-tables rank-tables.md '(seconds| s)$'
compare rank-tables rank 'seconds'
row rank-comm 1 'experiments/rank_comm.sh > "$DOCS/rank-comm.md"'
compare rank-comm rank-comm.md
row msgsim-tables 1 'experiments/msgsim.sh'
compare msgsim-tables msgsim-tables.md
compare msgsim-tables msgsim
row msgsim-simgrid 2 'python3 experiments/msgsim_simgrid.py'
compare msgsim-simgrid msgsim-simgrid.md '^dev$|CPU|SimGrid / ccopt' 1e-9
row schedule-tables 10 'OUT="$RUNS" experiments/schedule.sh'
compare schedule-tables schedule-tables.md '(^| )s$'
row flitsim-booksim 6 "CCOPT_REQUIRE_BOOKSIM=1 $(mvn_test ccopt-flitsim BookSimCrossCheckTest)"
row cupstack-routers 1 'python3 experiments/cupstack_routers.py "$DOCS/cupstack-routers.md"'
compare cupstack-routers cupstack-routers.md
row nodemap-table3-tenth-ranked 7 'OUT="$RUNS" experiments/tables.sh nodemap-table3-tenth-ranked'
compare nodemap-table3-tenth-ranked experiments/nodemap-table3-tenth-ranked.md
row schedule-umda-readings 55 './ccopt run experiments/files/schedule-umda-readings.yaml --out "$RUNS/readings" && ./ccopt run experiments/files/schedule-umda-untested.yaml --out "$RUNS/untested" && python3 experiments/schedule_success.py "$(nproc)-core" "$RUNS/readings" "$RUNS/untested" > "$DOCS/schedule-umda-success.md"'
row nodemap-networks '?' 'python3 experiments/nodemap_networks.py > "$DOCS/nodemap-networks.md"'
compare nodemap-networks nodemap-networks.md
row optimizers-networks '?' 'python3 experiments/optimizers_networks.py > "$DOCS/optimizers-networks.md"'
compare optimizers-networks optimizers-networks.md
for t in cupstack-table6-yokota2023:15 cupstack-table3-yokota2023:34 cupstack-table4-yokota2023:58 cupstack-fullga-yokota2023-n10:40; do
  row "${t%%:*}" "${t##*:}" "OUT=\"\$RUNS\" experiments/tables.sh ${t%%:*}"
  compare "${t%%:*}" "experiments/${t%%:*}.md"
done
row cupstack-groups 35 'experiments/cupstack-groups.sh "$RUNS"'
compare cupstack-groups cupstack-groups.md
row cupstack-fig5-reduced '?' 'TOPOLOGY=torus:8x8 TRAFFIC=shfl GENERATIONS=100 TRAINING=20 READINGS="--reading ring-tie=half --reading crossbar=per-input-port --reading rr-start=zero" experiments/cupstack-fig5.sh "$RUNS" && mkdir -p "$DOCS/cupstack-fig5" && cp "$RUNS/fig5.csv" "$DOCS/cupstack-fig5/fig5.csv"'
compare cupstack-fig5-reduced cupstack-fig5/fig5.csv
row joint-tables 100 'python3 experiments/joint_tables.py > "$DOCS/joint-tables.md"'
compare joint-tables joint-tables.md
row nodemap-table2-yokota2018 27 'python3 experiments/nodemap_table2.py 10 1000 1000 paper inclusive > "$DOCS/nodemap-table2-yokota2018.md"'
row nodemap-table3-tenth 140 'OUT="$RUNS" experiments/tables.sh nodemap-table3-tenth && python3 experiments/nodemap_table3.py "$RUNS/nodemap-table3-tenth/results.csv" > "$DOCS/nodemap-table3-tenth-vs-paper.md"'
compare nodemap-table3-tenth experiments/nodemap-table3-tenth.md
row nodemap-table2-shortest 80 "python3 experiments/nodemap_table2.py 10 1000 1000 paper inclusive '--best shortest' > \"\$DOCS/nodemap-ah-readings-table2.md\""

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
known() { [[ -n "${minutes[$1]+x}" ]]; }

list() {
  printf '%-30s %7s  %s\n' row minutes compares
  for n in "${names[@]}"; do
    local what
    what=$(printf '%s' "${checks[$n]}" | cut -d$'\x1f' -f1 | paste -sd' ' -)
    printf '%-30s %7s  %s\n' "$n" "${minutes[$n]}" "${what:-nothing, its exit status}"
  done
}

# run_rows OUT DOCS NAME...: runs each row, compares, prints one line per row; returns 1 where a row failed
run_rows() {
  local out=$1 docs=$2 failed=0 n; shift 2
  mkdir -p "$out/logs" "$out/committed" "$docs"
  for n in "$@"; do
    local runs="$out/runs/$n" log="$out/logs/$n.log" start rc=0
    mkdir -p "$runs"
    # the committed pages, as they were before the row ran (--update-docs writes over them)
    while IFS=$'\x1f' read -r path _ _; do
      [[ -z "$path" ]] && continue
      mkdir -p "$out/committed/$(dirname "$path")"
      rm -rf "${out:?}/committed/$path"
      if [[ -e "docs/results/$path" ]]; then cp -r "docs/results/$path" "$out/committed/$path"; fi
    done <<< "${checks[$n]}"
    echo "== $n (about ${minutes[$n]} min): ${command[$n]}" >&2
    start=$SECONDS
    DOCS="$docs" RUNS="$runs" bash -c "set -euo pipefail; ${command[$n]}" > "$log" 2>&1 || rc=$?
    local took="$(( (SECONDS - start + 30) / 60 )) min"
    if (( rc != 0 )); then
      echo "FAIL $n: the command exited $rc after $took (log: $log)"
      failed=1
      continue
    fi
    if [[ -z "${checks[$n]}" ]]; then
      echo "PASS $n: the command exited 0 in $took (nothing to compare)"
      continue
    fi
    local ok=1
    while IFS=$'\x1f' read -r path skip rel; do
      [[ -z "$path" ]] && continue
      python3 experiments/compare_results.py "$out/committed/$path" "$docs/$path" --skip "$skip" --rel "$rel" \
        --name "$n: $path" || ok=0
    done <<< "${checks[$n]}"
    if (( ok )); then echo "PASS $n: in $took"; else echo "FAIL $n: after $took (log: $log)"; failed=1; fi
  done
  return $failed
}

case "${1:-}" in
  --list) list ;;
  ""|-h|--help) usage ;;
  --quick)
    [[ $# -eq 2 ]] || { echo "experiments/reproduce.sh: --quick takes one folder, OUT; got $(( $# - 1 )) arguments" >&2; exit 2; }
    quick=()
    for n in "${names[@]}"; do
      if [[ "${minutes[$n]}" != "?" ]] && (( minutes[$n] <= 10 )); then quick+=("$n"); fi
    done
    run_rows "$2" "$2/docs" "${quick[@]}" ;;
  *)
    docs_in=""
    if [[ "$1" == "--update-docs" ]]; then docs_in=docs/results; shift; fi
    if [[ $# -lt 2 ]]; then
      echo "experiments/reproduce.sh: expected OUT and at least one row name (or all); see --help" >&2
      exit 2
    fi
    out=$1; shift
    if [[ "$*" == "all" ]]; then set -- "${names[@]}"; fi
    for want in "$@"; do
      if ! known "$want"; then
        echo "experiments/reproduce.sh: unknown row '$want'; expected one of: ${names[*]}" >&2
        exit 2
      fi
    done
    run_rows "$out" "${docs_in:-$out/docs}" "$@" ;;
esac
