/* LEZ keys: the library context, the SSK chain (spec §3), per-index keys
 * (§4), the key tree (§7) and sender/receiver DH (§5). EC arithmetic is
 * libsecp256k1's; hashing and randomness are libcrypto's, HMAC-SHA-512 is
 * hmac512.c's over libcrypto's SHA-512. */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <secp256k1.h>
#include <secp256k1_ecdh.h>

#include "hmac512.h"
#include "lez_internal.h"

static const char ssk_chain_key[] = "NSSA_seed";
static const char master_key[] = "LEE_master_priv";
static const char child_prefix[] = "LEE_seed_priv";
static const char keys_prefix[] = "LEE/keys";

void lez_ctx_clear(lez_ctx *ctx)
{
    if (ctx == NULL) return;
    /* libsecp256k1 and OpenSSL free their contexts with their own wiping. */
    if (ctx->secp != NULL) secp256k1_context_destroy(ctx->secp);
    EVP_CIPHER_CTX_free(ctx->chacha);
    EVP_CIPHER_free(ctx->chacha20);
    memset(ctx, 0, sizeof *ctx);
}

lez_status lez_ctx_init(lez_ctx *ctx)
{
    static const uint8_t zero_key[32], zero_iv[16];
    uint8_t blinding[32];
    int ok;

    if (ctx == NULL) return LEZ_E_ARG;
    memset(ctx, 0, sizeof *ctx);
    if (RAND_bytes(blinding, sizeof blinding) != 1) return LEZ_E_RANDOM;
    ctx->secp = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    /* Blinding protects the fixed-base multiplications against side channels. */
    ok = ctx->secp != NULL && secp256k1_context_randomize(ctx->secp, blinding);
    OPENSSL_cleanse(blinding, sizeof blinding);
    ok = ok && (ctx->chacha20 = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL)) != NULL;
    ok = ok && (ctx->chacha = EVP_CIPHER_CTX_new()) != NULL;
    ok = ok && EVP_EncryptInit_ex2(ctx->chacha, ctx->chacha20, zero_key, zero_iv, NULL);
    if (!ok) {
        lez_ctx_clear(ctx);
        return LEZ_E_CRYPTO;
    }
    return LEZ_OK;
}

lez_status lez_ssk_from_seed(lez_ctx *ctx, const uint8_t seed[LEZ_SEED_LEN], uint8_t ssk[LEZ_SCALAR_LEN])
{
    uint8_t h[64];

    if (ssk == NULL) return LEZ_E_ARG;
    if (ctx == NULL || ctx->secp == NULL || seed == NULL)
        return lez_arg_error(ssk, LEZ_SCALAR_LEN);
    /* Keyed once, then 2048 rounds of two compressions each (hmac512.c). */
    lez_hmac512_chain((const uint8_t *)ssk_chain_key, sizeof ssk_chain_key - 1, seed, 2048, h);
    memcpy(ssk, h, LEZ_SCALAR_LEN);
    OPENSSL_cleanse(h, sizeof h);
    return LEZ_OK;
}

lez_status lez_npk_from_nsk(const uint8_t nsk[LEZ_SCALAR_LEN], uint8_t npk[LEZ_SCALAR_LEN])
{
    uint8_t pre[64] = { 0 };

    if (npk == NULL) return LEZ_E_ARG;
    if (nsk == NULL)
        return lez_arg_error(npk, LEZ_SCALAR_LEN);
    memcpy(pre, keys_prefix, 8);
    memcpy(pre + 8, nsk, 32);
    pre[40] = 0x07;
    SHA256(pre, sizeof pre, npk);
    OPENSSL_cleanse(pre, sizeof pre);
    return LEZ_OK;
}

/* 1 if the 32 bytes are a scalar in [1, n), without reducing. Validity is
 * the one bit the spec makes public (an invalid key is an error). */
static int scalar_is_valid(const lez_ctx *ctx, const uint8_t scalar[32])
{
    int valid = secp256k1_ec_seckey_verify(ctx->secp, scalar);
    lez_declassify(&valid, sizeof valid);
    return valid;
}

/* point = scalar·G, compressed. The caller has checked the scalar. */
static lez_status public_point(const lez_ctx *ctx, const uint8_t scalar[32], uint8_t point[LEZ_POINT_LEN])
{
    secp256k1_pubkey pubkey;
    size_t point_len = LEZ_POINT_LEN;
    int ok = secp256k1_ec_pubkey_create(ctx->secp, &pubkey, scalar);

    /* A public key is public: serialising it may branch on it. */
    lez_declassify(&ok, sizeof ok);
    lez_declassify(&pubkey, sizeof pubkey);
    ok = ok && secp256k1_ec_pubkey_serialize(ctx->secp, point, &point_len, &pubkey, SECP256K1_EC_COMPRESSED);
    return ok && point_len == LEZ_POINT_LEN ? LEZ_OK : LEZ_E_CRYPTO;
}

