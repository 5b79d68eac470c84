#!/usr/bin/env python3
"""tshark_fields.py JSON FIELD=VALUE... — every FIELD=VALUE pair is among
the leaves of tshark's `-T json` output (keys repeat there, so the pairs are
read with object_pairs_hook, not as a dict), and no leaf is a malformed-packet
or expert error/warning. Prints one line per pair; exits 1 on any miss."""
import json
import sys

leaves = []

def walk(pairs):
    for k, v in pairs:
        if isinstance(v, list) and v and isinstance(v[0], tuple):
            walk(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, list):
                    walk(x)
                else:
                    leaves.append((k, str(x)))
        else:
            leaves.append((k, str(v)))

doc = json.load(open(sys.argv[1]), object_pairs_hook=lambda p: p)
walk(doc[0] if isinstance(doc, list) else doc)
bad = [(k, v) for k, v in leaves
       if k.startswith('_ws.malformed') or (k == '_ws.expert.severity' and int(v) >= 0x00600000)]
ok = True
for k, v in bad:
    print(f"  tshark reports {k} = {v}")
    ok = False
for want in sys.argv[2:]:
    k, v = want.split('=', 1)
    found = (k, v) in leaves
    print(f"  {'ok  ' if found else 'MISS'} {k} = {v}" + ("" if found else
          f" (tshark has: {[x for kk, x in leaves if kk == k][:4]})"))
    ok &= found
sys.exit(0 if ok else 1)
