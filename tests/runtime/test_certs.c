/* Every certificate of the ca-certificates bundle: walked strictly,
 * re-encoded byte for byte from decoded values (exact length first), and
 * its key fields compared with OpenSSL's independent decoder. */
#include <openssl/asn1.h>
#include <openssl/bn.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#include <stdlib.h>

#include "testutil.h"

#define BUNDLE "/etc/ssl/certs/ca-certificates.crt"

/* ---- PEM (RFC 7468) to DER, written here so the bytes are the file's. */

/* A character's value in the base64 alphabet (RFC 4648, Table 1), or -1. */
static int b64(int c)
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = c != 0 ? strchr(alphabet, c) : NULL;
    return at != NULL ? (int)(at - alphabet) : -1;
}

/* Decodes the base64 body in [s, e) into out; returns the length or 0. */
static size_t b64_decode(const char *s, const char *e, uint8_t *out, size_t cap)
{
    uint32_t acc = 0;
    int bits = 0;
    size_t n = 0;
    for (; s < e; s++) {
        int v = b64((unsigned char)*s);
        if (v < 0)
            continue;                       /* newlines, '=' padding */
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n >= cap)
                return 0;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return n;
}

typedef struct cert { uint8_t *der; size_t len; } cert;
static cert *certs;
static size_t ncerts, nbegin;

static int load_bundle(void)
{
    static const char begin[] = "-----BEGIN CERTIFICATE-----", end[] = "-----END CERTIFICATE-----";
    FILE *f = fopen(BUNDLE, "rb");
    char *text;
    long size;
    if (f == NULL)
        return -1;
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = malloc((size_t)size + 1);
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        return -1;
    }
    fclose(f);
    text[size] = '\0';
    for (const char *p = text; (p = strstr(p, begin)) != NULL; p += sizeof begin - 1)
        nbegin++;
    certs = calloc(nbegin, sizeof *certs);
    for (const char *p = text; certs != NULL && (p = strstr(p, begin)) != NULL;) {
        const char *body = p + sizeof begin - 1, *stop = strstr(body, end);
        if (stop == NULL)
            break;
        certs[ncerts].der = malloc((size_t)(stop - body));
        certs[ncerts].len = b64_decode(body, stop, certs[ncerts].der, (size_t)(stop - body));
        ncerts++;
        p = stop;
    }
    free(text);
    return 0;
}

static int suite_init(void) { return load_bundle(); }
static int suite_clean(void)
{
    for (size_t i = 0; i < ncerts; i++)
        free(certs[i].der);
    free(certs);
    return 0;
}

/* ---- Re-encoding from decoded values. With w == NULL only the exact
 * length is computed (the first pass); otherwise the element is written
 * back to front. Returns an asn1rt code. */

#define MAX_CHILDREN 512

static size_t elements;

static int process(const uint8_t *base, asn1rt_view whole, uint32_t tag, asn1rt_writer *w, size_t *size);

static int process_list(const uint8_t *base, asn1rt_reader *r, asn1rt_writer *w, size_t *size)
{
    asn1rt_view items[MAX_CHILDREN];
    uint32_t tags[MAX_CHILDREN];
    size_t k = 0, total = 0;
    int rc;
    (void)base;
    while (!asn1rt_at_end(r)) {
        if (k == MAX_CHILDREN)
            return ASN1RT_E_TOO_MANY_ITEMS;
        if ((rc = asn1rt_read_raw(r, &tags[k], &items[k])) != ASN1RT_OK)
            return rc;
        k++;
    }
    for (size_t i = k; i-- > 0;) {            /* last child first */
        size_t s = 0;
        if ((rc = process(base, items[i], tags[i], w, &s)) != ASN1RT_OK)
            return rc;
        total += s;
    }
    *size = total;
    return ASN1RT_OK;
}

