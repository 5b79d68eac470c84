/* Links liblez through asn1cc::lez: a context (libsecp256k1, libcrypto)
 * and the BIP-39 mnemonic of 32 zero bytes, which BIP-39's published
 * vectors give as 23 times "abandon" and then "art". */
#include <stdio.h>

#include "lez.h"

int main(void)
{
    static const uint8_t entropy[LEZ_ENTROPY_LEN];
    char sentence[LEZ_MNEMONIC_MAX];
    size_t len;
    lez_ctx ctx;

    if (lez_ctx_init(&ctx) != LEZ_OK)
        return 1;
    lez_ctx_clear(&ctx);
    if (lez_mnemonic_from_entropy(entropy, sentence, &len) != LEZ_OK)
        return 1;
    printf("%s\n", sentence);
    return 0;
}
