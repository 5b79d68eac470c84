/* tests/der — the rejection corpus (bad/), the worst-case inputs and the
 * differential test against OpenSSL. This file: main and the corpus.
 *
 * bad/INDEX is the table: each line names a sample, the decoder it goes
 * through, the asn1rt_code it must fail with, the byte offset the error
 * must report and the field path ("-" for the outermost value). One loop
 * runs every row; a second check makes sure no sample goes unlisted. */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/Basic.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "derrules.h"
#include "dertest.h"

#define BAD_DIR "tests/der/bad"

/* Name -> value of every data error code, so INDEX can use the names. */
#define CODE(c) { #c, c }
static const struct { const char *name; int code; } codes[] = {
    CODE(ASN1RT_E_TRUNCATED), CODE(ASN1RT_E_INDEFINITE_LENGTH), CODE(ASN1RT_E_LENGTH_NOT_MINIMAL),
    CODE(ASN1RT_E_LENGTH_TOO_LARGE), CODE(ASN1RT_E_TAG_NOT_MINIMAL), CODE(ASN1RT_E_TAG_TOO_LARGE),
    CODE(ASN1RT_E_UNEXPECTED_TAG), CODE(ASN1RT_E_DEPTH), CODE(ASN1RT_E_TRAILING_DATA),
    CODE(ASN1RT_E_CONSTRUCTED), CODE(ASN1RT_E_PRIMITIVE), CODE(ASN1RT_E_INTEGER_EMPTY),
    CODE(ASN1RT_E_INTEGER_NOT_MINIMAL), CODE(ASN1RT_E_INTEGER_RANGE), CODE(ASN1RT_E_BOOLEAN_LENGTH),
    CODE(ASN1RT_E_BOOLEAN_VALUE), CODE(ASN1RT_E_NULL_CONTENT), CODE(ASN1RT_E_BITSTRING_EMPTY),
    CODE(ASN1RT_E_BITSTRING_UNUSED), CODE(ASN1RT_E_BITSTRING_PADDING), CODE(ASN1RT_E_OID_EMPTY),
    CODE(ASN1RT_E_OID_NOT_MINIMAL), CODE(ASN1RT_E_OID_TRUNCATED), CODE(ASN1RT_E_OID_ARC_TOO_LARGE),
    CODE(ASN1RT_E_TIME_FORMAT), CODE(ASN1RT_E_TIME_VALUE), CODE(ASN1RT_E_STRING_ALPHABET),
    CODE(ASN1RT_E_STRING_UTF8), CODE(ASN1RT_E_STRING_LENGTH), CODE(ASN1RT_E_ENUM_VALUE),
    CODE(ASN1RT_E_REAL), CODE(ASN1RT_E_BITSTRING_TRAILING_ZERO), CODE(ASN1RT_E_MISSING_COMPONENT),
    CODE(ASN1RT_E_UNKNOWN_COMPONENT), CODE(ASN1RT_E_DEFAULT_ENCODED), CODE(ASN1RT_E_SET_ORDER),
    CODE(ASN1RT_E_DUPLICATE_COMPONENT), CODE(ASN1RT_E_NO_ALTERNATIVE), CODE(ASN1RT_E_SIZE_CONSTRAINT),
    CODE(ASN1RT_E_VALUE_CONSTRAINT), CODE(ASN1RT_E_TOO_MANY_ITEMS), CODE(ASN1RT_E_BAD_CHOICE),
    CODE(ASN1RT_E_UNKNOWN_OPEN_TYPE),
};

/* Data error codes no decoder can return, and why; every other code in
 * codes[] must have a sample. */
static const struct { int code; const char *why; } no_sample[] = {
    { ASN1RT_E_REAL, "REAL maps to a content view (CK_OCTETS); nothing decodes REAL values" },
    { ASN1RT_E_TOO_MANY_ITEMS, "arrays are sized to the SIZE bound, which is checked first (SIZE_CONSTRAINT)" },
    { ASN1RT_E_BAD_CHOICE, "an in-memory discriminant error: T_encode/T_check only" },
    { ASN1RT_E_UNKNOWN_OPEN_TYPE, "no schema in the corpus has a constrained open type" },
    /* The generated decoders (emit_c.c, 2026-11-29) report these rules
     * with other codes; the samples in struct/ say which. */
    { ASN1RT_E_MISSING_COMPONENT, "struct/missing-component.der: TRUNCATED at the end of the SEQUENCE" },
    { ASN1RT_E_UNKNOWN_COMPONENT, "struct/unknown-component.der: TRAILING_DATA" },
    { ASN1RT_E_DUPLICATE_COMPONENT, "struct/set-duplicate.der: SET_ORDER (SET read in tag order)" },
};

static int code_value(const char *name)
{
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(codes[i].name, name) == 0)
            return codes[i].code;
    return -1;
}

