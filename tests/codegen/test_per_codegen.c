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
#include "hex.h"
#include "x691_a1.h"
#include "x691_a2.h"
#include "x691_a3.h"
#include "x691_a4.h"
#include "per_props.h"
#include <asn1rt/per.h>

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

/* ---- X.691 30.3: a length outside an extensible SIZE's root is encoded as
 * if unconstrained, with the characters of the unconstrained type: A.3's Date
 * (FROM("0".."9") ^ SIZE(8, ..., 9..20)) takes 4 bits a digit in its root,
 * 7 (UPER) or 8 (APER) bits each with a length in the extension. */
typedef struct date_case {
    const char *value;
    bool aligned;
    const char *hex;
} date_case;

static const date_case date_cases[] = {
    { "19710917", false, "0CB8848B80" },
    { "19710917", true, "0019710917" },
    { "123456789", false, "84B164CDA356CDDC39" },
    { "123456789", true, "8009313233343536373839" },
};

static void test_size_extension(void)
{
    static uint8_t arena_buf[256], in[64], out[64];
    for (size_t k = 0; k < CUNIT_COUNT(date_cases); k++) {
        const date_case *c = &date_cases[k];
        size_t n = unhex(c->hex, in, sizeof in), m = 0;
        Date3 d = { (const uint8_t *)c->value, strlen(c->value) }, back;
        asn1rt_arena a;
        int rc = c->aligned ? Date3_aper_encode(&d, out, sizeof out, &m) : Date3_uper_encode(&d, out, sizeof out, &m);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(m == n && memcmp(out, in, n) == 0);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf), ASN1RT_OK);
        rc = c->aligned ? Date3_aper_decode(&back, in, n, &a) : Date3_uper_decode(&back, in, n, &a);
        CU_ASSERT_EQUAL(rc, 0);
        CU_ASSERT(rc == 0 && view_is(back, c->value));
    }
}


/* ---- cross-encoding property: for random values v (seeded, so a failure
 * repeats), DER decode(encode(v)) == UPER decode(encode(v)) == APER
 * decode(encode(v)) == v, and the PER encodings of the DER-decoded value
 * equal those of v. */

static uint64_t rng_state;
static uint64_t rnd(void)
{
    /* xorshift64*: deterministic across machines */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}
static uint64_t rnd_below(uint64_t n) { return n ? rnd() % n : 0; }
static int64_t rnd_range(int64_t lo, int64_t hi) { return lo + (int64_t)rnd_below((uint64_t)(hi - lo) + 1); }

/* Storage the random value points into. */
static uint8_t pool[1 << 16];
static size_t pool_used;
static uint8_t *take(size_t n)
{
    uint8_t *p = pool + pool_used;
    CU_ASSERT_FATAL(pool_used + n <= sizeof pool);
    pool_used += n;
    return p;
}

static asn1rt_view rnd_chars(const char *alphabet, size_t lo, size_t hi)
{
    size_t n = (size_t)rnd_range((int64_t)lo, (int64_t)hi), k = strlen(alphabet);
    uint8_t *p = take(n);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)alphabet[rnd_below(k)];
    return (asn1rt_view){ p, n };
}

static asn1rt_view rnd_octets(size_t lo, size_t hi)
{
    size_t n = (size_t)rnd_range((int64_t)lo, (int64_t)hi);
    uint8_t *p = take(n);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rnd();
    return (asn1rt_view){ p, n };
}

static asn1rt_bits rnd_bits(size_t lo, size_t hi)
{
    size_t n = (size_t)rnd_range((int64_t)lo, (int64_t)hi), len = (n + 7) / 8;
    uint8_t *p = take(len);
    unsigned unused = (unsigned)(len * 8 - n);
    for (size_t i = 0; i < len; i++)
        p[i] = (uint8_t)rnd();
    if (len)
        p[len - 1] &= (uint8_t)(0xFFu << unused);
    return (asn1rt_bits){ p, len, unused };
}

/* Minimal two's complement of v (X.690 8.3.2). */
static asn1rt_bigint big_of(int64_t v)
{
    uint8_t tmp[8];
    size_t i = 0;
    for (unsigned k = 0; k < 8; k++)
        tmp[k] = (uint8_t)((uint64_t)v >> (56 - 8 * k));
    while (i < 7 && ((tmp[i] == 0 && !(tmp[i + 1] & 0x80)) || (tmp[i] == 0xFF && (tmp[i + 1] & 0x80))))
        i++;
    uint8_t *p = take(8 - i);
    memcpy(p, tmp + i, 8 - i);
    return (asn1rt_bigint){ p, 8 - i };
}

static int64_t rnd_wide_int(void)
{
    switch (rnd_below(4)) {
    case 0: return rnd_range(-3, 3);
    case 1: return rnd_range(-70000, 70000);
    case 2: return (int64_t)(rnd() >> 1);
    default: return -(int64_t)(rnd() >> 2);
    }
}

static Item items_pool[300];

