/*
 * lez.h — wallet cryptography compatible with Logos Execution Zone (LEZ),
 * secp256k1 design, as specified byte for byte in docs/crypto.md and the
 * shared LEZ-SPEC.md: BIP-39, the flat keychain, the key tree, account ids,
 * commitments, view tags, sender/receiver DH and note encryption.
 *
 * Link with liblez.a, libsecp256k1, libcrypto (OpenSSL 3) and libunistring
 * (-llez -lsecp256k1 -lcrypto -lunistring). Installed as include/lez.h,
 * apart from libasn1rt's include/asn1rt/: the two libraries stand alone.
 *
 * Conventions, for every function below:
 *  - Return LEZ_OK (0) on success, otherwise a lez_status code; a NULL
 *    pointer or a bad size from the caller is LEZ_E_ARG.
 *  - Fixed-size byte arguments are big-endian byte strings exactly as in the
 *    spec; sizes are in the parameter types.
 *  - On failure every secret or result output is zeroed (never left holding
 *    partial results), unless the function says otherwise.
 *  - Secret inputs are never branched on or used as an index, except where a
 *    function documents what it reveals (validity of a scalar, the length of
 *    a mnemonic sentence, the position of an unknown word on failure,
 *    whether a passphrase or sentence is all ASCII; the NFKD normalisation
 *    of non-ASCII text is not constant time).
 *  - Text (mnemonic sentences, passphrases) is UTF-8 and is NFKD-normalised
 *    here, as BIP-39 requires; callers pass it as typed. ASCII text, which
 *    NFKD leaves unchanged, takes a path without allocation; other text is
 *    normalised by libunistring into a heap buffer that is wiped and freed
 *    before the function returns.
 *  - A lez_ctx is used by one thread at a time; functions that take none
 *    are thread-safe.
 */
#ifndef LEZ_H
#define LEZ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define LEZ_WUR __attribute__((warn_unused_result))
#else
#define LEZ_WUR
#endif

enum {
    LEZ_SCALAR_LEN = 32,      /* SSK, NSK, VSK, ESK, NPK, shared secret */
    LEZ_POINT_LEN = 33,       /* SEC1 compressed point: VPK, EPK */
    LEZ_ENTROPY_LEN = 32,     /* BIP-39 entropy: 24 words */
    LEZ_SEED_LEN = 64,        /* BIP-39 seed */
    LEZ_MNEMONIC_WORDS = 24,
    /* 24 words of at most 8 letters, 23 spaces, the terminating NUL. */
    LEZ_MNEMONIC_MAX = 24 * 8 + 23 + 1,
    LEZ_DATA_MAX = 102400,    /* account data bytes, spec §6.1 */
    LEZ_ACCOUNT_FIXED_LEN = 68,
    LEZ_NOTE_HEADER_LEN = 81,
    LEZ_BASE58_MAX = 45       /* 32 bytes in Base58 (≤ 44 chars) + NUL */
};

typedef enum lez_status {
    LEZ_OK = 0,
    LEZ_E_ARG,                 /* caller misuse: NULL, bad size, index range */
    LEZ_E_BUFFER,              /* output buffer too small */
    LEZ_E_SCALAR,              /* 32-byte scalar is 0 or ≥ n (spec §1) */
    LEZ_E_POINT,               /* not a 33-byte compressed point on the curve */
    LEZ_E_MNEMONIC_WORDS,      /* not 24 words separated by single spaces */
    LEZ_E_MNEMONIC_WORD,       /* a word not in the English wordlist */
    LEZ_E_MNEMONIC_CHECKSUM,   /* the 8 checksum bits do not match */
    LEZ_E_DATA_TOO_LONG,       /* account data longer than LEZ_DATA_MAX */
    LEZ_E_NOTE_SHORT,          /* plaintext shorter than the 81-byte header */
    LEZ_E_NOTE_KIND,           /* header byte 0 is neither 0x00 nor 0x01 */
    LEZ_E_NOTE_ACCOUNT_SHORT,  /* fewer than 68 bytes after the header */
    LEZ_E_NOTE_DATA_TOO_LONG,  /* encoded data length > LEZ_DATA_MAX */
    LEZ_E_NOTE_DATA_TRUNCATED, /* data length beyond the end of the note */
    LEZ_E_RANDOM,              /* the OS random generator failed */
    LEZ_E_CRYPTO,              /* libcrypto or libsecp256k1 failed internally */
    /* Appended with UTF-8 input, so the codes above keep their values. */
    LEZ_E_MNEMONIC_UTF8,       /* mnemonic sentence is not valid UTF-8 */
    LEZ_E_PASSPHRASE_UTF8,     /* passphrase is not valid UTF-8 */
    LEZ_E_NOMEM                /* no memory to normalise non-ASCII text */
} lez_status;

