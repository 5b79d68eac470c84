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
