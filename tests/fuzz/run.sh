#!/usr/bin/env bash
# Runs libFuzzer targets for a fixed time each and prints one line per
# target: total execs, execs/s, corpus growth, result. Fails when any target
# reports a finding (crash, leak, timeout, OOM, violated property).
# Usage: run.sh SECONDS BUILDDIR target...
# Seeds come from tests/fuzz/corpus/<target>/ (and tests/oer/corpus/ for
# oer_*) and stay untouched; new inputs go to BUILDDIR/corpus/<target>/,
# findings to BUILDDIR/artifacts/.
set -u
secs=$1; bdir=$2; shift 2
mkdir -p "$bdir/artifacts" "$bdir/logs"
fail=0; failed=()
printf '%-28s %12s %10s %8s  %s\n' target execs execs/s corpus result
for t in "$@"; do
  bin="$bdir/tests/fuzz/fuzz_$t"
  seeds="tests/fuzz/corpus/$t"
  work="$bdir/corpus/$t"
  log="$bdir/logs/$t.log"
  mkdir -p "$work" "$seeds"
  # Whole schemas (the compiler target's seeds) are longer than a DER message.
  case $t in compile) maxlen=32768 ;; *) maxlen=8192 ;; esac
  opts=(-max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$bdir/artifacts/$t-" -max_len="$maxlen")
  [ -f "tests/fuzz/$t.dict" ] && opts+=(-dict="tests/fuzz/$t.dict")
  [ -f "tests/fuzz/corpus/$t.dict" ] && opts+=(-dict="tests/fuzz/corpus/$t.dict")
  # The OER harnesses' seeds are tests/oer's corpus (IEEE 1609.2 inputs).
  more=(); case $t in oer_*) more=(tests/oer/corpus) ;; esac
  "$bin" "${opts[@]}" "$work" "$seeds" "${more[@]}" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  ncorp=$(find "$work" -type f | wc -l)
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