/* A static English description of the code ("scalar is zero or not below
 * the group order", ...); never NULL, "unknown status" for unknown codes. */
const char *lez_status_str(lez_status status);

/* Unsigned 128-bit integer (balances, nonces, identifiers). */
typedef struct lez_u128 {
    uint64_t lo, hi;
} lez_u128;

/* Program ids and account owners: eight u32 words, serialised le32 each. */
typedef struct lez_program_id {
    uint32_t word[8];
} lez_program_id;

/*
 * Library state reused across calls so that hot paths do not allocate:
 * a randomised secp256k1 context, HMAC-SHA512 keyed once with "NSSA_seed"
 * (the SSK chain reinitialises it without rekeying), and a ChaCha20 cipher
 * context. Members are private; the struct is public so callers can own
 * its storage.
 */
typedef struct lez_ctx {
    struct secp256k1_context_struct *secp;
    struct evp_cipher_st *chacha20;
    struct evp_cipher_ctx_st *chacha;  /* holds a zero key between calls */
} lez_ctx;

/* Returns LEZ_OK, LEZ_E_RANDOM (no seed for the secp256k1 blinding) or
 * LEZ_E_CRYPTO. On failure *ctx holds nothing to free (all members NULL). */
LEZ_WUR lez_status lez_ctx_init(lez_ctx *ctx);
/* Frees and wipes what lez_ctx_init made; safe on a zeroed or failed ctx. */
void lez_ctx_clear(lez_ctx *ctx);

/* ---- BIP-39 (spec §2) -------------------------------------------------- */

/* Writes the 24-word mnemonic of 32 bytes of entropy to sentence (NUL
 * terminated, words joined by single spaces) and its length without the NUL
 * to *len. Constant time except for the sentence length, which the seed
 * derivation (HMAC key hashing) reveals anyway. Returns LEZ_OK or LEZ_E_ARG;
 * on failure sentence is zeroed and *len is 0 (if the pointers are valid). */
LEZ_WUR lez_status lez_mnemonic_from_entropy(const uint8_t entropy[LEZ_ENTROPY_LEN],
                                             char sentence[LEZ_MNEMONIC_MAX], size_t *len);

/* Parses a mnemonic (exactly 24 lower-case English words joined by single
 * ASCII spaces; sentence need not be NUL-terminated) back to its entropy and
 * verifies the checksum. Returns LEZ_OK; LEZ_E_MNEMONIC_WORDS if it does
 * not split into 24 space-separated words or is longer than LEZ_MNEMONIC_MAX
 * allows; LEZ_E_MNEMONIC_WORD with *bad_word = the 0-based position of the
 * first word not in the list (an empty word, from two spaces, is one);
 * LEZ_E_MNEMONIC_CHECKSUM. Constant time in the words on success.
 * bad_word may be NULL; it is written only for LEZ_E_MNEMONIC_WORD.
 * The sentence is taken as it is, not normalised (any byte outside a-z and
 * space makes its word unknown); lez_keychain_from_mnemonic normalises
 * first. On failure entropy is zeroed. */
LEZ_WUR lez_status lez_mnemonic_to_entropy(const char *sentence, size_t len,
                                           uint8_t entropy[LEZ_ENTROPY_LEN], size_t *bad_word);

/* seed = PBKDF2-SHA512(NFKD(sentence), "mnemonic" ‖ NFKD(passphrase), 2048,
 * 64), both strings UTF-8 (BIP-39). The sentence is not checked against a
 * wordlist (BIP-39 allows any, e.g. Japanese words joined by U+3000).
 * Returns LEZ_OK; LEZ_E_ARG (also for a passphrase over 1024 bytes as
 * given, or a sentence of 2^31 bytes or more as given or once normalised);
 * LEZ_E_MNEMONIC_UTF8, checked first, or LEZ_E_PASSPHRASE_UTF8 for text that
 * is not UTF-8 (a stray or truncated sequence, an overlong form, a
 * surrogate, a code point above U+10FFFF); LEZ_E_NOMEM; LEZ_E_CRYPTO.
 * seed is zeroed on failure. */
