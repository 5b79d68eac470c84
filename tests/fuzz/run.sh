#!/usr/bin/env bash
# Runs libFuzzer targets for a fixed time each and prints one line per
# target: total execs, execs/s, corpus growth, result. Fails when any target
# reports a finding (crash, leak, timeout, OOM, violated property).
# Usage: run.sh SECONDS BUILDDIR target...
# Seeds come from tests/fuzz/corpus/<target>/ (and tests/oer/corpus/ for
# oer_*) and stay untouched; new inputs go to BUILDDIR/corpus/<target>/,
# findings to BUILDDIR/artifacts/.
#
#        run.sh --replay BUILDDIR target...
# Runs each committed input (tests/fuzz/corpus/<target>/,
# tests/fuzz/regress/<target>/, tests/oer/corpus/ for oer_*) once through
# the libFuzzer binary, whole (no -max_len: libFuzzer runs named files as
# they are), and fails on any report: check-fuzz-replay's replay, under
# clang's ASan+UBSan, with no second build (make test's sanitizer pass
# leaves these targets to it).
set -u
if [ "${1:-}" = --replay ]; then
  bdir=$2; shift 2
  mkdir -p "$bdir/logs"
  fail=0; failed=(); inputs=0
  for t in "$@"; do
    files=()
    dirs=(tests/fuzz/corpus/$t tests/fuzz/regress/$t); case $t in oer_*) dirs+=(tests/oer/corpus) ;; esac
    for d in "${dirs[@]}"; do
      [ -d "$d" ] && while IFS= read -r f; do files+=("$f"); done < <(find "$d" -maxdepth 1 -type f | LC_ALL=C sort)
    done
    [ "${#files[@]}" -gt 0 ] || { echo "replay: no corpus for $t" >&2; fail=1; failed+=("$t"); continue; }
    log="$bdir/logs/$t.replay.log"
    if ! "$bdir/tests/fuzz/fuzz_$t" -timeout=10 -rss_limit_mb=2048 "${files[@]}" >"$log" 2>&1; then
      fail=1; failed+=("$t")
      echo "replay: $t: FINDING (see $log)"
      { grep 'Running: ' "$log" | tail -1; grep -m2 -E 'ERROR: |SUMMARY: |property violated' "$log"; } | sed 's/^/    /'
    fi
    inputs=$((inputs + ${#files[@]}))
  done
  if [ "$fail" -ne 0 ]; then echo "replay: findings in: ${failed[*]}"; exit 1; fi
  echo "replay: $# targets, $inputs committed inputs, no findings (clang ASan+UBSan)"
  exit 0
fi
secs=$1; bdir=$2; shift 2
# FUZZ_JOBS targets run at a time (default 1). -max_total_time is wall-clock
# time, so two at a time on two cores halve the run and each target still
# has its SECONDS (with the executions the shared cores give it).
jobs=${FUZZ_JOBS:-1}
mkdir -p "$bdir/artifacts" "$bdir/logs"
fail=0; failed=()
fuzz_one() {   # fuzz_one TARGET: runs it, its exit status in logs/TARGET.rc
  local t=$1 bin="$bdir/tests/fuzz/fuzz_$1" seeds="tests/fuzz/corpus/$1" work="$bdir/corpus/$1" log="$bdir/logs/$1.log" maxlen
  mkdir -p "$work" "$seeds"
  # Whole schemas (the compiler target's seeds) are longer than a DER message.
  case $t in compile) maxlen=32768 ;; *) maxlen=8192 ;; esac
  local opts=(-max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$bdir/artifacts/$t-" -max_len="$maxlen")
  [ -f "tests/fuzz/$t.dict" ] && opts+=(-dict="tests/fuzz/$t.dict")
  [ -f "tests/fuzz/corpus/$t.dict" ] && opts+=(-dict="tests/fuzz/corpus/$t.dict")
  # The OER harnesses' seeds are tests/oer's corpus (IEEE 1609.2 inputs).
  local more=(); case $t in oer_*) more=(tests/oer/corpus) ;; esac
  "$bin" "${opts[@]}" "$work" "$seeds" "${more[@]}" >"$log" 2>&1
  echo $? > "$bdir/logs/$t.rc"
}
for t in "$@"; do
  rm -f "$bdir/logs/$t.rc"
  while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do wait -n; done
  fuzz_one "$t" &
done
wait
printf '%-28s %12s %10s %8s  %s\n' target execs execs/s corpus result
for t in "$@"; do
  log="$bdir/logs/$t.log"
  rc=$(cat "$bdir/logs/$t.rc" 2>/dev/null || echo 125)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  ncorp=$(find "$bdir/corpus/$t" -type f | wc -l)
  if [ "$rc" -eq 0 ]; then res=ok; else
    res="FINDING (exit $rc, see $log)"; fail=1; failed+=("$t")
    grep -m3 -E 'ERROR: |SUMMARY: |property violated|Test unit written' "$log" | sed 's/^/    /'
  fi
  printf '%-28s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$ncorp" "$res"
done
if [ "$fail" -ne 0 ]; then
  echo "fuzz: findings in: ${failed[*]}"
  exit 1
fi
echo "fuzz: $# targets, ${secs}s each, no findings"