/* REAL values as X.690 content octets (DER 11.3) and what asn1c 0.9.28
 * (-gen-PER) writes for RealRec { r value, ro { 8571 3 2 }, d absent } in
 * UNALIGNED PER: X.691 15.2, an unconstrained length and the content. The
 * ALIGNED octets are ours: the same fields after the preamble bit's padding. */
typedef struct real_row {
    double value;
    uint8_t content[12];
    size_t len;
    const char *uper, *aper;
} real_row;
static const real_row real_rows[] = {
    { 0.0, { 0 }, 0, "0002613D818100", "0000" "04C27B0302" },
    { 1.0, { 0x80, 0x00, 0x01 }, 3, "01C0000082613D818100", "0003800001" "04C27B0302" },
    { -2.5, { 0xC0, 0xFF, 0x05 }, 3, "01E07F8282613D818100", "0003C0FF05" "04C27B0302" },
    { 0.1, { 0x80, 0xC9, 0x0C, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC, 0xCD }, 9, "04C0648666666666666682613D818100",
      "000980C90CCCCCCCCCCCCD" "04C27B0302" },
    { 1e300, { 0x81, 0x03, 0xB2, 0x05, 0xF9, 0x0F, 0x22, 0x00, 0x1D, 0x67 }, 10,
      "054081D902FC8791000EB382613D818100", "000A8103B205F90F22001D67" "04C27B0302" },
};
static const uint8_t real_roid[] = { 0xC2, 0x7B, 0x03, 0x02 };

static void test_real(void)
{
    static uint8_t in[64], out[64], arena_buf[256];
    for (size_t k = 0; k < CUNIT_COUNT(real_rows); k++)
        for (int aligned = 0; aligned <= 1; aligned++) {
            const real_row *c = &real_rows[k];
            RealRec v = { 0 }, back;
            asn1rt_arena a;
            size_t n = unhex(aligned ? c->aper : c->uper, in, sizeof in), m = 0;
            v.r = (asn1rt_view){ c->content, c->len };
            v.ro = (asn1rt_view){ real_roid, sizeof real_roid };
            int rc = aligned ? RealRec_aper_encode(&v, out, sizeof out, &m) : RealRec_uper_encode(&v, out, sizeof out, &m);
            CU_ASSERT_EQUAL(rc, 0);
            if (m != n || memcmp(out, in, n) != 0)
                fprintf(stderr, "\nREAL %g %s: encoded differently", c->value, aligned ? "APER" : "UPER");
            CU_ASSERT(m == n && memcmp(out, in, n) == 0);
            CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, arena_buf, sizeof arena_buf), ASN1RT_OK);
            rc = aligned ? RealRec_aper_decode(&back, in, n, &a) : RealRec_uper_decode(&back, in, n, &a);
            CU_ASSERT_EQUAL_FATAL(rc, 0);
            CU_ASSERT(back.r.len == c->len && (c->len == 0 || memcmp(back.r.ptr, c->content, c->len) == 0));
            CU_ASSERT(back.ro.len == sizeof real_roid && memcmp(back.ro.ptr, real_roid, sizeof real_roid) == 0);
            CU_ASSERT(!back.d_present);
            /* one octet short: the content runs past the end */
            rc = aligned ? RealRec_aper_decode(&back, in, n - 1, &a) : RealRec_uper_decode(&back, in, n - 1, &a);
            CU_ASSERT_NOT_EQUAL(rc, 0);
        }
}

