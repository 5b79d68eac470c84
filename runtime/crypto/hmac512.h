/* HMAC-SHA-512 (RFC 2104) and one-block PBKDF2-HMAC-SHA-512 (RFC 8018
 * §5.2) over OpenSSL's SHA-512 block function, keyed once per call: the
 * key's inner and outer pad states are absorbed once and each iteration
 * copies them, with no allocation. OpenSSL 3.0's EVP_MAC and
 * PKCS5_PBKDF2_HMAC re-create a provider digest context per HMAC, which
 * made the keychain 1.65x its floor (docs/perf-findings.md, section 6).
 *
 * Internal to liblez (and its tests). Every function here is constant time
 * in the key and message contents; lengths and the iteration count are
 * public. Intermediate states are wiped before returning. */
#ifndef LEZ_HMAC512_H
#define LEZ_HMAC512_H

#include <stddef.h>
#include <stdint.h>

#define LEZ_HMAC512_LEN 64

/* out = HMAC-SHA-512(key, msg). key may be any length (a key longer than
 * the 128-byte block is hashed first, as RFC 2104 says). */
void lez_hmac512(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len,
                 uint8_t out[LEZ_HMAC512_LEN]);

/* h_1 = HMAC(key, in), h_{i+1} = HMAC(key, h_i); out = h_rounds (rounds
 * >= 1). out may alias in. The SSK chain of spec §3. */
void lez_hmac512_chain(const uint8_t *key, size_t key_len, const uint8_t in[LEZ_HMAC512_LEN], uint32_t rounds,
                       uint8_t out[LEZ_HMAC512_LEN]);

/* The first 64-byte block of PBKDF2-HMAC-SHA-512(password, salt,
 * iterations): T_1 = U_1 ^ ... ^ U_c, U_1 = HMAC(P, S || INT(1)),
 * U_i = HMAC(P, U_{i-1}). iterations >= 1. BIP-39's seed is exactly this. */
void lez_pbkdf2_sha512_block(const uint8_t *password, size_t password_len, const uint8_t *salt, size_t salt_len,
                             uint32_t iterations, uint8_t out[LEZ_HMAC512_LEN]);

#endif
