# tests/ber/common.sh — shared by ldap.sh and snmp.sh (sourced, not run).
# Each case ends in pass, fail or skip; the script's last line is its tally.

passed=0 failed=0 skipped=0
pass() { echo "  ok    $*"; passed=$((passed + 1)); }
fail() { echo "  FAIL  $*"; failed=$((failed + 1)); }
skip() { echo "  SKIPPED  $*"; skipped=$((skipped + 1)); }
tally() {
  echo "$1: $passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
}

# A port on 127.0.0.1 nothing listens on now (tcp or udp). The kernel picks
# it (bind to port 0); without python3, a random one that ss does not list.
free_port() {
  local proto=$1 p
  if command -v python3 >/dev/null 2>&1 &&
     p=$(python3 -c "import socket,sys; s=socket.socket(socket.AF_INET, socket.SOCK_STREAM if sys.argv[1]=='tcp' else socket.SOCK_DGRAM); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])" "$proto" 2>/dev/null); then
    echo "$p"; return
  fi
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    p=$((20000 + RANDOM % 40000))
    if ! ss -lan 2>/dev/null | grep -q "127.0.0.1:$p "; then echo "$p"; return; fi
  done
  echo 0
}

# Compares two files; on a difference shows it and fails the case.
same() {
  local what=$1 ours=$2 theirs=$3
  if cmp -s "$ours" "$theirs"; then pass "$what"; else
    fail "$what"; diff -u "$theirs" "$ours" | head -40 | sed 's/^/        /'
  fi
}

# The first octets of a file in hex ("30 84 00 00").
head_hex() { od -An -tx1 -N"$2" "$1" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'; }

# fixture_decodes CLIENT BER WANT WHAT N HEX: a stored BER fixture that
# CLIENT --decode prints as the file WANT (WHAT says what that is), and
# whose first N octets are HEX, a form DER does not have.
fixture_decodes() {
  local client=$1 ber=$2 want=$3 what=$4 n=$5 hex=$6 name out
  name=$(basename "$ber") out=$(mktemp)
  if "$client" --decode "$ber" > "$out" 2>&1; then
    same "$name decodes to $what" "$out" "$want"
  else
    fail "$name: $(cat "$out")"
  fi
  rm -f "$out"
  if [ "$(head_hex "$ber" "$n")" = "$hex" ]; then pass "$name starts $hex (not DER)"; else fail "$name does not start $hex"; fi
}

# The daemon a script tests against: daemon_tmp makes $tmp, a temporary
# directory, and a trap that stops $daemon_pid (that one process, by its
# pid) and removes $tmp, however the script ends.
daemon_tmp() {
  tmp=$(mktemp -d)
  daemon_pid=
  trap daemon_cleanup EXIT
  trap 'exit 1' INT TERM
}
daemon_cleanup() {
  if [ -n "$daemon_pid" ]; then kill "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; fi
  rm -rf "$tmp"
}

# daemon_start PROTO POLLS PAUSE START PROBE: on up to three free ports
# (a port taken between free_port and the bind makes the daemon exit),
# the function START runs the daemon on $port in the foreground, exec'd so
# that $! is the daemon itself; the function PROBE is asked up to POLLS
# times, PAUSE seconds apart, whether it answers. Sets port and daemon_pid;
# 1 when it never answered.
daemon_start() {
  local proto=$1 polls=$2 pause=$3 start=$4 probe=$5
  for _ in 1 2 3; do
    port=$(free_port "$proto")
    "$start" &
    daemon_pid=$!
    for _ in $(seq "$polls"); do
      "$probe" && return 0
      kill -0 "$daemon_pid" 2>/dev/null || break
      [ "$pause" = 0 ] || sleep "$pause"
    done
    kill "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null; daemon_pid=
  done
  return 1
}
