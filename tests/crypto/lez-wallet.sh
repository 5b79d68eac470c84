#!/usr/bin/env bash
# lez-wallet against the LEZ-SPEC §12 vectors (exact stdout) and its error
# behaviour (exit 1, one line on stderr, nothing on stdout).
# Usage: lez-wallet.sh PATH/TO/lez-wallet [der|no-der]
# (der: the binary was built with the generated LEZ-Wire codec, so --der works)
set -u
W=${1:?usage: lez-wallet.sh PATH/TO/lez-wallet [der|no-der]}
DER=${2:-no-der}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

rep() { local s=""; for ((i = 0; i < $2; i++)); do s+=$1; done; printf '%s' "$s"; }

# expect_out NAME EXPECTED ARGS...: exit 0 and stdout exactly EXPECTED.
expect_out() {
  local name=$1 want=$2; shift 2
  "$W" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ] && [ ! -s "$tmp/err" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $name (exit $rc)"; diff <(echo "$want") "$tmp/out" | head -20; cat "$tmp/err"
  fi
}

# expect_line NAME LINE ARGS...: exit 0 and LINE among the output lines.
expect_line() {
  local name=$1 want=$2; shift 2
  "$W" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -eq 0 ] && grep -qxF -- "$want" "$tmp/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $name (exit $rc)"; cat "$tmp/out" "$tmp/err"
  fi
}

# expect_err NAME PATTERN ARGS...: exit 1, empty stdout, one stderr line matching PATTERN.
expect_err() {
  local name=$1 pattern=$2; shift 2
  "$W" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$pattern" "$tmp/err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: $name (exit $rc)"; echo "stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"
  fi
}

A_SSK=5d0dbef0fa216cc3b028903d041c3a7035a12aee9b1b17b0d0790fe5a5b4638f
A_NSK=1915ba3bb4e06540a3d0e42b0db9647b9c2f50b34833730bb46315c930c27690
A_VSK=055572778dbbcaaa7afdc65196089b15c041187c74626e6a895aa5ef500dde1e
A_NPK=a76c32994a2f97bc8c4fc31fb50928a7c920af812df5dfc1d2aaf780a78c9b81
A_VPK=02d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751
A_ID=361f18ceb3b945c04246afd33c084a9394ec50cad62169afa9e4bf7db14898ef
SEED=fc38cc53e87bd1bcbba727d547273a417d86ff312b6c5c35ada45e8e964a15a32b90e257c71281dfb0c605969d46d2fe0e6959bff61b34aa3872272676c5cde1
HOLA=686f6c61206d756e646f
P1_WORDS="legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title"
ABANDON23=$(for i in $(seq 23); do printf 'abandon '; done)
N=fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141

P1_KEYS="seed=9f8b218af8af9f579809d7291b3ac3f9dd557b62662d22d6086d11d217724a2b52942d770609daf5b8ade00f0512e9ac6503907c3362c22734a2acff29f08f23
ssk=da2ba3feae04a2f2766bf4f1281c93ed9a27b0da9a33f68117ce0a02cbed2a99
nsk=a8c425a34ac1949bfa7e91e13d00b65ec561f2ff9122dd1db7b374c6d613d09a
vsk=7c3c32b1f7a5f9bd2de317c88e5a955489e64f04d77e32b153cb725aa09e663d
npk=06651fb5effd874e31e277575a0e6423746b4d67a5df38ae1bc6001743de6692
vpk=022eb57c7fc189562395512ff2568d68740bae27524517432410e109b3a7d93b3c"

expect_out "P1 keys --entropy" "mnemonic=$P1_WORDS
$P1_KEYS" keys --entropy "$(rep 7f 32)" --passphrase mnemonic
expect_out "P1 keys --mnemonic" "$P1_KEYS" keys --mnemonic "$P1_WORDS" --passphrase mnemonic
expect_out "P1 keys --mnemonic, extra blanks" "$P1_KEYS" keys --mnemonic "  ${P1_WORDS// /  }  " --passphrase mnemonic
expect_line "A8 BIP-39 seed" "seed=bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8" \
  keys --mnemonic "${ABANDON23}art" --passphrase TREZOR

expect_out "A6 keys --ssk" "nsk=$A_NSK
vsk=$A_VSK
npk=$A_NPK
vpk=$A_VPK" keys --ssk $A_SSK
expect_out "A6 keys --ssk --index 0" "nsk=$A_NSK
vsk=$A_VSK
npk=$A_NPK
vpk=$A_VPK" keys --ssk $A_SSK --index 0x0
expect_out "A6 npk" "npk=$A_NPK" npk --nsk $A_NSK
expect_out "A6 account id" "account_id=$A_ID
account_id_base58=4eGX3M3rgjHsme8n3sSp89af8JRZtYVTesbJjLqaX1VQ" account-id --npk $A_NPK --identifier 0

