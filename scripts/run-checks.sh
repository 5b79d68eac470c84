#!/usr/bin/env bash
# Runs each named make target as one check and prints the tally last.
# Usage: run-checks.sh MAKE -- target...
set -u
make_cmd=$1; shift; [ "${1:-}" = "--" ] && shift
passed=0; failed=0; failures=(); times=()
for t in "$@"; do
  printf '\n==> %s\n' "$t"
  start=$(date +%s)
  if $make_cmd --no-print-directory -s "$t"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); failures+=("$t")
  fi
  times+=("$t $(( $(date +%s) - start ))s")
done
echo
echo "time per check: ${times[*]}"
[ "$failed" -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
