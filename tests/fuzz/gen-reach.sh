#!/usr/bin/env bash
# How far modules get through asn1cc, one class per module:
#   crash-check / crash-codegen   asn1cc died (signal, sanitizer) in --check / -o
#   rejected                      --check reports an error
#   codegen-error                 code generation failed without declining
#   declined                      code generation declined ("code generation:")
#   cc-error                      the C written does not compile with gcc
#                                 -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror
#   ok                            it compiles
# Each module's options come from its first line ("/* asn1cc: ... */").
#
# Usage (from the repository root):
#   gen-reach.sh reach ASN1CC DIR     the shares of DIR/*.asn (asngen -o) that pass
#                                     --check, that code generation writes, that
#                                     compile; failures grouped by first message.
#                                     GEN_REACH_NO_CC=1: stop before gcc (fast).
#                                     GEN_REACH_KNOWN=FILE: exit 1 on a crash,
#                                     rejection or codegen-error that no "allow"
#                                     line of FILE matches.
#   gen-reach.sh known ASN1CC FILE    every "xfail" line of FILE: its reproducer
#                                     must still fail with that class and message;
#                                     exit 1 on any that passes or fails otherwise.
# FILE lines: "allow CLASS [TEXT]" and "xfail PATH CLASS [TEXT]"; TEXT is a
# fixed string the first message must contain; # starts a comment.
set -u
mode=${1:?usage: gen-reach.sh reach|known ASN1CC DIR|FILE}; asn1cc=${2:?}; arg=${3:?}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -fsyntax-only -Iruntime/include"

first_error() { grep -m1 -E 'error|Sanitizer|Segmentation' "$1" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //' | cut -c1-160; }
opts_of() { head -n1 "$1" | sed -n 's|^/\* asn1cc:\(.*\)\*/.*|\1|p'; }

# classify FILE: sets class and msg
classify() {
  local f=$1 rc c opts
  read -ra opts <<<"$(opts_of "$f")"
  # { } 2>/dev/null: bash's own "Segmentation fault" line is not output
  { "$asn1cc" "${opts[@]}" --check "$f" >"$tmp/log" 2>&1; } 2>/dev/null; rc=$?
  if [ $rc -gt 2 ]; then class=crash-check; msg="exit $rc $(first_error "$tmp/log")"; return; fi
  if [ $rc -ne 0 ]; then class=rejected; msg=$(first_error "$tmp/log"); return; fi
  rm -rf "$tmp/out"; mkdir "$tmp/out"
  { "$asn1cc" "${opts[@]}" "$f" -o "$tmp/out" >"$tmp/log" 2>&1; } 2>/dev/null; rc=$?
  if [ $rc -gt 2 ]; then class=crash-codegen; msg="exit $rc $(first_error "$tmp/log")"; return; fi
  if [ $rc -ne 0 ]; then
    if grep -q 'code generation:' "$tmp/log"; then class=declined; else class=codegen-error; fi
    msg=$(first_error "$tmp/log"); return
  fi
  class=ok; msg=
  [ "${GEN_REACH_NO_CC:-}" = 1 ] && { class=emitted; return; }
  for c in "$tmp/out"/*.c; do
    if ! gcc $flags -I"$tmp/out" "$c" >"$tmp/cc.log" 2>&1; then
      class=cc-error; msg=$(grep -m1 'error' "$tmp/cc.log" | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //' | cut -c1-160)
      return
    fi
  done
}

# matches CLASS MSG PATTERN-CLASS PATTERN-TEXT
matches() { [ "$1" = "$3" ] && { [ -z "$4" ] || [[ $2 == *"$4"* ]]; }; }

if [ "$mode" = known ]; then
  n=0; bad=0
  while read -r kind path want text; do
    [ "$kind" = xfail ] || continue
    n=$((n + 1))
    if [ ! -f "$path" ]; then echo "known: $path: missing"; bad=$((bad + 1)); continue; fi
    classify "$path"
    if matches "$class" "$msg" "$want" "$text"; then continue; fi
    bad=$((bad + 1))
    if [ "$class" = ok ]; then
      echo "known: $path now passes (listed as $want): fixed? remove it from $arg"
    else
      echo "known: $path: $class ($msg), listed as $want${text:+ \"$text\"}"
    fi
  done < <(sed 's/#.*//' "$arg")
  echo "known: $n listed reproducers, $((n - bad)) still fail as listed, $bad differ"
  [ $bad -eq 0 ]; exit
fi

n=0; checked=0; emitted=0; declined=0; compiled=0; crashed=0
: >"$tmp/why"
for f in "$arg"/*.asn; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  classify "$f"
  case $class in crash-*) crashed=$((crashed + 1)) ;; esac
  case $class in crash-check|rejected) ;; *) checked=$((checked + 1)) ;; esac
  case $class in ok|emitted|cc-error) emitted=$((emitted + 1)) ;; declined) declined=$((declined + 1)) ;; esac
  [ "$class" = ok ] && compiled=$((compiled + 1))
  case $class in ok|emitted) ;; *) printf '%s\t%s\t%s\n' "$class" "$f" "$msg" >>"$tmp/why" ;; esac
done
pct() { awk -v a="$1" -v b="$n" 'BEGIN { if (b) printf "%5.1f%%", 100 * a / b; else printf "-" }'; }
echo "gen-reach: $n modules from $arg"
printf '  %-36s %6d %s\n' "pass --check (reach code generation)" $checked "$(pct $checked)" \
  "code generation writes C" $emitted "$(pct $emitted)" \
  "code generation declines" $declined "$(pct $declined)"
[ "${GEN_REACH_NO_CC:-}" = 1 ] || printf '  %-36s %6d %s\n' "the C compiles (gcc -Werror)" $compiled "$(pct $compiled)"
printf '  %-36s %6d %s\n' "asn1cc crashed" $crashed "$(pct $crashed)"
if [ -s "$tmp/why" ]; then
  echo "  by class and first message (numbers as #), with the first input:"
  awk -F'\t' '{ m = $3; gsub(/[0-9]+/, "#", m); k = $1 "\t" m; if (!(k in c)) first[k] = $2; c[k]++ }
    END { for (k in c) { split(k, p, "\t"); printf "%6d  %-14s %s  [%s]\n", c[k], p[1], p[2], first[k] } }' \
    "$tmp/why" | sort -rn
fi
if [ -n "${GEN_REACH_KNOWN:-}" ]; then
  new=0
  while IFS=$'\t' read -r class f msg; do
    case $class in declined|cc-error) continue ;; esac
    ok=
    while read -r kind want text; do
      [ "$kind" = allow ] && matches "$class" "$msg" "$want" "$text" && { ok=1; break; }
    done < <(sed 's/#.*//' "$GEN_REACH_KNOWN")
    [ -n "$ok" ] || { echo "NEW $class: $f: $msg"; new=$((new + 1)); }
  done <"$tmp/why"
  echo "gen-reach: $new failures not listed in $GEN_REACH_KNOWN"
  [ $new -eq 0 ]
fi
