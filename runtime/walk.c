/* The generic walker and the asn1parse-like dump built on it. */
#include <string.h>

#include "internal.h"

int asn1rt_i_check_universal(asn1rt_reader *r, uint32_t tag)
{
    asn1rt_reader sub = *r;
    uint32_t num = ASN1RT_TAG_NUMBER(tag);
    union { bool b; asn1rt_bigint i; asn1rt_bits bits; asn1rt_view v; } u;
    int rc;
    switch (num) {
    case ASN1RT_UT_BOOLEAN: rc = asn1rt_read_bool(&sub, tag, &u.b); break;
    case ASN1RT_UT_INTEGER:
    case ASN1RT_UT_ENUMERATED: rc = asn1rt_read_bigint(&sub, tag, &u.i); break;
    case ASN1RT_UT_BIT_STRING: rc = asn1rt_read_bits(&sub, tag, &u.bits); break;
    case ASN1RT_UT_NULL: rc = asn1rt_read_null(&sub, tag); break;
    case ASN1RT_UT_OID:
    case ASN1RT_UT_RELATIVE_OID: rc = asn1rt_read_oid(&sub, tag, &u.v); break;
    case ASN1RT_UT_UTCTIME:
    case ASN1RT_UT_GENERALIZEDTIME: rc = asn1rt_read_time(&sub, tag, num, &u.v); break;
    default:
        if (!asn1rt_i_is_string_type(num))
            return ASN1RT_OK;                     /* REAL, TIME, DATE...: content not checked */
        rc = asn1rt_read_string(&sub, tag, num, &u.v);
        break;
    }
    if (rc != ASN1RT_OK)
        r->err_offset = sub.err_offset;
    return rc;
}

