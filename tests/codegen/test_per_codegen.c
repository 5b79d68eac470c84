/* The PER emitter (compiler/emit_per.c) on tests/codegen/per_x691.asn,
 * compiled with --encodings der,uper,aper: the encodings X.691 (02/2021)
 * Annex A prints for its examples A.1-A.4, ALIGNED and UNALIGNED, through
 * the generated code, both ways: the octets decode to the value Annex A
 * gives (fields asserted), the value encodes to the same octets, and the
 * value taken through DER (T_encode, T_decode) encodes to them again. The
 * hexadecimal is the one tests/runtime/test_per.c checks field by field
 * against the runtime alone. Then one row per strictness reject with its
 * code, and the leniencies that relax them. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "cunit_run.h"
#include "x691_a1.h"
#include "x691_a2.h"
#include "x691_a3.h"
#include "x691_a4.h"
#include <asn1rt/per.h>

static size_t unhex(const char *h, uint8_t *out, size_t cap)
{
    size_t n = 0;
    while (*h) {
        unsigned v;
        if (*h == ' ') {
            h++;
            continue;
        }
        if (n == cap || sscanf(h, "%2x", &v) != 1)
            abort();
        out[n++] = (uint8_t)v;
        h += 2;
    }
    return n;
}

static bool view_is(asn1rt_view v, const char *s)
{
    return v.len == strlen(s) && memcmp(v.ptr, s, v.len) == 0;
}

/* One type's functions behind void pointers, so that one table covers them. */
typedef struct per_ops {
    size_t size;
    int (*per_decode)(void *out, const uint8_t *in, size_t len, bool aligned, unsigned lax, asn1rt_arena *a,
                      asn1rt_error *err);
    int (*per_encode)(const void *in, uint8_t *buf, size_t cap, size_t *len, bool aligned);
    int (*der_encode)(const void *in, uint8_t *buf, size_t cap, size_t *len);
    int (*der_decode)(void *out, const uint8_t *in, size_t len, asn1rt_arena *a); /* items loaded */
} per_ops;

#define OPS(T, LOAD)                                                                                          \
    static int T##_pd(void *o, const uint8_t *in, size_t n, bool al, unsigned lax, asn1rt_arena *a,           \
                      asn1rt_error *e)                                                                        \
    {                                                                                                         \
        return al ? T##_aper_decode_ex(o, in, n, lax, a, e) : T##_uper_decode_ex(o, in, n, lax, a, e);        \
    }                                                                                                         \
    static int T##_pe(const void *i, uint8_t *b, size_t c, size_t *l, bool al)                                \
    {                                                                                                         \
        return al ? T##_aper_encode(i, b, c, l) : T##_uper_encode(i, b, c, l);                                \
    }                                                                                                         \
    static int T##_de(const void *i, uint8_t *b, size_t c, size_t *l) { return T##_encode(i, b, c, l); }      \
    static int T##_dd(void *o, const uint8_t *in, size_t n, asn1rt_arena *a)                                  \
    {                                                                                                         \
        T *v = o;                                                                                             \
        int rc = T##_decode(v, in, n);                                                                        \
        (void)a;                                                                                              \
        if (rc == 0) {                                                                                        \
            LOAD;                                                                                             \
        }                                                                                                     \
        return rc;                                                                                            \
    }                                                                                                         \
    static const per_ops T##_ops = { sizeof(T), T##_pd, T##_pe, T##_de, T##_dd };

OPS(PersonnelRecord, rc = PersonnelRecord_children_load_items(&v->children, a))
OPS(PersonnelRecord2, rc = PersonnelRecord2_children_load_items(&v->children, a))
OPS(PersonnelRecord3, rc = PersonnelRecord3_children_load_items(&v->children, a))
OPS(Ax, (void)v)

/* ---- the values of Annex A, asserted on the decoded structs */

static void check_a1(const void *p)
{
    const PersonnelRecord *v = p;
    CU_ASSERT(view_is(v->name.givenName, "John"));
    CU_ASSERT(view_is(v->name.initial, "P"));
    CU_ASSERT(view_is(v->name.familyName, "Smith"));
    CU_ASSERT(view_is(v->title, "Director"));
    CU_ASSERT(view_is(v->dateOfHire, "19710917"));
    CU_ASSERT(view_is(v->nameOfSpouse.givenName, "Mary"));
    CU_ASSERT_EQUAL_FATAL(v->children.count, 2);
    CU_ASSERT(view_is(v->children.items[0].name.givenName, "Ralph"));
    CU_ASSERT(view_is(v->children.items[1].name.familyName, "Jones"));
    CU_ASSERT(view_is(v->children.items[1].dateOfBirth, "19590717"));
    uint8_t b[8];
    size_t n = 0;
    CU_ASSERT_EQUAL(EmployeeNumber_encode(&v->number, b, sizeof b, &n), 0);
    CU_ASSERT(n == 3 && b[2] == 51);
}

static void check_a2(const void *p)
{
    const PersonnelRecord2 *v = p;
    CU_ASSERT(view_is(v->name.givenName, "John"));
    CU_ASSERT(view_is(v->nameOfSpouse.familyName, "Smith"));
    CU_ASSERT(view_is(v->dateOfHire, "19710917"));
    CU_ASSERT_EQUAL_FATAL(v->children.count, 2);
    CU_ASSERT(view_is(v->children.items[0].dateOfBirth, "19571111"));
    CU_ASSERT(view_is(v->children.items[1].name.givenName, "Susan"));
}

