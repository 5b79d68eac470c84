/*
 * certinfo — decode X.509 certificates with asn1cc-generated code.
 *
 *   certinfo [--json] FILE...
 *
 * FILE is DER or PEM (one or more CERTIFICATE blocks). Each certificate is
 * decoded strictly with Certificate_decode_ex, summarised, re-encoded and
 * compared byte for byte with the input; --json also prints the whole value
 * in JER (X.697). Exit status: 0 all decoded, 1 a certificate failed, 2 usage.
 *
 * PEM armour is removed with OpenSSL's PEM reader; everything else uses only
 * the generated code and libasn1rt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bio.h>
#include <openssl/pem.h>

#include "pkix1explicit88.h"
#include "pkix1implicit88.h"

/* Short names for the attribute types a Name usually carries. */
static const char *attribute_label(const asn1rt_view *type)
{
    if (id_at_commonName_equal(type)) return "CN";
    if (id_at_countryName_equal(type)) return "C";
    if (id_at_organizationName_equal(type)) return "O";
    if (id_at_organizationalUnitName_equal(type)) return "OU";
    if (id_at_localityName_equal(type)) return "L";
    if (id_at_stateOrProvinceName_equal(type)) return "ST";
    return NULL;
}

/* An attribute value is an open type (ANY); show it when it is a string. */
static void print_attribute_value(const AttributeValue *value)
{
    asn1rt_reader r;
    uint32_t tag;
    size_t len;

    asn1rt_reader_init(&r, value->ptr, value->len);
    if (asn1rt_read_header(&r, &tag, &len) == ASN1RT_OK &&
        ASN1RT_TAG_CLASS(tag) == ASN1RT_CLASS_UNIVERSAL && !ASN1RT_TAG_CONSTRUCTED(tag)) {
        switch (ASN1RT_TAG_NUMBER(tag)) {
        case ASN1RT_UT_UTF8STRING: case ASN1RT_UT_PRINTABLESTRING:
        case ASN1RT_UT_IA5STRING: case ASN1RT_UT_VISIBLESTRING:
        case ASN1RT_UT_T61STRING:
            fwrite(r.cur, 1, len, stdout);
            return;
        default:
            break;
        }
    }
    printf("<%zu bytes of DER>", value->len);
}

static void print_name(const char *label, const Name *name)
{
    RDNSequence_iter rdns;
    RelativeDistinguishedName rdn;
    const char *sep = "";

    printf("  %-12s ", label);
    RDNSequence_iter_init(&rdns, &name->u.rdnSequence);
    while (RDNSequence_iter_next(&rdns, &rdn)) {
        RelativeDistinguishedName_iter atvs;
        AttributeTypeAndValue atv;

        RelativeDistinguishedName_iter_init(&atvs, &rdn);
        while (RelativeDistinguishedName_iter_next(&atvs, &atv)) {
            const char *short_name = attribute_label(&atv.type);
            char oid[128];

            if (short_name == NULL) {
                if (asn1rt_oid_to_text(&atv.type, oid, sizeof oid) != ASN1RT_OK)
                    strcpy(oid, "?");
                short_name = oid;
            }
            printf("%s%s=", sep, short_name);
            print_attribute_value(&atv.value);
            sep = ", ";
        }
    }
    putchar('\n');
}

static void print_oid(const char *label, const asn1rt_view *oid)
{
    char text[256];

    if (asn1rt_oid_to_text(oid, text, sizeof text) != ASN1RT_OK)
        strcpy(text, "(arc beyond 64 bits)");
    printf("  %-12s %s\n", label, text);
}

static void print_time(const char *label, const Time *t)
{
    const asn1rt_view *text = t->present == Time_PR_utcTime ? &t->u.utcTime : &t->u.generalTime;
    unsigned universal = t->present == Time_PR_utcTime ? ASN1RT_UT_UTCTIME : ASN1RT_UT_GENERALIZEDTIME;
    asn1rt_time parsed;

    if (asn1rt_time_parse(universal, text, &parsed) == ASN1RT_OK)
        printf("  %-12s %04d-%02d-%02d %02d:%02d:%02d UTC (%.*s)\n", label, parsed.year,
               parsed.month, parsed.day, parsed.hour, parsed.minute, parsed.second,
               (int)text->len, (const char *)text->ptr);
}

