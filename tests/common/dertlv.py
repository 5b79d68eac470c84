"""DER building blocks shared by the scripts that write test inputs
(tests/der/mkbad.py, tests/fuzz/seeds.py)."""


def tlv(tag, content):
    """One element: identifier octet `tag`, the DER length of content, content."""
    n = len(content)
    if n < 0x80:
        l = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        l = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + l + content
