#!/usr/bin/env python3
"""bench/ber/defexplicit.py IN OUT: rewrites a BER file so that every
context-specific constructed element (the EXPLICIT [0] wrappers of CMS) has
a definite length; everything else stays as it is (indefinite SEQUENCEs,
constructed OCTET STRING segments). libtasn1 4.19 refuses an indefinite
length on an EXPLICIT tag (ASN1_DER_ERROR), so bench-ber times it on this
form of the same message."""
import sys


def header(data, i):
    ident = data[i]
    i += 1
    if ident & 0x1F == 0x1F:
        while data[i] & 0x80:
            i += 1
        i += 1
    tag_end = i
    n = data[i]
    i += 1
    if n == 0x80:
        return ident, tag_end, i, None
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(data[i:i + k], "big")
        i += k
    return ident, tag_end, i, n


def length(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def element(data, i, start):
    """(bytes written, index after the element) for the element at i."""
    ident, tag_end, c, n = header(data, i)
    if not ident & 0x20:
        return data[i:c + n], c + n
    out = b""
    end = None if n is None else c + n
    while True:
        if end is None and data[c] == 0 and data[c + 1] == 0:
            c += 2
            break
        if end is not None and c == end:
            break
        piece, c = element(data, c, start)
        out += piece
    if ident & 0xC0 == 0x80:
        return data[i:tag_end] + length(len(out)) + out, c
    if n is None:
        return data[i:tag_end] + b"\x80" + out + b"\x00\x00", c
    return data[i:tag_end] + length(len(out)) + out, c


data = open(sys.argv[1], "rb").read()
out, _ = element(data, 0, 0)
open(sys.argv[2], "wb").write(out)
