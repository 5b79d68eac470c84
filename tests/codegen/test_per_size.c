/* asn1cc --size without DER (tests/codegen/size.mk generates
 * tests/codegen/per_x691.asn with --size --encodings uper,aper, and checks
 * that the headers declare no DER function): X.691 (02/2021) Annex A's
 * encodings A.1-A.4 through that code. Each decodes, its ALIGNED and
 * UNALIGNED values are T_equal and print the same JER, each encodes back
 * to Annex A's octets in both variants, T_check accepts it, and a list's
 * iterator walks its typed items. A list holding only raw elements, which
 * nothing in such a build can read, is refused by T_check and
 * T_load_items. The same octets as test_per_codegen.c checks against the
 * default build. */
#define _POSIX_C_SOURCE 200809L
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_run.h"
#include "hex.h"
#include "x691_a1.h"
#include "x691_a2.h"
#include "x691_a3.h"
#include "x691_a4.h"
#include <asn1rt/per.h>

/* One type's functions behind void pointers, so that one table covers them. */
typedef struct size_ops {
    size_t size;
    int (*decode)(void *out, const uint8_t *in, size_t len, bool aligned, asn1rt_arena *a);
    int (*encode)(const void *in, uint8_t *buf, size_t cap, size_t *len, bool aligned);
    bool (*equal)(const void *a, const void *b);
    int (*check)(const void *v);
    int (*print)(FILE *f, const void *v);
} size_ops;

#define OPS(T)                                                                                                \
    static int T##_sz_d(void *o, const uint8_t *in, size_t n, bool al, asn1rt_arena *a)                          \
    {                                                                                                         \
        return al ? T##_aper_decode(o, in, n, a) : T##_uper_decode(o, in, n, a);                             \
    }                                                                                                         \
    static int T##_sz_e(const void *i, uint8_t *b, size_t c, size_t *l, bool al)                                 \
    {                                                                                                         \
        return al ? T##_aper_encode(i, b, c, l) : T##_uper_encode(i, b, c, l);                                \
    }                                                                                                         \
    static bool T##_sz_q(const void *a, const void *b) { return T##_equal(a, b); }                               \
    static int T##_sz_c(const void *v) { return T##_check(v); }                                                  \
    static int T##_sz_p(FILE *f, const void *v) { return T##_print(f, v); }                                      \
    static const size_ops T##_ops = { sizeof(T), T##_sz_d, T##_sz_e, T##_sz_q, T##_sz_c, T##_sz_p };

OPS(PersonnelRecord)
OPS(PersonnelRecord2)
OPS(PersonnelRecord3)
OPS(Ax)

/* The first child's givenName of a T, through its list iterator. */
#define FIRST_GIVEN(T, Child)                                                \
    static bool T##_first_given(const void *v, asn1rt_view *given)           \
    {                                                                        \
        T##_children_iter it;                                                \
        Child ch;                                                            \
        T##_children_iter_init(&it, &((const T *)v)->children);              \
        if (!T##_children_iter_next(&it, &ch))                               \
            return false;                                                    \
        *given = ch.name.givenName;                                          \
        return true;                                                         \
    }
FIRST_GIVEN(PersonnelRecord, ChildInformation)
FIRST_GIVEN(PersonnelRecord2, ChildInformation2)
FIRST_GIVEN(PersonnelRecord3, ChildInformation3)

typedef struct size_case {
    const char *name;
    const size_ops *ops;
    const char *aligned, *unaligned;  /* Annex A's octets */
    const char *given;                /* the first child's givenName, NULL: no list */
    bool (*first_given)(const void *v, asn1rt_view *given);
} size_case;

static const size_case cases[] = {
    { "A.1", &PersonnelRecord_ops,
      "80044A6F686E015005536D6974680133" "084469726563746F7208313937313039"
      "3137044D617279015405536D69746802" "0552616C7068015405536D6974680831"
      "3935373131313105537573616E014205" "4A6F6E6573083139353930373137",
      "824ADFA3700D005A7B74F4D0026611134F2CB8FA6FE410C5CB762C1CB16E09370F2F20350169EDD3D340102D2C3B3868"
      "01A80B4F6E9E9A0218B96ADD8B162C4169F5E787700C20595BF765E610C5CB572C1BB16E", "Ralph",
      PersonnelRecord_first_given },
    { "A.2", &PersonnelRecord2_ops,
      "864A6F686E5010536D69746801330844" "69726563746F72197109170C4D617279"
      "5410536D697468021052616C70685410" "536D6974681957111110537573616E42" "104A6F6E657319590717",
      "865D51D2888A5125F180998444D3CB2E" "3E9BF90CB8848B867396E8A88A5125F1"
      "81089B93D71AA2294497C632AE222222" "985CE521885D54C170CAC838B8", "Ralph",
      PersonnelRecord2_first_given },
    { "A.3", &PersonnelRecord3_ops,
      "40C04A6F686E5008536D697468000033" "084469726563746F720019710917034D"
      "6172795408536D697468010052616C70" "685408536D6974680019571111820053"
      "7573616E42084A6F6E65730019590717" "010140",
      "40CBAA3A5108A5125F180330889A7965" "C7D37F20CB8848B819CE5BA2A114A24B"
      "E30113727AE3542294497C6195711118" "22985CE521842EAA60B832B20E2E0202" "80", "Ralph",
      PersonnelRecord3_first_given },
    { "A.4", &Ax_ops, "9E000180010291A4", "9E000600040A4690", NULL, NULL },
};

static char *print_of(const size_ops *ops, const void *v)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    CU_ASSERT_FATAL(f != NULL);
    CU_ASSERT_EQUAL(ops->print(f, v), 0);
    fclose(f);
    return s;
}

