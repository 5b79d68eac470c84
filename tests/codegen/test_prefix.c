/* test_prefix.c — the same schema generated twice with different --prefix
 * links into one program, and both copies agree on the bytes. */
#include <stdio.h>
#include <string.h>

#include "p1/bench.h"
#include "p2/bench.h"

int main(void)
{
    static const uint8_t der[] = { 0x30, 0x0A, 0x80, 0x01, 0x2A, 0x81, 0x01, 0xFF, 0x82, 0x02, 0x68, 0x69 };
    p1_SimpleSequence a;
    p2_SimpleSequence b;
    uint8_t out[32];
    size_t n;
    if (p1_SimpleSequence_decode(&a, der, sizeof der) != 0 || p2_SimpleSequence_decode(&b, der, sizeof der) != 0) {
        printf("test-prefix: decode failed\n");
        return 1;
    }
    memcpy(&b, &a, sizeof a);   /* same layout, different names */
    if (p2_SimpleSequence_encode(&b, out, sizeof out, &n) != 0 || n != sizeof der || memcmp(out, der, n) != 0) {
        printf("test-prefix: re-encoding differs\n");
        return 1;
    }
    printf("test-prefix: p1_ and p2_ copies of bench.asn linked together, bytes agree: 1 passed, 0 failed\n");
    return 0;
}
