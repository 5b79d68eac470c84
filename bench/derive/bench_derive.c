/*
 * make bench-derive: the seed's derive-overhead table. The same messages
 * are encoded, decoded and round-tripped by asn1cc-generated code, by the
 * hand-written codec (bench/handwritten/) and by a table-driven generic
 * codec (generic.h), all over the same runtime and the same C structs,
 * interleaved in one process run.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h" /* generated/bench.h */
#include "derive_handwritten.h"
#include "generic.h"
#include "codec_loops.h"

/* DeriveSimple { id 1234567, active TRUE, payload 00..1f (32 octets) } */
static const uint8_t der_derive_simple[44] = {
    0x30, 0x2a, 0x80, 0x03, 0x12, 0xd6, 0x87, 0x81, 0x01, 0xff, 0x82, 0x20,
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
    0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
    0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f
};

/* DeriveMessage with every component present and no DEFAULT at its
 * default: version 2, messageId 0x12345678, sender "alice@example.org",
 * recipient "bob@example.org", timestamp 1764460800123, priority high,
 * header { kind 7, flags '101001011111'B, ttl 600 },
 * body 128 octets, signature 64 octets, tags { 1, 80, 443, 65535 }. */
static const uint8_t der_derive_message[288] = {
    0x30, 0x82, 0x01, 0x1c, 0x80, 0x01, 0x02, 0x81, 0x04, 0x12, 0x34, 0x56,
    0x78, 0x82, 0x11, 0x61, 0x6c, 0x69, 0x63, 0x65, 0x40, 0x65, 0x78, 0x61,
    0x6d, 0x70, 0x6c, 0x65, 0x2e, 0x6f, 0x72, 0x67, 0x83, 0x0f, 0x62, 0x6f,
    0x62, 0x40, 0x65, 0x78, 0x61, 0x6d, 0x70, 0x6c, 0x65, 0x2e, 0x6f, 0x72,
    0x67, 0x84, 0x06, 0x01, 0x9a, 0xd2, 0x0f, 0x28, 0x7b, 0x85, 0x01, 0x02,
    0xa6, 0x0c, 0x80, 0x01, 0x07, 0x81, 0x03, 0x04, 0xa5, 0xf0, 0x82, 0x02,
    0x02, 0x58, 0x87, 0x81, 0x80, 0x00, 0x07, 0x0e, 0x15, 0x1c, 0x23, 0x2a,
    0x31, 0x38, 0x3f, 0x46, 0x4d, 0x54, 0x5b, 0x62, 0x69, 0x70, 0x77, 0x7e,
    0x85, 0x8c, 0x93, 0x9a, 0xa1, 0xa8, 0xaf, 0xb6, 0xbd, 0xc4, 0xcb, 0xd2,
    0xd9, 0xe0, 0xe7, 0xee, 0xf5, 0xfc, 0x03, 0x0a, 0x11, 0x18, 0x1f, 0x26,
    0x2d, 0x34, 0x3b, 0x42, 0x49, 0x50, 0x57, 0x5e, 0x65, 0x6c, 0x73, 0x7a,
    0x81, 0x88, 0x8f, 0x96, 0x9d, 0xa4, 0xab, 0xb2, 0xb9, 0xc0, 0xc7, 0xce,
    0xd5, 0xdc, 0xe3, 0xea, 0xf1, 0xf8, 0xff, 0x06, 0x0d, 0x14, 0x1b, 0x22,
    0x29, 0x30, 0x37, 0x3e, 0x45, 0x4c, 0x53, 0x5a, 0x61, 0x68, 0x6f, 0x76,
    0x7d, 0x84, 0x8b, 0x92, 0x99, 0xa0, 0xa7, 0xae, 0xb5, 0xbc, 0xc3, 0xca,
    0xd1, 0xd8, 0xdf, 0xe6, 0xed, 0xf4, 0xfb, 0x02, 0x09, 0x10, 0x17, 0x1e,
    0x25, 0x2c, 0x33, 0x3a, 0x41, 0x48, 0x4f, 0x56, 0x5d, 0x64, 0x6b, 0x72,
    0x79, 0x88, 0x40, 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0xfa, 0xf9, 0xf8, 0xf7,
    0xf6, 0xf5, 0xf4, 0xf3, 0xf2, 0xf1, 0xf0, 0xef, 0xee, 0xed, 0xec, 0xeb,
    0xea, 0xe9, 0xe8, 0xe7, 0xe6, 0xe5, 0xe4, 0xe3, 0xe2, 0xe1, 0xe0, 0xdf,
    0xde, 0xdd, 0xdc, 0xdb, 0xda, 0xd9, 0xd8, 0xd7, 0xd6, 0xd5, 0xd4, 0xd3,
    0xd2, 0xd1, 0xd0, 0xcf, 0xce, 0xcd, 0xcc, 0xcb, 0xca, 0xc9, 0xc8, 0xc7,
    0xc6, 0xc5, 0xc4, 0xc3, 0xc2, 0xc1, 0xc0, 0xa9, 0x0f, 0x02, 0x01, 0x01,
    0x02, 0x01, 0x50, 0x02, 0x02, 0x01, 0xbb, 0x02, 0x03, 0x00, 0xff, 0xff
};

