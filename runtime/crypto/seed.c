/* The BIP-39 seed (spec §2) and the flat-keychain entry points that start
 * from text. BIP-39 hashes the sentence and the passphrase as NFKD-normalised
 * UTF-8; the Unicode tables are libunistring's (u8_check, u8_normalize), and
 * this file decides only when to call them and keeps their output out of
 * freed memory. It is its own object so that programs using only DH and
 * notes do not link libunistring. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <uninorm.h>
#include <unistr.h>

#include "hmac512.h"
#include "lez_internal.h"

/* The largest NFKD expansion of UTF-8 in Unicode 14 (libunistring 1.0's
 * tables) is 11-fold: U+FDFA, 3 bytes, becomes 18 code points in 33 bytes
 * (measured over every code point with python3's unicodedata, also Unicode
 * 14). An output buffer that large is never grown by libunistring, so no
 * copy of the text is left in memory that realloc freed. The bound is not a
 * Unicode stability guarantee; text beyond it still works (below). */
enum { NFKD_UTF8_EXPANSION = 11 };

/* Passphrases are capped as given; a salt that fits is on the stack. */
enum { PASSPHRASE_MAX = 1024, SALT_PREFIX_LEN = 8 };

/* Text as BIP-39 hashes it: the caller's bytes when they are ASCII (NFKD
 * leaves ASCII unchanged), otherwise the NFKD form in a heap buffer that
 * nfkd_clear wipes and frees. */
typedef struct nfkd_text {
    const char *bytes;
    size_t len;
    uint8_t *heap;      /* NULL, or the buffer bytes points into */
    size_t heap_cap;
} nfkd_text;

static void wipe_free(void *p, size_t n)
{
    if (p == NULL) return;
    OPENSSL_cleanse(p, n);
    free(p);
}

static void nfkd_clear(nfkd_text *t)
{
    wipe_free(t->heap, t->heap_cap);
    memset(t, 0, sizeof *t);
}

/* Returns LEZ_OK, `invalid` if in[0..len) is not UTF-8, or LEZ_E_NOMEM. */
static lez_status nfkd_init(nfkd_text *t, const char *in, size_t len, lez_status invalid)
{
    uint32_t high = 0;
    size_t cap, out_len;
    uint8_t *buf, *out;

    memset(t, 0, sizeof *t);
    /* Every byte is read, so the scan does not stop at the first non-ASCII
     * one; only "all ASCII or not" becomes public. */
    for (size_t i = 0; i < len; i++) high |= (uint8_t)in[i];
    high >>= 7;
    lez_declassify(&high, sizeof high);
    if (high == 0) {
        t->bytes = in;
        t->len = len;
        return LEZ_OK;
    }
    /* u8_normalize reads an invalid sequence as U+FFFD: refuse it first, so
     * that different byte strings never silently give the same seed. */
    if (u8_check((const uint8_t *)in, len) != NULL) return invalid;
    if (len > SIZE_MAX / NFKD_UTF8_EXPANSION) return LEZ_E_NOMEM;
    cap = NFKD_UTF8_EXPANSION * len;
    buf = malloc(cap);
    if (buf == NULL) return LEZ_E_NOMEM;
    out_len = cap;
    out = u8_normalize(UNINORM_NFKD, (const uint8_t *)in, len, buf, &out_len);
    if (out == NULL) {
        wipe_free(buf, cap);
        return LEZ_E_NOMEM;
    }
    if (out != buf) {
        /* Beyond the bound: libunistring returned a buffer of its own. */
        wipe_free(buf, cap);
        buf = out;
        cap = out_len;
    }
    t->bytes = (const char *)out;
    t->len = out_len;
    t->heap = buf;
    t->heap_cap = cap;
    return LEZ_OK;
}

lez_status lez_mnemonic_to_seed(const char *sentence, size_t len, const char *passphrase, size_t passphrase_len,
                                uint8_t seed[LEZ_SEED_LEN])
{
    static const char salt_prefix[SALT_PREFIX_LEN] = { 'm', 'n', 'e', 'm', 'o', 'n', 'i', 'c' };
    uint8_t salt_stack[SALT_PREFIX_LEN + PASSPHRASE_MAX];
    uint8_t *salt = salt_stack, *salt_heap = NULL;
    size_t salt_len = 0;
    nfkd_text text, pass;
    lez_status st;

    if (seed == NULL) return LEZ_E_ARG;
    memset(seed, 0, LEZ_SEED_LEN);
    if (sentence == NULL || (passphrase == NULL && passphrase_len != 0) || passphrase_len > PASSPHRASE_MAX ||
        len > INT_MAX)
        return LEZ_E_ARG;
    st = nfkd_init(&text, sentence, len, LEZ_E_MNEMONIC_UTF8);
    if (st != LEZ_OK) return st;
    st = nfkd_init(&pass, passphrase, passphrase_len, LEZ_E_PASSPHRASE_UTF8);
    if (st == LEZ_OK && text.len > INT_MAX) st = LEZ_E_ARG;
    if (st == LEZ_OK) {
        salt_len = SALT_PREFIX_LEN + pass.len;
        /* Only a passphrase that NFKD lengthened past the cap needs the heap. */
        if (salt_len > sizeof salt_stack) salt = salt_heap = malloc(salt_len);
        if (salt == NULL) st = LEZ_E_NOMEM;
    }
    if (st == LEZ_OK) {
        memcpy(salt, salt_prefix, SALT_PREFIX_LEN);
        if (pass.len != 0) memcpy(salt + SALT_PREFIX_LEN, pass.bytes, pass.len);
        /* The seed is PBKDF2's first block; keyed once (hmac512.c), as
         * PKCS5_PBKDF2_HMAC re-creates a digest context per iteration. */
        lez_pbkdf2_sha512_block((const uint8_t *)text.bytes, text.len, salt, salt_len, 2048, seed);
    }
    OPENSSL_cleanse(salt_stack, sizeof salt_stack);
    wipe_free(salt_heap, salt_len);
    nfkd_clear(&pass);
    nfkd_clear(&text);
    if (st != LEZ_OK) OPENSSL_cleanse(seed, LEZ_SEED_LEN);
    return st;
}