/* Decodes one certificate, prints it, and checks that re-encoding gives the input back. */
static int show_certificate(const char *source, const uint8_t *der, size_t len, int json)
{
    static uint8_t again[1 << 16];
    Certificate cert;
    asn1rt_error err;
    size_t written = 0;
    char path[256];

    if (Certificate_decode_ex(&cert, der, len, 0, &err) != ASN1RT_OK) {
        asn1rt_error_path(&err, path, sizeof path);
        fprintf(stderr, "%s: not a DER Certificate: %s at byte %zu (%s)\n", source,
                asn1rt_strerror(err.code), err.offset, path[0] ? path : "top level");
        return 1;
    }

    const TBSCertificate *tbs = &cert.tbsCertificate;
    printf("%s: Certificate, %zu bytes, sizeof(Certificate) = %zu\n", source, len, sizeof cert);
    int64_t version;
    if (asn1rt_bigint_to_int64(&tbs->version, &version) == ASN1RT_OK)
        printf("  %-12s v%lld\n", "version", (long long)version + 1);
    printf("  %-12s ", "serial");
    for (size_t i = 0; i < tbs->serialNumber.len; i++)
        printf("%02x", tbs->serialNumber.ptr[i]);
    putchar('\n');
    print_name("issuer", &tbs->issuer);
    print_name("subject", &tbs->subject);
    print_time("notBefore", &tbs->validity.notBefore);
    print_time("notAfter", &tbs->validity.notAfter);
    print_oid("key alg", &tbs->subjectPublicKeyInfo.algorithm.algorithm);
    printf("  %-12s %zu-byte BIT STRING\n", "public key", tbs->subjectPublicKeyInfo.subjectPublicKey.len);
    print_oid("signature", &cert.signatureAlgorithm.algorithm);
    if (tbs->extensions_present) {
        Extensions_iter it;
        Extension ext;

        printf("  %-12s %zu\n", "extensions", tbs->extensions.count);
        Extensions_iter_init(&it, &tbs->extensions);
        while (Extensions_iter_next(&it, &ext)) {
            char text[256];
            if (asn1rt_oid_to_text(&ext.extnID, text, sizeof text) != ASN1RT_OK)
                strcpy(text, "?");
            printf("    %-22s %s%zu bytes\n", text, ext.critical ? "critical, " : "",
                   ext.extnValue.len);
        }
    }

    int rc = Certificate_encode(&cert, again, sizeof again, &written);
    int same = rc == ASN1RT_OK && written == len && memcmp(again, der, len) == 0;
    printf("  %-12s %s\n", "re-encoded", same ? "byte-identical" : "DIFFERENT");
    if (json) {
        if (Certificate_print(stdout, &cert) < 0)
            return 1;
        putchar('\n');
    }
    return same ? 0 : 1;
}

int main(int argc, char **argv)
{
    int json = 0, status = 0, files = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) { json = 1; continue; }
        if (strcmp(argv[i], "--help") == 0 || argv[i][0] == '-') {
            fprintf(argv[i][1] == '-' && strcmp(argv[i], "--help") == 0 ? stdout : stderr,
                    "usage: %s [--json] FILE...  (DER or PEM X.509 certificates)\n", argv[0]);
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
        files++;
        BIO *bio = BIO_new_file(argv[i], "rb");
        if (bio == NULL) { fprintf(stderr, "%s: cannot open\n", argv[i]); return 2; }

        char *name = NULL, *header = NULL;
        unsigned char *data = NULL;
        long len = 0;
        int count = 0;
        while (PEM_read_bio(bio, &name, &header, &data, &len) == 1) {
            if (strcmp(name, "CERTIFICATE") == 0) {
                status |= show_certificate(argv[i], data, (size_t)len, json);
                count++;
            }
            OPENSSL_free(name); OPENSSL_free(header); OPENSSL_free(data);
        }
        if (count == 0) {   /* not PEM: the file is the DER */
            static uint8_t der[(1 << 16) + 1];
            (void)BIO_reset(bio);
            int got = BIO_read(bio, der, (int)sizeof der);
            if (got <= 0 || (size_t)got == sizeof der) {
                fprintf(stderr, "%s: %s\n", argv[i], got <= 0 ? "empty or unreadable"
                                                              : "larger than 64 KiB, not read");
                status = 1;
            } else {
                status |= show_certificate(argv[i], der, (size_t)got, json);
            }
        }
        BIO_free(bio);
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--json] FILE...\n", argv[0]);
        return 2;
    }
    return status;
}