#define CAP 1024

/* Outputs are not on the stack: bench_slot gives every implementation the
 * same addresses within a round and moves them from round to round, since
 * where a decoder's stores fall relative to its input (4 KiB aliasing)
 * moves its time by several percent. */

/* Each bench function runs one implementation on one message (a bench_vec:
 * its DER, and its value decoded from it) with direct calls, so no
 * implementation pays for an indirect call the others do not. Outputs are
 * escaped every iteration; the OR of the status codes (and of a length
 * mismatch) comes back to the harness as the failure flag. */
#define DEFINE_BENCH(T, impl, ENC, DEC)                                             \
    BENCH_ENCODE_WITH(encode_##T##_##impl, T, ENC)                                  \
    BENCH_DECODE_WITH(decode_##T##_##impl, T, DEC)                                  \
    BENCH_ROUNDTRIP_WITH(roundtrip_##T##_##impl, T, ENC, DEC)

#define GENERIC_ENC(T) generic_enc_##T
#define GENERIC_DEC(T) generic_dec_##T
static inline int generic_enc_DeriveSimple(const DeriveSimple *v, uint8_t *b, size_t c, size_t *l)
{ return generic_encode(&generic_DeriveSimple, v, b, c, l); }
static inline int generic_dec_DeriveSimple(DeriveSimple *o, const uint8_t *d, size_t n)
{ return generic_decode(&generic_DeriveSimple, o, d, n); }
static inline int generic_enc_DeriveMessage(const DeriveMessage *v, uint8_t *b, size_t c, size_t *l)
{ return generic_encode(&generic_DeriveMessage, v, b, c, l); }
static inline int generic_dec_DeriveMessage(DeriveMessage *o, const uint8_t *d, size_t n)
{ return generic_decode(&generic_DeriveMessage, o, d, n); }

DEFINE_BENCH(DeriveSimple, generated, DeriveSimple_encode, DeriveSimple_decode)
DEFINE_BENCH(DeriveSimple, handwritten, handwritten_DeriveSimple_encode, handwritten_DeriveSimple_decode)
DEFINE_BENCH(DeriveSimple, generic, generic_enc_DeriveSimple, generic_dec_DeriveSimple)
DEFINE_BENCH(DeriveSimple, handwritten_public, handwritten_public_DeriveSimple_encode,
             handwritten_public_DeriveSimple_decode)
DEFINE_BENCH(DeriveMessage, generated, DeriveMessage_encode, DeriveMessage_decode)
DEFINE_BENCH(DeriveMessage, handwritten, handwritten_DeriveMessage_encode, handwritten_DeriveMessage_decode)
DEFINE_BENCH(DeriveMessage, generic, generic_enc_DeriveMessage, generic_dec_DeriveMessage)
DEFINE_BENCH(DeriveMessage, handwritten_public, handwritten_public_DeriveMessage_encode,
             handwritten_public_DeriveMessage_decode)

/* Every implementation must decode the vector to the value the generated
 * decoder gives and encode that value back to the vector's exact bytes;
 * otherwise the timings would compare different work. */
#define CHECK_AGREE(T, impl, ENC, DEC, msg)                                         \
    do {                                                                            \
        T out_;                                                                     \
        uint8_t buf_[CAP];                                                          \
        size_t len_ = 0;                                                            \
        int rc_ = DEC(&out_, (msg)->der, (msg)->len);                           \
        if (rc_ != ASN1RT_OK || !T##_equal(&out_, (msg)->value)) {                  \
            fprintf(stderr, "bench-derive: %s %s decode disagrees (%s)\n", #T, impl, \
                    asn1rt_strerror(rc_));                                          \
            ok = 0;                                                                 \
        }                                                                           \
        rc_ = ENC((const T *)(msg)->value, buf_, sizeof buf_, &len_);               \
        if (rc_ != ASN1RT_OK || len_ != (msg)->len                              \
            || memcmp(buf_, (msg)->der, len_) != 0) {                               \
            fprintf(stderr, "bench-derive: %s %s encode disagrees (%s, %zu bytes)\n", \
                    #T, impl, asn1rt_strerror(rc_), len_);                          \
            ok = 0;                                                                 \
        }                                                                           \
    } while (0)

static const char *const impls[3] = { "generated", "handwritten", "generic" };
static const char *const ops[3] = { "encode", "decode", "roundtrip" };

/* The seed's figures (first column, as reported) for orientation only. */
static const double seed_simple[3] = { 77.3, 62.9, 128.4 };
static const char *const seed_simple_text[3] = {
    "77.3 / 77.4 (~0%)", "62.9 / 64.1 (+2%)", "128.4 / 134.0 (+4%)"
};

static void print_table(bench_case *cases, size_t n, const char *msg, const char *what,
                        bool with_seed)
{
    printf("### %s (%s)\n\n", msg, what);
    printf("| Operation | seed (Rust derive / manual) | generated | hand-written |"
           " overhead, 95%% CI | generic (table-driven) | generic vs hand-written |\n");
    printf("|---|---|---|---|---|---|---|\n");
    for (int op = 0; op < 3; op++) {
        bench_case *g = bench_find(cases, n, msg, ops[op], "generated");
        bench_case *h = bench_find(cases, n, msg, ops[op], "handwritten");
        bench_case *t = bench_find(cases, n, msg, ops[op], "generic");
        bench_ratio gh = bench_paired_ratio(g, h);
        bench_ratio th = bench_paired_ratio(t, h);
        printf("| %c%s | %s | %.1f ns (min %.1f) | %.1f ns (min %.1f) |"
               " %+.1f%% [%+.1f, %+.1f] | %.1f ns (min %.1f) | %+.0f%% |\n",
               ops[op][0] - 'a' + 'A', ops[op] + 1,
               with_seed ? seed_simple_text[op] : "—",
               g->median_ns, g->min_ns, h->median_ns, h->min_ns,
               100 * (gh.median - 1), 100 * (gh.lo - 1), 100 * (gh.hi - 1),
               t->median_ns, t->min_ns, 100 * (th.median - 1));
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *csv = argc > 1 ? argv[1] : "bench/results/derive.csv";
    const char *svg = argc > 2 ? argv[2] : "bench/results/derive.svg";

    static DeriveSimple simple;
    static DeriveMessage message;
    DeriveSimple_init(&simple);
    DeriveMessage_init(&message);
    if (DeriveSimple_decode(&simple, der_derive_simple, sizeof der_derive_simple) != ASN1RT_OK
        || DeriveMessage_decode(&message, der_derive_message, sizeof der_derive_message) != ASN1RT_OK) {
        fprintf(stderr, "bench-derive: the generated decoder rejects a vector\n");
        return 1;
    }
    bench_vec msg_simple = { der_derive_simple, sizeof der_derive_simple, &simple };
    bench_vec msg_message = { der_derive_message, sizeof der_derive_message, &message };

    int ok = 1;
    CHECK_AGREE(DeriveSimple, "generated", DeriveSimple_encode, DeriveSimple_decode, &msg_simple);
    CHECK_AGREE(DeriveSimple, "handwritten", handwritten_DeriveSimple_encode,
                handwritten_DeriveSimple_decode, &msg_simple);
    CHECK_AGREE(DeriveSimple, "generic", generic_enc_DeriveSimple, generic_dec_DeriveSimple,
                &msg_simple);
    CHECK_AGREE(DeriveMessage, "generated", DeriveMessage_encode, DeriveMessage_decode, &msg_message);
    CHECK_AGREE(DeriveMessage, "handwritten", handwritten_DeriveMessage_encode,
                handwritten_DeriveMessage_decode, &msg_message);
    CHECK_AGREE(DeriveMessage, "generic", generic_enc_DeriveMessage, generic_dec_DeriveMessage,
                &msg_message);
    CHECK_AGREE(DeriveSimple, "handwritten_public", handwritten_public_DeriveSimple_encode,
                handwritten_public_DeriveSimple_decode, &msg_simple);
    CHECK_AGREE(DeriveMessage, "handwritten_public", handwritten_public_DeriveMessage_encode,
                handwritten_public_DeriveMessage_decode, &msg_message);
    if (!ok)
        return 1;

#define CASES(T, msg)                                                               \
    { #T, "encode", "generated", encode_##T##_generated, msg, 0, 0, 0, 0, 0 },      \
    { #T, "encode", "handwritten", encode_##T##_handwritten, msg, 0, 0, 0, 0, 0 },  \
    { #T, "encode", "generic", encode_##T##_generic, msg, 0, 0, 0, 0, 0 },          \
    { #T, "decode", "generated", decode_##T##_generated, msg, 0, 0, 0, 0, 0 },      \
    { #T, "decode", "handwritten", decode_##T##_handwritten, msg, 0, 0, 0, 0, 0 },  \
    { #T, "decode", "generic", decode_##T##_generic, msg, 0, 0, 0, 0, 0 },          \
    { #T, "roundtrip", "generated", roundtrip_##T##_generated, msg, 0, 0, 0, 0, 0 }, \
    { #T, "roundtrip", "handwritten", roundtrip_##T##_handwritten, msg, 0, 0, 0, 0, 0 }, \
    { #T, "roundtrip", "generic", roundtrip_##T##_generic, msg, 0, 0, 0, 0, 0 }
#define PUBLIC_CASES(T, msg)                                                        \
    { #T, "encode", "handwritten_public", encode_##T##_handwritten_public, msg, 0, 0, 0, 0, 0 }, \
    { #T, "decode", "handwritten_public", decode_##T##_handwritten_public, msg, 0, 0, 0, 0, 0 }, \
    { #T, "roundtrip", "handwritten_public", roundtrip_##T##_handwritten_public, msg, 0, 0, 0, 0, 0 }
    /* The public-API variant comes last: it is reported below the table
     * and kept out of the CSV, whose implementations are the three above. */
    bench_case cases[] = {
        CASES(DeriveSimple, &msg_simple),
        CASES(DeriveMessage, &msg_message),
        PUBLIC_CASES(DeriveSimple, &msg_simple),
        PUBLIC_CASES(DeriveMessage, &msg_message),
    };
    size_t n = sizeof cases / sizeof cases[0];
    size_t n_csv = n - 6;

    bench_config cfg;
    if (bench_measure(&cfg, "Derive overhead: generated vs hand-written vs generic (make bench-derive)", cases, n) != 0)
        return 1;

    print_table(cases, n, "DeriveSimple", "the seed-like 3-field SEQUENCE, 44-byte DER", true);
    print_table(cases, n, "DeriveMessage",
                "10 components: nested SEQUENCE, OPTIONAL, DEFAULT, ENUMERATED, BIT STRING,"
                " OCTET STRINGs, constrained integers, SEQUENCE OF; 288-byte DER", false);
    printf("Overhead is generated / hand-written − 1, the median of the per-round ratios;"
           " the interval is its 95%% confidence interval over the %u rounds.\n\n", cfg.rounds);

    printf("The hand-written codec uses the runtime's element primitives including the"
           " inline fast paths of `asn1rt/gen.h`, as the seed's manual implementation uses"
           " its library's primitives. The same hand-written code on the public `asn1rt.h`"
           " alone:\n\n| Message | Operation | hand-written, public API | vs hand-written |\n"
           "|---|---|---|---|\n");
    for (int m = 0; m < 2; m++) {
        const char *msg = m == 0 ? "DeriveSimple" : "DeriveMessage";
        for (int op = 0; op < 3; op++) {
            bench_case *pub = bench_find(cases, n, msg, ops[op], "handwritten_public");
            bench_case *h = bench_find(cases, n, msg, ops[op], "handwritten");
            bench_ratio r = bench_paired_ratio(pub, h);
            printf("| %s | %s | %.1f ns (min %.1f) | %+.0f%% [%+.0f, %+.0f] |\n", msg, ops[op],
                   pub->median_ns, pub->min_ns, 100 * (r.median - 1), 100 * (r.lo - 1),
                   100 * (r.hi - 1));
        }
    }
    printf("\n");

    int rc = bench_csv_write(csv, cases, n_csv);

    static const char *const series[4] = {
        "seed (Rust derive, reported)", "asn1cc generated", "hand-written C", "generic table-driven"
    };
    bench_svg_panel panels[2];
    memset(panels, 0, sizeof panels);
    const char *msgs[2] = { "DeriveSimple", "DeriveMessage" };
    for (int p = 0; p < 2; p++) {
        panels[p].title = msgs[p];
        panels[p].unit = "ns";
        panels[p].nrows = 3;
        for (int op = 0; op < 3; op++) {
            bench_svg_row *row = &panels[p].rows[op];
            row->label = ops[op];
            row->value[0] = p == 0 ? seed_simple[op] : 0;
            for (int k = 0; k < 3; k++)
                row->value[1 + k] = bench_find(cases, n, msgs[p], ops[op], impls[k])->median_ns;
        }
    }
    rc |= bench_svg_write(svg, "Derive overhead: median ns per operation", series, 4, panels, 2);
    bench_free(cases, n);
    if (rc == 0)
        printf("Wrote %s and %s.\n", csv, svg);
    return rc == 0 ? 0 : 1;
}