expect_out "A1 tree master" "ssk=f64f1a7c875f3433c91b30c2029033dbf5808bde2ac369217361ba00610edabf
ccc=387246f943a9ce09c00bb4a895812a5f2b9d826f0d05c34b14ffa25528fb08a8
nsk=9a66670522ebe30d16b6e20b07436ea263c1ae22ea13de02160ca3fc580b00a3
vsk=9b5a364be48244c981fbb4c3fa4022e6f1ccd832959c0a43d04a090a2f3b32ca
npk=077b7dbfe9b7c90414d69bd22dea1bf0c26f61f79b717af6c000463d4c474602
vpk=02bf63667228836da608deba6b1d9c6ace607f50aa42d94f26500b4a937bdd9fa6" tree --seed $SEED
expect_line "A1 tree --path /" "ccc=387246f943a9ce09c00bb4a895812a5f2b9d826f0d05c34b14ffa25528fb08a8" tree --seed $SEED --path /
expect_out "P2 tree /0" "ssk=e1a7e64b67c72ffff85366c42b9b8b6fd513097abf42176787be2c9d71ce6342
ccc=bb8e4aa7c0efdfedd86b458e7139c132a1da07829c2528729c9c6389f63fc8bc
nsk=f7a000a175750e376492546001cf036ccd5bce2f3ddd345ba4d7fbc275bc6a91
vsk=4cac51fa1e52eb59be8c5af7f69f5f8089495656aeb78e54c7924129f1e7401c
npk=6ff488413c42c9f9090c5f107e2a308d5cac6ba17b2d5e869adf76319b8116f2
vpk=0375dc59ae25b042597847ebb75432c057b08caea38ecc44f758acdb8e044f17a9" tree --seed $SEED --path /0
expect_out "P2 tree /0/1" "ssk=1fd6e9005ec4d830903d5d6d8f3158e455797a98791937e856ddcd424c5bff5d
ccc=f1d29c6410c098e93049e9c92e82b0f2336defea1268044c2678209a788c1cb6
nsk=0998014f336db7808668cea54e4d7aeb71f466c1ee013112229c97aca5e90edc
vsk=110029f959291ff4fdc0709b6f0dce67c14a51ee8d00c0535267057731300202
npk=d2d6b6ee16672ee7f836e8d91866814e80fc28ce35812e34bf76a51993383e43
vpk=03874c5f5970971541b12554e473daaa13cc313d4bacd8f96bcb7bb9663794dac1" tree --seed $SEED --path /0/1

P3_CT=2b7792f921339c7b2cac51874db1938bfb2d3326fe4baef96190b1eb1c2ed6ef2005e42d4d45272d12687bce4f19e3eec5c52096f3ab57106ca6cd5eda8a95a1708c966450ff31710a2f85d876182730b30dd45b959406119668c1b781cb6e284ca0554e3685c30c5993a532b445a0200947f2f03d05712731b6fe3b869fb82857a77bb334b0c9fcbd98ccc950daa63883aa2496816ab9695dc332790aa629
P3_EPK=02531fe6068134503d2723133227c867ac8fa6c83c537e9a44c3c5bdbdcb1fe337
P3_COMMIT=c9bea9ee4813604443a9159572c3a5f3821f75ffa97a31426c921e947d172886
expect_out "P3 commitment" "commitment=$P3_COMMIT" commitment --account-id $A_ID --owner 1,2,3,4,5,6,7,8 \
  --balance 123456789012345678901234567890123456 --nonce 42 --data $HOLA
expect_out "P3 encrypt" "epk=$P3_EPK
shared_secret=38f323cac61390ca3809e1c9de48ee0e8f05322aa7e213d1f2d71e710f891f64
account_id=$A_ID
commitment=$P3_COMMIT
note_key=fbd3dd39e4007a43635ed546620d921cf0e990c373b90068116f9873ffec1b61
view_tag=c0
ciphertext=$P3_CT" encrypt --vpk $A_VPK --npk $A_NPK --identifier 0 --owner 1,2,3,4,5,6,7,8 \
  --balance 123456789012345678901234567890123456 --nonce 42 --data $HOLA --output-index 2 --esk "$(rep 03 32)"