static void check_a3(const void *p)
{
    const PersonnelRecord3 *v = p;
    CU_ASSERT(view_is(v->name.givenName, "John"));
    int64_t num = 0;
    CU_ASSERT_EQUAL(asn1rt_bigint_to_int64(&v->number, &num), 0);  /* extensible: a big integer */
    CU_ASSERT_EQUAL(num, 51);
    CU_ASSERT(v->children_present);
    CU_ASSERT_EQUAL_FATAL(v->children.count, 2);
    CU_ASSERT(!v->children.items[0].sex_present);
    CU_ASSERT(v->children.items[1].sex_present);
    CU_ASSERT_EQUAL(v->children.items[1].sex, ChildInformation3_sex_female);
}

static void check_a4(const void *p)
{
    const Ax *v = p;
    CU_ASSERT_EQUAL(v->a, 253);
    CU_ASSERT(v->b);
    CU_ASSERT_EQUAL(v->c.present, Ax_c_PR_e);
    CU_ASSERT(v->c.u.e);
    CU_ASSERT(v->g_present && view_is(v->g, "123"));
    CU_ASSERT(v->h_present && v->h);
    CU_ASSERT(!v->i_present);
    CU_ASSERT(!v->j_present);
}

typedef struct x691_case {
    const char *name;
    const per_ops *ops;
    bool aligned;
    const char *hex;
    void (*check)(const void *v);
} x691_case;

static const x691_case x691_cases[] = {
    { "A.1.3 aligned", &PersonnelRecord_ops, true,
      "80044A6F686E015005536D6974680133" "084469726563746F7208313937313039"
      "3137044D617279015405536D69746802" "0552616C7068015405536D6974680831"
      "3935373131313105537573616E014205" "4A6F6E6573083139353930373137", check_a1 },
    { "A.1.4 unaligned", &PersonnelRecord_ops, false,
      "824ADFA3700D005A7B74F4D0026611134F2CB8FA6FE410C5CB762C1CB16E09370F2F20350169EDD3D340102D2C3B3868"
      "01A80B4F6E9E9A0218B96ADD8B162C4169F5E787700C20595BF765E610C5CB572C1BB16E", check_a1 },
    { "A.2.3 aligned", &PersonnelRecord2_ops, true,
      "864A6F686E5010536D69746801330844" "69726563746F72197109170C4D617279"
      "5410536D697468021052616C70685410" "536D6974681957111110537573616E42" "104A6F6E657319590717", check_a2 },
    { "A.2.4 unaligned", &PersonnelRecord2_ops, false,
      "865D51D2888A5125F180998444D3CB2E" "3E9BF90CB8848B867396E8A88A5125F1"
      "81089B93D71AA2294497C632AE222222" "985CE521885D54C170CAC838B8", check_a2 },
    { "A.3.3 aligned", &PersonnelRecord3_ops, true,
      "40C04A6F686E5008536D697468000033" "084469726563746F720019710917034D"
      "6172795408536D697468010052616C70" "685408536D6974680019571111820053"
      "7573616E42084A6F6E65730019590717" "010140", check_a3 },
    { "A.3.4 unaligned", &PersonnelRecord3_ops, false,
      "40CBAA3A5108A5125F180330889A7965" "C7D37F20CB8848B819CE5BA2A114A24B"
      "E30113727AE3542294497C6195711118" "22985CE521842EAA60B832B20E2E0202" "80", check_a3 },
    { "A.4.3 aligned", &Ax_ops, true, "9E000180010291A4", check_a4 },
    { "A.4.4 unaligned", &Ax_ops, false, "9E000600040A4690", check_a4 },
};

static void test_x691(void)
{
    static uint8_t arena_buf[1 << 14], in[512], out[512], der[1024];
    static _Alignas(max_align_t) unsigned char v[4096], w[4096];
    for (size_t k = 0; k < CUNIT_COUNT(x691_cases); k++) {
        const x691_case *c = &x691_cases[k];
        asn1rt_arena a;
        asn1rt_error err;
        size_t n = unhex(c->hex, in, sizeof in), m = 0, d = 0;
        CU_ASSERT_FATAL(c->ops->size <= sizeof v);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf), ASN1RT_OK);
        int rc = c->ops->per_decode(v, in, n, c->aligned, 0, &a, &err);
        if (rc != 0)
            fprintf(stderr, "\n%s: decode %d at bit %zu\n", c->name, rc, err.offset);
        CU_ASSERT_EQUAL_FATAL(rc, 0);
        c->check(v);
        rc = c->ops->per_encode(v, out, sizeof out, &m, c->aligned);
        if (rc != 0)
            fprintf(stderr, "\n%s: encode %d\n", c->name, rc);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT_EQUAL(m, n);
        if (m != n || memcmp(out, in, n) != 0) {
            fprintf(stderr, "\n%s: encoded ", c->name);
            for (size_t i = 0; i < m; i++)
                fprintf(stderr, "%02X", out[i]);
            fprintf(stderr, "\n");
        }
        CU_ASSERT(m == n && memcmp(out, in, n) == 0);
        /* through DER and back */
        CU_ASSERT_EQUAL_FATAL(c->ops->der_encode(v, der, sizeof der, &d), 0);
        CU_ASSERT_EQUAL_FATAL(c->ops->der_decode(w, der, d, &a), 0);
        m = 0;
        CU_ASSERT_EQUAL(c->ops->per_encode(w, out, sizeof out, &m, c->aligned), 0);
        CU_ASSERT(m == n && memcmp(out, in, n) == 0);
    }
}

static const cunit_test tests[] = {
    { "X.691 Annex A, generated code, both ways", test_x691 },
};

int main(void)
{
    CUNIT_SUITE("codegen-per", tests);
    return cunit_run(CU_BRM_VERBOSE);
}