static int process(const uint8_t *base, asn1rt_view whole, uint32_t tag, asn1rt_writer *w, size_t *size)
{
    asn1rt_reader r;
    size_t content = 0;
    int rc;
    asn1rt_reader_init(&r, base, (size_t)(whole.ptr + whole.len - base));
    r.cur = whole.ptr;
    elements++;
    if (ASN1RT_TAG_CONSTRUCTED(tag)) {
        asn1rt_reader child;
        uint8_t *mark = w ? w->pos : NULL;
        if ((rc = asn1rt_enter(&r, tag, &child)) != ASN1RT_OK)
            return rc;
        if ((rc = process_list(base, &child, w, &content)) != ASN1RT_OK)
            return rc;
        if (w && (size_t)(mark - w->pos) != content)
            return -100;
        if (w && (rc = asn1rt_prepend_header(w, tag, content)) != ASN1RT_OK)
            return rc;
        *size = asn1rt_header_len(tag, content) + content;
        return ASN1RT_OK;
    }
    if (ASN1RT_TAG_CLASS(tag) != ASN1RT_CLASS_UNIVERSAL) {
        asn1rt_view v;
        if ((rc = asn1rt_read_octets(&r, tag, &v)) != ASN1RT_OK)
            return rc;
        content = v.len;
        if (w && (rc = asn1rt_prepend_octets(w, tag, v.ptr, v.len)) != ASN1RT_OK)
            return rc;
    } else {
        unsigned num = ASN1RT_TAG_NUMBER(tag);
        switch (num) {
        case ASN1RT_UT_BOOLEAN: {
            bool b;
            if ((rc = asn1rt_read_bool(&r, tag, &b)) != ASN1RT_OK) return rc;
            content = 1;
            if (w && (rc = asn1rt_prepend_bool(w, tag, b)) != ASN1RT_OK) return rc;
            break;
        }
        case ASN1RT_UT_NULL:
            if ((rc = asn1rt_read_null(&r, tag)) != ASN1RT_OK) return rc;
            if (w && (rc = asn1rt_prepend_null(w, tag)) != ASN1RT_OK) return rc;
            break;
        case ASN1RT_UT_INTEGER: {
            asn1rt_bigint big;
            if ((rc = asn1rt_read_bigint(&r, tag, &big)) != ASN1RT_OK) return rc;
            if (big.len <= 8) {               /* through the native type */
                int64_t v;
                r.cur = whole.ptr;
                if ((rc = asn1rt_read_int64(&r, tag, &v)) != ASN1RT_OK) return rc;
                content = asn1rt_int64_len(v);
                if (w && (rc = asn1rt_prepend_int64(w, tag, v)) != ASN1RT_OK) return rc;
            } else {
                content = big.len;
                if (w && (rc = asn1rt_prepend_bigint(w, tag, &big)) != ASN1RT_OK) return rc;
            }
            break;
        }
        case ASN1RT_UT_BIT_STRING: {
            asn1rt_bits b;
            if ((rc = asn1rt_read_bits(&r, tag, &b)) != ASN1RT_OK) return rc;
            content = b.len + 1;
            if (w && (rc = asn1rt_prepend_bits(w, tag, &b)) != ASN1RT_OK) return rc;
            break;
        }
        case ASN1RT_UT_OID: {
            asn1rt_view v;
            uint64_t arcs[64];
            uint8_t oct[256];
            size_t n, len;
            if ((rc = asn1rt_read_oid(&r, tag, &v)) != ASN1RT_OK) return rc;
            if ((rc = asn1rt_oid_to_arcs(&v, arcs, 64, &n)) != ASN1RT_OK) return rc;
            if ((rc = asn1rt_oid_from_arcs(arcs, n, oct, sizeof oct, &len)) != ASN1RT_OK) return rc;
            content = len;
            if (w && (rc = asn1rt_prepend_octets(w, tag, oct, len)) != ASN1RT_OK) return rc;
            break;
        }
        case ASN1RT_UT_UTCTIME:
        case ASN1RT_UT_GENERALIZEDTIME: {
            asn1rt_view v;
            asn1rt_time t;
            if ((rc = asn1rt_read_time(&r, tag, num, &v)) != ASN1RT_OK) return rc;
            if ((rc = asn1rt_time_parse(num, &v, &t)) != ASN1RT_OK) return rc;
            content = asn1rt_time_len(num, &t);
            if (w && (rc = asn1rt_prepend_time(w, tag, num, &t)) != ASN1RT_OK) return rc;
            break;
        }
        default: {
            asn1rt_view v;
            if (num == ASN1RT_UT_OCTET_STRING || num == ASN1RT_UT_UTF8STRING || num == ASN1RT_UT_PRINTABLESTRING ||
                num == ASN1RT_UT_IA5STRING || num == ASN1RT_UT_T61STRING || num == ASN1RT_UT_BMPSTRING ||
                num == ASN1RT_UT_UNIVERSALSTRING || num == ASN1RT_UT_VISIBLESTRING ||
                num == ASN1RT_UT_NUMERICSTRING)
                rc = asn1rt_read_string(&r, tag, num, &v);
            else
                rc = asn1rt_read_octets(&r, tag, &v);
            if (rc != ASN1RT_OK) return rc;
            content = v.len;
            if (w && (rc = asn1rt_prepend_octets(w, tag, v.ptr, v.len)) != ASN1RT_OK) return rc;
            break;
        }
        }
    }
    if (!asn1rt_at_end(&r))
        return -101;                          /* the element reader left bytes */
    *size = asn1rt_header_len(tag, content) + content;
    return ASN1RT_OK;
}

