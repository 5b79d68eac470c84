#!/usr/bin/env python3
"""Writes the rejection corpus tests/der/bad/ and its index bad/INDEX.

One minimal sample per rule: runtime/ breaks one rule of the strict DER
runtime (X.690), struct/ one structural rule of generated decoders (types
of tests/der/rules.asn). INDEX lines: file, decoder, expected code, byte
offset, field path ("-" for the outermost value). test_der.c reads INDEX,
checks every sample against it, and that every file is listed."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(here, "..", "common"))
from dertlv import tlv  # noqa: E402

def nest(tag, depth, inner=b""):
    v = inner
    for _ in range(depth):
        v = tlv(tag, v)
    return v

def offset_of_level(der, level):
    """Offset of the identifier of the element `level` levels down (0 = outermost)."""
    off = 0
    for _ in range(level):
        l = der[off + 1]
        off += 2 + (l & 0x7F if l & 0x80 else 0)
    return off

H = bytes.fromhex
rec_tail = H("160141") + H("3003020100")           # name "A", inner { v 0 }
deep = nest(0x30, 65)
chain = nest(0x30, 70)
rows = [
    # runtime: identifier and length octets (X.690 8.1.2, 8.1.3, 10.1)
    ("runtime/truncated.der", "walk", "ASN1RT_E_TRUNCATED", 0, "-", H("3005020100")),
    ("runtime/indefinite-length.der", "walk", "ASN1RT_E_INDEFINITE_LENGTH", 0, "-", H("30800201000000")),
    ("runtime/length-not-minimal.der", "walk", "ASN1RT_E_LENGTH_NOT_MINIMAL", 0, "-", H("04810141")),
    ("runtime/length-too-large.der", "walk", "ASN1RT_E_LENGTH_TOO_LARGE", 0, "-", H("0489010000000000000000")),
    ("runtime/tag-not-minimal.der", "walk", "ASN1RT_E_TAG_NOT_MINIMAL", 0, "-", H("9f1e00")),
    ("runtime/tag-too-large.der", "walk", "ASN1RT_E_TAG_TOO_LARGE", 0, "-", H("9f818080800000")),
    ("runtime/unexpected-tag.der", "Inner", "ASN1RT_E_UNEXPECTED_TAG", 0, "-", H("3103020100")),
    ("runtime/depth.der", "walk", "ASN1RT_E_DEPTH", offset_of_level(deep, 64), "-", deep),
    ("runtime/trailing-data.der", "walk", "ASN1RT_E_TRAILING_DATA", 2, "-", H("050000")),
    ("runtime/constructed-string.der", "walk", "ASN1RT_E_CONSTRUCTED", 0, "-", H("2403040141")),
    ("runtime/primitive-sequence.der", "walk", "ASN1RT_E_PRIMITIVE", 0, "-", H("1000")),
    # runtime: primitive contents (X.690 8.2-8.19, 11)
    ("runtime/integer-empty.der", "walk", "ASN1RT_E_INTEGER_EMPTY", 0, "-", H("0200")),
    ("runtime/integer-not-minimal.der", "walk", "ASN1RT_E_INTEGER_NOT_MINIMAL", 2, "-", H("0202007f")),
    ("runtime/integer-range.der", "read_int64", "ASN1RT_E_INTEGER_RANGE", 2, "-", H("0209010000000000000000")),
    ("runtime/boolean-length.der", "walk", "ASN1RT_E_BOOLEAN_LENGTH", 0, "-", H("0102ffff")),
    ("runtime/boolean-value.der", "walk", "ASN1RT_E_BOOLEAN_VALUE", 2, "-", H("010101")),
    ("runtime/null-content.der", "walk", "ASN1RT_E_NULL_CONTENT", 2, "-", H("050100")),
    ("runtime/bitstring-empty.der", "walk", "ASN1RT_E_BITSTRING_EMPTY", 0, "-", H("0300")),
    ("runtime/bitstring-unused.der", "walk", "ASN1RT_E_BITSTRING_UNUSED", 2, "-", H("03020800")),
    ("runtime/bitstring-padding.der", "walk", "ASN1RT_E_BITSTRING_PADDING", 3, "-", H("030201ff")),
    ("runtime/oid-empty.der", "walk", "ASN1RT_E_OID_EMPTY", 0, "-", H("0600")),
    ("runtime/oid-not-minimal.der", "walk", "ASN1RT_E_OID_NOT_MINIMAL", 2, "-", H("06028001")),
    ("runtime/oid-truncated.der", "walk", "ASN1RT_E_OID_TRUNCATED", 3, "-", H("06022a86")),
    ("runtime/oid-arc-too-large.der", "oid_arcs", "ASN1RT_E_OID_ARC_TOO_LARGE", 0, "-", H("060b2a82808080808080808000")),
    ("runtime/time-format.der", "walk", "ASN1RT_E_TIME_FORMAT", 2, "-", tlv(0x17, b"2501010000Z")),
    ("runtime/time-value.der", "walk", "ASN1RT_E_TIME_VALUE", 2, "-", tlv(0x17, b"251301000000Z")),
    ("runtime/string-alphabet.der", "walk", "ASN1RT_E_STRING_ALPHABET", 2, "-", H("130140")),
    ("runtime/string-utf8.der", "walk", "ASN1RT_E_STRING_UTF8", 2, "-", H("0c02c080")),
    ("runtime/string-length.der", "walk", "ASN1RT_E_STRING_LENGTH", 0, "-", H("1e03004100")),
    ("runtime/enum-value.der", "Color", "ASN1RT_E_ENUM_VALUE", 0, "-", H("0a0102"),
        "generated code reports the element, not its content octet"),
    ("runtime/bitstring-trailing-zero.der", "Usage", "ASN1RT_E_BITSTRING_TRAILING_ZERO", 3, "-", H("03020680")),
    # generated code: structure
    ("struct/missing-component.der", "Record", "ASN1RT_E_MISSING_COMPONENT", 8, "inner", H("3006020105160141"),
        "the SEQUENCE ends where a required component must be"),
    ("struct/component-out-of-order.der", "Record", "ASN1RT_E_UNEXPECTED_TAG", 2, "id",
        tlv(0x30, H("160141") + H("020105") + H("3003020100"))),
    ("struct/unknown-component.der", "Record", "ASN1RT_E_UNKNOWN_COMPONENT", 13, "-",
        tlv(0x30, H("020105") + rec_tail + H("8500"))),
    ("struct/wrong-tag.der", "Record", "ASN1RT_E_UNEXPECTED_TAG", 8, "inner",
        tlv(0x30, H("020105") + H("160141") + H("3103020100"))),
    ("struct/set-duplicate.der", "Pair", "ASN1RT_E_DUPLICATE_COMPONENT", 5, "a", H("3109800101800102810 1ff".replace(" ", "")),
        "a second [0] where [1] must be: the path names the repeated component"),
    ("struct/set-duplicate-last.der", "Pair", "ASN1RT_E_DUPLICATE_COMPONENT", 8, "b", H("3109800101810 1ff810100".replace(" ", "")),
        "a second [1] after the last component"),
    ("struct/set-order.der", "Pair", "ASN1RT_E_SET_ORDER", 2, "a", H("31068101ff800101")),
    ("struct/set-of-order.der", "Numbers", "ASN1RT_E_SET_ORDER", 5, "-", H("3106020102020101")),
    ("struct/set-of-order-array.der", "SmallSet", "ASN1RT_E_SET_ORDER", 5, "-", H("3106020102020101")),
    ("struct/default-encoded.der", "Record", "ASN1RT_E_DEFAULT_ENCODED", 8, "flag",
        tlv(0x30, H("020105") + H("160141") + H("010100") + H("3003020100"))),
    ("struct/no-alternative.der", "Alt", "ASN1RT_E_NO_ALTERNATIVE", 0, "-", H("0400")),
    ("struct/size-below.der", "Record", "ASN1RT_E_SIZE_CONSTRAINT", 7, "name", tlv(0x30, H("020105") + H("1600") + H("3003020100"))),
    ("struct/size-above.der", "Record", "ASN1RT_E_SIZE_CONSTRAINT", 7, "name",
        tlv(0x30, H("020105") + tlv(0x16, b"ABCDE") + H("3003020100"))),
    ("struct/items-below.der", "Few", "ASN1RT_E_SIZE_CONSTRAINT", 2, "-", H("3000")),
    ("struct/items-above.der", "Few", "ASN1RT_E_SIZE_CONSTRAINT", 8, "-", H("3009020101020102020103")),
    ("struct/range-below.der", "Record", "ASN1RT_E_VALUE_CONSTRAINT", 4, "id", tlv(0x30, H("0201ff") + rec_tail)),
    ("struct/range-above.der", "Record", "ASN1RT_E_VALUE_CONSTRAINT", 4, "id", tlv(0x30, H("020165") + rec_tail)),
    ("struct/range-below-inner.der", "Inner", "ASN1RT_E_VALUE_CONSTRAINT", 4, "v", H("30030201fa")),
    ("struct/range-above-inner.der", "Inner", "ASN1RT_E_VALUE_CONSTRAINT", 4, "v", H("3003020106")),
    ("struct/trailing-inside.der", "Inner", "ASN1RT_E_UNKNOWN_COMPONENT", 5, "-", H("30050201000500")),
    ("struct/length-overruns-parent.der", "Record", "ASN1RT_E_TRUNCATED", 8, "inner",
        H("300b") + H("020105") + H("160141") + H("3004020100")),
    ("struct/nesting-past-limit.der", "Chain", "ASN1RT_E_DEPTH", offset_of_level(chain, 64), "next", chain),
]

if __name__ == "__main__":
    bad = os.path.join(here, "bad")
    lines = ["# file decoder code offset path  (written by tests/der/mkbad.py)"]
    for f, dec, code, off, path, der, *note in rows:
        p = os.path.join(bad, f)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as fh:
            fh.write(der)
        lines.append(f"{f} {dec} {code} {off} {path}" + (f"  # {note[0]}" if note else ""))
    with open(os.path.join(bad, "INDEX"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
