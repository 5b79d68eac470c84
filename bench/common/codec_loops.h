/* codec_loops.h — the timed loops of a generated type's decode and encode,
 * for the bench programs that measure one type at a time (bench-constrained,
 * bench-sequence: generated code; bench-derive: each codec of a type). The includer defines CAP, the size
 * of the encode buffer. Outputs go to bench_slot, which moves them from
 * round to round. */
#ifndef BENCH_CODEC_LOOPS_H
#define BENCH_CODEC_LOOPS_H

#include "harness.h"

/* One bench case's vector: its DER and the decoded value it encodes. */
typedef struct bench_vec { const uint8_t *der; size_t len; const void *value; } bench_vec;

/* static uint64_t name(void *vctx, uint64_t iters): DEC(T *out, der, len)
 * of the vector (T_decode for BENCH_DECODE). */
#define BENCH_DECODE_WITH(name, T, DEC)                                       \
    static uint64_t name(void *vctx, uint64_t iters)                          \
    {                                                                         \
        const bench_vec *v = vctx;                                            \
        T *out = bench_slot(1, sizeof(T));                                    \
        uint64_t acc = 0;                                                     \
        for (uint64_t i = 0; i < iters; i++) {                                \
            acc |= (uint64_t)DEC(out, v->der, v->len);                        \
            bench_escape(out);                                                \
        }                                                                     \
        return acc;                                                           \
    }
#define BENCH_DECODE(name, T) BENCH_DECODE_WITH(name, T, T##_decode)

/* static uint64_t name(void *vctx, uint64_t iters): ENC(value, buf, cap,
 * &len) of the vector's value (T_encode for BENCH_ENCODE), which must come
 * out as long as the vector. */
#define BENCH_ENCODE_WITH(name, T, ENC)                                       \
    static uint64_t name(void *vctx, uint64_t iters)                          \
    {                                                                         \
        const bench_vec *v = vctx;                                            \
        const T *value = v->value;                                            \
        uint8_t *buf = bench_slot(0, CAP);                                    \
        uint64_t acc = 0;                                                     \
        for (uint64_t i = 0; i < iters; i++) {                                \
            size_t len = 0;                                                   \
            acc |= (uint64_t)ENC(value, buf, CAP, &len);                      \
            acc |= (len != v->len);                                           \
            bench_escape(buf);                                                \
        }                                                                     \
        return acc;                                                           \
    }
#define BENCH_ENCODE(name, T) BENCH_ENCODE_WITH(name, T, T##_encode)

/* static uint64_t name(void *vctx, uint64_t iters): ENC of the vector's
 * value, then DEC of the octets it wrote. */
#define BENCH_ROUNDTRIP_WITH(name, T, ENC, DEC)                               \
    static uint64_t name(void *vctx, uint64_t iters)                          \
    {                                                                         \
        const bench_vec *v = vctx;                                            \
        const T *value = v->value;                                            \
        uint8_t *buf = bench_slot(0, CAP);                                    \
        T *out = bench_slot(1, sizeof(T));                                    \
        uint64_t acc = 0;                                                     \
        for (uint64_t i = 0; i < iters; i++) {                                \
            size_t len = 0;                                                   \
            acc |= (uint64_t)ENC(value, buf, CAP, &len);                      \
            acc |= (uint64_t)DEC(out, buf, len);                              \
            bench_escape(out);                                                \
        }                                                                     \
        return acc;                                                           \
    }

/* In main(): T_init value, decode der (an array) into it, and check that
 * encoding it gives der back byte for byte; else say so on stderr, named
 * by the program prog (a string literal), and return 1 from main. */
#define BENCH_PREPARE(prog, T, value, der)                                    \
    do {                                                                      \
        uint8_t buf_[CAP];                                                    \
        size_t len_ = 0;                                                      \
        T##_init(&value);                                                     \
        int rc_ = T##_decode(&value, der, sizeof der);                        \
        if (rc_ == ASN1RT_OK)                                                 \
            rc_ = T##_encode(&value, buf_, sizeof buf_, &len_);               \
        if (rc_ != ASN1RT_OK || len_ != sizeof der || memcmp(buf_, der, len_)) { \
            fprintf(stderr, prog ": %s does not round-trip its vector (%s)\n", \
                    #T, asn1rt_strerror(rc_));                                \
            return 1;                                                         \
        }                                                                     \
    } while (0)

#endif
