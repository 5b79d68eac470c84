/* Shared helpers of the LEZ crypto runtime: constant-time masks, byte
 * order, and the declassification hook that `make ctgrind` turns on. */
#ifndef LEZ_INTERNAL_H
#define LEZ_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "lez.h"

/* Under ctgrind (-DLEZ_CTGRIND) secrets are undefined memory to valgrind;
 * values that are public by design (a scalar's validity, a public key, the
 * length of a mnemonic, a note's parse outcome) are declared defined here,
 * each at the point where the design makes them public. Elsewhere a no-op. */
#ifdef LEZ_CTGRIND
#include <valgrind/memcheck.h>
#define lez_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define lez_declassify(p, n) ((void)(p), (void)(n))
#endif

/* Masks pass through an empty asm so the optimiser cannot learn that they
 * are 0 or all-ones: clang -O2 otherwise turns `word |= table[j] & mask`
 * into a compare and a jump, which `make ctgrind` catches. */
static inline uint32_t lez_ct_hide32(uint32_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

static inline uint64_t lez_ct_hide64(uint64_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

/* All-ones if a < b, else 0; a, b < 2^32 so the 64-bit difference's sign
 * bit is the answer, with no comparison the compiler could turn into a jump. */
static inline uint32_t lez_ct_lt(uint32_t a, uint32_t b)
{
    return lez_ct_hide32((uint32_t)0 - (uint32_t)(((uint64_t)a - (uint64_t)b) >> 63));
}

/* All-ones if a == b, else 0. */
static inline uint32_t lez_ct_eq(uint32_t a, uint32_t b)
{
    return lez_ct_hide32((uint32_t)0 - (uint32_t)((((uint64_t)(a ^ b)) - 1) >> 63));
}

static inline uint64_t lez_ct_eq64(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ b;
    /* x | -x has its top bit set iff x != 0. */
    return lez_ct_hide64(((x | ((uint64_t)0 - x)) >> 63) - 1);
}

/* An argument error: the n-octet output out zeroed first, as lez.h
 * promises for the outputs of a call that fails. */
static inline lez_status lez_arg_error(void *out, size_t n)
{
    memset(out, 0, n);
    return LEZ_E_ARG;
}

static inline void lez_put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static inline void lez_put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static inline uint32_t lez_get_le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void lez_put_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint64_t lez_get_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static inline void lez_put_le128(uint8_t *p, lez_u128 v)
{
    lez_put_le64(p, v.lo);
    lez_put_le64(p + 8, v.hi);
}

static inline lez_u128 lez_get_le128(const uint8_t *p)
{
    lez_u128 v = { lez_get_le64(p), lez_get_le64(p + 8) };
    return v;
}

static inline void lez_put_program_id(uint8_t *p, const lez_program_id *id)
{
    for (int i = 0; i < 8; i++) lez_put_le32(p + 4 * i, id->word[i]);
}

static inline void lez_get_program_id(lez_program_id *id, const uint8_t *p)
{
    for (int i = 0; i < 8; i++) id->word[i] = lez_get_le32(p + 4 * i);
}

#endif
