#!/usr/bin/env python3
"""Reads each results CSV with Python's csv module (RFC 4180) and fails
unless every record has the header's fields: an unquoted comma in a row
name, the defect bench/common/csv.c exists to prevent, shows as a record
with one field too many."""
import csv
import sys

bad = 0
for path in sys.argv[1:]:
    with open(path, newline="") as f:
        rows = list(csv.reader(f, strict=True))
    if not rows:
        print(f"{path}: empty")
        bad += 1
        continue
    width = len(rows[0])
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != width:
            print(f"{path}: record {n} has {len(row)} fields, the header {width}")
            bad += 1
print(f"check-bench-csv: {len(sys.argv) - 1} files read back, {bad} bad records")
sys.exit(1 if bad else 0)