static void rnd_props(Props *v)
{
    static const char *const oids[] = { "\x2A\x86\x48\x86\xF7\x0D\x01\x01\x0B", "\x55\x04\x03", "\x2B\x06\x01\x05\x05\x07\x30\x01" };
    static const size_t oid_len[] = { 9, 3, 8 };
    static const Color colors[] = { Color_red, Color_green, Color_blue, Color_violet };
    char when[16];
    memset(v, 0, sizeof *v);
    v->small = (uint8_t)rnd_range(0, 7);
    v->neg = (int8_t)rnd_range(-100, 100);
    v->byte = (uint8_t)rnd_range(0, 255);
    v->word = (uint16_t)rnd_range(0, 65535);
    v->wide = (uint32_t)rnd_range(0, 4294967295);
    v->huge = (int32_t)rnd_range(-1, 65536);
    v->semi = big_of(rnd_below(2) ? rnd_range(-5, 300) : (int64_t)(rnd() >> 2));
    v->unc = big_of(rnd_wide_int());
    v->extInt = big_of(rnd_range(0, 40));   /* beyond 15: outside the root */
    v->flag = rnd_below(2);
    v->color = colors[rnd_below(4)];
    switch (rnd_below(4)) {
    case 0: v->kind.present = Kind_PR_num; v->kind.u.num = (uint8_t)rnd_range(0, 100); break;
    case 1: v->kind.present = Kind_PR_text; v->kind.u.text = rnd_chars("Hello, world!", 0, 30); break;
    case 2:
        v->kind.present = Kind_PR_pair;
        v->kind.u.pair.a = rnd_below(2);
        v->kind.u.pair.b = rnd_octets(3, 3);
        break;
    default: v->kind.present = Kind_PR_late; v->kind.u.late = big_of(rnd_wide_int()); break;
    }
    v->opt_present = rnd_below(2);
    v->opt = v->opt_present ? (uint8_t)rnd_range(1, 3) : 0;
    v->dflt = (uint8_t)rnd_range(0, 9);
    v->fixedOct = rnd_octets(2, 2);
    v->longOct = rnd_octets(40, 40);
    v->varOct = rnd_octets(0, 20);
    v->extOct = rnd_octets(1, 9);           /* beyond 4: outside the root */
    v->anyOct = rnd_octets(0, rnd_below(8) ? 50 : 300);
    v->fixedBits = rnd_bits(5, 5);
    v->varBits = rnd_bits(0, 30);
    v->ia5 = rnd_chars("ABCxyz 0123~", 1, 10);
    v->digits = rnd_chars("0123456789 ", 0, 8);
    v->abc = rnd_chars("abc", 0, 12);
    {
        size_t n = (size_t)rnd_range(0, 4);
        uint8_t *p = take(2 * n);
        for (size_t i = 0; i < n; i++) {
            p[2 * i] = (uint8_t)rnd_range(0, 0xD7);  /* no surrogates */
            p[2 * i + 1] = (uint8_t)rnd();
        }
        v->bmp = (asn1rt_view){ p, 2 * n };
    }
    v->utf = rnd_chars("plain ascii text", 0, 20);
    size_t o = (size_t)rnd_below(3);
    v->oid = (asn1rt_view){ (const uint8_t *)oids[o], oid_len[o] };
    o = (size_t)rnd_below(CUNIT_COUNT(real_rows));
    v->real = (asn1rt_view){ real_rows[o].content, real_rows[o].len };
    v->rel = rnd_octets(1, 6);
    for (size_t i = 0; i + 1 < v->rel.len; i++)      /* arcs of one or more octets, none starting 0x80 */
        ((uint8_t *)v->rel.ptr)[i] = (uint8_t)(rnd_below(2) ? (v->rel.ptr[i] | 0x81) : (v->rel.ptr[i] & 0x7F));
    ((uint8_t *)v->rel.ptr)[v->rel.len - 1] &= 0x7F;
    snprintf(when, sizeof when, "%04d%02d%02d%02d%02d%02dZ", (int)rnd_range(1950, 2049), (int)rnd_range(1, 12),
             (int)rnd_range(1, 28), (int)rnd_range(0, 23), (int)rnd_range(0, 59), (int)rnd_range(0, 59));
    uint8_t *w = take(15);
    memcpy(w, when, 15);
    v->when = (asn1rt_view){ w, 15 };
    v->list.count = (size_t)rnd_range(0, 5);
    for (size_t i = 0; i < v->list.count; i++)
        v->list.items[i] = (uint16_t)rnd_range(0, 1000);
    v->biglist.count = (size_t)(rnd_below(4) ? rnd_range(0, 3) : rnd_range(100, 300));
    for (size_t i = 0; i < v->biglist.count; i++) {
        items_pool[i].id = (uint16_t)rnd_range(0, 65535);
        items_pool[i].name_present = rnd_below(2);
        items_pool[i].name = items_pool[i].name_present ? rnd_chars("AZaz09 '()+,-./:=?", 1, 16) : (asn1rt_view){ 0 };
    }
    v->biglist.items = items_pool;
    v->added_present = rnd_below(2);
    v->added = v->added_present ? (uint8_t)rnd_range(0, 3) : 0;
    if (rnd_below(2)) {
        v->g1_present = true;
        v->g1 = rnd_below(2);
        v->g2_present = rnd_below(2);
        v->g2 = v->g2_present ? rnd_chars("group", 0, 5) : (asn1rt_view){ 0 };
    }
}