/* The decoders INDEX may name. Each fills err (code, offset, path). */
static int decode_with(const char *decoder, const uint8_t *der, size_t len, asn1rt_error *err)
{
    static union {
        Inner inner; Record record; Pair pair; Numbers numbers; SmallSet smallset; Few few;
        Alt alt; Color color; Usage usage; Chain chain;
    } v;
    asn1rt_error_clear(err);
    if (strcmp(decoder, "walk") == 0)
        return asn1rt_walk(der, len, 0, NULL, NULL, err);
    if (strcmp(decoder, "read_int64") == 0) {
        asn1rt_reader r;
        int64_t x;
        asn1rt_reader_init(&r, der, len);
        err->code = asn1rt_read_int64(&r, ASN1RT_TAG(0, 0, ASN1RT_UT_INTEGER), &x);
        err->offset = r.err_offset;
        return err->code;
    }
    if (strcmp(decoder, "oid_arcs") == 0) {
        /* The content is valid DER; only the conversion to 64-bit arcs fails. */
        asn1rt_reader r;
        asn1rt_view oid;
        uint64_t arcs[32];
        size_t n;
        asn1rt_reader_init(&r, der, len);
        err->code = asn1rt_read_oid(&r, ASN1RT_TAG(0, 0, ASN1RT_UT_OID), &oid);
        if (err->code == ASN1RT_OK)
            err->code = asn1rt_oid_to_arcs(&oid, arcs, 32, &n);
        return err->code;
    }
#define GEN(T, field) if (strcmp(decoder, #T) == 0) return T##_decode_ex(&v.field, der, len, 0, err)
    GEN(Inner, inner); GEN(Record, record); GEN(Pair, pair); GEN(Numbers, numbers);
    GEN(SmallSet, smallset); GEN(Few, few); GEN(Alt, alt); GEN(Color, color); GEN(Usage, usage);
    GEN(Chain, chain);
#undef GEN
    return -1;
}

typedef struct row {
    char file[128], decoder[32], code[48], path[128];
    size_t offset;
} row;

static row *rows;
static size_t nrows;

static void load_index(void)
{
    FILE *f = fopen(BAD_DIR "/INDEX", "r");
    char line[512];
    CU_ASSERT_FATAL(f != NULL);
    while (fgets(line, sizeof line, f)) {
        row r;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%127s %31s %47s %zu %127s", r.file, r.decoder, r.code, &r.offset, r.path) != 5) {
            fprintf(stderr, "\n  INDEX: bad line: %s", line);
            CU_FAIL("INDEX line");
            continue;
        }
        rows = realloc(rows, (nrows + 1) * sizeof *rows);
        CU_ASSERT_FATAL(rows != NULL);
        rows[nrows++] = r;
    }
    fclose(f);
}

static void test_bad_corpus(void)
{
    load_index();
    CU_ASSERT(nrows >= 50);
    for (size_t i = 0; i < nrows; i++) {
        const row *t = &rows[i];
        char path[300], got_path[256];
        size_t len;
        uint8_t *der;
        asn1rt_error err;
        int want = code_value(t->code), rc;
        snprintf(path, sizeof path, "%s/%s", BAD_DIR, t->file);
        der = der_read_file(path, &len);
        if (der == NULL || want < 0) {
            fprintf(stderr, "\n  %s: %s\n", t->file, der ? "unknown code name" : "cannot read");
            CU_FAIL("sample");
            free(der);
            continue;
        }
        rc = decode_with(t->decoder, der, len, &err);
        asn1rt_error_path(&err, got_path, sizeof got_path);
        if (got_path[0] == '\0')
            strcpy(got_path, "-");
        if (rc != want || err.code != want || err.offset != t->offset || strcmp(got_path, t->path) != 0) {
            fprintf(stderr, "\n  %s (%s): got %d %s offset %zu path %s; want %s offset %zu path %s\n",
                    t->file, t->decoder, rc, asn1rt_strerror(rc), err.offset, got_path, t->code,
                    t->offset, t->path);
            CU_FAIL("rejection sample");
        } else {
            CU_PASS("rejection sample");
        }
        free(der);
    }
}

/* Every file under bad/ has a row, and every data error code a sample
 * (or a reason in no_sample[]). */
static void test_bad_complete(void)
{
    static const char *const sub[] = { "runtime", "struct" };
    for (size_t s = 0; s < 2; s++) {
        char dir[128];
        DIR *d;
        struct dirent *e;
        snprintf(dir, sizeof dir, "%s/%s", BAD_DIR, sub[s]);
        d = opendir(dir);
        CU_ASSERT_FATAL(d != NULL);
        while ((e = readdir(d)) != NULL) {
            char name[300];
            bool listed = false;
            if (e->d_name[0] == '.')
                continue;
            snprintf(name, sizeof name, "%s/%s", sub[s], e->d_name);
            for (size_t i = 0; i < nrows && !listed; i++)
                listed = strcmp(rows[i].file, name) == 0;
            if (!listed)
                fprintf(stderr, "\n  %s: not in INDEX\n", name);
            CU_ASSERT(listed);
        }
        closedir(d);
    }
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        bool covered = false;
        for (size_t i = 0; i < nrows && !covered; i++)
            covered = code_value(rows[i].code) == codes[c].code;
        for (size_t k = 0; k < sizeof no_sample / sizeof no_sample[0] && !covered; k++)
            covered = no_sample[k].code == codes[c].code;
        if (!covered)
            fprintf(stderr, "\n  %s: no sample in bad/\n", codes[c].name);
        CU_ASSERT(covered);
    }
}

uint8_t *der_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n ? (size_t)n : 1);
        if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *len = (size_t)n;
    }
    fclose(f);
    return buf;
}

int main(void)
{
    static const cunit_test tests[] = {
        { "every sample fails with its code, offset and path", test_bad_corpus },
        { "every sample listed, every code covered", test_bad_complete },
    };
    int status;
    CUNIT_SUITE("der-bad", tests);
    register_worst_suite();
    register_diff_suite();
    status = cunit_run(CU_BRM_NORMAL);
    free(rows);
    return status;
}
