/* bench/common/csv.c — RFC 4180 fields and records (see csv.h). */
#include "csv.h"

#include <string.h>

const char *const bench_csv_columns[BENCH_CSV_NCOLUMNS] = {"table", "row", "implementation",
                                                           "median_ns", "min_ns", "samples"};

/* Quoting only where needed keeps the committed files as they were for
 * every row that was already read correctly. */
static int needs_quotes(const char *s)
{
    size_t n = strlen(s);
    if (n > 0 && (s[0] == ' ' || s[n - 1] == ' '))
        return 1;
    return strpbrk(s, ",\"\r\n") != NULL;
}

int bench_csv_field(FILE *f, const char *field)
{
    if (!needs_quotes(field))
        return fputs(field, f) < 0 ? -1 : 0;
    if (fputc('"', f) == EOF)
        return -1;
    for (const char *p = field; *p; p++) {
        if (*p == '"' && fputc('"', f) == EOF) /* RFC 4180 2.7 */
            return -1;
        if (fputc(*p, f) == EOF)
            return -1;
    }
    return fputc('"', f) == EOF ? -1 : 0;
}

int bench_csv_row(FILE *f, const char *const *fields, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && fputc(',', f) == EOF)
            return -1;
        if (bench_csv_field(f, fields[i]) != 0)
            return -1;
    }
    return fputc('\n', f) == EOF ? -1 : 0;
}