LEZ_WUR lez_status lez_mnemonic_to_seed(const char *sentence, size_t len,
                                        const char *passphrase, size_t passphrase_len,
                                        uint8_t seed[LEZ_SEED_LEN]);

/* ---- Flat keychain (spec §3–§4) ---------------------------------------- */

typedef struct lez_keychain {
    uint8_t ssk[LEZ_SCALAR_LEN];
    uint8_t nsk[LEZ_SCALAR_LEN];
    uint8_t vsk[LEZ_SCALAR_LEN];
    uint8_t npk[LEZ_SCALAR_LEN];
    uint8_t vpk[LEZ_POINT_LEN];
} lez_keychain;

/* SSK = first half of the 2048-round HMAC-SHA512 chain keyed "NSSA_seed".
 * Returns LEZ_OK, LEZ_E_ARG or LEZ_E_CRYPTO; ssk zeroed on failure. */
LEZ_WUR lez_status lez_ssk_from_seed(lez_ctx *ctx, const uint8_t seed[LEZ_SEED_LEN],
                                     uint8_t ssk[LEZ_SCALAR_LEN]);

/* NPK = SHA256("LEE/keys" ‖ NSK ‖ 0x07 ‖ zeros(23)). Returns LEZ_OK or
 * LEZ_E_ARG; npk zeroed on failure. */
LEZ_WUR lez_status lez_npk_from_nsk(const uint8_t nsk[LEZ_SCALAR_LEN], uint8_t npk[LEZ_SCALAR_LEN]);

/* NSK, VSK of (ssk, index), NPK, VPK = VSK·G; keys->ssk is a copy of ssk.
 * Returns LEZ_OK, LEZ_E_ARG, LEZ_E_SCALAR (VSK is 0 or ≥ n, probability
 * 2^-128; reveals only that) or LEZ_E_CRYPTO; *keys zeroed on failure. */
LEZ_WUR lez_status lez_keys_from_ssk(lez_ctx *ctx, const uint8_t ssk[LEZ_SCALAR_LEN],
                                     uint32_t index, lez_keychain *keys);

/* Whole flat derivation from a mnemonic: the sentence is NFKD-normalised
 * (so "ﬁ" becomes "fi", a fullwidth letter its ASCII one, U+3000 a space),
 * its NFKD form is validated as by lez_mnemonic_to_entropy (same codes;
 * *bad_word counts words of the NFKD form), then seed, SSK chain and keys
 * with index 0. seed_out (may be NULL) receives the seed. Checked in this
 * order: LEZ_E_MNEMONIC_WORDS for a sentence longer than
 * 4 × (LEZ_MNEMONIC_MAX - 1) bytes (NFKD never shrinks UTF-8 below a
 * quarter, so its NFKD form could not fit either), LEZ_E_MNEMONIC_UTF8,
 * the other mnemonic codes, then the passphrase as in lez_mnemonic_to_seed.
 * *keys and seed_out are zeroed on failure. */
LEZ_WUR lez_status lez_keychain_from_mnemonic(lez_ctx *ctx, const char *sentence, size_t len,
                                              const char *passphrase, size_t passphrase_len,
                                              lez_keychain *keys, uint8_t seed_out[LEZ_SEED_LEN],
                                              size_t *bad_word);

/* Same from entropy: also writes the mnemonic (see lez_mnemonic_from_entropy)
 * and, if seed_out is not NULL, the seed. Returns LEZ_OK, LEZ_E_ARG or as
 * lez_mnemonic_to_seed does for the passphrase (LEZ_E_PASSPHRASE_UTF8,
 * LEZ_E_NOMEM, LEZ_E_CRYPTO). All outputs zeroed on failure. */
LEZ_WUR lez_status lez_keychain_from_entropy(lez_ctx *ctx, const uint8_t entropy[LEZ_ENTROPY_LEN],
                                             const char *passphrase, size_t passphrase_len,
                                             char sentence[LEZ_MNEMONIC_MAX], size_t *sentence_len,
                                             lez_keychain *keys, uint8_t seed_out[LEZ_SEED_LEN]);

/* A new keychain from 32 bytes of OS randomness (RAND_bytes), returning its
 * mnemonic. The reference's KeyChain::new_os_random uses passphrase
 * "mnemonic"; KeyChain::new_mnemonic and the wallet use the caller's ("").
 * Returns as lez_keychain_from_entropy, or LEZ_E_RANDOM. */