expect_out "P3 decrypt" "kind=regular
identifier=0
owner=1,2,3,4,5,6,7,8
balance=123456789012345678901234567890123456
nonce=42
data=$HOLA" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 --epk $P3_EPK --ciphertext $P3_CT

P4_CT=b6b335992744130630546db6960515353b5cb67152033633dd8e7c98ac0f095eab196d788a7576e13e821da9e908b855ff9f230a0336b49d4f9e85241e650dceb0db1a24f1e344d62d7302fb52246b6c6470d72f8376e699693e5adf2d32aead190f6afdf65201dd335dafeac2b4540794bdf8143aebd2eb289d6d1754fd86fa6677d7904f7125b6fdc6a6da51c6fe03d808b8f593
P4_EPK=0362c0a046dacce86ddd0343c6d3c7c79c2208ba0d9c9cf24a6d046d21d21f90f7
P4_COMMIT=2a8ae1a2100313c69d84c229cbf53dc51424b418f2fad5aa9629c62c7960e966
expect_line "P4 account id" "account_id=9d0a12c3dba4ffa2d433df0a575703da8c3ab95887b5b66aa6c3136eae974498" \
  account-id --npk $A_NPK --identifier 42 --program-id 1,1,1,1,1,1,1,1 --pda-seed "$(rep 02 32)"
expect_out "P4 encrypt" "epk=$P4_EPK
shared_secret=4eb8951e29a0e953911c4abd5298b3b75132b790d651fc39fc430724edc0a214
account_id=9d0a12c3dba4ffa2d433df0a575703da8c3ab95887b5b66aa6c3136eae974498
commitment=$P4_COMMIT
note_key=51c9756d4ca08663bdbe36ae0a40cfd103cffe1734925022d1f19ed0e7a40d1a
view_tag=c0
ciphertext=$P4_CT" encrypt --vpk $A_VPK --npk $A_NPK --identifier 42 --program-id 1,1,1,1,1,1,1,1 \
  --pda-seed "$(rep 02 32)" --owner 0,0,0,0,0,0,0,0 --balance 0 --nonce 0 --data "" --output-index 0 --esk "$(rep 05 32)"
expect_out "P4 decrypt" "kind=pda
identifier=42
program_id=1,1,1,1,1,1,1,1
pda_seed=$(rep 02 32)
owner=0,0,0,0,0,0,0,0
balance=0
nonce=0
data=" decrypt --vsk $A_VSK --commitment $P4_COMMIT --output-index 0 --epk $P4_EPK --ciphertext $P4_CT

expect_out "P5 encrypt" "epk=02989c0b76cb563971fdc9bef31ec06c3560f3249d6ee9e5d83c57625596e05f6f
shared_secret=8f2c3dac4fbbc1967a58aa66402288dc362ef7575781e2306e1cc67634181722
account_id=$A_ID
commitment=3ad9fd59a5e5e863771c262ff448b72a7cd7a433ec64092f25ebfc93d35d7ce4
note_key=4311e9ba5e1622425878bfb3b00eb9d2c15d531f2352772eaddfe38021aa4dab
view_tag=c0
ciphertext=a8cb0fcb81a845d59bd8fcda79c26e18a029cb57216059dc2ceac7ae6343d8b18d782243c22fc1b7f57e09b1a22fe8ee353d2fab90bf0a6b72c9b0d8936b18a4a4ef49100037b47e834d4eea9df0863afcff8023b02345b9e4b5c75fe54408fca424b9212120a76bf01ff0111c52358f52067c8225ef1b1360925281e2d3c35ed24ac5586ff36e8ea9acc32523d758f46c3163f00d" \
  encrypt --vpk $A_VPK --npk $A_NPK --identifier 0 --owner 0,0,0,0,0,0,0,0 --balance 0 --nonce 0 --data "" \
  --output-index 0 --esk "$(rep 07 32)"

# A random esk still gives a note the recipient opens.
"$W" encrypt --vpk $A_VPK --npk $A_NPK --identifier 7 --owner 1,2,3,4,5,6,7,8 --balance 0x10 --nonce 1 \
  --data 00ff --output-index 3 >"$tmp/rand" 2>&1
expect_out "random esk round trip" "kind=regular
identifier=7
owner=1,2,3,4,5,6,7,8
balance=16
nonce=1
data=00ff" decrypt --vsk $A_VSK --commitment "$(sed -n 's/^commitment=//p' "$tmp/rand")" --output-index 3 \
  --epk "$(sed -n 's/^epk=//p' "$tmp/rand")" --ciphertext "$(sed -n 's/^ciphertext=//p' "$tmp/rand")"

