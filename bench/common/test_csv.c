/* CUnit table test of bench/common/csv.c: each field and record against the
 * exact bytes RFC 4180 (2.5-2.7) gives for it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "cunit_run.h"

static const struct field_case {
    const char *field, *written;
} field_cases[] = {
    {"plain", "plain"},
    {"", ""},
    {"keychain/ssk_chain_2048", "keychain/ssk_chain_2048"},
    {"a,b", "\"a,b\""},
    {"(diagnostic: hand-composed HMAC, not used)", "\"(diagnostic: hand-composed HMAC, not used)\""},
    {"say \"hi\"", "\"say \"\"hi\"\"\""},
    {"\"", "\"\"\"\""},
    {"two\nlines", "\"two\nlines\""},
    {"cr\rlf\r\n", "\"cr\rlf\r\n\""},
    {" lead", "\" lead\""},
    {"trail ", "\"trail \""},
    {"in side", "in side"},
    {",\",", "\",\"\",\""},
};

/* The output of fn(f, arg) through a memory stream, NUL-terminated. */
static char *capture(int (*fn)(FILE *, const void *), const void *arg, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CU_ASSERT_FATAL(f != NULL);
    *rc = fn(f, arg);
    CU_ASSERT_FATAL(fclose(f) == 0);
    return buf;
}

static int write_field(FILE *f, const void *arg)
{
    return bench_csv_field(f, arg);
}

static void test_fields(void)
{
    for (size_t i = 0; i < sizeof field_cases / sizeof field_cases[0]; i++) {
        int rc;
        char *out = capture(write_field, field_cases[i].field, &rc);
        CU_ASSERT_EQUAL(rc, 0);
        if (strcmp(out, field_cases[i].written) != 0) {
            fprintf(stderr, "\ncase %zu: wrote [%s], want [%s]\n", i, out, field_cases[i].written);
            CU_FAIL("field bytes differ");
        }
        free(out);
    }
}

static const struct row_case {
    size_t n;
    const char *fields[6];
    const char *written;
} row_cases[] = {
    {6, {"table", "row", "implementation", "median_ns", "min_ns", "samples"},
     "table,row,implementation,median_ns,min_ns,samples\n"},
    {6, {"crypto_breakdown", "keychain/ssk_chain_2048 (diagnostic: hand-composed HMAC, not used)", "lez",
         "765754.0", "736803.0", "101"},
     "crypto_breakdown,\"keychain/ssk_chain_2048 (diagnostic: hand-composed HMAC, not used)\",lez,"
     "765754.0,736803.0,101\n"},
    {3, {"", "", ""}, ",,\n"},
    {1, {""}, "\n"},
    {2, {"x\"y", "1\n2"}, "\"x\"\"y\",\"1\n2\"\n"},
};

static int write_row(FILE *f, const void *arg)
{
    const struct row_case *c = arg;
    return bench_csv_row(f, c->fields, c->n);
}

static void test_rows(void)
{
    for (size_t i = 0; i < sizeof row_cases / sizeof row_cases[0]; i++) {
        int rc;
        char *out = capture(write_row, &row_cases[i], &rc);
        CU_ASSERT_EQUAL(rc, 0);
        if (strcmp(out, row_cases[i].written) != 0) {
            fprintf(stderr, "\nrow %zu: wrote [%s], want [%s]\n", i, out, row_cases[i].written);
            CU_FAIL("record bytes differ");
        }
        free(out);
    }
}

/* A stream that cannot be written reports -1, not a silent short file. */
static void test_write_error(void)
{
    FILE *f = fopen("/dev/null", "r");
    CU_ASSERT_FATAL(f != NULL);
    CU_ASSERT_EQUAL(bench_csv_field(f, "a,b"), -1);
    CU_ASSERT_EQUAL(bench_csv_row(f, bench_csv_columns, BENCH_CSV_NCOLUMNS), -1);
    fclose(f);
}

int main(void)
{
    static const cunit_test tests[] = {
        { "fields (quote, comma, CR/LF, double quote)", test_fields },
        { "records", test_rows },
        { "write errors", test_write_error },
    };
    CUNIT_SUITE("bench-csv", tests);
    return cunit_run(CU_BRM_NORMAL);
}