lez_status lez_keys_from_ssk(lez_ctx *ctx, const uint8_t ssk[LEZ_SCALAR_LEN], uint32_t index, lez_keychain *keys)
{
    uint8_t pre[64] = { 0 };
    lez_status st;

    if (keys == NULL) return LEZ_E_ARG;
    if (ctx == NULL || ctx->secp == NULL || ssk == NULL) {
        memset(keys, 0, sizeof *keys);
        return LEZ_E_ARG;
    }
    /* Read ssk before writing *keys: ssk may be keys->ssk. */
    memcpy(pre, keys_prefix, 8);
    memcpy(pre + 8, ssk, 32);
    memset(keys, 0, sizeof *keys);
    memcpy(keys->ssk, pre + 8, LEZ_SCALAR_LEN);
    pre[40] = 0x01;
    lez_put_be32(pre + 41, index);
    SHA256(pre, sizeof pre, keys->nsk);
    pre[40] = 0x02;
    SHA256(pre, sizeof pre, keys->vsk);
    OPENSSL_cleanse(pre, sizeof pre);
    st = lez_npk_from_nsk(keys->nsk, keys->npk);
    if (st == LEZ_OK) st = scalar_is_valid(ctx, keys->vsk) ? public_point(ctx, keys->vsk, keys->vpk) : LEZ_E_SCALAR;
    if (st != LEZ_OK) OPENSSL_cleanse(keys, sizeof *keys);
    return st;
}

/* I = HMAC512(key, msg), split into SSK and chain code, then the §4 keys. */
static lez_status tree_node_from_hmac(lez_ctx *ctx, const uint8_t *key, size_t key_len, const uint8_t *msg,
                                      size_t msg_len, uint32_t index, lez_tree_node *node)
{
    uint8_t i_out[64];
    lez_status st;

    lez_hmac512(key, key_len, msg, msg_len, i_out);
    st = lez_keys_from_ssk(ctx, i_out, index, &node->keys);
    if (st == LEZ_OK) {
        memcpy(node->ccc, i_out + 32, 32);
        node->index = index;
    }
    OPENSSL_cleanse(i_out, sizeof i_out);
    return st;
}

lez_status lez_tree_master(lez_ctx *ctx, const uint8_t seed[LEZ_SEED_LEN], lez_tree_node *node)
{
    lez_status st;

    if (node == NULL) return LEZ_E_ARG;
    memset(node, 0, sizeof *node);
    if (ctx == NULL || ctx->secp == NULL || seed == NULL) return LEZ_E_ARG;
    st = tree_node_from_hmac(ctx, (const uint8_t *)master_key, sizeof master_key - 1, seed, LEZ_SEED_LEN, 0, node);
    if (st != LEZ_OK) OPENSSL_cleanse(node, sizeof *node);
    return st;
}

lez_status lez_tree_child(lez_ctx *ctx, const lez_tree_node *parent, uint32_t index, lez_tree_node *child)
{
    uint8_t msg[13 + 32 + 4];
    int ok;
    lez_status st;

    if (child == NULL) return LEZ_E_ARG;
    if (child == parent) return LEZ_E_ARG;
    memset(child, 0, sizeof *child);
    if (ctx == NULL || ctx->secp == NULL || parent == NULL) return LEZ_E_ARG;
    if (!scalar_is_valid(ctx, parent->keys.nsk) || !scalar_is_valid(ctx, parent->keys.vsk)) return LEZ_E_SCALAR;
    memcpy(msg, child_prefix, 13);
    /* t = NSK·VSK mod n, computed by libsecp256k1's constant-time scalar code. */
    memcpy(msg + 13, parent->keys.nsk, 32);
    ok = secp256k1_ec_seckey_tweak_mul(ctx->secp, msg + 13, parent->keys.vsk);
    lez_declassify(&ok, sizeof ok);
    lez_put_be32(msg + 45, index);
    st = ok ? tree_node_from_hmac(ctx, parent->ccc, 32, msg, sizeof msg, index, child) : LEZ_E_CRYPTO;
    OPENSSL_cleanse(msg, sizeof msg);
    if (st != LEZ_OK) OPENSSL_cleanse(child, sizeof *child);
    return st;
}