# ---- errors --------------------------------------------------------------
expect_err "odd hex" "odd number of hex digits" npk --nsk abc
expect_err "not hex" "not a hex digit" npk --nsk "$(rep zz 32)"
expect_err "short key" "expected 32 bytes" npk --nsk abcd
expect_err "long point" "expected 33 bytes" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 --epk ${P3_EPK}00 --ciphertext $P3_CT
expect_err "esk = n" "--esk: scalar is zero or not below the group order" encrypt --vpk $A_VPK --npk $A_NPK --identifier 0 \
  --owner 0,0,0,0,0,0,0,0 --balance 0 --nonce 0 --data "" --output-index 0 --esk $N
expect_err "esk = 0" "--esk: scalar is zero" encrypt --vpk $A_VPK --npk $A_NPK --identifier 0 \
  --owner 0,0,0,0,0,0,0,0 --balance 0 --nonce 0 --data "" --output-index 0 --esk "$(rep 00 32)"
expect_err "vsk = ff..ff" "--vsk: scalar is zero or not below" decrypt --vsk "$(rep ff 32)" --commitment $P3_COMMIT \
  --output-index 2 --epk $P3_EPK --ciphertext $P3_CT
expect_err "epk not on curve" "--epk: not a compressed secp256k1 point" decrypt --vsk $A_VSK --commitment $P3_COMMIT \
  --output-index 2 --epk 02$(rep 00 31)05 --ciphertext $P3_CT
expect_err "epk prefix 04" "--epk: not a compressed" decrypt --vsk $A_VSK --commitment $P3_COMMIT \
  --output-index 2 --epk 04${P3_EPK:2} --ciphertext $P3_CT
expect_err "vpk x = p" "--vpk: not a compressed" encrypt --vpk 02fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f \
  --npk $A_NPK --identifier 0 --owner 0,0,0,0,0,0,0,0 --balance 0 --nonce 0 --data "" --output-index 0
expect_err "unknown word" 'word 24 "arts" is not in the BIP-39 English wordlist' keys --mnemonic "${ABANDON23}arts"
expect_err "bad checksum" "bad checksum" keys --mnemonic "${ABANDON23}zoo"
expect_err "23 words" "expected 24 words, got 23" keys --mnemonic "${ABANDON23}"
expect_err "wrong key" "no note for this key" decrypt --vsk 9b5a364be48244c981fbb4c3fa4022e6f1ccd832959c0a43d04a090a2f3b32ca \
  --commitment $P3_COMMIT --output-index 2 --epk $P3_EPK --ciphertext $P3_CT
expect_err "truncated ciphertext" "note data truncated" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 \
  --epk $P3_EPK --ciphertext ${P3_CT:0:300}
expect_err "balance over 128 bits" "--balance: out of range" commitment --account-id $A_ID --owner 0,0,0,0,0,0,0,0 \
  --balance 340282366920938463463374607431768211456 --nonce 0 --data ""
expect_err "owner with 7 words" "--owner: expected eight" commitment --account-id $A_ID --owner 0,0,0,0,0,0,0 \
  --balance 0 --nonce 0 --data ""
expect_err "owner word over u32" "--owner: out of range" commitment --account-id $A_ID --owner 0,0,0,0,0,0,0,4294967296 \
  --balance 0 --nonce 0 --data ""
expect_err "missing option" "missing --identifier" account-id --npk $A_NPK
expect_err "unknown option" "unknown option --bogus" npk --nsk $A_NSK --bogus 1
expect_err "unknown command" "unknown command" frobnicate
expect_err "pda half given" "go together" account-id --npk $A_NPK --identifier 0 --program-id 1,1,1,1,1,1,1,1
expect_err "bad path" "--path" tree --seed $SEED --path 0/1
expect_err "path trailing slash" "--path: trailing" tree --seed $SEED --path /0/
expect_err "path component over u32" "--path: out of range" tree --seed $SEED --path /4294967296

