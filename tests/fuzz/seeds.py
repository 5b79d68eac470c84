#!/usr/bin/env python3
"""Writes the minimal seed inputs of the fuzz targets into corpus/<target>/.

Certificates and schema files are copied in by seeds.sh; this script makes
the hand-built cases: one valid encoding per read primitive, texts, BIP-39
test vectors (TREZOR), a curve point, LEZ note plaintexts. Re-running it
rewrites the same files (names are content hashes)."""
import hashlib, os, struct, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(here, "..", "common"))
from dertlv import tlv  # noqa: E402

def put(target, data):
    d = os.path.join(here, "corpus", target)
    os.makedirs(d, exist_ok=True)
    name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

H = bytes.fromhex
# fuzz_read: op, flags, tag selector, parameter, DER (see fuzz_read.c enum op).
OP = dict(HEADER=0, INT64=1, UINT64=2, INT_RANGE=3, UINT_RANGE=4, I128=5, U128=6, BIGINT=7,
          BOOL=8, NULL=9, OCTETS=10, STRING=11, BITS=12, OID=13, TIME=14, ENTER=15, SKIP=16, RAW=17)
def rd(op, der, tagsel=0, param=0, flags=0):
    put("read", bytes([OP[op], flags, tagsel, param]) + der)

for c in [H("00"), H("7f"), H("0080"), H("80"), H("ff7f"), H("7fffffffffffffff"), H("8000000000000000")]:
    for op in ("INT64", "INT_RANGE", "BIGINT", "I128"):
        rd(op, tlv(2, c), param=1)
for c in [H("00ffffffffffffffff"), H("01"), H("7fffffffffffffff")]:
    rd("UINT64", tlv(2, c)); rd("UINT_RANGE", tlv(2, c), param=2); rd("U128", tlv(2, c))
rd("I128", tlv(2, H("7f" + "ff" * 15))); rd("U128", tlv(2, H("00" + "ff" * 16)))
rd("BIGINT", tlv(2, H("00" + "c3" * 200)))
rd("BOOL", H("0101ff")); rd("BOOL", H("010100")); rd("BOOL", H("8101ff"), tagsel=0x80)
rd("NULL", H("0500")); rd("NULL", H("9f1f00"), tagsel=0x80 | 31)
rd("OCTETS", tlv(4, b"\x01\x02\x03")); rd("OCTETS", tlv(4, bytes(300)))
rd("HEADER", H("3003020105")); rd("HEADER", tlv(4, bytes(200))); rd("HEADER", H("5f2a00"), tagsel=0x40 | 42)
strings = [(0, "héllo".encode()), (2, b"Test Name"), (5, b"a@b.c"), (1, b"12 34"), (10, "é€".encode("utf-16-be")),
           (9, "x\U0001F600".encode("utf-32-be")), (7, b"visible")]
ut = [12, 18, 19, 20, 21, 22, 25, 26, 27, 28, 30]
for k, s in strings:
    rd("STRING", tlv(ut[k], s), param=k)
rd("BITS", H("03020780")); rd("BITS", H("030100")); rd("BITS", H("030400aabbcc"))
rd("OID", tlv(6, H("2a864886f70d01010b"))); rd("OID", tlv(6, H("883701"))); rd("OID", tlv(6, H("550403")))
rd("TIME", tlv(23, b"250101000000Z"), param=0); rd("TIME", tlv(24, b"20250101000000.123Z"), param=1)
rd("TIME", tlv(24, b"99991231235959Z"), param=1); rd("TIME", tlv(23, b"491231235959Z"), param=0)
rd("ENTER", H("3003020101")); rd("ENTER", H("31060201010201ff"), param=1); rd("ENTER", H("a0030201ff"), tagsel=0x80)
rd("SKIP", H("3003020101")); rd("RAW", H("bf8a3b0100"))

# fuzz_text: selector, parameter, bytes.
for t in [b"1.2.840.113549.1.1.11", b"2.999.1", b"0.39", b"2.25.329800735698586629295641978511506172918"]:
    put("text", b"\x00\x40" + t); put("text", b"\x02\x00" + t)
put("text", b"\x01\x20" + H("2a864886f70d01010b")); put("text", b"\x07\x00" + H("883701"))
put("text", b"\x03\x00" + b"250101000000Z"); put("text", b"\x03\x01" + b"20240229120000.5Z")
put("text", b"\x04" + H("0780")); put("text", b"\x05\x03" + H("3003020101")); put("text", b"\x06\x10" + bytes(20))

# fuzz_mnemonic: the 24-word TREZOR vectors of BIP-39.
for m in ["abandon " * 23 + "art",
          "legal winner thank year wave sausage worth useful " * 2 + "legal winner thank year wave sausage worth title",
          "letter advice cage absurd amount doctor acoustic avoid " * 2 + "letter advice cage absurd amount doctor acoustic bless",
          "zoo " * 23 + "vote",
          "void come effort suffer camp survey warrior heavy shoot primary clutch crush open amazing screen patrol group space point ten exist slush involve unfold"]:
    put("mnemonic", m.encode())

