#!/usr/bin/env bash
# Runs each named make target as one check and prints the tally last.
# Usage: run-checks.sh MAKE -- target...
set -u
make_cmd=$1; shift; [ "${1:-}" = "--" ] && shift
passed=0; failed=0; failures=()
for t in "$@"; do
  printf '\n==> %s\n' "$t"
  if $make_cmd --no-print-directory -s "$t"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); failures+=("$t")
  fi
done
echo
[ "$failed" -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