static void test_cross_encoding(void)
{
    static uint8_t der[1 << 14], uper[1 << 14], aper[1 << 14], again[1 << 14], abuf[1 << 16];
    static Props v, d, u, a;
    unsigned failures = 0;
    for (unsigned seed = 1; seed <= 400; seed++) {
        asn1rt_arena ar;
        size_t nd = 0, nu = 0, na = 0, n2 = 0;
        rng_state = seed * UINT64_C(0x9E3779B97F4A7C15);
        pool_used = 0;
        rnd_props(&v);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&ar, abuf, sizeof abuf), ASN1RT_OK);
        int st = 0, rc;
        asn1rt_error e = { 0 };
        if ((rc = Props_encode(&v, der, sizeof der, &nd)) != 0) st = 1;
        else if ((rc = Props_decode(&d, der, nd)) != 0) st = 2;
        else if ((rc = Props_biglist_load_items(&d.biglist, &ar)) != 0) st = 3;
        else if (!Props_equal(&d, &v)) st = 4;
        else if ((rc = Props_uper_encode(&v, uper, sizeof uper, &nu)) != 0) st = 5;
        else if ((rc = Props_uper_decode_ex(&u, uper, nu, 0, &ar, &e)) != 0) st = 6;
        else if (!Props_equal(&u, &v)) st = 7;
        else if ((rc = Props_aper_encode(&v, aper, sizeof aper, &na)) != 0) st = 8;
        else if ((rc = Props_aper_decode_ex(&a, aper, na, 0, &ar, &e)) != 0) st = 9;
        else if (!Props_equal(&a, &v)) st = 10;
        /* the value that came through DER encodes to the same PER octets */
        else if (Props_uper_encode(&d, again, sizeof again, &n2) != 0 || n2 != nu || memcmp(again, uper, nu) != 0) st = 11;
        else if (Props_aper_encode(&d, again, sizeof again, &n2) != 0 || n2 != na || memcmp(again, aper, na) != 0) st = 12;
        /* T_PER_MAX_OCTETS bounds both variants */
        for (size_t i = 0; st == 0 && i < v.biglist.count; i++) {
            size_t ni = 0, na2 = 0;
            if (Item_uper_encode(&items_pool[i], again, sizeof again, &ni) != 0 ||
                Item_aper_encode(&items_pool[i], again, sizeof again, &na2) != 0 || ni > Item_PER_MAX_OCTETS ||
                na2 > Item_PER_MAX_OCTETS)
                st = 13;
        }
        if (st == 0 && (Props_list_aper_encode(&v.list, again, sizeof again, &n2) != 0 || n2 > Props_list_PER_MAX_OCTETS))
            st = 14;
        bool ok = st == 0;
        if (!ok && failures < 5)
            fprintf(stderr, "\ncross-encoding: seed %u step %d rc %d (bit %zu, %s)", seed, st, rc, e.offset,
                    e.path_len ? e.path[0] : "");
        failures += !ok;
        CU_ASSERT(ok);
    }
}

/* ---- strictness: what X.691 fixes and the input gets wrong, and the
 * leniency that accepts it where one exists. */

typedef struct reject_case {
    const char *name;
    int (*dec)(const uint8_t *in, size_t len, bool aligned, unsigned lax);
    bool aligned;
    unsigned lax;
    const char *hex;
    int code;
} reject_case;

static asn1rt_arena rej_arena;
static uint8_t rej_buf[4096];
#define DEC(T)                                                                                \
    static int T##_rej(const uint8_t *in, size_t len, bool al, unsigned lax)                  \
    {                                                                                         \
        static T v;                                                                           \
        if (asn1rt_arena_init(&rej_arena, rej_buf, sizeof rej_buf) != 0)                      \
            return -1;                                                                        \
        int rc = al ? T##_aper_decode_ex(&v, in, len, lax, &rej_arena, NULL)                  \
                    : T##_uper_decode_ex(&v, in, len, lax, &rej_arena, NULL);                 \
        static const T zero;                                                                  \
        if (rc != 0 && memcmp(&v, &zero, sizeof v) != 0)                                      \
            return -2;  /* *out zeroed on failure */                                          \
        if (rc != 0 && rej_arena.used != 0)                                                   \
            return -3;  /* arena given back */                                                \
        return rc;                                                                            \
    }
DEC(Strict)
DEC(StrictD)
DEC(StrictOct)
DEC(StrictStr)
DEC(Color)
DEC(Kind)

