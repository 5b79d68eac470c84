/* ctgrind harness: runs the keychain, key tree, DH and note KDF/cipher paths
 * with every secret input marked undefined to valgrind memcheck. A branch or
 * a memory address computed from a secret is then a memcheck error, and
 * `make ctgrind` fails. Values the design makes public are declassified in
 * the library (lez_internal.h); outputs are declassified here only to check
 * them against the spec vectors after the fact.
 * `ctgrind --canary` branches on a secret on purpose: memcheck must flag it. */
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "lez.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(const char *what, int ok)
{
    if (!ok) {
        printf("ctgrind: %s: wrong result\n", what);
        failures++;
    }
}

static void unhex(const char *hex, uint8_t *out)
{
    for (size_t i = 0; hex[2 * i] != '\0'; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int same_hex(const uint8_t *bytes, size_t n, const char *hex)
{
    uint8_t expect[64];
    unhex(hex, expect);
    PUBLIC(bytes, n);
    return memcmp(bytes, expect, n) == 0;
}

int main(int argc, char **argv)
{
    lez_ctx ctx;
    uint8_t entropy[32], seed[64], esk[32], vsk[32], epk[33], shared[32], rx[32], commitment[32], key[32];
    uint8_t data[40], ct[149 + 40], pt[149 + 40];
    char sentence[LEZ_MNEMONIC_MAX], passphrase[8];
    size_t sentence_len = 0, ct_len = 0, bad = 0;
    lez_keychain keys, again;
    lez_tree_node master, child;
    lez_note_kind kind;
    lez_account account;
    lez_status st;

    if (lez_ctx_init(&ctx) != LEZ_OK) return 2;
    if (argc > 1 && strcmp(argv[1], "--canary") == 0) {
        memset(entropy, 1, sizeof entropy);
        SECRET(entropy, sizeof entropy);
        if (entropy[0] == 1) puts("canary: branched on a secret");
        return 0;
    }

    /* Keychain (P1): entropy → mnemonic → NFKD (ASCII: the scan that finds
     * it so, no normalisation) → PBKDF2 → SSK chain → keys. Non-ASCII text
     * is normalised by libunistring in variable time and is not run here. */
    memset(entropy, 0x7f, sizeof entropy);
    memcpy(passphrase, "mnemonic", 8);
    SECRET(entropy, sizeof entropy);
    SECRET(passphrase, sizeof passphrase);
    st = lez_keychain_from_entropy(&ctx, entropy, passphrase, 8, sentence, &sentence_len, &keys, seed);
    check("keychain_from_entropy", st == LEZ_OK);
    check("P1 vpk", same_hex(keys.vpk, 33, "022eb57c7fc189562395512ff2568d68740bae27524517432410e109b3a7d93b3c"));
    check("P1 ssk", same_hex(keys.ssk, 32, "da2ba3feae04a2f2766bf4f1281c93ed9a27b0da9a33f68117ce0a02cbed2a99"));

    /* The same from the (secret) mnemonic text. */
    SECRET(sentence, sentence_len);
    st = lez_keychain_from_mnemonic(&ctx, sentence, sentence_len, passphrase, 8, &again, NULL, &bad);
    check("keychain_from_mnemonic", st == LEZ_OK);
    PUBLIC(&again, sizeof again);
    PUBLIC(&keys, sizeof keys);
    check("mnemonic round trip", memcmp(&again, &keys, sizeof keys) == 0);

    /* Key tree (A1, P2 /0) from a secret seed. */
    unhex("fc38cc53e87bd1bcbba727d547273a417d86ff312b6c5c35ada45e8e964a15a32b90e257c71281dfb0c605969d46d2fe0e6959bf"
          "f61b34aa3872272676c5cde1",
          seed);
    SECRET(seed, sizeof seed);
    check("tree_master", lez_tree_master(&ctx, seed, &master) == LEZ_OK);
    check("tree_child", lez_tree_child(&ctx, &master, 0, &child) == LEZ_OK);
    check("P2 /0 vpk", same_hex(child.keys.vpk, 33, "0375dc59ae25b042597847ebb75432c057b08caea38ecc44f758acdb8e044f17a9"));
    check("P2 /0 ccc", same_hex(child.ccc, 32, "bb8e4aa7c0efdfedd86b458e7139c132a1da07829c2528729c9c6389f63fc8bc"));

    /* DH (P3): secret esk to A6's VPK, and A6's secret VSK on the EPK. */
    memset(esk, 0x03, sizeof esk);
    unhex("055572778dbbcaaa7afdc65196089b15c041187c74626e6a895aa5ef500dde1e", vsk);
    unhex("02d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751", keys.vpk);
    SECRET(esk, sizeof esk);
    SECRET(vsk, sizeof vsk);
    check("dh_sender", lez_dh_sender(&ctx, esk, keys.vpk, epk, shared) == LEZ_OK);
    check("dh_receiver", lez_dh_receiver(&ctx, vsk, epk, rx) == LEZ_OK);
    check("P3 epk", same_hex(epk, 33, "02531fe6068134503d2723133227c867ac8fa6c83c537e9a44c3c5bdbdcb1fe337"));

    /* KDF and cipher: secret shared secret, secret note contents. */
    SECRET(shared, sizeof shared);
    SECRET(rx, sizeof rx);
    unhex("c9bea9ee4813604443a9159572c3a5f3821f75ffa97a31426c921e947d172886", commitment);
    check("note_key", lez_note_key(shared, commitment, 2, key) == LEZ_OK);
    check("P3 note_key", same_hex(key, 32, "fbd3dd39e4007a43635ed546620d921cf0e990c373b90068116f9873ffec1b61"));
    memset(&kind, 0, sizeof kind);
    memset(&account, 0, sizeof account);
    memset(data, 0x42, sizeof data);
    kind.identifier.lo = 7;
    account.balance.lo = 1000;
    account.data = data;
    account.data_len = sizeof data;
    SECRET(&kind, sizeof kind);
    SECRET(&account.balance, sizeof account.balance);
    SECRET(data, sizeof data);
    check("note_encrypt", lez_note_encrypt(&ctx, shared, commitment, 2, &kind, &account, ct, sizeof ct, &ct_len) ==
                              LEZ_OK);
    PUBLIC(ct, sizeof ct); /* a ciphertext is public */
    st = lez_note_decrypt(&ctx, rx, commitment, 2, ct, ct_len, pt, sizeof pt, &kind, &account);
    check("note_decrypt", st == LEZ_OK);
    PUBLIC(&account, sizeof account);
    PUBLIC(pt, sizeof pt);
    check("note round trip", account.balance.lo == 1000 && account.data_len == sizeof data && pt[149] == 0x42);

    lez_ctx_clear(&ctx);
    printf("ctgrind: keychain, key tree, DH, note KDF and cipher ran with secrets undefined; %d wrong results\n",
           failures);
    return failures != 0;
}
