/* LEZ accounts (spec §6), note key and note encryption (§8), Base58 and
 * status strings. All hashing is OpenSSL's one-shot SHA-256 (it wipes its
 * own state); ChaCha20 runs in the context's reused cipher context. */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include "lez_internal.h"

const char *lez_status_str(lez_status status)
{
    switch (status) {
    case LEZ_OK: return "success";
    case LEZ_E_ARG: return "invalid argument";
    case LEZ_E_BUFFER: return "output buffer too small";
    case LEZ_E_SCALAR: return "scalar is zero or not below the group order";
    case LEZ_E_POINT: return "not a compressed secp256k1 point";
    case LEZ_E_MNEMONIC_WORDS: return "mnemonic is not 24 words separated by single spaces";
    case LEZ_E_MNEMONIC_WORD: return "mnemonic word not in the BIP-39 English wordlist";
    case LEZ_E_MNEMONIC_CHECKSUM: return "mnemonic checksum mismatch";
    case LEZ_E_DATA_TOO_LONG: return "account data longer than 102400 bytes";
    case LEZ_E_NOTE_SHORT: return "note shorter than its 81-byte header";
    case LEZ_E_NOTE_KIND: return "note header kind is neither regular nor pda";
    case LEZ_E_NOTE_ACCOUNT_SHORT: return "note account shorter than 68 bytes";
    case LEZ_E_NOTE_DATA_TOO_LONG: return "note data length above 102400";
    case LEZ_E_NOTE_DATA_TRUNCATED: return "note data truncated";
    case LEZ_E_RANDOM: return "random generator failed";
    case LEZ_E_CRYPTO: return "internal cryptographic library failure";
    case LEZ_E_MNEMONIC_UTF8: return "mnemonic is not valid UTF-8";
    case LEZ_E_PASSPHRASE_UTF8: return "passphrase is not valid UTF-8";
    case LEZ_E_NOMEM: return "out of memory normalising text";
    }
    return "unknown status";
}

size_t lez_account_serialized_len(const lez_account *account)
{
    return account == NULL ? 0 : LEZ_ACCOUNT_FIXED_LEN + account->data_len;
}

size_t lez_note_len(const lez_account *account)
{
    return account == NULL ? 0 : LEZ_NOTE_HEADER_LEN + LEZ_ACCOUNT_FIXED_LEN + account->data_len;
}

static int account_is_valid(const lez_account *account)
{
    return account != NULL && (account->data != NULL || account->data_len == 0);
}

/* The 68-byte fixed part, then the data; the caller checked the sizes. */
static void account_write(const lez_account *account, uint8_t *out)
{
    lez_put_program_id(out, &account->owner);
    lez_put_le128(out + 32, account->balance);
    lez_put_le128(out + 48, account->nonce);
    lez_put_le32(out + 64, (uint32_t)account->data_len);
    if (account->data_len != 0) memcpy(out + 68, account->data, account->data_len);
}

lez_status lez_account_serialize(const lez_account *account, uint8_t *out, size_t cap, size_t *len)
{
    if (!account_is_valid(account) || out == NULL || len == NULL) return LEZ_E_ARG;
    if (account->data_len > LEZ_DATA_MAX) return LEZ_E_DATA_TOO_LONG;
    if (cap < lez_account_serialized_len(account)) return LEZ_E_BUFFER;
    account_write(account, out);
    *len = lez_account_serialized_len(account);
    return LEZ_OK;
}

lez_status lez_account_id(const uint8_t npk[LEZ_SCALAR_LEN], lez_u128 identifier, const lez_program_id *program_id,
                          const uint8_t pda_seed[32], uint8_t id[32])
{
    static const char regular_prefix[] = "/LEE/v0.3/AccountId/Private/";
    static const char pda_prefix[] = "/LEE/v0.3/AccountId/PrivatePDA/";
    uint8_t pre[144] = { 0 };

    if (id == NULL) return LEZ_E_ARG;
    if (npk == NULL || (program_id != NULL && pda_seed == NULL)) {
        memset(id, 0, 32);
        return LEZ_E_ARG;
    }
    if (program_id == NULL) {
        memcpy(pre, regular_prefix, sizeof regular_prefix - 1); /* 28 bytes, zero-padded to 32 */
        memcpy(pre + 32, npk, 32);
        lez_put_le128(pre + 64, identifier);
        SHA256(pre, 80, id);
    } else {
        memcpy(pre, pda_prefix, sizeof pda_prefix - 1); /* 31 bytes, zero-padded to 32 */
        lez_put_program_id(pre + 32, program_id);
        memcpy(pre + 64, pda_seed, 32);
        memcpy(pre + 96, npk, 32);
        lez_put_le128(pre + 128, identifier);
        SHA256(pre, 144, id);
    }
    return LEZ_OK;
}