static const reject_case reject_cases[] = {
    /* Strict: a (3 bits) b (1 bit) s: length 0..2 in 2 bits, then octets */
    { "canonical: a 5, b FALSE, s empty", Strict_rej, false, 0, "A0", 0 },
    { "11.1: a non-zero padding bit", Strict_rej, false, 0, "A1", ASN1RT_E_PER_PADDING },
    { "11.1: padding, ASN1RT_PER_LAX_PADDING", Strict_rej, false, ASN1RT_PER_LAX_PADDING, "A1", 0 },
    { "11.1: an octet after the value", Strict_rej, false, 0, "A000", ASN1RT_E_TRAILING_DATA },
    { "11.1: trailing octet, ASN1RT_LAX_TRAILING", Strict_rej, false, ASN1RT_LAX_TRAILING, "A000", 0 },
    { "11.1.3: no octets at all", Strict_rej, false, 0, "", ASN1RT_E_TRUNCATED },
    { "truncated inside s", Strict_rej, false, 0, "A4", ASN1RT_E_TRUNCATED },
    { "13.2: a outside (0..5)", Strict_rej, false, 0, "C0", ASN1RT_E_VALUE_CONSTRAINT },
    { "17: a length beyond SIZE (0..2)", Strict_rej, false, 0, "AC0000", ASN1RT_E_SIZE_CONSTRAINT },
    { "aligned: a outside (0..5)", Strict_rej, true, 0, "C0", ASN1RT_E_VALUE_CONSTRAINT },
    /* a and b are one run (emit_per.c dec_run): with 8 octets from a on, one load reads both */
    { "13.2: a outside (0..5), a run's one load", Strict_rej, false, 0, "C000000000000000", ASN1RT_E_VALUE_CONSTRAINT },
    { "aligned: a outside (0..5), a run's one load", Strict_rej, true, 0, "C000000000000000", ASN1RT_E_VALUE_CONSTRAINT },
    { "a run's one load, then octets after the value", Strict_rej, false, 0, "A000000000000000", ASN1RT_E_TRAILING_DATA },
    /* StrictD: presence bit, then d (4 bits) */
    { "canonical DEFAULT: absent", StrictD_rej, false, 0, "00", 0 },
    { "DEFAULT value encoded", StrictD_rej, false, 0, "A0", ASN1RT_E_DEFAULT_ENCODED },
    { "DEFAULT value, ASN1RT_LAX_DEFAULT", StrictD_rej, false, ASN1RT_LAX_DEFAULT, "A0", 0 },
    { "non-default value present", StrictD_rej, false, 0, "A8", 0 },
    /* StrictOct: an unconstrained length (11.9.3.6-8) */
    { "11.9.3.6: one-octet length", StrictOct_rej, true, 0, "02AABB", 0 },
    { "11.9.3.7: two-octet length for 2", StrictOct_rej, true, 0, "8002AABB", ASN1RT_E_LENGTH_NOT_MINIMAL },
    { "11.9.3.8: fragment of 5 x 16K", StrictOct_rej, true, 0, "C5", ASN1RT_E_PER_FRAGMENT },
    { "11.9.3.8: fragment of 0 x 16K", StrictOct_rej, false, 0, "C000", ASN1RT_E_PER_FRAGMENT },
    { "length beyond the input", StrictOct_rej, false, 0, "05AABB", ASN1RT_E_TRUNCATED },
    /* StrictStr: s length - 1 (2 bits), 2-bit indices; t a length octet (aligned in APER) and characters */
    { "30.5.4: s \"ab\", t empty", StrictStr_rej, false, 0, "4400", 0 },
    { "30.5.4: s index 3 of 3", StrictStr_rej, false, 0, "4C00", ASN1RT_E_STRING_ALPHABET },
    { "t \"A\"", StrictStr_rej, false, 0, "001820", 0 },
    { "t 0x7F, outside VisibleString", StrictStr_rej, false, 0, "001FE0", ASN1RT_E_STRING_ALPHABET },
    { "t length beyond the input", StrictStr_rej, false, 0, "0050", ASN1RT_E_TRUNCATED },
    { "aligned: s \"a\", t \"A\"", StrictStr_rej, true, 0, "000141", 0 },
    { "aligned: t 0x7F", StrictStr_rej, true, 0, "00017F", ASN1RT_E_STRING_ALPHABET },
    { "aligned: a non-zero padding bit before t", StrictStr_rej, true, 0, "080141", ASN1RT_E_PER_PADDING },
    { "aligned: t length beyond the input", StrictStr_rej, true, 0, "000241", ASN1RT_E_TRUNCATED },
    /* Color { red(0), green(5), blue(2), ..., violet(9) }: root indexes red 0, blue 1, green 2 */
    { "ENUMERATED green (index 2)", Color_rej, false, 0, "40", 0 },
    { "ENUMERATED root index 3 of 3", Color_rej, false, 0, "60", ASN1RT_E_VALUE_CONSTRAINT },
    { "ENUMERATED extension violet", Color_rej, false, 0, "80", 0 },
    { "ENUMERATED unknown extension", Color_rej, false, 0, "81", ASN1RT_E_ENUM_VALUE },
    /* Kind: 3 root alternatives in 2 bits */
    { "CHOICE root index 3 of 3", Kind_rej, false, 0, "60", ASN1RT_E_VALUE_CONSTRAINT },
    { "CHOICE unknown extension kept", Kind_rej, false, 0, "830180", 0 },
    { "CHOICE extension open type with trailing octet", Kind_rej, false, 0, "8003010000", ASN1RT_E_TRAILING_DATA },
};

static void test_rejects(void)
{
    uint8_t in[64];
    for (size_t k = 0; k < CUNIT_COUNT(reject_cases); k++) {
        const reject_case *c = &reject_cases[k];
        size_t n = unhex(c->hex, in, sizeof in);
        int rc = c->dec(in, n, c->aligned, c->lax);
        if (rc != c->code)
            fprintf(stderr, "\n%s: %d, expected %d", c->name, rc, c->code);
        CU_ASSERT_EQUAL(rc, c->code);
    }
}

/* ---- an open type selected by its sibling (X.681 table constraint, as
 * S1AP's ProtocolIE-Field): the value's own PER inside the open type,
 * decoded by T_?per_decode_open as the type the id selects. */