static void test_walk_reencode(void)
{
    size_t total = 0;
    CU_ASSERT(ncerts > 0 && ncerts == nbegin);
    for (size_t i = 0; i < ncerts; i++) {
        const cert *c = &certs[i];
        asn1rt_error err;
        asn1rt_reader r;
        asn1rt_view whole;
        uint32_t tag;
        size_t exact = 0, written = 0;
        uint8_t *buf;
        asn1rt_writer w;
        int rc = asn1rt_walk(c->der, c->len, 0, NULL, NULL, &err);
        if (rc != ASN1RT_OK)
            fprintf(stderr, "\n  cert %zu: %s at offset %zu\n", i, asn1rt_strerror(rc), err.offset);
        CU_ASSERT_EQUAL(rc, ASN1RT_OK);
        asn1rt_reader_init(&r, c->der, c->len);
        CU_ASSERT_EQUAL_FATAL(asn1rt_read_raw(&r, &tag, &whole), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_expect_end(&r), ASN1RT_OK);
        /* Pass 1: the exact length from decoded values alone. */
        rc = process(c->der, whole, tag, NULL, &exact);
        CU_ASSERT_EQUAL(rc, ASN1RT_OK);
        CU_ASSERT_EQUAL(exact, c->len);
        /* Pass 2: write into exactly that much, back to front. */
        buf = malloc(exact);
        asn1rt_writer_init(&w, buf, exact);
        rc = process(c->der, whole, tag, &w, &written);
        CU_ASSERT_EQUAL(rc, ASN1RT_OK);
        CU_ASSERT_PTR_EQUAL(w.pos, buf);
        if (rc == ASN1RT_OK && w.pos == buf)
            ASSERT_BYTES("re-encoded certificate", buf, exact, c->der, c->len);
        free(buf);
        total++;
    }
    printf("\n    %zu certificates, %zu elements walked and re-encoded ", total, elements / 2);
}

/* Field values against OpenSSL's decoder. */
static void test_openssl_fields(void)
{
    ASN1_TIME *epoch = ASN1_TIME_set(NULL, 0);
    for (size_t i = 0; i < ncerts; i++) {
        const cert *c = &certs[i];
        const unsigned char *p = c->der;
        X509 *x = d2i_X509(NULL, &p, (long)c->len);
        asn1rt_reader r, crt, tbs, alg, val;
        asn1rt_bigint serial;
        asn1rt_view oid, name, tv;
        uint32_t tag;
        char ours[128], theirs[128];
        CU_ASSERT_PTR_NOT_NULL_FATAL(x);
        CU_ASSERT_PTR_EQUAL(p, c->der + c->len);
        asn1rt_reader_init(&r, c->der, c->len);
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&r, ASN1RT_TAG(0, 1, 16), &crt), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&crt, ASN1RT_TAG(0, 1, 16), &tbs), ASN1RT_OK);
        if (asn1rt_peek_tag(&tbs, &tag) == ASN1RT_OK && tag == ASN1RT_TAG(2, 1, 0))
            CU_ASSERT_EQUAL(asn1rt_skip(&tbs), ASN1RT_OK);       /* version */
        /* serialNumber */
        CU_ASSERT_EQUAL_FATAL(asn1rt_read_bigint(&tbs, ASN1RT_TAG(0, 0, 2), &serial), ASN1RT_OK);
        {
            BIGNUM *bn = ASN1_INTEGER_to_BN(X509_get_serialNumber(x), NULL);
            uint8_t mag[64];
            int n = BN_bn2bin(bn, mag);
            bool neg = (serial.ptr[0] & 0x80) != 0;
            CU_ASSERT_EQUAL(neg, BN_is_negative(bn) != 0);
            if (!neg) {
                const uint8_t *s = serial.ptr;
                size_t sl = serial.len;
                if (sl > 1 && s[0] == 0) { s++; sl--; }
                if (n == 0) { mag[0] = 0; n = 1; }       /* serial 0 */
                ASSERT_BYTES("serial", s, sl, mag, (size_t)n);
            }
            BN_free(bn);
        }
        /* signature AlgorithmIdentifier */
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&tbs, ASN1RT_TAG(0, 1, 16), &alg), ASN1RT_OK);
        CU_ASSERT_EQUAL_FATAL(asn1rt_read_oid(&alg, ASN1RT_TAG(0, 0, 6), &oid), ASN1RT_OK);
        CU_ASSERT_EQUAL(asn1rt_oid_to_text(&oid, ours, sizeof ours), ASN1RT_OK);
        {
            const ASN1_OBJECT *obj;
            X509_ALGOR_get0(&obj, NULL, NULL, X509_get0_tbs_sigalg(x));
            OBJ_obj2txt(theirs, sizeof theirs, obj, 1);
            CU_ASSERT_STRING_EQUAL(ours, theirs);
        }
        /* issuer: the same bytes as OpenSSL's encoding of the name */
        CU_ASSERT_EQUAL_FATAL(asn1rt_read_raw(&tbs, NULL, &name), ASN1RT_OK);
        {
            unsigned char *enc = NULL;
            int n = i2d_X509_NAME(X509_get_issuer_name(x), &enc);
            ASSERT_BYTES("issuer", name.ptr, name.len, enc, n > 0 ? (size_t)n : 0);
            OPENSSL_free(enc);
        }
        /* validity, as seconds since the epoch */
        CU_ASSERT_EQUAL_FATAL(asn1rt_enter(&tbs, ASN1RT_TAG(0, 1, 16), &val), ASN1RT_OK);
        for (int k = 0; k < 2; k++) {
            const ASN1_TIME *ot = k == 0 ? X509_get0_notBefore(x) : X509_get0_notAfter(x);
            unsigned type;
            asn1rt_time t;
            int64_t secs = 0;
            int day = 0, sec = 0;
            CU_ASSERT_EQUAL_FATAL(asn1rt_peek_tag(&val, &tag), ASN1RT_OK);
            type = ASN1RT_TAG_NUMBER(tag);
            CU_ASSERT_EQUAL_FATAL(asn1rt_read_time(&val, tag, type, &tv), ASN1RT_OK);
            CU_ASSERT_EQUAL(asn1rt_time_parse(type, &tv, &t), ASN1RT_OK);
            CU_ASSERT_EQUAL(asn1rt_time_to_epoch(&t, &secs), ASN1RT_OK);
            CU_ASSERT(ASN1_TIME_diff(&day, &sec, epoch, ot) == 1);
            CU_ASSERT_EQUAL(secs, (int64_t)day * 86400 + sec);
        }
        X509_free(x);
    }
    ASN1_TIME_free(epoch);
}