LEZ_WUR lez_status lez_keychain_generate(lez_ctx *ctx, const char *passphrase, size_t passphrase_len,
                                         char sentence[LEZ_MNEMONIC_MAX], size_t *sentence_len,
                                         lez_keychain *keys);

/* ---- Key tree (spec §7) ------------------------------------------------ */

typedef struct lez_tree_node {
    lez_keychain keys;           /* ssk, nsk, vsk, npk, vpk of this node */
    uint8_t ccc[LEZ_SCALAR_LEN]; /* chain code */
    uint32_t index;              /* last path component, 0 at the root */
} lez_tree_node;

/* Master node of a 64-byte seed. Returns LEZ_OK, LEZ_E_ARG, LEZ_E_SCALAR or
 * LEZ_E_CRYPTO; *node zeroed on failure. */
LEZ_WUR lez_status lez_tree_master(lez_ctx *ctx, const uint8_t seed[LEZ_SEED_LEN], lez_tree_node *node);

/* Child number `index` of parent; child may not alias parent. Returns
 * LEZ_OK, LEZ_E_ARG, LEZ_E_SCALAR (parent NSK or VSK is 0 or ≥ n, or the
 * child's VSK is) or LEZ_E_CRYPTO; *child zeroed on failure. */
LEZ_WUR lez_status lez_tree_child(lez_ctx *ctx, const lez_tree_node *parent, uint32_t index,
                                  lez_tree_node *child);

/* ---- Accounts (spec §6) ------------------------------------------------ */

/* An account; data is a view the struct does not own. */
typedef struct lez_account {
    lez_program_id owner;
    lez_u128 balance;
    lez_u128 nonce;
    const uint8_t *data;
    size_t data_len;   /* ≤ LEZ_DATA_MAX */
} lez_account;

/* 68 + data_len. */
size_t lez_account_serialized_len(const lez_account *account);

/* Writes the 68 + L byte serialisation to out and its length to *len.
 * Returns LEZ_OK, LEZ_E_ARG, LEZ_E_DATA_TOO_LONG or LEZ_E_BUFFER (cap too
 * small); out and *len are untouched on failure. */
LEZ_WUR lez_status lez_account_serialize(const lez_account *account, uint8_t *out, size_t cap, size_t *len);

/* Private account id of a regular account (identifier) or, if program_id is
 * not NULL, of a private PDA (program_id, pda_seed, identifier). Returns
 * LEZ_OK or LEZ_E_ARG (pda_seed NULL with a program id); id zeroed on failure. */
LEZ_WUR lez_status lez_account_id(const uint8_t npk[LEZ_SCALAR_LEN], lez_u128 identifier,
                                  const lez_program_id *program_id, const uint8_t pda_seed[32],
                                  uint8_t id[32]);

/* Bitcoin-alphabet Base58 of 32 bytes, NUL-terminated; returns the length
 * (without NUL), 0 if an argument is NULL. Not constant time: ids are public. */
size_t lez_base58_encode_var(const uint8_t bytes[32], char out[LEZ_BASE58_MAX]);

/* Commitment of an account under its id. Returns LEZ_OK, LEZ_E_ARG or
 * LEZ_E_DATA_TOO_LONG; commitment zeroed on failure. */
LEZ_WUR lez_status lez_commitment(const uint8_t account_id[32], const lez_account *account,
                                  uint8_t commitment[32]);

/* First byte of SHA256("/LEE/v0.3/ViewTag/" ‖ npk ‖ vpk). Returns LEZ_OK or
 * LEZ_E_ARG (*tag = 0 then). */
LEZ_WUR lez_status lez_view_tag(const uint8_t npk[LEZ_SCALAR_LEN], const uint8_t vpk[LEZ_POINT_LEN],
                                uint8_t *tag);

/* ---- Sender / receiver DH (spec §5) ------------------------------------ */

/* The wallet's ephemeral secret: esk = SHA256(npk_recipient ‖ r), r 16 fresh
 * random bytes. Returns LEZ_OK or LEZ_E_ARG; esk zeroed on failure. */
LEZ_WUR lez_status lez_esk_from_npk(const uint8_t npk[LEZ_SCALAR_LEN], const uint8_t r[16],
                                    uint8_t esk[LEZ_SCALAR_LEN]);

/* EPK = esk·G and shared = x(esk·VPK). Returns LEZ_OK, LEZ_E_ARG,
 * LEZ_E_SCALAR (esk 0 or ≥ n), LEZ_E_POINT (vpk invalid) or LEZ_E_CRYPTO;
 * epk and shared zeroed on failure. */