static void test_table_open(void)
{
    static uint8_t inner[64], outer[128], abuf[1024];
    for (int al = 0; al < 2; al++) {
        asn1rt_arena a;
        Item it = { 0 };
        Field f = { 0 }, g;
        Field_value_open o;
        size_t ni = 0, no = 0;
        it.id = 4242;
        it.name = (asn1rt_view){ (const uint8_t *)"Node B", 6 };
        it.name_present = true;
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(al ? Item_aper_encode(&it, inner, sizeof inner, &ni) : Item_uper_encode(&it, inner, sizeof inner, &ni), 0);
        f.id = 3;
        f.value = (asn1rt_view){ inner, ni };
        CU_ASSERT_EQUAL_FATAL(al ? Field_aper_encode(&f, outer, sizeof outer, &no) : Field_uper_encode(&f, outer, sizeof outer, &no), 0);
        CU_ASSERT_EQUAL_FATAL(al ? Field_aper_decode(&g, outer, no, &a) : Field_uper_decode(&g, outer, no, &a), 0);
        CU_ASSERT_EQUAL(g.id, 3);
        CU_ASSERT_EQUAL_FATAL(al ? Field_value_aper_decode_open(&g, &o, &a) : Field_value_uper_decode_open(&g, &o, &a), 0);
        CU_ASSERT_EQUAL(o.kind, Field_value_KIND_object3);
        CU_ASSERT_EQUAL(o.u.object3.id, 4242);
        CU_ASSERT(o.u.object3.name_present && view_is(o.u.object3.name, "Node B"));
        /* an identifier no object has, and a value that is not its type's */
        g.id = 9;
        CU_ASSERT_EQUAL(al ? Field_value_aper_decode_open(&g, &o, &a) : Field_value_uper_decode_open(&g, &o, &a),
                        ASN1RT_E_UNKNOWN_OPEN_TYPE);
        CU_ASSERT_EQUAL(o.kind, Field_value_KIND_NONE);
        g.id = 1;   /* INTEGER (0..255): one octet, not Item's encoding */
        CU_ASSERT_NOT_EQUAL(al ? Field_value_aper_decode_open(&g, &o, &a) : Field_value_uper_decode_open(&g, &o, &a), 0);
        CU_ASSERT_EQUAL(o.kind, Field_value_KIND_NONE);
    }
}

/* ---- fragmentation (X.691 11.9.3.8) through the generated code: an
 * OCTET STRING of 70 000 octets is a 64K fragment then a 4 464-octet
 * piece; a list of 20 000 items a 16K fragment then 3 616 items. */
static void test_fragments(void)
{
    static uint8_t big[70000], enc[80000], abuf[1 << 21];
    static Item many[20000];
    for (int al = 0; al < 2; al++) {
        asn1rt_arena a;
        StrictOct o = { big, sizeof big }, back;
        size_t n = 0;
        for (size_t i = 0; i < sizeof big; i++)
            big[i] = (uint8_t)(i * 7 + 1);
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(al ? StrictOct_aper_encode(&o, enc, sizeof enc, &n) : StrictOct_uper_encode(&o, enc, sizeof enc, &n), 0);
        CU_ASSERT_EQUAL(n, 1 + 65536 + 2 + 4464);
        CU_ASSERT_EQUAL(enc[0], 0xC4);                     /* 4 x 16K */
        CU_ASSERT_EQUAL(enc[1 + 65536], 0x80 | (4464 >> 8)); /* then the rest, two-octet length */
        CU_ASSERT_EQUAL(enc[2 + 65536], 4464 & 0xFF);
        CU_ASSERT_EQUAL_FATAL(al ? StrictOct_aper_decode(&back, enc, n, &a) : StrictOct_uper_decode(&back, enc, n, &a), 0);
        CU_ASSERT(back.len == sizeof big && memcmp(back.ptr, big, sizeof big) == 0);
        /* a fragment announced but the input ends inside it */
        CU_ASSERT_EQUAL(al ? StrictOct_aper_decode(&back, enc, 1 + 65536, &a) : StrictOct_uper_decode(&back, enc, 1 + 65536, &a),
                        ASN1RT_E_TRUNCATED);

        Props_biglist l = { { NULL, 0 }, 20000, many }, lb;
        for (size_t i = 0; i < 20000; i++) {
            many[i].id = (uint16_t)(i * 3);
            many[i].name_present = i % 1000 == 0;
            many[i].name = many[i].name_present ? (asn1rt_view){ (const uint8_t *)"X", 1 } : (asn1rt_view){ 0 };
        }
        CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(al ? Props_biglist_aper_encode(&l, enc, sizeof enc, &n) : Props_biglist_uper_encode(&l, enc, sizeof enc, &n), 0);
        CU_ASSERT_EQUAL(enc[0], 0xC1);                     /* 16K items */
        CU_ASSERT_EQUAL_FATAL(al ? Props_biglist_aper_decode(&lb, enc, n, &a) : Props_biglist_uper_decode(&lb, enc, n, &a), 0);
        CU_ASSERT_EQUAL_FATAL(lb.count, 20000);
        CU_ASSERT(Props_biglist_equal(&lb, &l));
        CU_ASSERT_EQUAL(lb.items[19999].id, (uint16_t)(19999 * 3));
    }
}

/* StrictRun's x, y, z, c are one 8-octet load when 8 octets follow them
 * (8 bits, then t's 64; 9 octets in all): each value read right, and
 * a value outside its range refused at that field's bit offset and name,
 * as the per-field reads do (the same octets less t's last one take them). */