# ---- UTF-8 text, NFKD-normalised as BIP-39 wants ------------------------------
# Seeds: the published TREZOR vectors, and python3's
# hashlib.pbkdf2_hmac("sha512", NFKD(m), b"mnemonic" + NFKD(p), 2048, 64)
# for "café" (tests/crypto/test_lez.c has the same values).
TREZOR_SEED=bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8
CAFE_SEED=5473db1e091268961306abc6ec40fa37dde0a3941bfcd1dc51ec8dba85b1808f677044cbd09379624b76078694a6ec1d665edd442911d5e054fca1495234a4a1
ABSENT_SEED=2e3c58340e28b1e70f1bec7393459fd4c16058aacd6c87d99439616742daf02f9d18d919fe7c74a34a2a9d2b417e9a9021fcc8f820e257e355762cbbece5eea2
IDSP=$(printf '\xe3\x80\x80')   # U+3000 IDEOGRAPHIC SPACE
expect_line "fullwidth TREZOR passphrase" "seed=$TREZOR_SEED" keys --mnemonic "${ABANDON23}art" \
  --passphrase "$(printf '\xef\xbc\xb4\xef\xbc\xb2\xef\xbc\xa5\xef\xbc\xba\xef\xbc\xaf\xef\xbc\xb2')"
expect_line "passphrase with U+00E9" "seed=$CAFE_SEED" keys --entropy "$(rep 00 32)" --passphrase "caf$(printf '\xc3\xa9')"
expect_line "passphrase with e + U+0301" "seed=$CAFE_SEED" keys --mnemonic "${ABANDON23}art" --passphrase "cafe$(printf '\xcc\x81')"
expect_line "mnemonic: fullwidth a, fi ligature, U+3000" "seed=$ABSENT_SEED" keys --passphrase TREZOR --mnemonic \
  "$(printf '\xef\xbd\x81')bsent${IDSP}gorilla van acoustic humor $(printf '\xef\xac\x81')rm title dolphin bulk barely citizen recall crane moment aspect appear track phrase actual enforce steel spoon${IDSP} afraid benefit"
expect_err "passphrase not UTF-8" "--passphrase: not valid UTF-8 at byte offset 3" keys --entropy "$(rep 00 32)" \
  --passphrase "caf$(printf '\xe9')"
expect_err "mnemonic not UTF-8" "--mnemonic: not valid UTF-8 at byte offset 7" keys --mnemonic "abandon$(printf '\xc0\x80') ${ABANDON23}"
expect_err "unknown word after U+3000" 'word 2 "abandonn" is not in the BIP-39' keys \
  --mnemonic "abandon${IDSP}abandonn ${ABANDON23:8}"

# ---- --der: the LEZ-Wire EncryptedNote -------------------------------------
P3_ARGS=(encrypt --vpk $A_VPK --npk $A_NPK --identifier 0 --owner 1,2,3,4,5,6,7,8
  --balance 123456789012345678901234567890123456 --nonce 42 --data $HOLA --output-index 2 --esk "$(rep 03 32)")
if [ "$DER" = der ]; then
  # Expected bytes by X.690 by hand: SEQUENCE (long form, 204), OCTET STRING
  # (159), OCTET STRING (33), INTEGER 0xc0 (needs a leading 00), INTEGER 2.
  want_der="3081cc04819f${P3_CT}0421${P3_EPK}020200c0020102"
  if "$W" "${P3_ARGS[@]}" --der "$tmp/p3.der" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
     [ "$(od -An -v -tx1 "$tmp/p3.der" | tr -d ' \n')" = "$want_der" ] && grep -qx "ciphertext=$P3_CT" "$tmp/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: P3 encrypt --der bytes"; od -An -tx1 "$tmp/p3.der" | head -3; cat "$tmp/err"
  fi
  expect_out "P3 decrypt --der" "kind=regular
identifier=0
owner=1,2,3,4,5,6,7,8
balance=123456789012345678901234567890123456
nonce=42
data=$HOLA" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 --der "$tmp/p3.der"
  head -c 100 "$tmp/p3.der" >"$tmp/short.der"
  expect_err "truncated DER" "is not a DER EncryptedNote" decrypt --vsk $A_VSK --commitment $P3_COMMIT \
    --output-index 2 --der "$tmp/short.der"
  expect_err "DER outputIndex mismatch" "outputIndex 2 differs from --output-index 0" decrypt --vsk $A_VSK \
    --commitment $P3_COMMIT --output-index 0 --der "$tmp/p3.der"
  expect_err "DER with --epk" "replaces --epk" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 \
    --der "$tmp/p3.der" --epk $P3_EPK
  expect_err "DER missing file" "cannot open" decrypt --vsk $A_VSK --commitment $P3_COMMIT --output-index 2 \
    --der "$tmp/none.der"
else
  expect_err "--der unavailable" "built without the generated LEZ-Wire code" "${P3_ARGS[@]}" --der "$tmp/p3.der"
fi

echo "lez-wallet: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
