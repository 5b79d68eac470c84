/*
 * certsummary — the CMake consumer example: asn1cc_generate() compiles the
 * RFC 5280 module into this target at build time, and this program decodes
 * one DER certificate with it.
 *
 *   certsummary FILE.der
 *
 * Prints the serial number, the validity and the signature algorithm, then
 * re-encodes the value and says whether the bytes are identical. Exit
 * status: 0 decoded and identical, 1 not, 2 usage or I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkix1explicit88.h"

static void print_hex(const char *label, const asn1rt_view *v)
{
    printf("%-10s ", label);
    for (size_t i = 0; i < v->len; i++)
        printf("%02x", v->ptr[i]);
    printf("\n");
}

/* Both alternatives of Time hold the DER text as it stands in the input. */
static void print_time(const char *label, const Time *t)
{
    const asn1rt_view *v = t->present == Time_PR_utcTime ? &t->u.utcTime : &t->u.generalTime;
    printf("%-10s %.*s\n", label, (int)v->len, (const char *)v->ptr);
}

int main(int argc, char **argv)
{
    static uint8_t der[1 << 16], again[1 << 16];
    Certificate cert;
    asn1rt_error err;
    char oid[128];
    size_t n, len;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: certsummary FILE.der\n");
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 2;
    }
    n = fread(der, 1, sizeof der, f);
    fclose(f);

    /* Strict DER (no leniency flags); a failure names the byte and field. */
    if (Certificate_decode_ex(&cert, der, n, 0, &err) != ASN1RT_OK) {
        fprintf(stderr, "%s: %s at byte %zu\n", argv[1], asn1rt_strerror(err.code), err.offset);
        return 1;
    }
    print_hex("serial", &cert.tbsCertificate.serialNumber);
    print_time("notBefore", &cert.tbsCertificate.validity.notBefore);
    print_time("notAfter", &cert.tbsCertificate.validity.notAfter);
    if (asn1rt_oid_to_text(&cert.signatureAlgorithm.algorithm, oid, sizeof oid) == ASN1RT_OK)
        printf("%-10s %s\n", "signature", oid);

    if (Certificate_encode(&cert, again, sizeof again, &len) != ASN1RT_OK || len != n ||
        memcmp(again, der, n) != 0) {
        printf("re-encoding differs\n");
        return 1;
    }
    printf("re-encoded %zu bytes, identical\n", len);
    return 0;
}
