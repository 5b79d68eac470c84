/*
 * bench/common/csv.h — the one CSV writer of bench/: every results CSV in
 * bench/results/ goes through it, so that a field holding a comma, a double
 * quote or a line break (a row name such as "hand-composed HMAC, not used")
 * reads back as one field in any RFC 4180 reader.
 */
#ifndef BENCH_CSV_H
#define BENCH_CSV_H

#include <stddef.h>
#include <stdio.h>

/* Writes one field as RFC 4180 2.6-2.7 want: as it is when it holds none of
 * comma, double quote, CR or LF (and no leading or trailing space, which
 * some readers trim); otherwise between double quotes, each double quote
 * doubled. Returns 0, or -1 on a write error (errno from stdio). */
int bench_csv_field(FILE *f, const char *field);

/* Writes the n fields separated by commas and ends the record with "\n".
 * LF, not the RFC's CRLF: the files are committed text, and RFC 4180
 * readers (Python's csv, pandas, gnuplot, LibreOffice) accept both.
 * Returns 0, or -1 on a write error. */
int bench_csv_row(FILE *f, const char *const *fields, size_t n);

/* The columns of every results CSV: one measured case per record. */
#define BENCH_CSV_NCOLUMNS 6
extern const char *const bench_csv_columns[BENCH_CSV_NCOLUMNS];

#endif /* BENCH_CSV_H */