/* The flat derivation shared by the three keychain entry points. */
static lez_status keychain_from_sentence(lez_ctx *ctx, const char *sentence, size_t len, const char *passphrase,
                                         size_t passphrase_len, lez_keychain *keys, uint8_t seed_out[LEZ_SEED_LEN])
{
    uint8_t seed[LEZ_SEED_LEN], ssk[LEZ_SCALAR_LEN];
    lez_status st = lez_mnemonic_to_seed(sentence, len, passphrase, passphrase_len, seed);

    if (st == LEZ_OK) st = lez_ssk_from_seed(ctx, seed, ssk);
    if (st == LEZ_OK) st = lez_keys_from_ssk(ctx, ssk, 0, keys);
    if (st == LEZ_OK && seed_out != NULL) memcpy(seed_out, seed, LEZ_SEED_LEN);
    OPENSSL_cleanse(seed, sizeof seed);
    OPENSSL_cleanse(ssk, sizeof ssk);
    return st;
}

lez_status lez_keychain_from_mnemonic(lez_ctx *ctx, const char *sentence, size_t len, const char *passphrase,
                                      size_t passphrase_len, lez_keychain *keys, uint8_t seed_out[LEZ_SEED_LEN],
                                      size_t *bad_word)
{
    uint8_t entropy[LEZ_ENTROPY_LEN];
    nfkd_text text;
    lez_status st;

    if (keys == NULL) return LEZ_E_ARG;
    memset(keys, 0, sizeof *keys);
    if (seed_out != NULL) memset(seed_out, 0, LEZ_SEED_LEN);
    if (ctx == NULL || sentence == NULL) return LEZ_E_ARG;
    /* A code point's NFKD form is at least one byte and the code point at
     * most four, so a longer sentence cannot normalise to one that fits;
     * refusing it here also bounds the allocation below. */
    if (len > 4 * (size_t)(LEZ_MNEMONIC_MAX - 1)) return LEZ_E_MNEMONIC_WORDS;
    st = nfkd_init(&text, sentence, len, LEZ_E_MNEMONIC_UTF8);
    if (st != LEZ_OK) return st;
    /* Only a valid mnemonic becomes a keychain: a typo must not yield keys. */
    st = lez_mnemonic_to_entropy(text.bytes, text.len, entropy, bad_word);
    OPENSSL_cleanse(entropy, sizeof entropy);
    if (st == LEZ_OK)
        st = keychain_from_sentence(ctx, text.bytes, text.len, passphrase, passphrase_len, keys, seed_out);
    nfkd_clear(&text);
    return st;
}

lez_status lez_keychain_from_entropy(lez_ctx *ctx, const uint8_t entropy[LEZ_ENTROPY_LEN], const char *passphrase,
                                     size_t passphrase_len, char sentence[LEZ_MNEMONIC_MAX], size_t *sentence_len,
                                     lez_keychain *keys, uint8_t seed_out[LEZ_SEED_LEN])
{
    lez_status st;

    if (keys == NULL || sentence == NULL || sentence_len == NULL) return LEZ_E_ARG;
    memset(keys, 0, sizeof *keys);
    if (seed_out != NULL) memset(seed_out, 0, LEZ_SEED_LEN);
    if (ctx == NULL || entropy == NULL) {
        memset(sentence, 0, LEZ_MNEMONIC_MAX);
        *sentence_len = 0;
        return LEZ_E_ARG;
    }
    st = lez_mnemonic_from_entropy(entropy, sentence, sentence_len);
    if (st == LEZ_OK)
        st = keychain_from_sentence(ctx, sentence, *sentence_len, passphrase, passphrase_len, keys, seed_out);
    if (st != LEZ_OK) {
        OPENSSL_cleanse(sentence, LEZ_MNEMONIC_MAX);
        *sentence_len = 0;
    }
    return st;
}

lez_status lez_keychain_generate(lez_ctx *ctx, const char *passphrase, size_t passphrase_len,
                                 char sentence[LEZ_MNEMONIC_MAX], size_t *sentence_len, lez_keychain *keys)
{
    uint8_t entropy[LEZ_ENTROPY_LEN];
    lez_status st;

    if (keys == NULL || sentence == NULL || sentence_len == NULL) return LEZ_E_ARG;
    if (RAND_bytes(entropy, sizeof entropy) != 1) {
        memset(keys, 0, sizeof *keys);
        memset(sentence, 0, LEZ_MNEMONIC_MAX);
        *sentence_len = 0;
        st = LEZ_E_RANDOM;
    } else {
        st = lez_keychain_from_entropy(ctx, entropy, passphrase, passphrase_len, sentence, sentence_len, keys, NULL);
    }
    OPENSSL_cleanse(entropy, sizeof entropy);
    return st;
}