static void test_run(void)
{
    static const struct { const char *hex; int code; size_t bit; const char *name; } rows[] = {
        { "C20000000000000000", 0, 0, NULL },                            /* x 3, y FALSE, z 10, c green */
        { "E00000000000000000", ASN1RT_E_VALUE_CONSTRAINT, 0, "x" },   /* x offset 7 of 0..6 */
        { "0C0000000000000000", ASN1RT_E_VALUE_CONSTRAINT, 4, "z" },   /* z offset 3 of 0..2 */
        { "030000000000000000", ASN1RT_E_VALUE_CONSTRAINT, 6, "c" },   /* c index 3 of 0..2 */
    };
    uint8_t in[16], abuf[64];
    /* APER reads x, y, z the same way (ranges below 255), then pads to t */
    for (size_t k = 0; k < CUNIT_COUNT(rows); k++)
        for (int al = 0; al < 2; al++) {
            asn1rt_arena a;
            asn1rt_error err;
            StrictRun v;
            size_t n = unhex(rows[k].hex, in, sizeof in);
            CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
            int rc = al ? StrictRun_aper_decode_ex(&v, in, n, 0, &a, &err) : StrictRun_uper_decode_ex(&v, in, n, 0, &a, &err);
            CU_ASSERT_EQUAL(rc, rows[k].code);
            if (rc == 0) {
                CU_ASSERT_EQUAL(v.x, 3);
                CU_ASSERT_EQUAL(v.y, false);
                CU_ASSERT_EQUAL(v.z, 10);
                CU_ASSERT_EQUAL(v.c, RunHue_green);
                CU_ASSERT_EQUAL(v.t.len, 8);
            } else {
                CU_ASSERT_EQUAL(err.offset, rows[k].bit);
                CU_ASSERT(err.path_len >= 1 && err.path[0] && strcmp(err.path[0], rows[k].name) == 0);
                /* 2 octets: no room for the load, the per-field reads give the same answer */
                rc = al ? StrictRun_aper_decode_ex(&v, in, 2, 0, &a, &err) : StrictRun_uper_decode_ex(&v, in, 2, 0, &a, &err);
                CU_ASSERT_EQUAL(rc, rows[k].code);
                CU_ASSERT_EQUAL(err.offset, rows[k].bit);
            }
        }
}

/* VisibleString t of StrictStr through the 7-bit fast forms (8
 * characters a field, the length octet and up to 7 characters from one
 * load): every length 0..20 at four bit offsets (s of 1..4 characters)
 * round-trips in UPER; a character outside 32..126 at every position is
 * refused by both encoders, and in the UPER octets by the decoder, at the
 * character's first bit, as the per-character path (--size) reports it. */
static void test_visible_fast(void)
{
    static const uint8_t bad_enc[] = { 0x00, 0x1F, 0x7F, 0x80, 0xA0, 0xFF }, bad_dec[] = { 0x00, 0x1F, 0x7F };
    uint8_t chars[24], enc[64], bad[64], abuf[256];
    for (size_t slen = 1; slen <= 4; slen++)
        for (size_t n = 0; n <= 20; n++) {
            StrictStr v = { { (const uint8_t *)"abca", slen }, { chars, n } }, back;
            asn1rt_error err;
            asn1rt_arena a;
            size_t len, len2;
            for (size_t i = 0; i < n; i++)
                chars[i] = (uint8_t)(32 + (i * 37 + slen * 11) % 95);
            CU_ASSERT_EQUAL_FATAL(StrictStr_uper_encode(&v, enc, sizeof enc, &len), 0);
            CU_ASSERT_EQUAL_FATAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
            CU_ASSERT_EQUAL_FATAL(StrictStr_uper_decode(&back, enc, len, &a), 0);
            CU_ASSERT(StrictStr_equal(&back, &v));
            for (size_t j = 0; j < n; j++) {
                uint8_t keep = chars[j];
                for (size_t b = 0; b < sizeof bad_enc; b++) {
                    chars[j] = bad_enc[b];
                    CU_ASSERT_EQUAL(StrictStr_uper_encode(&v, bad, sizeof bad, &len2), ASN1RT_E_STRING_ALPHABET);
                    CU_ASSERT_EQUAL(StrictStr_aper_encode(&v, bad, sizeof bad, &len2), ASN1RT_E_STRING_ALPHABET);
                }
                chars[j] = keep;
                size_t at = 2 + 2 * slen + 8 + 7 * j;   /* s's length and indices, t's length octet */
                for (size_t b = 0; b < sizeof bad_dec; b++) {
                    memcpy(bad, enc, len);
                    for (unsigned k = 0; k < 7; k++) {
                        size_t bit = at + k;
                        uint8_t m = (uint8_t)(0x80u >> (bit & 7u));
                        bad[bit >> 3] = (uint8_t)((bad_dec[b] >> (6u - k)) & 1u ? bad[bit >> 3] | m : bad[bit >> 3] & ~m);
                    }
                    CU_ASSERT_EQUAL(asn1rt_arena_init(&a, abuf, sizeof abuf), ASN1RT_OK);
                    CU_ASSERT_EQUAL(StrictStr_uper_decode_ex(&back, bad, len, 0, &a, &err), ASN1RT_E_STRING_ALPHABET);
                    CU_ASSERT_EQUAL(err.offset, at);   /* PER: a bit offset */
                }
            }
        }
}

