/* bench-ber's libtasn1 half (its header and OpenSSL's both define
 * asn1_node, so neither sees the other): the definitions of cms_tasn1.asn,
 * and one BER decode of a ContentInfo as a user of the library does it:
 * create the element, decode, delete. */
#include <libtasn1.h>
#include <stdio.h>

#include "ber_tasn1.h"

static asn1_node defs;

int ber_tasn1_init(const char *path)
{
    char err[ASN1_MAX_ERROR_DESCRIPTION_SIZE] = "";
    if (asn1_parser2tree(path, &defs, err) != ASN1_SUCCESS) {
        fprintf(stderr, "bench-ber: libtasn1: %s: %s\n", path, err);
        return -1;
    }
    return 0;
}

int ber_tasn1_decode(const uint8_t *ber, size_t len)
{
    asn1_node node = NULL;
    int rc;
    if (len > 0x7FFFFFFF || asn1_create_element(defs, "BerTasn1.ContentInfo", &node) != ASN1_SUCCESS)
        return 1;
    rc = asn1_der_decoding(&node, ber, (int)len, NULL) != ASN1_SUCCESS;
    asn1_delete_structure(&node);
    return rc;
}

const char *ber_tasn1_version(void) { return ASN1_VERSION; }

void ber_tasn1_done(void) { asn1_delete_structure(&defs); }
