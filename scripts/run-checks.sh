#!/usr/bin/env bash
# Runs each named make target as one check and prints the tally last.
# Usage: run-checks.sh MAKE -- target... [&target...]
# Targets written "&target" run beside the others, one after another in
# their order, starting at once (make test's ASan+UBSan pass: its own build
# tree, so it shares no files with them, and most checks are one process,
# which leaves the second core idle; then a check that writes only its own
# directory); their output is kept and printed after the others', so the
# report reads in the same order.
set -u
make_cmd=$1; shift; [ "${1:-}" = "--" ] && shift
passed=0; failed=0; failures=(); times=(); fg=(); bg=()
for t in "$@"; do case $t in '&'*) bg+=("${t#&}") ;; *) fg+=("$t") ;; esac; done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

tally() {   # tally TARGET RC SECONDS
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$1"); fi
  times+=("$1 $3s")
}

(
  for t in "${bg[@]}"; do
    start=$(date +%s)
    $make_cmd --no-print-directory -s "$t" > "$tmp/$t.out" 2>&1
    echo "$? $(( $(date +%s) - start ))" > "$tmp/$t.rc"
  done
) &
for t in "${fg[@]}"; do
  printf '\n==> %s\n' "$t"
  start=$(date +%s)
  $make_cmd --no-print-directory -s "$t"
  tally "$t" $? $(( $(date +%s) - start ))
done
wait
for t in "${bg[@]}"; do
  printf '\n==> %s (ran beside the checks above)\n' "$t"
  cat "$tmp/$t.out"
  read -r rc secs < "$tmp/$t.rc" || { rc=1; secs=0; }
  tally "$t" "$rc" "$secs"
done
echo
echo "time per check: ${times[*]}"
[ "$failed" -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