static bool first_child_is(const size_case *c, const void *v)
{
    asn1rt_view g;
    return c->first_given(v, &g) && g.len == strlen(c->given) && memcmp(g.ptr, c->given, g.len) == 0;
}

static void test_annex_a(void)
{
    static uint8_t abuf[2][1 << 13], in[2][512], out[512];
    static _Alignas(max_align_t) unsigned char v[2][4096];
    for (size_t k = 0; k < CUNIT_COUNT(cases); k++) {
        const size_case *c = &cases[k];
        size_t n[2];
        CU_ASSERT_FATAL(c->ops->size <= sizeof v[0]);
        for (int al = 0; al < 2; al++) {
            asn1rt_arena a;
            CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf[al], sizeof abuf[al]), ASN1RT_OK);
            n[al] = unhex(al ? c->aligned : c->unaligned, in[al], sizeof in[al]);
            int rc = c->ops->decode(v[al], in[al], n[al], al, &a);
            if (rc != 0)
                fprintf(stderr, "\n%s %s: decode %d\n", c->name, al ? "aligned" : "unaligned", rc);
            CU_ASSERT_EQUAL_FATAL(rc, 0);
            CU_ASSERT_EQUAL(c->ops->check(v[al]), 0);
            if (c->given)
                CU_ASSERT(first_child_is(c, v[al]));
        }
        CU_ASSERT(c->ops->equal(v[0], v[1]));
        char *p0 = print_of(c->ops, v[0]), *p1 = print_of(c->ops, v[1]);
        CU_ASSERT_STRING_EQUAL(p0, p1);
        free(p0);
        free(p1);
        /* each value to both variants: Annex A's octets */
        for (int from = 0; from < 2; from++)
            for (int al = 0; al < 2; al++) {
                size_t m = 0;
                CU_ASSERT_EQUAL(c->ops->encode(v[from], out, sizeof out, &m, al), 0);
                CU_ASSERT(m == n[al] && memcmp(out, in[al], m) == 0);
            }
    }
}

/* raw elements only: nothing in a DER-less build can read them. */
static void test_raw_list_refused(void)
{
    static const uint8_t elems[] = { 0x31, 0x00 };
    static uint8_t abuf[64];
    asn1rt_arena a;
    PersonnelRecord_children l = { { elems, sizeof elems }, 1, NULL };
    PersonnelRecord_children none = { { NULL, 0 }, 0, NULL };
    CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
    CU_ASSERT_EQUAL(PersonnelRecord_children_check(&l), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(PersonnelRecord_children_load_items(&l, &a), ASN1RT_E_ARG);
    CU_ASSERT_EQUAL(PersonnelRecord_children_check(&none), ASN1RT_OK);
    CU_ASSERT_EQUAL(PersonnelRecord_children_load_items(&none, &a), ASN1RT_OK);
    PersonnelRecord_children_iter it;
    ChildInformation ch;
    PersonnelRecord_children_iter_init(&it, &l);
    CU_ASSERT(!PersonnelRecord_children_iter_next(&it, &ch));
}

static const cunit_test tests[] = {
    { "X.691 Annex A through --size --encodings uper,aper (no DER)", test_annex_a },
    { "a list of raw elements only is refused without DER", test_raw_list_refused },
};

int main(void)
{
    return CUNIT_MAIN("codegen-per-size", tests, CU_BRM_VERBOSE);
}