LEZ_WUR lez_status lez_dh_sender(lez_ctx *ctx, const uint8_t esk[LEZ_SCALAR_LEN],
                                 const uint8_t vpk[LEZ_POINT_LEN], uint8_t epk[LEZ_POINT_LEN],
                                 uint8_t shared[LEZ_SCALAR_LEN]);

/* As lez_dh_sender with 32 fresh random bytes as esk (the one-sided helper
 * and the sender_dh benchmark). Also LEZ_E_RANDOM. */
LEZ_WUR lez_status lez_dh_sender_random(lez_ctx *ctx, const uint8_t vpk[LEZ_POINT_LEN],
                                        uint8_t epk[LEZ_POINT_LEN], uint8_t shared[LEZ_SCALAR_LEN]);

/* shared = x(vsk·EPK). Returns LEZ_OK, LEZ_E_ARG, LEZ_E_SCALAR, LEZ_E_POINT
 * or LEZ_E_CRYPTO; shared zeroed on failure. */
LEZ_WUR lez_status lez_dh_receiver(lez_ctx *ctx, const uint8_t vsk[LEZ_SCALAR_LEN],
                                   const uint8_t epk[LEZ_POINT_LEN], uint8_t shared[LEZ_SCALAR_LEN]);

/* ---- Notes (spec §8) --------------------------------------------------- */

/* Header of a note: Regular(identifier) or Pda(program_id, seed, identifier). */
typedef struct lez_note_kind {
    int is_pda;
    lez_u128 identifier;
    lez_program_id program_id;   /* PDA only */
    uint8_t pda_seed[32];        /* PDA only */
} lez_note_kind;

/* 81 + 68 + data_len: the plaintext and ciphertext length of a note. */
size_t lez_note_len(const lez_account *account);

/* note_key = SHA256("NSSA/v0.2/KDF-SHA256/" ‖ shared ‖ commitment ‖
 * le32(output_index)). Returns LEZ_OK or LEZ_E_ARG; key zeroed on failure. */
LEZ_WUR lez_status lez_note_key(const uint8_t shared[LEZ_SCALAR_LEN], const uint8_t commitment[32],
                                uint32_t output_index, uint8_t key[LEZ_SCALAR_LEN]);

/* Builds the plaintext of (kind, account) in ct and encrypts it in place:
 * ChaCha20 keyed by the note key, zero nonce, counter 0, no tag. *ct_len =
 * lez_note_len(account). Returns LEZ_OK, LEZ_E_ARG, LEZ_E_DATA_TOO_LONG,
 * LEZ_E_BUFFER or LEZ_E_CRYPTO; on failure ct[0..cap) is zeroed and
 * *ct_len is 0. */
LEZ_WUR lez_status lez_note_encrypt(lez_ctx *ctx, const uint8_t shared[LEZ_SCALAR_LEN],
                                    const uint8_t commitment[32], uint32_t output_index,
                                    const lez_note_kind *kind, const lez_account *account,
                                    uint8_t *ct, size_t cap, size_t *ct_len);

/* Decrypts ct into pt (pt_cap ≥ ct_len; pt may equal ct) and parses it.
 * On LEZ_OK, *kind and *account are set and account->data points into pt.
 * A wrong key or a corrupted note gives garbage that fails the parse with
 * LEZ_E_NOTE_SHORT, LEZ_E_NOTE_KIND, LEZ_E_NOTE_ACCOUNT_SHORT,
 * LEZ_E_NOTE_DATA_TOO_LONG or LEZ_E_NOTE_DATA_TRUNCATED ("no note");
 * also LEZ_E_ARG, LEZ_E_BUFFER, LEZ_E_CRYPTO. As the reference does, the
 * padding of a Regular header and bytes after the data are not checked.
 * On failure pt[0..pt_cap), *kind and *account are zeroed. Whether and where
 * the parse fails is not secret (the caller learns it anyway). */
LEZ_WUR lez_status lez_note_decrypt(lez_ctx *ctx, const uint8_t shared[LEZ_SCALAR_LEN],
                                    const uint8_t commitment[32], uint32_t output_index,
                                    const uint8_t *ct, size_t ct_len, uint8_t *pt, size_t pt_cap,
                                    lez_note_kind *kind, lez_account *account);

#ifdef __cplusplus
}
#endif

#endif /* LEZ_H */
