/*
 * make bench-derive-agree: the derive table compares equal work only if the
 * four codecs accept, reject and produce the same things. This program
 * decodes mutated copies of the bench vectors and encodes random values,
 * valid and invalid, with the generated, hand-written (gen.h and public
 * API) and generic codecs and counts every difference in status (success
 * or failure) and in output. Deterministic (fixed seed). Exits non-zero on
 * any difference, listing a few of each kind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h" /* generated/bench.h */
#include "derive_handwritten.h"
#include "generic.h"

enum { IMPLS = 4, DECODES = 200000, ENCODES = 200000 };
static const char *const names[IMPLS] = { "generated", "handwritten", "handwritten_public", "generic" };

/* DeriveSimple { 1234567, TRUE, 00..1f } and the DeriveMessage of bench_derive.c. */
static const uint8_t simple_head[12] = { 0x30, 0x2a, 0x80, 0x03, 0x12, 0xd6, 0x87, 0x81, 0x01, 0xff, 0x82, 0x20 };
static const uint8_t message_head[] = {
    0x30, 0x82, 0x01, 0x1c, 0x80, 0x01, 0x02, 0x81, 0x04, 0x12, 0x34, 0x56, 0x78, 0x82, 0x11,
    'a', 'l', 'i', 'c', 'e', '@', 'e', 'x', 'a', 'm', 'p', 'l', 'e', '.', 'o', 'r', 'g', 0x83, 0x0f,
    'b', 'o', 'b', '@', 'e', 'x', 'a', 'm', 'p', 'l', 'e', '.', 'o', 'r', 'g',
    0x84, 0x06, 0x01, 0x9a, 0xd2, 0x0f, 0x28, 0x7b, 0x85, 0x01, 0x02,
    0xa6, 0x0c, 0x80, 0x01, 0x07, 0x81, 0x03, 0x04, 0xa5, 0xf0, 0x82, 0x02, 0x02, 0x58, 0x87, 0x81, 0x80
};
static const uint8_t message_tail[] = {
    0x88, 0x40 /* 64 octets follow, then */, 0xa9, 0x0f, 0x02, 0x01, 0x01, 0x02, 0x01, 0x50,
    0x02, 0x02, 0x01, 0xbb, 0x02, 0x03, 0x00, 0xff, 0xff
};

static uint8_t simple_der[44], message_der[288];
static uint8_t pool[512];
static uint64_t rng = 0x9E3779B97F4A7C15u;
static long differences;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static void build_vectors(void)
{
    memcpy(simple_der, simple_head, sizeof simple_head);
    for (int i = 0; i < 32; i++)
        simple_der[12 + i] = (uint8_t)i;
    size_t n = sizeof message_head;
    memcpy(message_der, message_head, n);
    for (int i = 0; i < 128; i++)
        message_der[n++] = (uint8_t)(i * 7);
    memcpy(message_der + n, message_tail, 2);
    n += 2;
    for (int i = 0; i < 64; i++)
        message_der[n++] = (uint8_t)(255 - i);
    memcpy(message_der + n, message_tail + 2, sizeof message_tail - 2);
    for (int i = 0; i < 512; i++)
        pool[i] = (uint8_t)(i * 37);
}

static void report(const char *what, int impl, const int *rc)
{
    static long shown[64];
    differences++;
    if (shown[impl]++ < 3)
        printf("  %s: %s %d, generated %d\n", what, names[impl], rc[impl], rc[0]);
}

static void mutate(uint8_t *buf, size_t *len)
{
    int flips = 1 + (int)(next() % 3);
    for (int k = 0; k < flips && *len > 1; k++) {
        size_t pos = next() % *len;
        switch (next() % 4) {
        case 0: buf[pos] ^= (uint8_t)(1u << (next() % 8)); break;
        case 1: buf[pos] = (uint8_t)next(); break;
        case 2: (*len)--; break;
        default: buf[pos] = (uint8_t)(0x80 | (next() % 10)); break;
        }
    }
}