size_t lez_base58_encode_var(const uint8_t bytes[32], char out[LEZ_BASE58_MAX])
{
    static const char alphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    uint8_t digits[LEZ_BASE58_MAX] = { 0 }; /* base-58 digits, least significant first */
    size_t ndigits = 0, zeros = 0, n = 0;

    if (bytes == NULL || out == NULL) return 0;
    while (zeros < 32 && bytes[zeros] == 0) zeros++;
    for (size_t i = zeros; i < 32; i++) {
        uint32_t carry = bytes[i];
        for (size_t k = 0; k < ndigits; k++) {
            carry += (uint32_t)digits[k] << 8;
            digits[k] = (uint8_t)(carry % 58);
            carry /= 58;
        }
        while (carry != 0) {
            digits[ndigits++] = (uint8_t)(carry % 58);
            carry /= 58;
        }
    }
    /* Each leading zero byte is a leading '1'. */
    while (n < zeros) out[n++] = '1';
    while (ndigits != 0) out[n++] = alphabet[digits[--ndigits]];
    out[n] = '\0';
    return n;
}

lez_status lez_commitment(const uint8_t account_id[32], const lez_account *account, uint8_t commitment[32])
{
    static const char prefix[] = "/LEE/v0.3/Commitment/";
    uint8_t pre[160] = { 0 };

    if (commitment == NULL) return LEZ_E_ARG;
    memset(commitment, 0, 32);
    if (account_id == NULL || !account_is_valid(account)) return LEZ_E_ARG;
    if (account->data_len > LEZ_DATA_MAX) return LEZ_E_DATA_TOO_LONG;
    memcpy(pre, prefix, sizeof prefix - 1); /* 21 bytes, zero-padded to 32 */
    memcpy(pre + 32, account_id, 32);
    lez_put_program_id(pre + 64, &account->owner);
    lez_put_le128(pre + 96, account->balance);
    lez_put_le128(pre + 112, account->nonce);
    SHA256(account->data_len != 0 ? account->data : pre /* any non-NULL */, account->data_len, pre + 128);
    SHA256(pre, sizeof pre, commitment);
    OPENSSL_cleanse(pre, sizeof pre);
    return LEZ_OK;
}

lez_status lez_view_tag(const uint8_t npk[LEZ_SCALAR_LEN], const uint8_t vpk[LEZ_POINT_LEN], uint8_t *tag)
{
    static const char prefix[] = "/LEE/v0.3/ViewTag/";
    uint8_t pre[18 + 32 + 33], digest[32];

    if (tag == NULL) return LEZ_E_ARG;
    *tag = 0;
    if (npk == NULL || vpk == NULL) return LEZ_E_ARG;
    memcpy(pre, prefix, 18);
    memcpy(pre + 18, npk, 32);
    memcpy(pre + 50, vpk, 33);
    SHA256(pre, sizeof pre, digest);
    *tag = digest[0];
    return LEZ_OK;
}

lez_status lez_note_key(const uint8_t shared[LEZ_SCALAR_LEN], const uint8_t commitment[32], uint32_t output_index,
                        uint8_t key[LEZ_SCALAR_LEN])
{
    static const char prefix[] = "NSSA/v0.2/KDF-SHA256/";
    uint8_t pre[21 + 32 + 32 + 4];

    if (key == NULL) return LEZ_E_ARG;
    if (shared == NULL || commitment == NULL)
        return lez_arg_error(key, LEZ_SCALAR_LEN);
    memcpy(pre, prefix, 21);
    memcpy(pre + 21, shared, 32);
    memcpy(pre + 53, commitment, 32);
    lez_put_le32(pre + 85, output_index);
    SHA256(pre, sizeof pre, key);
    OPENSSL_cleanse(pre, sizeof pre);
    return LEZ_OK;
}