/* ---- fixed-width runs (emit_per.c): the fields of a run go out as one
 * write only when every value is in range and the bits fit; otherwise the
 * field-by-field path answers, so a short buffer or a bad field gives the
 * code it always gave, in both variants. */
typedef struct run_case {
    const char *name;
    void (*spoil)(Props *v);
    int code;
} run_case;
static uint8_t run_oct3[3] = { 1, 2, 3 };
static void spoil_small(Props *v) { v->small = 8; }
static void spoil_neg(Props *v) { v->neg = 101; }
static void spoil_word_wide(Props *v) { v->huge = -2; }
static void spoil_fixed_bits(Props *v) { v->fixedBits.unused = (uint8_t)(v->fixedBits.unused == 3 ? 2 : 3); }
static void spoil_fixed_oct(Props *v) { v->fixedOct = (asn1rt_view){ run_oct3, 3 }; }
static void spoil_list_count(Props *v) { v->list.count = 6; }
static void spoil_list_item(Props *v) { v->list.count = 1; v->list.items[0] = 1001; }
static const run_case run_cases[] = {
    { "small 8 of 0..7", spoil_small, ASN1RT_E_VALUE_CONSTRAINT },
    { "neg 101 of -100..100", spoil_neg, ASN1RT_E_VALUE_CONSTRAINT },
    { "huge -2 of -1..65536", spoil_word_wide, ASN1RT_E_VALUE_CONSTRAINT },
    { "fixedBits of 4 or 6 bits", spoil_fixed_bits, ASN1RT_E_SIZE_CONSTRAINT },
    { "fixedOct of 3 octets", spoil_fixed_oct, ASN1RT_E_SIZE_CONSTRAINT },
    { "list of 6 items", spoil_list_count, ASN1RT_E_SIZE_CONSTRAINT },
    { "list item 1001 of 0..1000", spoil_list_item, ASN1RT_E_VALUE_CONSTRAINT },
};

static void test_runs(void)
{
    static uint8_t buf[1 << 14], ref[1 << 14];
    static Props v, bad;
    for (unsigned seed = 1; seed <= 40; seed++)
        for (int aligned = 0; aligned <= 1; aligned++) {
            int (*enc)(const Props *, uint8_t *, size_t, size_t *) = aligned ? Props_aper_encode : Props_uper_encode;
            size_t n, m;
            rng_state = seed * UINT64_C(0x9E3779B97F4A7C15);
            pool_used = 0;
            rnd_props(&v);
            CU_ASSERT_EQUAL_FATAL(enc(&v, ref, sizeof ref, &n), ASN1RT_OK);
            for (size_t cap = 0; cap < n; cap++)
                CU_ASSERT_EQUAL(enc(&v, buf, cap, &m), ASN1RT_E_BUFFER_TOO_SMALL);
            CU_ASSERT_EQUAL(enc(&v, buf, n + 3u, &m), ASN1RT_OK);   /* the additions' 3 octets of slack */
            CU_ASSERT(m == n && memcmp(buf, ref, n) == 0);
            for (size_t k = 0; k < CUNIT_COUNT(run_cases); k++) {
                bad = v;
                run_cases[k].spoil(&bad);
                int rc = enc(&bad, buf, sizeof buf, &m);
                if (rc != run_cases[k].code)
                    fprintf(stderr, "\n%s (seed %u, %s): %d", run_cases[k].name, seed, aligned ? "APER" : "UPER", rc);
                CU_ASSERT_EQUAL(rc, run_cases[k].code);
            }
        }
}

static const cunit_test tests[] = {
    { "X.691 Annex A, generated code, both ways", test_x691 },
    { "X.691 30.3: A.3's Date outside its SIZE root", test_size_extension },
    { "X.691 15.2, 25: REAL and RELATIVE-OID, asn1c's UPER octets", test_real },
    { "random values: DER == UPER == APER round trips", test_cross_encoding },
    { "strictness rejects, leniencies, *out zeroed", test_rejects },
    { "table-constrained open type decoded as the type its id selects", test_table_open },
    { "fragments: 70 000 octets, 20 000 list items, both variants", test_fragments },
    { "VisibleString's 7-bit fast forms: lengths, offsets, every bad position", test_visible_fast },
    { "encode: fixed-width runs: short buffers and bad fields refused as field by field", test_runs },
    { "decode: a run of fixed-width fields from one load: values, bad values at their offsets", test_run },
};

int main(void)
{
    return CUNIT_MAIN("codegen-per", tests, CU_BRM_VERBOSE);
}