int asn1rt_walk(const uint8_t *der, size_t len, unsigned lax,
                asn1rt_walk_fn fn, void *ctx, asn1rt_error *err)
{
    const uint8_t *ends[ASN1RT_DEFAULT_MAX_DEPTH + 1];
    asn1rt_reader r;
    unsigned depth = 0;
    bool top_done = false;
    int rc = ASN1RT_OK;

    if (der == NULL && len != 0)
        return ASN1RT_E_ARG;
    asn1rt_error_clear(err);
    asn1rt_reader_init(&r, der, len);
    r.lax = lax;
    ends[0] = r.end;
    for (;;) {
        uint32_t tag;
        size_t hl, n;
        asn1rt_walk_item item;

        while (depth > 0 && r.cur == ends[depth])
            r.end = ends[--depth];               /* constructed content used exactly */
        if (depth == 0 && top_done) {
            rc = asn1rt_expect_end(&r);
            break;
        }
        if ((rc = asn1rt_i_parse_header(&r, &tag, &hl, &n)) != ASN1RT_OK) {
            r.err_offset = asn1rt_offset(&r);
            break;
        }
        if (ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL) {
            bool prim_type = asn1rt_i_universal_primitive(ASN1RT_TAG_NUMBER(tag));
            /* [UNIVERSAL 0] is end-of-contents, which only ends an indefinite
             * length (X.690 8.1.5); DER has none (X.690 10.1). */
            if (ASN1RT_TAG_NUMBER(tag) == 0) {
                rc = asn1rt_i_fail_at(&r, ASN1RT_E_UNEXPECTED_TAG, r.cur);
                break;
            }
            if (ASN1RT_TAG_CONSTRUCTED(tag) && prim_type) {
                rc = asn1rt_i_fail_at(&r, ASN1RT_E_CONSTRUCTED, r.cur);
                break;
            }
            if (!ASN1RT_TAG_CONSTRUCTED(tag) && !prim_type) {
                rc = asn1rt_i_fail_at(&r, ASN1RT_E_PRIMITIVE, r.cur);
                break;
            }
            if (!ASN1RT_TAG_CONSTRUCTED(tag) && (rc = asn1rt_i_check_universal(&r, tag)) != ASN1RT_OK)
                break;
        }
        if (ASN1RT_TAG_CONSTRUCTED(tag) && depth >= ASN1RT_DEFAULT_MAX_DEPTH) {
            rc = asn1rt_i_fail_at(&r, ASN1RT_E_DEPTH, r.cur);
            break;
        }
        item.tag = tag;
        item.offset = asn1rt_offset(&r);
        item.header_len = hl;
        item.len = n;
        item.content = r.cur + hl;
        item.depth = depth;
        if (fn != NULL && (rc = fn(ctx, &item)) != 0) {
            r.err_offset = item.offset;
            break;
        }
        if (depth == 0)
            top_done = true;
        if (ASN1RT_TAG_CONSTRUCTED(tag)) {
            ends[++depth] = r.cur + hl + n;
            r.end = ends[depth];
            r.cur += hl;
        } else {
            r.cur += hl + n;
        }
    }
    if (rc != ASN1RT_OK && err != NULL) {
        err->code = rc;
        err->offset = r.err_offset;
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Dump.                                                                */

static const char *universal_name(uint32_t num)
{
    static const char *const names[] = {
        "EOC", "BOOLEAN", "INTEGER", "BIT STRING", "OCTET STRING", "NULL",
        "OBJECT", "OBJECT DESCRIPTOR", "EXTERNAL", "REAL", "ENUMERATED",
        "EMBEDDED PDV", "UTF8STRING", "RELATIVE OID", "TIME", "<ASN1 15>",
        "SEQUENCE", "SET", "NUMERICSTRING", "PRINTABLESTRING", "T61STRING",
        "VIDEOTEXSTRING", "IA5STRING", "UTCTIME", "GENERALIZEDTIME",
        "GRAPHICSTRING", "VISIBLESTRING", "GENERALSTRING", "UNIVERSALSTRING",
        "CHARACTER STRING", "BMPSTRING", "DATE", "TIME-OF-DAY", "DATE-TIME",
        "DURATION",
    };
    return num < sizeof names / sizeof names[0] ? names[num] : NULL;
}

static void put_hex(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02X", p[i]);
}

/* A negative INTEGER as "-" and its magnitude in hex, like openssl:
 * the magnitude is ~x + 1, whose carry stops at the last non-zero octet. */
static void put_negative(FILE *f, const uint8_t *p, size_t n)
{
    size_t last = n - 1;
    bool leading = true;
    while (p[last] == 0)
        last--;                                   /* p[0] has bit 8 set: stops */
    fputc('-', f);
    for (size_t i = 0; i < n; i++) {
        uint8_t b = i < last ? (uint8_t)~p[i] : i == last ? (uint8_t)(~p[i] + 1) : 0;
        if (leading && b == 0 && i + 1 < n)
            continue;
        leading = false;
        fprintf(f, "%02X", b);
    }
}

/* Short names of common OIDs, as openssl prints them (content octets). */
static const struct { const char *hex; const char *name; } oid_names[] = {
    { "2A864886F70D010101", "rsaEncryption" },
    { "2A864886F70D010105", "sha1WithRSAEncryption" },
    { "2A864886F70D01010B", "sha256WithRSAEncryption" },
    { "2A864886F70D01010C", "sha384WithRSAEncryption" },
    { "2A864886F70D01010D", "sha512WithRSAEncryption" },
    { "2A864886F70D01010A", "rsassaPss" },
    { "2A864886F70D010901", "emailAddress" },
    { "2A8648CE3D0201", "id-ecPublicKey" },
    { "2A8648CE3D030107", "prime256v1" },
    { "2B81040022", "secp384r1" },
    { "2B81040023", "secp521r1" },
    { "2A8648CE3D040302", "ecdsa-with-SHA256" },
    { "2A8648CE3D040303", "ecdsa-with-SHA384" },
    { "2A8648CE3D040304", "ecdsa-with-SHA512" },
    { "2B6570", "ED25519" },
    { "550403", "commonName" },
    { "550405", "serialNumber" },
    { "550406", "countryName" },
    { "550407", "localityName" },
    { "550408", "stateOrProvinceName" },
    { "55040A", "organizationName" },
    { "55040B", "organizationalUnitName" },
    { "55040C", "title" },
    { "550461", "organizationIdentifier" },
    { "551D0E", "X509v3 Subject Key Identifier" },
    { "551D0F", "X509v3 Key Usage" },
    { "551D11", "X509v3 Subject Alternative Name" },
    { "551D13", "X509v3 Basic Constraints" },
    { "551D1E", "X509v3 Name Constraints" },
    { "551D1F", "X509v3 CRL Distribution Points" },
    { "551D20", "X509v3 Certificate Policies" },
    { "551D23", "X509v3 Authority Key Identifier" },
    { "551D25", "X509v3 Extended Key Usage" },
    { "2B06010505070101", "Authority Information Access" },
    { "0992268993F22C640119", "domainComponent" },
    { "551D10", "X509v3 Private Key Usage Period" },
    { "6086480186F8420101", "Netscape Cert Type" },
    { "672A0700", "setCext-hashedRoot" },
};

static const char *oid_name(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < sizeof oid_names / sizeof oid_names[0]; i++) {
        const char *h = oid_names[i].hex;
        size_t k = 0;
        if (strlen(h) != 2 * n)
            continue;
        for (; k < n; k++) {
            static const char digits[] = "0123456789ABCDEF";
            if (h[2 * k] != digits[p[k] >> 4] || h[2 * k + 1] != digits[p[k] & 15])
                break;
        }
        if (k == n)
            return oid_names[i].name;
    }
    return NULL;
}

/* Text, with anything but printing ASCII escaped (UTF-8 passes through). */
static void put_text(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if ((p[i] >= 0x20 && p[i] < 0x7F) || p[i] >= 0x80)
            fputc(p[i], f);
        else
            fprintf(f, "\\x%02X", p[i]);
    }
}