/* The spec's shared secret is the bare affine x-coordinate: no hash. */
static int ecdh_x_only(unsigned char *output, const unsigned char *x32, const unsigned char *y32, void *data)
{
    (void)y32;
    (void)data;
    memcpy(output, x32, 32);
    return 1;
}

/* shared = x(scalar·point); the point is public and checked here. */
static lez_status ecdh_x(const lez_ctx *ctx, const uint8_t scalar[32], const uint8_t point[LEZ_POINT_LEN],
                         uint8_t shared[32])
{
    secp256k1_pubkey pubkey;
    int ok;

    /* Exactly 33 bytes, prefix 02/03, x < p and on the curve (spec §1):
     * libsecp256k1's parser accepts nothing else at this length. */
    if ((point[0] != 0x02 && point[0] != 0x03) || !secp256k1_ec_pubkey_parse(ctx->secp, &pubkey, point, LEZ_POINT_LEN))
        return LEZ_E_POINT;
    if (!scalar_is_valid(ctx, scalar)) return LEZ_E_SCALAR;
    ok = secp256k1_ecdh(ctx->secp, shared, &pubkey, scalar, ecdh_x_only, NULL);
    lez_declassify(&ok, sizeof ok);
    return ok ? LEZ_OK : LEZ_E_CRYPTO;
}

lez_status lez_dh_sender(lez_ctx *ctx, const uint8_t esk[LEZ_SCALAR_LEN], const uint8_t vpk[LEZ_POINT_LEN],
                         uint8_t epk[LEZ_POINT_LEN], uint8_t shared[LEZ_SCALAR_LEN])
{
    lez_status st;

    if (epk == NULL || shared == NULL) return LEZ_E_ARG;
    if (ctx == NULL || ctx->secp == NULL || esk == NULL || vpk == NULL) {
        memset(epk, 0, LEZ_POINT_LEN);
        memset(shared, 0, LEZ_SCALAR_LEN);
        return LEZ_E_ARG;
    }
    st = ecdh_x(ctx, esk, vpk, shared);
    if (st == LEZ_OK) st = public_point(ctx, esk, epk);
    if (st != LEZ_OK) {
        memset(epk, 0, LEZ_POINT_LEN);
        OPENSSL_cleanse(shared, LEZ_SCALAR_LEN);
    }
    return st;
}

lez_status lez_dh_sender_random(lez_ctx *ctx, const uint8_t vpk[LEZ_POINT_LEN], uint8_t epk[LEZ_POINT_LEN],
                                uint8_t shared[LEZ_SCALAR_LEN])
{
    uint8_t esk[LEZ_SCALAR_LEN];
    lez_status st;

    if (epk == NULL || shared == NULL) return LEZ_E_ARG;
    if (RAND_bytes(esk, sizeof esk) != 1) {
        memset(epk, 0, LEZ_POINT_LEN);
        memset(shared, 0, LEZ_SCALAR_LEN);
        st = LEZ_E_RANDOM;
    } else {
        st = lez_dh_sender(ctx, esk, vpk, epk, shared);
    }
    OPENSSL_cleanse(esk, sizeof esk);
    return st;
}

lez_status lez_dh_receiver(lez_ctx *ctx, const uint8_t vsk[LEZ_SCALAR_LEN], const uint8_t epk[LEZ_POINT_LEN],
                           uint8_t shared[LEZ_SCALAR_LEN])
{
    lez_status st;

    if (shared == NULL) return LEZ_E_ARG;
    if (ctx == NULL || ctx->secp == NULL || vsk == NULL || epk == NULL)
        return lez_arg_error(shared, LEZ_SCALAR_LEN);
    st = ecdh_x(ctx, vsk, epk, shared);
    if (st != LEZ_OK) OPENSSL_cleanse(shared, LEZ_SCALAR_LEN);
    return st;
}

lez_status lez_esk_from_npk(const uint8_t npk[LEZ_SCALAR_LEN], const uint8_t r[16], uint8_t esk[LEZ_SCALAR_LEN])
{
    uint8_t pre[48];

    if (esk == NULL) return LEZ_E_ARG;
    if (npk == NULL || r == NULL)
        return lez_arg_error(esk, LEZ_SCALAR_LEN);
    memcpy(pre, npk, 32);
    memcpy(pre + 32, r, 16);
    SHA256(pre, sizeof pre, esk);
    OPENSSL_cleanse(pre, sizeof pre);
    return LEZ_OK;
}
