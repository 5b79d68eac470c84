/*
 * viewingkeys — the Meson consumer example: encodes a LEZ-Wire ViewingKeys
 * value with the code asn1cc generated at build time, prints its DER in
 * hex, and decodes it back. Exit status 0 when the decoded value equals
 * the one encoded.
 */
#include <stdio.h>

#include "lez_wire.h"

int main(void)
{
    uint8_t npk[32], vpk[33], der[ViewingKeys_MAX_ENCODED_SIZE];
    ViewingKeys keys, back;
    size_t len;

    for (size_t i = 0; i < sizeof npk; i++)
        npk[i] = (uint8_t)i;
    vpk[0] = 0x02; /* SEC1 compressed point, even y */
    for (size_t i = 1; i < sizeof vpk; i++)
        vpk[i] = (uint8_t)(0x1f + i);

    ViewingKeys_init(&keys);
    keys.version = 1;
    keys.npk = (asn1rt_view){npk, sizeof npk};
    keys.vpk = (asn1rt_view){vpk, sizeof vpk};
    if (ViewingKeys_encode(&keys, der, sizeof der, &len) != ASN1RT_OK) {
        fprintf(stderr, "viewingkeys: encode failed\n");
        return 1;
    }
    for (size_t i = 0; i < len; i++)
        printf("%02x", der[i]);
    printf("\n");

    /* The decoded octet strings are views into der[]. */
    if (ViewingKeys_decode(&back, der, len) != ASN1RT_OK || !ViewingKeys_equal(&keys, &back)) {
        fprintf(stderr, "viewingkeys: decode differs\n");
        return 1;
    }
    return 0;
}