static void put_bmp(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i + 1 < n; i += 2) {
        unsigned c = ((unsigned)p[i] << 8) | p[i + 1];
        if (c < 0x80) {
            uint8_t b = (uint8_t)c;
            put_text(f, &b, 1);
        } else if (c < 0x800) {
            fputc(0xC0 | (c >> 6), f);
            fputc(0x80 | (c & 0x3F), f);
        } else {
            fputc(0xE0 | (c >> 12), f);
            fputc(0x80 | ((c >> 6) & 0x3F), f);
            fputc(0x80 | (c & 0x3F), f);
        }
    }
}

static int dump_item(void *ctx, const asn1rt_walk_item *it)
{
    FILE *f = ctx;
    uint32_t num = ASN1RT_TAG_NUMBER(it->tag);
    char name[32];
    const uint8_t *p = it->content;
    size_t n = it->len;

    switch (ASN1RT_TAG_CLASS(it->tag)) {
    case ASN1RT_CLASS_UNIVERSAL: {
        const char *s = universal_name(num);
        if (s != NULL)
            snprintf(name, sizeof name, "%s", s);
        else
            snprintf(name, sizeof name, "<ASN1 %u>", (unsigned)num);
        break;
    }
    case ASN1RT_CLASS_APPLICATION: snprintf(name, sizeof name, "appl [ %u ]", (unsigned)num); break;
    case ASN1RT_CLASS_CONTEXT: snprintf(name, sizeof name, "cont [ %u ]", (unsigned)num); break;
    default: snprintf(name, sizeof name, "priv [ %u ]", (unsigned)num); break;
    }
    fprintf(f, "%5zu:d=%-2u hl=%zu l=%4zu %s: %-18s", it->offset, it->depth, it->header_len, n,
            ASN1RT_TAG_CONSTRUCTED(it->tag) ? "cons" : "prim", name);
    if (ASN1RT_TAG_CLASS(it->tag) == ASN1RT_CLASS_UNIVERSAL && !ASN1RT_TAG_CONSTRUCTED(it->tag)) {
        switch (num) {
        case ASN1RT_UT_BOOLEAN:
            fprintf(f, ":%u", n == 1 ? p[0] : 0u);
            break;
        case ASN1RT_UT_INTEGER:
        case ASN1RT_UT_ENUMERATED:
            fputc(':', f);
            if (n > 0 && (p[0] & 0x80))
                put_negative(f, p, n);
            else
                put_hex(f, p + (n > 1 && p[0] == 0), n - (n > 1 && p[0] == 0));
            break;
        case ASN1RT_UT_OCTET_STRING:
            fputs("[HEX DUMP]:", f);
            put_hex(f, p, n);
            break;
        case ASN1RT_UT_OID:
        case ASN1RT_UT_RELATIVE_OID: {
            char text[256];
            asn1rt_view v = { p, n };
            const char *known = num == ASN1RT_UT_OID ? oid_name(p, n) : NULL;
            if (known != NULL)
                fprintf(f, ":%s", known);
            else if (num == ASN1RT_UT_OID && asn1rt_oid_to_text(&v, text, sizeof text) == ASN1RT_OK)
                fprintf(f, ":%s", text);
            else {
                fputc(':', f);
                put_hex(f, p, n);
            }
            break;
        }
        case ASN1RT_UT_BMPSTRING:
            fputc(':', f);
            put_bmp(f, p, n);
            break;
        case ASN1RT_UT_UNIVERSALSTRING:
            fputc(':', f);
            put_hex(f, p, n);
            break;
        case ASN1RT_UT_NULL:
        case ASN1RT_UT_BIT_STRING:
            break;
        default:
            if (asn1rt_i_is_string_type(num) || num == ASN1RT_UT_UTCTIME ||
                num == ASN1RT_UT_GENERALIZEDTIME) {
                fputc(':', f);
                put_text(f, p, n);
            }
            break;
        }
    }
    fputc('\n', f);
    return 0;
}

int asn1rt_dump(FILE *f, const uint8_t *der, size_t len, asn1rt_error *err)
{
    if (f == NULL || (der == NULL && len != 0))
        return ASN1RT_E_ARG;
    return asn1rt_walk(der, len, 0, dump_item, f, err);
}