/* The dump's format, on a small value and on every certificate. */
static void test_dump(void)
{
    uint8_t der[64];
    size_t n = unhex("30 27 02 01 2A 06 03 55 04 03 06 03 55 04 63 13 02 68 69 01 01 FF 05 00 A0 03 04 01 AB"
                     " 02 03 FF 00 00 02 01 80 02 02 00 80", der, sizeof der);
    static const char want[] =
        "    0:d=0  hl=2 l=  39 cons: SEQUENCE          \n"
        "    2:d=1  hl=2 l=   1 prim: INTEGER           :2A\n"
        "    5:d=1  hl=2 l=   3 prim: OBJECT            :commonName\n"
        "   10:d=1  hl=2 l=   3 prim: OBJECT            :2.5.4.99\n"
        "   15:d=1  hl=2 l=   2 prim: PRINTABLESTRING   :hi\n"
        "   19:d=1  hl=2 l=   1 prim: BOOLEAN           :255\n"
        "   22:d=1  hl=2 l=   0 prim: NULL              \n"
        "   24:d=1  hl=2 l=   3 cons: cont [ 0 ]        \n"
        "   26:d=2  hl=2 l=   1 prim: OCTET STRING      [HEX DUMP]:AB\n"
        "   29:d=1  hl=2 l=   3 prim: INTEGER           :-010000\n"
        "   34:d=1  hl=2 l=   1 prim: INTEGER           :-80\n"
        "   37:d=1  hl=2 l=   2 prim: INTEGER           :80\n";
    char got[2048];
    size_t len;
    asn1rt_error err;
    FILE *f = tmpfile(), *null = fopen("/dev/null", "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(asn1rt_dump(f, der, n, &err), ASN1RT_OK);
    rewind(f);
    len = fread(got, 1, sizeof got - 1, f);
    got[len] = '\0';
    CU_ASSERT_STRING_EQUAL(got, want);
    fclose(f);
    for (size_t i = 0; null != NULL && i < ncerts; i++)
        CU_ASSERT_EQUAL(asn1rt_dump(null, certs[i].der, certs[i].len, &err), ASN1RT_OK);
    if (null != NULL)
        fclose(null);
}

void register_certs_suite(void)
{
    static const cunit_test tests[] = {
        { "walk and re-encode byte-identically", test_walk_reencode },
        { "fields agree with OpenSSL", test_openssl_fields },
        { "dump", test_dump },
    };
    cunit_add_suite("ca-certificates", suite_init, suite_clean, tests, CUNIT_COUNT(tests));
}