/* out = in XOR ChaCha20(key, nonce 0, counter 0), in the reused context.
 * OpenSSL is only ever given whole 64-byte blocks: a partial block would
 * leave keystream buffered in its context, and in OpenSSL 3.0 it also costs
 * a second keystream call. A note of up to STAGE bytes (the benchmark's 149)
 * goes through a zero-padded stack copy in one call; a longer one as its
 * whole blocks plus a padded tail block. The copies are wiped, and the
 * context is rekeyed with zeros so that it keeps no note key between calls. */
static lez_status chacha20_xor(lez_ctx *ctx, const uint8_t key[32], const uint8_t *in, uint8_t *out, size_t n)
{
    enum { STAGE = 256 };
    static const uint8_t zero_key[32], counter_and_nonce[16];
    size_t whole = n & ~(size_t)63, tail = n - whole;
    uint8_t stage[STAGE];
    int out_len, ok;

    ok = EVP_EncryptInit_ex2(ctx->chacha, NULL, key, counter_and_nonce, NULL);
    if (ok && n <= STAGE) {
        size_t padded = (n + 63) & ~(size_t)63;
        memcpy(stage, in, n);
        memset(stage + n, 0, padded - n);
        ok = EVP_EncryptUpdate(ctx->chacha, stage, &out_len, stage, (int)padded);
        memcpy(out, stage, n);
        OPENSSL_cleanse(stage, padded);
    } else if (ok) {
        ok = EVP_EncryptUpdate(ctx->chacha, out, &out_len, in, (int)whole);
        if (ok && tail != 0) {
            memset(stage, 0, 64);
            memcpy(stage, in + whole, tail);
            ok = EVP_EncryptUpdate(ctx->chacha, stage, &out_len, stage, 64);
            memcpy(out + whole, stage, tail);
            OPENSSL_cleanse(stage, 64);
        }
    }
    ok = EVP_EncryptInit_ex2(ctx->chacha, NULL, zero_key, counter_and_nonce, NULL) && ok;
    return ok ? LEZ_OK : LEZ_E_CRYPTO;
}

lez_status lez_note_encrypt(lez_ctx *ctx, const uint8_t shared[LEZ_SCALAR_LEN], const uint8_t commitment[32],
                            uint32_t output_index, const lez_note_kind *kind, const lez_account *account,
                            uint8_t *ct, size_t cap, size_t *ct_len)
{
    uint8_t key[LEZ_SCALAR_LEN];
    size_t n;
    lez_status st;

    if (ct == NULL || ct_len == NULL) return LEZ_E_ARG;
    *ct_len = 0;
    if (ctx == NULL || ctx->chacha == NULL || shared == NULL || commitment == NULL || kind == NULL ||
        !account_is_valid(account)) {
        memset(ct, 0, cap);
        return LEZ_E_ARG;
    }
    if (account->data_len > LEZ_DATA_MAX) {
        memset(ct, 0, cap);
        return LEZ_E_DATA_TOO_LONG;
    }
    n = lez_note_len(account);
    if (cap < n) {
        memset(ct, 0, cap);
        return LEZ_E_BUFFER;
    }
    /* Plaintext in place: the 81-byte header, then the account. Each header
     * byte is selected between the two variants under a mask, so the note's
     * kind (hidden by the cipher) does not choose a branch either. */
    {
        uint8_t fields[16 + 32]; /* le128(identifier) ‖ program id */
        uint8_t pda = (uint8_t)lez_ct_hide32((uint32_t)0 - (uint32_t)(kind->is_pda != 0));
        lez_put_le128(fields, kind->identifier);
        lez_put_program_id(fields + 16, &kind->program_id);
        ct[0] = pda & 0x01;
        for (size_t i = 0; i < 16; i++) {
            ct[1 + i] = (uint8_t)((fields[i] & (uint8_t)~pda) | (fields[16 + i] & pda));
            ct[17 + i] = fields[32 + i] & pda;
            ct[65 + i] = fields[i] & pda;
        }
        for (size_t i = 0; i < 32; i++) ct[33 + i] = kind->pda_seed[i] & pda;
        OPENSSL_cleanse(fields, sizeof fields);
    }
    account_write(account, ct + LEZ_NOTE_HEADER_LEN);
    st = lez_note_key(shared, commitment, output_index, key);
    if (st == LEZ_OK) st = chacha20_xor(ctx, key, ct, ct, n);
    OPENSSL_cleanse(key, sizeof key);
    if (st != LEZ_OK) {
        OPENSSL_cleanse(ct, cap);
        return st;
    }
    *ct_len = n;
    return LEZ_OK;
}