#define DECODE_ALL(T, buf, len, rc, out)                                            \
    do {                                                                            \
        rc[0] = T##_decode(&out[0], buf, len);                                      \
        rc[1] = handwritten_##T##_decode(&out[1], buf, len);                        \
        rc[2] = handwritten_public_##T##_decode(&out[2], buf, len);                 \
        rc[3] = generic_decode(&generic_##T, &out[3], buf, len);                    \
        for (int i_ = 1; i_ < IMPLS; i_++)                                          \
            if ((rc[i_] == 0) != (rc[0] == 0) || (rc[0] == 0 && !T##_equal(&out[0], &out[i_]))) \
                report(#T " decode", i_, rc);                                       \
    } while (0)

#define ENCODE_ALL(T, v, cap, rc)                                                   \
    do {                                                                            \
        static uint8_t b_[IMPLS][1024];                                             \
        size_t l_[IMPLS] = { 0 };                                                   \
        rc[0] = T##_encode(&v, b_[0], cap, &l_[0]);                                 \
        rc[1] = handwritten_##T##_encode(&v, b_[1], cap, &l_[1]);                   \
        rc[2] = handwritten_public_##T##_encode(&v, b_[2], cap, &l_[2]);            \
        rc[3] = generic_encode(&generic_##T, &v, b_[3], cap, &l_[3]);               \
        for (int i_ = 1; i_ < IMPLS; i_++)                                          \
            if ((rc[i_] == 0) != (rc[0] == 0) ||                                    \
                (rc[0] == 0 && (l_[i_] != l_[0] || memcmp(b_[0], b_[i_], l_[0]) != 0))) \
                report(#T " encode", i_, rc);                                       \
    } while (0)

static asn1rt_view random_view(size_t max)
{
    asn1rt_view v = { pool + next() % 64, next() % (max + 1) };
    return v;
}

int main(void)
{
    build_vectors();
    DeriveSimple s0;
    DeriveMessage m0;
    if (DeriveSimple_decode(&s0, simple_der, sizeof simple_der) != 0 ||
        DeriveMessage_decode(&m0, message_der, sizeof message_der) != 0) {
        fprintf(stderr, "bench-derive-agree: a vector does not decode\n");
        return 2;
    }
    int rc[IMPLS];
    long accepted = 0, encoded = 0;
    printf("Differences from generated code (first three per implementation):\n");
    for (int it = 0; it < DECODES; it++) {
        uint8_t buf[512];
        size_t len = (it & 1) ? sizeof message_der : sizeof simple_der;
        memcpy(buf, (it & 1) ? message_der : simple_der, len);
        mutate(buf, &len);
        if (it & 1) {
            DeriveMessage out[IMPLS];
            DECODE_ALL(DeriveMessage, buf, len, rc, out);
        } else {
            DeriveSimple out[IMPLS];
            DECODE_ALL(DeriveSimple, buf, len, rc, out);
        }
        accepted += rc[0] == 0;
    }
    for (int it = 0; it < ENCODES; it++) {
        size_t cap = next() % 8 == 0 ? next() % 300 : 1024;
        if (it & 1) {
            DeriveSimple v = { (uint32_t)next() * (next() % 3), next() & 1, random_view(150) };
            ENCODE_ALL(DeriveSimple, v, cap, rc);
        } else {
            DeriveMessage v;
            memset(&v, 0, sizeof v);
            v.version = (uint8_t)(next() % 3);
            v.messageId = next();
            v.sender = random_view(70);
            v.recipient = random_view(70);
            v.timestamp = (int64_t)(((uint64_t)next() << 32) ^ next()) >> (next() % 64);
            v.priority = (DeriveMessage_priority)(next() % 4);
            v.header.kind = (uint16_t)next();
            v.header.flags_present = next() & 1;
            v.header.flags.ptr = pool + next() % 64;
            v.header.flags.len = next() % 6;
            v.header.flags.unused = (uint8_t)(next() % 9);
            v.header.ttl = next() % 3 == 0 ? 3600 : next() % 90000;
            v.body = random_view(200);
            v.signature_present = next() & 1;
            v.signature = random_view(66);
            if (next() & 1)
                v.signature.len = 64;
            v.tags.count = next() % 10;
            for (int k = 0; k < 8; k++)
                v.tags.items[k] = (uint16_t)next();
            ENCODE_ALL(DeriveMessage, v, cap, rc);
        }
        encoded += rc[0] == 0;
    }
    printf("%d mutated decodes (%ld accepted by generated code), %d random encodes (%ld succeeded):"
           " %ld differences\n", DECODES, accepted, ENCODES, encoded, differences);
    return differences == 0 ? 0 : 1;
}