# fuzz_epk: point, scalar. G and -G with scalars 1 and 2.
G = H("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
put("epk", G + (1).to_bytes(32, "big")); put("epk", b"\x03" + G[1:] + (2).to_bytes(32, "big"))

# fuzz_note: le32 output index, then the plaintext of spec §8 (header, account).
def account(data):
    return bytes(range(32)) + (5).to_bytes(16, "little") + (7).to_bytes(16, "little") + struct.pack("<I", len(data)) + data
put("note", struct.pack("<I", 0) + b"\x00" + (42).to_bytes(16, "little") + bytes(64) + account(b"abc"))
put("note", struct.pack("<I", 3) + b"\x01" + bytes(range(32)) + bytes(32) + (9).to_bytes(16, "little") + account(b""))

# Generated-decoder targets: one valid value per type, built here by hand
# (T_init's all-zero values do not satisfy the schemas' constraints).
def seq(*parts): return tlv(0x30, b"".join(parts))
def ctx(n, v): return tlv(0xA0 | n, v)          # EXPLICIT [n]
def app(n, v): return bytes([0x60 | n]) + tlv(0, v)[1:]
def integer(i):
    return tlv(2, i.to_bytes(max(1, (i.bit_length() + 8) // 8), "big", signed=True))
def gstr(s): return tlv(0x1B, s)
def gtime(s): return tlv(0x18, s)
def octets(b): return tlv(4, b)
flags32 = tlv(3, b"\x00\x40\x81\x00\x10")
princ = seq(ctx(0, integer(1)), ctx(1, seq(gstr(b"krbtgt"), gstr(b"EXAMPLE.COM"))))
encdata = seq(ctx(0, integer(18)), ctx(1, integer(2)), ctx(2, octets(bytes(range(40)))))
body = seq(ctx(0, flags32), ctx(1, princ), ctx(2, gstr(b"EXAMPLE.COM")), ctx(3, princ),
           ctx(5, gtime(b"20370913024805Z")), ctx(7, integer(123456789)), ctx(8, seq(integer(18), integer(17))))
kdc_req = lambda t: seq(ctx(1, integer(5)), ctx(2, integer(t)),
                        ctx(3, seq(seq(ctx(1, integer(2)), ctx(2, octets(b"\x01\x02"))))), ctx(4, body))
put("gen_AS_REQ", app(10, kdc_req(10)))
put("gen_TGS_REQ", app(12, kdc_req(12)))
ticket = app(1, seq(ctx(0, integer(5)), ctx(1, gstr(b"EXAMPLE.COM")), ctx(2, princ), ctx(3, encdata)))
kdc_rep = lambda t: seq(ctx(0, integer(5)), ctx(1, integer(t)), ctx(3, gstr(b"EXAMPLE.COM")), ctx(4, princ),
                        ctx(5, ticket), ctx(6, encdata))
put("gen_AS_REP", app(11, kdc_rep(11)))
put("gen_TGS_REP", app(13, kdc_rep(13)))
put("gen_AP_REQ", app(14, seq(ctx(0, integer(5)), ctx(1, integer(14)), ctx(2, flags32), ctx(3, ticket), ctx(4, encdata))))
put("gen_AP_REP", app(15, seq(ctx(0, integer(5)), ctx(1, integer(15)), ctx(2, encdata))))
put("gen_KRB_PRIV", app(21, seq(ctx(0, integer(5)), ctx(1, integer(21)), ctx(3, encdata))))
put("gen_KRB_CRED", app(22, seq(ctx(0, integer(5)), ctx(1, integer(22)), ctx(2, seq(ticket)), ctx(3, encdata))))
safe_body = seq(ctx(0, octets(b"data")), ctx(1, gtime(b"20250101000000Z")), ctx(2, integer(7)), ctx(3, integer(1)),
                ctx(4, seq(ctx(0, integer(2)), ctx(1, octets(bytes(4))))))
put("gen_KRB_SAFE", app(20, seq(ctx(0, integer(5)), ctx(1, integer(20)), ctx(2, safe_body),
                               ctx(3, seq(ctx(0, integer(16)), ctx(1, octets(bytes(20))))))))
put("gen_KRB_ERROR", app(30, seq(ctx(0, integer(5)), ctx(1, integer(30)), ctx(4, gtime(b"20250101000000Z")),
                                ctx(5, integer(0)), ctx(6, integer(25)), ctx(9, gstr(b"EXAMPLE.COM")), ctx(10, princ),
                                ctx(11, gstr(b"needed preauth")))))
# LEZ-Wire (EXPLICIT TAGS, no tags in the module).
put("gen_EncryptedNote", seq(octets(bytes(200)), octets(b"\x02" + bytes(32)), integer(17), integer(3)))
put("gen_ViewingKeys", seq(integer(1), octets(bytes(32)), octets(b"\x03" + bytes(32))))
put("gen_Account", seq(octets(bytes(32)), integer(10**20), integer(5), octets(b"hello")))
# Bench (AUTOMATIC TAGS: [n] IMPLICIT, constructed for SEQUENCE/CHOICE).
def impl(n, t, v): return tlv(0x80 | n | (0x20 if t else 0), v)
simple = lambda a, b: impl(a, 1, impl(0, 0, b"\x07") + impl(1, 0, b"\xff") + impl(2, 0, b"abc"))
put("gen_NestedSequence", seq(simple(0, 0), impl(1, 1, impl(0, 0, b"\x02") + simple(1, 0))))
put("gen_ComplexSequence", seq(impl(1, 0, "naïve".encode()), impl(2, 0, b"note"), impl(3, 1, impl(1, 0, b"txt")),
                               impl(4, 1, tlv(2, b"\x01") + tlv(2, b"\x00\x80"))))
put("gen_DeriveMessage", seq(impl(1, 0, b"\x2a"), impl(2, 0, b"alice"), impl(3, 0, b"bob"), impl(4, 0, b"\x01\x00"),
                             impl(5, 0, b"\x02"), impl(6, 1, impl(0, 0, b"\x05") + impl(1, 0, b"\x04\xa0")),
                             impl(7, 0, b"body"), impl(9, 1, tlv(2, b"\x01") + tlv(2, b"\x02"))))
