/* Fuzz target: note plaintext parsing behind lez_note_decrypt.
 *
 * Input: 4 bytes of output index, then a note plaintext. The harness
 * encrypts it itself (ChaCha20 with the note key, zero nonce, counter 0,
 * straight from libcrypto) so that the fuzzer mutates the plaintext's
 * structure, then decrypts through the library into an exact-size buffer.
 * Properties: the status and every parsed field match an independent
 * model of spec §8.4; the data view lies inside the plaintext; a failure
 * zeroes pt, kind and account; an accepted note re-encrypts (through
 * lez_note_encrypt) to a note that parses to the same values. */
#include <string.h>
#include <openssl/evp.h>

#include "lez.h"
#include "fuzz.h"

static lez_ctx ctx;
static EVP_CIPHER_CTX *cipher;

static const uint8_t shared[32] = { 0x5a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 };
static const uint8_t commitment[32] = { 0xc0, 0xff, 0xee };

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
    return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static bool u128_is(lez_u128 v, const uint8_t *p)
{
    return v.lo == le64(p) && v.hi == le64(p + 8);
}

static bool pid_is(const lez_program_id *id, const uint8_t *p)
{
    for (int i = 0; i < 8; i++)
        if (id->word[i] != le32(p + 4 * i))
            return false;
    return true;
}

/* Spec §8.4 step 4, written from the spec, not from note.c. */
static lez_status model(const uint8_t *pt, size_t n, uint32_t *data_len)
{
    if (n < 81)
        return LEZ_E_NOTE_SHORT;
    if (pt[0] != 0 && pt[0] != 1)
        return LEZ_E_NOTE_KIND;
    if (n < 81 + 68)
        return LEZ_E_NOTE_ACCOUNT_SHORT;
    *data_len = le32(pt + 81 + 64);
    if (*data_len > 102400)
        return LEZ_E_NOTE_DATA_TOO_LONG;
    if (*data_len > n - 81 - 68)
        return LEZ_E_NOTE_DATA_TRUNCATED;
    return LEZ_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t iv[16];
    uint8_t key[32];
    uint8_t *ct, *pt;
    const uint8_t *plain;
    size_t n;
    uint32_t index, data_len = 0;
    lez_note_kind kind;
    lez_account acct;
    lez_status st, want;
    int outl;

    if (cipher == NULL) {
        FUZZ_REQUIRE(lez_ctx_init(&ctx) == LEZ_OK);
        cipher = EVP_CIPHER_CTX_new();
        FUZZ_REQUIRE(cipher != NULL);
    }
    if (size < 4 || size - 4 > 2 * (81 + 68 + 4096))
        return 0;
    index = le32(data);
    plain = data + 4;
    n = size - 4;

    FUZZ_REQUIRE(lez_note_key(shared, commitment, index, key) == LEZ_OK);
    ct = malloc(n ? n : 1);
    pt = malloc(n ? n : 1);
    FUZZ_REQUIRE(ct != NULL && pt != NULL);
    FUZZ_REQUIRE(EVP_EncryptInit_ex2(cipher, EVP_chacha20(), key, iv, NULL) == 1);
    FUZZ_REQUIRE(EVP_EncryptUpdate(cipher, ct, &outl, plain, (int)n) == 1 && (size_t)outl == n);

    st = lez_note_decrypt(&ctx, shared, commitment, index, ct, n, pt, n, &kind, &acct);
    want = model(plain, n, &data_len);
    if (st != want)
        fprintf(stderr, "status %d (%s), model says %d\n", st, lez_status_str(st), want);
    FUZZ_REQUIRE(st == want);
    if (st != LEZ_OK) {
        for (size_t i = 0; i < n; i++)
            FUZZ_REQUIRE(pt[i] == 0);
        FUZZ_REQUIRE(acct.data == NULL && acct.data_len == 0 && kind.is_pda == 0);
    } else {
        const uint8_t *a = plain + 81;
        FUZZ_REQUIRE(memcmp(pt, plain, n) == 0);
        FUZZ_REQUIRE(kind.is_pda == plain[0]);
        if (kind.is_pda)
            FUZZ_REQUIRE(pid_is(&kind.program_id, plain + 1) && memcmp(kind.pda_seed, plain + 33, 32) == 0 &&
                         u128_is(kind.identifier, plain + 65));
        else
            FUZZ_REQUIRE(u128_is(kind.identifier, plain + 1));
        FUZZ_REQUIRE(pid_is(&acct.owner, a) && u128_is(acct.balance, a + 32) && u128_is(acct.nonce, a + 48));
        FUZZ_REQUIRE(acct.data_len == data_len && acct.data == pt + 81 + 68);
        FUZZ_REQUIRE(81 + 68 + acct.data_len <= n);

        /* Round trip through the library's own encryption. */
        {
            size_t len = lez_note_len(&acct), got = 0;
            uint8_t *ct2 = malloc(len), *pt2 = malloc(len);
            lez_note_kind kind2;
            lez_account acct2;
            FUZZ_REQUIRE(ct2 != NULL && pt2 != NULL);
            FUZZ_REQUIRE(lez_note_encrypt(&ctx, shared, commitment, index, &kind, &acct, ct2, len, &got) == LEZ_OK);
            FUZZ_REQUIRE(got == len);
            FUZZ_REQUIRE(lez_note_decrypt(&ctx, shared, commitment, index, ct2, len, pt2, len, &kind2, &acct2) == LEZ_OK);
            FUZZ_REQUIRE(kind2.is_pda == kind.is_pda && memcmp(&kind2.identifier, &kind.identifier, sizeof kind.identifier) == 0);
            FUZZ_REQUIRE(acct2.data_len == acct.data_len && memcmp(acct2.data, acct.data, acct.data_len) == 0);
            FUZZ_REQUIRE(memcmp(&acct2.balance, &acct.balance, sizeof acct.balance) == 0 &&
                         memcmp(&acct2.nonce, &acct.nonce, sizeof acct.nonce) == 0 &&
                         memcmp(&acct2.owner, &acct.owner, sizeof acct.owner) == 0);
            free(ct2);
            free(pt2);
        }
    }
    free(ct);
    free(pt);
    return 0;
}