/* Spec §8.4 step 4, in its order. Only the bytes branched on are made
 * public: the kind byte and the data length (the outcome is observable). */
static lez_status note_parse(uint8_t *pt, size_t n, lez_note_kind *kind, lez_account *account)
{
    const uint8_t *acct = pt + LEZ_NOTE_HEADER_LEN;
    uint32_t data_len;

    if (n < LEZ_NOTE_HEADER_LEN) return LEZ_E_NOTE_SHORT;
    lez_declassify(pt, 1);
    if (pt[0] > 0x01) return LEZ_E_NOTE_KIND;
    if (n - LEZ_NOTE_HEADER_LEN < LEZ_ACCOUNT_FIXED_LEN) return LEZ_E_NOTE_ACCOUNT_SHORT;
    lez_declassify(pt + LEZ_NOTE_HEADER_LEN + 64, 4);
    data_len = lez_get_le32(acct + 64);
    if (data_len > LEZ_DATA_MAX) return LEZ_E_NOTE_DATA_TOO_LONG;
    if (data_len > n - LEZ_NOTE_HEADER_LEN - LEZ_ACCOUNT_FIXED_LEN) return LEZ_E_NOTE_DATA_TRUNCATED;
    kind->is_pda = pt[0];
    if (kind->is_pda) {
        lez_get_program_id(&kind->program_id, pt + 1);
        memcpy(kind->pda_seed, pt + 33, 32);
        kind->identifier = lez_get_le128(pt + 65);
    } else {
        /* The padding is not checked, as in the reference. */
        kind->identifier = lez_get_le128(pt + 1);
    }
    lez_get_program_id(&account->owner, acct);
    account->balance = lez_get_le128(acct + 32);
    account->nonce = lez_get_le128(acct + 48);
    account->data_len = data_len;
    account->data = acct + LEZ_ACCOUNT_FIXED_LEN;
    return LEZ_OK;
}

lez_status lez_note_decrypt(lez_ctx *ctx, const uint8_t shared[LEZ_SCALAR_LEN], const uint8_t commitment[32],
                            uint32_t output_index, const uint8_t *ct, size_t ct_len, uint8_t *pt, size_t pt_cap,
                            lez_note_kind *kind, lez_account *account)
{
    uint8_t key[LEZ_SCALAR_LEN];
    lez_status st;

    if (kind == NULL || account == NULL) return LEZ_E_ARG;
    memset(kind, 0, sizeof *kind);
    memset(account, 0, sizeof *account);
    if (pt == NULL) return LEZ_E_ARG;
    if (ctx == NULL || ctx->chacha == NULL || shared == NULL || commitment == NULL ||
        (ct == NULL && ct_len != 0) || ct_len > 0x7fffffff) {
        memset(pt, 0, pt_cap);
        return LEZ_E_ARG;
    }
    if (pt_cap < ct_len) {
        memset(pt, 0, pt_cap);
        return LEZ_E_BUFFER;
    }
    st = lez_note_key(shared, commitment, output_index, key);
    if (st == LEZ_OK && ct_len != 0) st = chacha20_xor(ctx, key, ct, pt, ct_len);
    OPENSSL_cleanse(key, sizeof key);
    if (st == LEZ_OK) st = note_parse(pt, ct_len, kind, account);
    if (st != LEZ_OK) {
        OPENSSL_cleanse(pt, pt_cap);
        memset(kind, 0, sizeof *kind);
        memset(account, 0, sizeof *account);
    }
    return st;
}
