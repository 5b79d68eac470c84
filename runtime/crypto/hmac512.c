/* HMAC-SHA-512 keyed once, PBKDF2 and the SSK chain over it (hmac512.h).
 *
 * OpenSSL 3.0 deprecates its low-level SHA-512 API, but it is the only one
 * whose state is a plain struct that can be copied without an allocation
 * (EVP_MD_CTX_copy_ex duplicates the provider context on the heap). The
 * functions are still exported by Debian 12's libcrypto; this file alone
 * opts in to them. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/sha.h>

#include "hmac512.h"

#define BLOCK 128

/* The key absorbed into SHA-512 once: state after (K ^ ipad) and after
 * (K ^ opad), RFC 2104 section 2. */
typedef struct hmac_key {
    SHA512_CTX inner, outer;
} hmac_key;

static void hmac_key_init(hmac_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t pad[BLOCK] = { 0 };

    if (key_len > BLOCK) SHA512(key, key_len, pad);
    else if (key_len != 0) memcpy(pad, key, key_len);
    for (int i = 0; i < BLOCK; i++) pad[i] ^= 0x36;
    SHA512_Init(&k->inner);
    SHA512_Update(&k->inner, pad, BLOCK);
    for (int i = 0; i < BLOCK; i++) pad[i] ^= 0x36 ^ 0x5c;
    SHA512_Init(&k->outer);
    SHA512_Update(&k->outer, pad, BLOCK);
    OPENSSL_cleanse(pad, sizeof pad);
}

/* Any message: copies of the pad states, then SHA-512's own buffering. */
static void hmac_any(const hmac_key *k, const uint8_t *msg, size_t msg_len, uint8_t out[LEZ_HMAC512_LEN])
{
    SHA512_CTX work = k->inner;
    uint8_t inner_digest[LEZ_HMAC512_LEN];

    SHA512_Update(&work, msg, msg_len);
    SHA512_Final(inner_digest, &work);
    work = k->outer;
    SHA512_Update(&work, inner_digest, sizeof inner_digest);
    SHA512_Final(out, &work);
    OPENSSL_cleanse(inner_digest, sizeof inner_digest);
    OPENSSL_cleanse(&work, sizeof work);
}

/* A 64-byte message after a 128-byte pad block is one final block: the
 * message, 0x80, zeros, and the 128-bit length 192 * 8 = 0x600 (FIPS 180-4
 * 5.1.2). Both halves of an HMAC of a 64-byte message are then a single
 * compression each, with the padding written once per call, not per round. */
static void block64_init(uint8_t block[BLOCK])
{
    memset(block, 0, BLOCK);
    block[64] = 0x80;
    block[BLOCK - 2] = 0x06;
}

/* The digest is the chaining value, big-endian (FIPS 180-4 6.4.2). One
 * byte swap per word: the byte loop cost 5% of a round. */
static void put_state(uint8_t *p, const SHA512_CTX *c)
{
    for (int i = 0; i < 8; i++) {
        uint64_t w = (uint64_t)c->h[i];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        w = __builtin_bswap64(w);
#elif !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
#error "unknown byte order"
#endif
        memcpy(p + 8 * i, &w, 8);
    }
}

/* block[0..63] holds the message on entry and the MAC on return; work is
 * scratch whose chaining value is overwritten each time. */
static void hmac_block64(const hmac_key *k, SHA512_CTX *work, uint8_t block[BLOCK])
{
    memcpy(work->h, k->inner.h, sizeof work->h);
    SHA512_Transform(work, block);
    put_state(block, work);
    memcpy(work->h, k->outer.h, sizeof work->h);
    SHA512_Transform(work, block);
    put_state(block, work);
}

void lez_hmac512(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                 uint8_t out[LEZ_HMAC512_LEN])
{
    hmac_key k;

    hmac_key_init(&k, key, key_len);
    hmac_any(&k, msg, msg_len, out);
    OPENSSL_cleanse(&k, sizeof k);
}

void lez_hmac512_chain(const uint8_t *key, size_t key_len, const uint8_t in[LEZ_HMAC512_LEN], uint32_t rounds,
                       uint8_t out[LEZ_HMAC512_LEN])
{
    hmac_key k;
    SHA512_CTX work;
    uint8_t block[BLOCK];

    hmac_key_init(&k, key, key_len);
    work = k.inner;
    block64_init(block);
    memcpy(block, in, LEZ_HMAC512_LEN);
    for (uint32_t round = 0; round < rounds; round++) hmac_block64(&k, &work, block);
    memcpy(out, block, LEZ_HMAC512_LEN);
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(&work, sizeof work);
    OPENSSL_cleanse(&k, sizeof k);
}

void lez_pbkdf2_sha512_block(const uint8_t *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                             uint32_t iterations, uint8_t out[LEZ_HMAC512_LEN])
{
    static const uint8_t block_index[4] = { 0, 0, 0, 1 }; /* INT(1), RFC 8018 5.2 */
    hmac_key k;
    SHA512_CTX work;
    uint8_t block[BLOCK], t[LEZ_HMAC512_LEN];

    hmac_key_init(&k, password, password_len);
    /* U_1 = HMAC(P, S || INT(1)): the salt's length varies, so it goes
     * through SHA-512's buffering, in two updates rather than a copy. */
    work = k.inner;
    SHA512_Update(&work, salt, salt_len);
    SHA512_Update(&work, block_index, sizeof block_index);
    SHA512_Final(t, &work);
    work = k.outer;
    SHA512_Update(&work, t, sizeof t);
    SHA512_Final(t, &work);
    block64_init(block);
    memcpy(block, t, LEZ_HMAC512_LEN);
    for (uint32_t i = 1; i < iterations; i++) {
        hmac_block64(&k, &work, block);
        for (int j = 0; j < LEZ_HMAC512_LEN; j++) t[j] ^= block[j];
    }
    memcpy(out, t, LEZ_HMAC512_LEN);
    OPENSSL_cleanse(t, sizeof t);
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(&work, sizeof work);
    OPENSSL_cleanse(&k, sizeof k);
}
