/* CUnit suite of the LEZ crypto runtime. Known vectors first (LEZ-SPEC §12
 * and the BIP-39 reference vectors with passphrase "TREZOR"), then error
 * tables (malformed points, bad scalars, truncated and crafted notes, bad
 * mnemonics), then random round trips checked against an independent
 * ChaCha20 keystream from OpenSSL's EVP interface. Each suite is a table
 * and one loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "cunit_run.h"
#include "hmac512.h" /* runtime/crypto/, liblez's internal HMAC (checked against OpenSSL's) */
#include "lez.h"
#ifdef LEZ_TEST_WIRE
#include "lez_wire.h" /* generated/, by asn1cc from schemas/lez.asn */
#endif

static lez_ctx ctx;

/* Hex to bytes; returns the byte count. Test data is well formed. */
static size_t unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = strlen(hex) / 2;
    CU_ASSERT_FATAL(n <= cap);
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        CU_ASSERT_FATAL(sscanf(hex + 2 * i, "%2x", &v) == 1);
        out[i] = (uint8_t)v;
    }
    return n;
}

#define ASSERT_HEX(bytes, hex)                                                         \
    do {                                                                               \
        uint8_t expect_[512];                                                          \
        size_t n_ = unhex((hex), expect_, sizeof expect_);                             \
        CU_ASSERT_EQUAL(memcmp((bytes), expect_, n_), 0);                              \
    } while (0)

static void fill(uint8_t *p, uint8_t v, size_t n)
{
    memset(p, v, n);
}

/* ---- BIP-39 reference vectors (English, passphrase "TREZOR") -------------- */

static const struct { const char *entropy, *mnemonic, *seed; } bip39_vectors[] = {
    { "0000000000000000000000000000000000000000000000000000000000000000",
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art",
      "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8" },
    { "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f",
      "legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title",
      "bc09fca1804f7e69da93c2f2028eb238c227f2e9dda30cd63699232578480a4021b146ad717fbb7e451ce9eb835f43620bf5c514db0f8add49f5d121449d3e87" },
    { "8080808080808080808080808080808080808080808080808080808080808080",
      "letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic avoid letter advice cage absurd amount doctor acoustic bless",
      "c0c519bd0e91a2ed54357d9d1ebef6f5af218a153624cf4f2da911a0ed8f7a09e2ef61af0aca007096df430022f7a2b6fb91661a9589097069720d015e4e982f" },
    { "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote",
      "dd48c104698c30cfe2b6142103248622fb7bb0ff692eebb00089b32d22484e1613912f0a5b694407be899ffd31ed3992c456cdf60f5d4564b8ba3f05a69890ad" },
    { "00ac97c48106f0aeb8ba061e0250a559b3251dc35854e694780ba51d53a50120",
      "absent gorilla van acoustic humor firm title dolphin bulk barely citizen recall crane moment aspect appear track phrase actual enforce steel spoon afraid benefit",
      "2e3c58340e28b1e70f1bec7393459fd4c16058aacd6c87d99439616742daf02f9d18d919fe7c74a34a2a9d2b417e9a9021fcc8f820e257e355762cbbece5eea2" },
    { "3edc83b60740d77af3afa2fcb82c2f1bc541ee4e2518ddef4996d32453f54a3c",
      "disagree tomato unique attend aspect runway solid violin witness scrap armed daring favorite warm decade perfect target kid grant play early wide cigar night",
      "4cded2a55162f5243e54f1d36e2e7b748205db85f71f4d0b7fa4450628db50e96a55f285ca7c40cb46d52a384e68c603e12d51686608c3f8e2d13bac6effdd50" },
    { "89bb4bc5555992cdaf3444c5e7ca5a6e9f27efab894f1990bae41be8b2a26ea4",
      "meadow surge vanish primary odor grocery rubber mass shine dinner notable tag venue water purchase clarify book magic ribbon daughter menu eye ritual orchard",
      "edfc11f0974c6402afca74031166da1b5d5b3622e391b2ea163e32df77125f06392fc7f437cb62527eb9818e4cb3af5e918729d91f4f239b387343a88acc1267" },
    { "911fec0fbd88029f6fa99164896c18d898c9232af18bdcca3e42d53b86493104",
      "much youth advance kitchen lens exile salt cram goose enter alert raise milk muscle profit cousin system faint mouse price reveal cause series long",
      "31967e467505da9f485d216245cdeb3682e116e4fa744bb20468cda6e3e3f18a7875661f84a900437416dfd83937d43513302a0d335a12fbde52f32fd1c12446" },
    { "00000000000000000000000000000000",
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
      "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04" },
    { "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f",
      "legal winner thank year wave sausage worth useful legal winner thank yellow",
      "2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607" },
};

static void test_bip39_vectors(void)
{
    for (size_t i = 0; i < sizeof bip39_vectors / sizeof bip39_vectors[0]; i++) {
        uint8_t entropy[64], parsed[32], seed[64];
        size_t n = unhex(bip39_vectors[i].entropy, entropy, sizeof entropy), len = 0;
        const char *m = bip39_vectors[i].mnemonic;
        char sentence[LEZ_MNEMONIC_MAX];

        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(m, strlen(m), "TREZOR", 6, seed), LEZ_OK);
        ASSERT_HEX(seed, bip39_vectors[i].seed);
        if (n != 32) {
            /* 12-word vectors: the seed is checked above; LEZ uses 24 words only. */
            CU_ASSERT_EQUAL(lez_mnemonic_to_entropy(m, strlen(m), parsed, NULL), LEZ_E_MNEMONIC_WORDS);
            continue;
        }
        CU_ASSERT_EQUAL(lez_mnemonic_from_entropy(entropy, sentence, &len), LEZ_OK);
        CU_ASSERT_EQUAL(len, strlen(m));
        CU_ASSERT_STRING_EQUAL(sentence, m);
        CU_ASSERT_EQUAL(lez_mnemonic_to_entropy(m, strlen(m), parsed, NULL), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(parsed, entropy, 32), 0);
    }
}

/* ---- Flat keychain: A6 (SSK given) and P1 (entropy 0x7f.., "mnemonic") ----- */

static const struct {
    const char *name, *entropy, *passphrase, *ssk;
    const char *mnemonic, *seed, *nsk, *vsk, *npk, *vpk;
} keychain_vectors[] = {
    { "A6", NULL, NULL, "5d0dbef0fa216cc3b028903d041c3a7035a12aee9b1b17b0d0790fe5a5b4638f", NULL, NULL,
      "1915ba3bb4e06540a3d0e42b0db9647b9c2f50b34833730bb46315c930c27690",
      "055572778dbbcaaa7afdc65196089b15c041187c74626e6a895aa5ef500dde1e",
      "a76c32994a2f97bc8c4fc31fb50928a7c920af812df5dfc1d2aaf780a78c9b81",
      "02d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751" },
    { "P1", "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f", "mnemonic",
      "da2ba3feae04a2f2766bf4f1281c93ed9a27b0da9a33f68117ce0a02cbed2a99",
      "legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal "
      "winner thank year wave sausage worth title",
      "9f8b218af8af9f579809d7291b3ac3f9dd557b62662d22d6086d11d217724a2b52942d770609daf5b8ade00f0512e9ac6503907c"
      "3362c22734a2acff29f08f23",
      "a8c425a34ac1949bfa7e91e13d00b65ec561f2ff9122dd1db7b374c6d613d09a",
      "7c3c32b1f7a5f9bd2de317c88e5a955489e64f04d77e32b153cb725aa09e663d",
      "06651fb5effd874e31e277575a0e6423746b4d67a5df38ae1bc6001743de6692",
      "022eb57c7fc189562395512ff2568d68740bae27524517432410e109b3a7d93b3c" },
};

static void test_keychain_vectors(void)
{
    for (size_t i = 0; i < sizeof keychain_vectors / sizeof keychain_vectors[0]; i++) {
        lez_keychain keys, again;
        uint8_t ssk[32], seed[64], npk[32];

        if (keychain_vectors[i].entropy == NULL) {
            unhex(keychain_vectors[i].ssk, ssk, 32);
            CU_ASSERT_EQUAL(lez_keys_from_ssk(&ctx, ssk, 0, &keys), LEZ_OK);
        } else {
            uint8_t entropy[32];
            char sentence[LEZ_MNEMONIC_MAX];
            size_t len = 0, bad = 99;
            const char *p = keychain_vectors[i].passphrase;
            unhex(keychain_vectors[i].entropy, entropy, 32);
            CU_ASSERT_EQUAL(lez_keychain_from_entropy(&ctx, entropy, p, strlen(p), sentence, &len, &keys, seed), LEZ_OK);
            CU_ASSERT_STRING_EQUAL(sentence, keychain_vectors[i].mnemonic);
            ASSERT_HEX(seed, keychain_vectors[i].seed);
            CU_ASSERT_EQUAL(lez_ssk_from_seed(&ctx, seed, ssk), LEZ_OK);
            /* The mnemonic entry point reaches the same keys. */
            CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, sentence, len, p, strlen(p), &again, NULL, &bad), LEZ_OK);
            CU_ASSERT_EQUAL(memcmp(&again, &keys, sizeof keys), 0);
        }
        ASSERT_HEX(ssk, keychain_vectors[i].ssk);
        ASSERT_HEX(keys.ssk, keychain_vectors[i].ssk);
        ASSERT_HEX(keys.nsk, keychain_vectors[i].nsk);
        ASSERT_HEX(keys.vsk, keychain_vectors[i].vsk);
        ASSERT_HEX(keys.npk, keychain_vectors[i].npk);
        ASSERT_HEX(keys.vpk, keychain_vectors[i].vpk);
        CU_ASSERT_EQUAL(lez_npk_from_nsk(keys.nsk, npk), LEZ_OK);
        ASSERT_HEX(npk, keychain_vectors[i].npk);
    }
}

/* ---- Key tree: A1 (master) and P2 (/0, /0/1) --------------------------------- */

static const char tree_seed[] =
    "fc38cc53e87bd1bcbba727d547273a417d86ff312b6c5c35ada45e8e964a15a32b90e257c71281dfb0c605969d46d2fe0e6959bff61b"
    "34aa3872272676c5cde1";

static const struct {
    const char *path;
    int depth;
    uint32_t child[2];
    const char *ssk, *ccc, *nsk, *vsk, *npk, *vpk;
} tree_vectors[] = {
    { "/", 0, { 0, 0 }, "f64f1a7c875f3433c91b30c2029033dbf5808bde2ac369217361ba00610edabf",
      "387246f943a9ce09c00bb4a895812a5f2b9d826f0d05c34b14ffa25528fb08a8",
      "9a66670522ebe30d16b6e20b07436ea263c1ae22ea13de02160ca3fc580b00a3",
      "9b5a364be48244c981fbb4c3fa4022e6f1ccd832959c0a43d04a090a2f3b32ca",
      "077b7dbfe9b7c90414d69bd22dea1bf0c26f61f79b717af6c000463d4c474602",
      "02bf63667228836da608deba6b1d9c6ace607f50aa42d94f26500b4a937bdd9fa6" },
    { "/0", 1, { 0, 0 }, "e1a7e64b67c72ffff85366c42b9b8b6fd513097abf42176787be2c9d71ce6342",
      "bb8e4aa7c0efdfedd86b458e7139c132a1da07829c2528729c9c6389f63fc8bc",
      "f7a000a175750e376492546001cf036ccd5bce2f3ddd345ba4d7fbc275bc6a91",
      "4cac51fa1e52eb59be8c5af7f69f5f8089495656aeb78e54c7924129f1e7401c",
      "6ff488413c42c9f9090c5f107e2a308d5cac6ba17b2d5e869adf76319b8116f2",
      "0375dc59ae25b042597847ebb75432c057b08caea38ecc44f758acdb8e044f17a9" },
    { "/0/1", 2, { 0, 1 }, "1fd6e9005ec4d830903d5d6d8f3158e455797a98791937e856ddcd424c5bff5d",
      "f1d29c6410c098e93049e9c92e82b0f2336defea1268044c2678209a788c1cb6",
      "0998014f336db7808668cea54e4d7aeb71f466c1ee013112229c97aca5e90edc",
      "110029f959291ff4fdc0709b6f0dce67c14a51ee8d00c0535267057731300202",
      "d2d6b6ee16672ee7f836e8d91866814e80fc28ce35812e34bf76a51993383e43",
      "03874c5f5970971541b12554e473daaa13cc313d4bacd8f96bcb7bb9663794dac1" },
};

static void test_tree_vectors(void)
{
    uint8_t seed[64];
    unhex(tree_seed, seed, sizeof seed);
    for (size_t i = 0; i < sizeof tree_vectors / sizeof tree_vectors[0]; i++) {
        lez_tree_node node, child;
        CU_ASSERT_EQUAL_FATAL(lez_tree_master(&ctx, seed, &node), LEZ_OK);
        for (int d = 0; d < tree_vectors[i].depth; d++) {
            CU_ASSERT_EQUAL_FATAL(lez_tree_child(&ctx, &node, tree_vectors[i].child[d], &child), LEZ_OK);
            node = child;
        }
        CU_ASSERT_EQUAL(node.index, tree_vectors[i].depth ? tree_vectors[i].child[tree_vectors[i].depth - 1] : 0);
        ASSERT_HEX(node.keys.ssk, tree_vectors[i].ssk);
        ASSERT_HEX(node.ccc, tree_vectors[i].ccc);
        ASSERT_HEX(node.keys.nsk, tree_vectors[i].nsk);
        ASSERT_HEX(node.keys.vsk, tree_vectors[i].vsk);
        ASSERT_HEX(node.keys.npk, tree_vectors[i].npk);
        ASSERT_HEX(node.keys.vpk, tree_vectors[i].vpk);
    }
}

/* ---- Accounts: A5 serialisation, A6 account id ------------------------------ */

static void test_account_vectors(void)
{
    static const uint8_t hola[] = "hola mundo";
    lez_account account = { { { 1, 2, 3, 4, 5, 6, 7, 8 } }, { 0, 0 }, { 42, 0 }, hola, 10 };
    uint8_t out[128], npk[32], id[32];
    size_t len = 0;
    char b58[LEZ_BASE58_MAX];

    /* 123456789012345678901234567890123456 = 0x0017c6e3bfd70fdeeaec417172dcbac0 */
    account.balance.lo = 0xeaec417172dcbac0u;
    account.balance.hi = 0x0017c6e3bfd70fdeu;
    CU_ASSERT_EQUAL(lez_account_serialize(&account, out, sizeof out, &len), LEZ_OK);
    CU_ASSERT_EQUAL(len, 78);
    ASSERT_HEX(out, "0100000002000000030000000400000005000000060000000700000008000000c0badc727141eceade0fd7bfe3c617002a"
                    "0000000000000000000000000000000a000000686f6c61206d756e646f");
    CU_ASSERT_EQUAL(lez_account_serialize(&account, out, 77, &len), LEZ_E_BUFFER);

    unhex("a76c32994a2f97bc8c4fc31fb50928a7c920af812df5dfc1d2aaf780a78c9b81", npk, 32);
    CU_ASSERT_EQUAL(lez_account_id(npk, (lez_u128){ 0, 0 }, NULL, NULL, id), LEZ_OK);
    ASSERT_HEX(id, "361f18ceb3b945c04246afd33c084a9394ec50cad62169afa9e4bf7db14898ef");
    CU_ASSERT_EQUAL(lez_base58_encode_var(id, b58), 44);
    CU_ASSERT_STRING_EQUAL(b58, "4eGX3M3rgjHsme8n3sSp89af8JRZtYVTesbJjLqaX1VQ");

    /* §6.3: the pinned dummy commitment (zero id, default account) is
     * 37e4d7cf…5a1b, computed with the 32-byte prefix. */
    {
        static const lez_account empty;
        uint8_t zero_id[32] = { 0 }, c[32];
        CU_ASSERT_EQUAL(lez_commitment(zero_id, &empty, c), LEZ_OK);
        CU_ASSERT(c[0] == 0x37 && c[1] == 0xe4 && c[2] == 0xd7 && c[3] == 0xcf && c[30] == 0x5a && c[31] == 0x1b);
    }
}

/* ---- Notes: P3 (regular, A5 account), P4 (PDA), P5 (benchmark shape) -------- */

static const char a6_vsk[] = "055572778dbbcaaa7afdc65196089b15c041187c74626e6a895aa5ef500dde1e";
static const char a6_npk[] = "a76c32994a2f97bc8c4fc31fb50928a7c920af812df5dfc1d2aaf780a78c9b81";
static const char a6_vpk[] = "02d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751";

static const struct note_vector {
    const char *name;
    uint8_t esk_byte;
    int is_pda;
    uint64_t identifier;
    int a5_account; /* else the default account */
    uint32_t output_index;
    const char *epk, *shared, *account_id, *commitment, *note_key, *plaintext, *ciphertext;
    uint8_t view_tag;
} note_vectors[] = {
    { "P3", 0x03, 0, 0, 1, 2, "02531fe6068134503d2723133227c867ac8fa6c83c537e9a44c3c5bdbdcb1fe337",
      "38f323cac61390ca3809e1c9de48ee0e8f05322aa7e213d1f2d71e710f891f64",
      "361f18ceb3b945c04246afd33c084a9394ec50cad62169afa9e4bf7db14898ef",
      "c9bea9ee4813604443a9159572c3a5f3821f75ffa97a31426c921e947d172886",
      "fbd3dd39e4007a43635ed546620d921cf0e990c373b90068116f9873ffec1b61",
      "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "00000000000000000000000000000000000000000000000000000000000100000002000000030000000400000005000000060000"
      "000700000008000000c0badc727141eceade0fd7bfe3c617002a0000000000000000000000000000000a000000686f6c61206d75"
      "6e646f",
      "2b7792f921339c7b2cac51874db1938bfb2d3326fe4baef96190b1eb1c2ed6ef2005e42d4d45272d12687bce4f19e3eec5c52096"
      "f3ab57106ca6cd5eda8a95a1708c966450ff31710a2f85d876182730b30dd45b959406119668c1b781cb6e284ca0554e3685c30c"
      "5993a532b445a0200947f2f03d05712731b6fe3b869fb82857a77bb334b0c9fcbd98ccc950daa63883aa2496816ab9695dc33279"
      "0aa629",
      0xc0 },
    { "P4", 0x05, 1, 42, 0, 0, "0362c0a046dacce86ddd0343c6d3c7c79c2208ba0d9c9cf24a6d046d21d21f90f7",
      "4eb8951e29a0e953911c4abd5298b3b75132b790d651fc39fc430724edc0a214",
      "9d0a12c3dba4ffa2d433df0a575703da8c3ab95887b5b66aa6c3136eae974498",
      "2a8ae1a2100313c69d84c229cbf53dc51424b418f2fad5aa9629c62c7960e966",
      "51c9756d4ca08663bdbe36ae0a40cfd103cffe1734925022d1f19ed0e7a40d1a",
      "01010000000100000001000000010000000100000001000000010000000100000002020202020202020202020202020202020202"
      "020202020202020202020202022a0000000000000000000000000000000000000000000000000000000000000000000000000000"
      "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      "b6b335992744130630546db6960515353b5cb67152033633dd8e7c98ac0f095eab196d788a7576e13e821da9e908b855ff9f230a"
      "0336b49d4f9e85241e650dceb0db1a24f1e344d62d7302fb52246b6c6470d72f8376e699693e5adf2d32aead190f6afdf65201dd"
      "335dafeac2b4540794bdf8143aebd2eb289d6d1754fd86fa6677d7904f7125b6fdc6a6da51c6fe03d808b8f593",
      0xc0 },
    { "P5", 0x07, 0, 0, 0, 0, "02989c0b76cb563971fdc9bef31ec06c3560f3249d6ee9e5d83c57625596e05f6f",
      "8f2c3dac4fbbc1967a58aa66402288dc362ef7575781e2306e1cc67634181722",
      "361f18ceb3b945c04246afd33c084a9394ec50cad62169afa9e4bf7db14898ef",
      "3ad9fd59a5e5e863771c262ff448b72a7cd7a433ec64092f25ebfc93d35d7ce4",
      "4311e9ba5e1622425878bfb3b00eb9d2c15d531f2352772eaddfe38021aa4dab",
      NULL, /* zeros(149) */
      "a8cb0fcb81a845d59bd8fcda79c26e18a029cb57216059dc2ceac7ae6343d8b18d782243c22fc1b7f57e09b1a22fe8ee353d2fab"
      "90bf0a6b72c9b0d8936b18a4a4ef49100037b47e834d4eea9df0863afcff8023b02345b9e4b5c75fe54408fca424b9212120a76b"
      "f01ff0111c52358f52067c8225ef1b1360925281e2d3c35ed24ac5586ff36e8ea9acc32523d758f46c3163f00d",
      0xc0 },
};

static const uint8_t hola_data[] = "hola mundo";

static void note_inputs(const struct note_vector *v, lez_note_kind *kind, lez_account *account)
{
    memset(kind, 0, sizeof *kind);
    memset(account, 0, sizeof *account);
    kind->is_pda = v->is_pda;
    kind->identifier.lo = v->identifier;
    if (v->is_pda) {
        for (int w = 0; w < 8; w++) kind->program_id.word[w] = 1;
        fill(kind->pda_seed, 0x02, 32);
    }
    if (v->a5_account) {
        for (int w = 0; w < 8; w++) account->owner.word[w] = (uint32_t)w + 1;
        account->balance.lo = 0xeaec417172dcbac0u;
        account->balance.hi = 0x0017c6e3bfd70fdeu;
        account->nonce.lo = 42;
        account->data = hola_data;
        account->data_len = 10;
    }
}

static void test_note_vectors(void)
{
    for (size_t i = 0; i < sizeof note_vectors / sizeof note_vectors[0]; i++) {
        const struct note_vector *v = &note_vectors[i];
        uint8_t esk[32], vsk[32], npk[32], vpk[33], epk[33], shared[32], shared_rx[32], id[32], commitment[32];
        uint8_t key[32], tag = 0, ct[256], pt[256], expect_pt[256];
        size_t ct_len = 0, pt_len = 149;
        lez_note_kind kind, got_kind;
        lez_account account, got;

        fill(esk, v->esk_byte, 32);
        unhex(a6_vsk, vsk, 32);
        unhex(a6_npk, npk, 32);
        unhex(a6_vpk, vpk, 33);
        note_inputs(v, &kind, &account);
        CU_ASSERT_EQUAL(lez_dh_sender(&ctx, esk, vpk, epk, shared), LEZ_OK);
        ASSERT_HEX(epk, v->epk);
        ASSERT_HEX(shared, v->shared);
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, vsk, epk, shared_rx), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(shared_rx, shared, 32), 0);
        CU_ASSERT_EQUAL(lez_account_id(npk, kind.identifier, kind.is_pda ? &kind.program_id : NULL, kind.pda_seed, id),
                        LEZ_OK);
        ASSERT_HEX(id, v->account_id);
        CU_ASSERT_EQUAL(lez_commitment(id, &account, commitment), LEZ_OK);
        ASSERT_HEX(commitment, v->commitment);
        CU_ASSERT_EQUAL(lez_note_key(shared, commitment, v->output_index, key), LEZ_OK);
        ASSERT_HEX(key, v->note_key);
        CU_ASSERT_EQUAL(lez_view_tag(npk, vpk, &tag), LEZ_OK);
        CU_ASSERT_EQUAL(tag, v->view_tag);
        CU_ASSERT_EQUAL(lez_note_encrypt(&ctx, shared, commitment, v->output_index, &kind, &account, ct, sizeof ct,
                                         &ct_len),
                        LEZ_OK);
        CU_ASSERT_EQUAL(ct_len, lez_note_len(&account));
        CU_ASSERT_EQUAL(ct_len, strlen(v->ciphertext) / 2);
        ASSERT_HEX(ct, v->ciphertext);
        memset(expect_pt, 0, sizeof expect_pt);
        if (v->plaintext != NULL) pt_len = unhex(v->plaintext, expect_pt, sizeof expect_pt);
        CU_ASSERT_EQUAL(pt_len, ct_len);
        CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, shared_rx, commitment, v->output_index, ct, ct_len, pt, sizeof pt,
                                         &got_kind, &got),
                        LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(pt, expect_pt, ct_len), 0);
        CU_ASSERT_EQUAL(memcmp(&got_kind, &kind, sizeof kind), 0);
        CU_ASSERT_EQUAL(memcmp(&got.owner, &account.owner, sizeof got.owner), 0);
        CU_ASSERT_EQUAL(memcmp(&got.balance, &account.balance, sizeof got.balance), 0);
        CU_ASSERT_EQUAL(memcmp(&got.nonce, &account.nonce, sizeof got.nonce), 0);
        CU_ASSERT_EQUAL(got.data_len, account.data_len);
        CU_ASSERT_EQUAL(got.data_len == 0 || memcmp(got.data, account.data, got.data_len) == 0, 1);
    }
}

/* ---- Malformed points ---------------------------------------------------------- */

static const struct { const char *name, *point; } bad_points[] = {
    { "uncompressed prefix", "04d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751" },
    { "prefix 00", "00d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751" },
    { "prefix 05", "05d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751" },
    { "hybrid prefix 06", "06d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751" },
    { "x = p (non-canonical 0)", "02fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f" },
    { "x = p + 1 (non-canonical 1)", "03fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30" },
    { "x = 2^256 - 1", "02ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" },
    { "x = 5, not on the curve", "020000000000000000000000000000000000000000000000000000000000000005" },
    { "x = 7, not on the curve", "030000000000000000000000000000000000000000000000000000000000000007" },
    { "infinity as zero x", "020000000000000000000000000000000000000000000000000000000000000000" },
};

static void test_bad_points(void)
{
    uint8_t vsk[32], esk[32], point[33], epk[33], shared[32];
    unhex(a6_vsk, vsk, 32);
    fill(esk, 0x03, 32);
    for (size_t i = 0; i < sizeof bad_points / sizeof bad_points[0]; i++) {
        unhex(bad_points[i].point, point, 33);
        fill(shared, 0xaa, 32);
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, vsk, point, shared), LEZ_E_POINT);
        CU_ASSERT_EQUAL(shared[0] | shared[31], 0);
        fill(epk, 0xaa, 33);
        CU_ASSERT_EQUAL(lez_dh_sender(&ctx, esk, point, epk, shared), LEZ_E_POINT);
        CU_ASSERT_EQUAL(epk[0] | epk[32] | shared[0], 0);
    }
}

/* ---- Scalars: 0 and ≥ n are errors, never reduced ----------------------------- */

static const struct { const char *scalar; lez_status expect; } scalars[] = {
    { "0000000000000000000000000000000000000000000000000000000000000000", LEZ_E_SCALAR },
    { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", LEZ_E_SCALAR }, /* n */
    { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142", LEZ_E_SCALAR }, /* n + 1 */
    { "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", LEZ_E_SCALAR },
    { "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", LEZ_OK },       /* n - 1 */
    { "0000000000000000000000000000000000000000000000000000000000000001", LEZ_OK },
};

static void test_scalars(void)
{
    uint8_t scalar[32], vpk[33], epk[33], shared[32];
    lez_tree_node parent, child;
    unhex(a6_vpk, vpk, 33);
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        unhex(scalars[i].scalar, scalar, 32);
        CU_ASSERT_EQUAL(lez_dh_sender(&ctx, scalar, vpk, epk, shared), scalars[i].expect);
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, scalar, vpk, shared), scalars[i].expect);
        /* A tree parent whose NSK is that scalar. */
        memset(&parent, 0, sizeof parent);
        memcpy(parent.keys.nsk, scalar, 32);
        unhex(a6_vsk, parent.keys.vsk, 32);
        CU_ASSERT_EQUAL(lez_tree_child(&ctx, &parent, 0, &child), scalars[i].expect);
    }
    /* n - 1 as esk: EPK = -G, i.e. G with odd y. */
    unhex(scalars[4].scalar, scalar, 32);
    CU_ASSERT_EQUAL(lez_dh_sender(&ctx, scalar, vpk, epk, shared), LEZ_OK);
    ASSERT_HEX(epk, "0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
}

/* ---- Truncated and crafted notes ------------------------------------------------- */

/* XOR with ChaCha20(key, 0, 0) through EVP directly: an independent path. */
static void evp_chacha20(const uint8_t key[32], uint8_t *buf, size_t n)
{
    static const uint8_t iv[16];
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int len;
    CU_ASSERT_FATAL(c != NULL);
    CU_ASSERT(EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv) == 1);
    CU_ASSERT(EVP_EncryptUpdate(c, buf, &len, buf, (int)n) == 1);
    EVP_CIPHER_CTX_free(c);
}

static const struct {
    const char *name;
    size_t len;          /* plaintext length */
    uint8_t kind_byte;
    uint32_t data_len;   /* written at offset 81 + 64 */
    lez_status expect;
} crafted[] = {
    { "empty", 0, 0, 0, LEZ_E_NOTE_SHORT },
    { "80 bytes", 80, 0, 0, LEZ_E_NOTE_SHORT },
    { "header only", 81, 0, 0, LEZ_E_NOTE_ACCOUNT_SHORT },
    { "kind 2", 149, 2, 0, LEZ_E_NOTE_KIND },
    { "kind 0xff", 149, 0xff, 0, LEZ_E_NOTE_KIND },
    { "148 bytes", 148, 0, 0, LEZ_E_NOTE_ACCOUNT_SHORT },
    { "data length 1, none", 149, 0, 1, LEZ_E_NOTE_DATA_TRUNCATED },
    { "data length 102401", 149, 1, 102401, LEZ_E_NOTE_DATA_TOO_LONG },
    { "data length 2^32-1", 149, 0, 0xffffffffu, LEZ_E_NOTE_DATA_TOO_LONG },
    { "data length 10, 9 present", 158, 0, 10, LEZ_E_NOTE_DATA_TRUNCATED },
    { "data length 10 exactly", 159, 0, 10, LEZ_OK },
    { "trailing bytes accepted", 170, 1, 10, LEZ_OK },
    { "data length 102400 present", 149 + 102400, 0, 102400, LEZ_OK },
};

static void test_crafted_notes(void)
{
    static uint8_t pt[149 + 102400], ct[149 + 102400], out[149 + 102400];
    uint8_t shared[32], commitment[32], key[32];
    lez_note_kind kind;
    lez_account account;

    fill(shared, 0x11, 32);
    fill(commitment, 0x22, 32);
    CU_ASSERT_EQUAL(lez_note_key(shared, commitment, 5, key), LEZ_OK);
    for (size_t i = 0; i < sizeof crafted / sizeof crafted[0]; i++) {
        size_t n = crafted[i].len;
        memset(pt, 0x5a, n); /* non-zero padding must be accepted */
        if (n > 0) pt[0] = crafted[i].kind_byte;
        if (n >= 149) {
            pt[81 + 64] = (uint8_t)crafted[i].data_len;
            pt[81 + 65] = (uint8_t)(crafted[i].data_len >> 8);
            pt[81 + 66] = (uint8_t)(crafted[i].data_len >> 16);
            pt[81 + 67] = (uint8_t)(crafted[i].data_len >> 24);
        }
        memcpy(ct, pt, n);
        evp_chacha20(key, ct, n);
        memset(out, 0xee, 200);
        CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, shared, commitment, 5, ct, n, out, n, &kind, &account), crafted[i].expect);
        if (crafted[i].expect == LEZ_OK) {
            CU_ASSERT_EQUAL(account.data_len, crafted[i].data_len);
            CU_ASSERT_PTR_EQUAL(account.data, out + 149);
            CU_ASSERT_EQUAL(memcmp(out, pt, n), 0);
            CU_ASSERT_EQUAL(kind.is_pda, crafted[i].kind_byte);
        } else {
            CU_ASSERT_EQUAL(account.data_len, 0);
            CU_ASSERT_PTR_NULL(account.data);
            CU_ASSERT_EQUAL(n == 0 || (out[0] | out[n - 1]) == 0, 1); /* wiped on failure */
        }
    }
}

/* The P3 ciphertext cut short at each length: every prefix is rejected. */
static void test_truncated_p3(void)
{
    const struct note_vector *v = &note_vectors[0];
    uint8_t shared[32], commitment[32], ct[256], pt[256];
    size_t n = unhex(v->ciphertext, ct, sizeof ct);
    lez_note_kind kind;
    lez_account account;
    unhex(v->shared, shared, 32);
    unhex(v->commitment, commitment, 32);
    for (size_t len = 0; len < n; len++) {
        lez_status expect = len < 81 ? LEZ_E_NOTE_SHORT : len < 149 ? LEZ_E_NOTE_ACCOUNT_SHORT : LEZ_E_NOTE_DATA_TRUNCATED;
        CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, shared, commitment, v->output_index, ct, len, pt, sizeof pt, &kind,
                                         &account),
                        expect);
    }
    CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, shared, commitment, v->output_index, ct, n, pt, sizeof pt, &kind, &account),
                    LEZ_OK);
    CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, shared, commitment, v->output_index, ct, n, pt, n - 1, &kind, &account),
                    LEZ_E_BUFFER);
}

/* ---- Mnemonic errors --------------------------------------------------------------- */

#define W22 "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon " \
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon"
#define W23 "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon " \
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon"

static const struct { const char *name, *sentence; lez_status expect; size_t bad_word; } bad_mnemonics[] = {
    { "valid", W23 " art", LEZ_OK, 0 },
    { "checksum", W23 " zoo", LEZ_E_MNEMONIC_CHECKSUM, 0 },
    { "checksum (abandon)", W23 " abandon", LEZ_E_MNEMONIC_CHECKSUM, 0 },
    { "23 words", W23, LEZ_E_MNEMONIC_WORDS, 0 },
    { "25 words", W23 " art art", LEZ_E_MNEMONIC_WORDS, 0 },
    { "trailing space", W23 " art ", LEZ_E_MNEMONIC_WORDS, 0 },
    { "empty", "", LEZ_E_MNEMONIC_WORDS, 0 },
    { "unknown last word", W23 " arts", LEZ_E_MNEMONIC_WORD, 23 },
    { "unknown first word", "abandonn " W22 " art", LEZ_E_MNEMONIC_WORD, 0 },
    { "upper case", "Abandon " W22 " art", LEZ_E_MNEMONIC_WORD, 0 },
    { "prefix of a word", "aband " W22 " art", LEZ_E_MNEMONIC_WORD, 0 },
    { "overlong word", "abandonabandon " W22 " art", LEZ_E_MNEMONIC_WORD, 0 },
    { "double space", "abandon  abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
                      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art",
      LEZ_E_MNEMONIC_WORD, 1 },
    { "NUL inside", "zoo\0 " W22 " art", LEZ_E_MNEMONIC_WORD, 0 },
};

static void test_bad_mnemonics(void)
{
    for (size_t i = 0; i < sizeof bad_mnemonics / sizeof bad_mnemonics[0]; i++) {
        const char *s = bad_mnemonics[i].sentence;
        size_t len = strcmp(bad_mnemonics[i].name, "NUL inside") == 0 ? 4 + strlen(s + 4) : strlen(s);
        uint8_t entropy[32];
        size_t bad = 999;
        lez_keychain keys;
        lez_status st = lez_mnemonic_to_entropy(s, len, entropy, &bad);
        CU_ASSERT_EQUAL(st, bad_mnemonics[i].expect);
        if (st != bad_mnemonics[i].expect) fprintf(stderr, "\n  %s: got %d\n", bad_mnemonics[i].name, (int)st);
        if (st == LEZ_E_MNEMONIC_WORD) CU_ASSERT_EQUAL(bad, bad_mnemonics[i].bad_word);
        if (st != LEZ_OK) {
            CU_ASSERT_EQUAL(entropy[0] | entropy[31], 0);
            CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, s, len, "", 0, &keys, NULL, &bad), bad_mnemonics[i].expect);
            CU_ASSERT_EQUAL(keys.vpk[0], 0);
        }
    }
}

/* ---- NFKD: BIP-39 hashes NFKD-normalised UTF-8 (spec §2) --------------------- */

#define ABANDON_ART W23 " art"

/* Each composed or compatibility form (nfkd = 0) must give the seed of its
 * NFKD form (the row after it, nfkd = 1). The seeds were computed apart from
 * this code, with python3 3.11 (unicodedata is Unicode 14.0, as libunistring
 * 1.0 is):
 *   NFKD = lambda s: unicodedata.normalize("NFKD", s).encode()
 *   hashlib.pbkdf2_hmac("sha512", NFKD(sentence), b"mnemonic" + NFKD(passphrase), 2048, 64).hex()
 * The test also checks that PBKDF2 of the row's own bytes gives the seed
 * exactly when the row is in NFKD form, so every nfkd = 0 row fails if
 * normalisation is skipped. "fullwidth TREZOR" is also the published
 * TREZOR vector. Passphrases are repeated `repeat` times. */
static const struct {
    const char *name, *sentence, *passphrase;
    unsigned repeat;
    int nfkd;
    const char *seed;
} nfkd_seeds[] = {
    { "fullwidth TREZOR", ABANDON_ART, "\xef\xbc\xb4\xef\xbc\xb2\xef\xbc\xa5\xef\xbc\xba\xef\xbc\xaf\xef\xbc\xb2", 1, 0,
      "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd30971"
      "70af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8" },
    { "TREZOR", ABANDON_ART, "TREZOR", 1, 1,
      "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd30971"
      "70af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8" },
    { "fullwidth A", ABANDON_ART, "\xef\xbc\xa1", 1, 0,
      "cdb49d57f82f780301407d0622e282486e09d75eeb5dbd0dbcf54f62375aa2ca"
      "ddececa00c2397d1c0740577dc4f135c6b623daa78cae10f022b366195363b13" },
    { "A", ABANDON_ART, "A", 1, 1,
      "cdb49d57f82f780301407d0622e282486e09d75eeb5dbd0dbcf54f62375aa2ca"
      "ddececa00c2397d1c0740577dc4f135c6b623daa78cae10f022b366195363b13" },
    { "e acute composed", ABANDON_ART, "caf\xc3\xa9", 1, 0,
      "5473db1e091268961306abc6ec40fa37dde0a3941bfcd1dc51ec8dba85b1808f"
      "677044cbd09379624b76078694a6ec1d665edd442911d5e054fca1495234a4a1" },
    { "e acute decomposed", ABANDON_ART, "cafe\xcc\x81", 1, 1,
      "5473db1e091268961306abc6ec40fa37dde0a3941bfcd1dc51ec8dba85b1808f"
      "677044cbd09379624b76078694a6ec1d665edd442911d5e054fca1495234a4a1" },
    { "fi ligature", ABANDON_ART, "\xef\xac\x81", 1, 0,
      "00b741364fb7a65be8a2d5f3e1844bf94c8fa35fef5b0d67d432351a7b468d82"
      "7722306412fa1710316e5367054d59106b2da6ff4eeafb3ba9baa9e1fef55016" },
    { "fi", ABANDON_ART, "fi", 1, 1,
      "00b741364fb7a65be8a2d5f3e1844bf94c8fa35fef5b0d67d432351a7b468d82"
      "7722306412fa1710316e5367054d59106b2da6ff4eeafb3ba9baa9e1fef55016" },
    { "hangul syllable", ABANDON_ART, "\xed\x95\x9c", 1, 0,
      "b75ccf947d3026d10a5221992adb88e7ede7020e62b0950433a131756f25362f"
      "9b77283b5e6cb90074995d9c2727f958fe5fe27a6cb9b90b0a4d41ec858cc28b" },
    { "hangul jamo", ABANDON_ART, "\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab", 1, 1,
      "b75ccf947d3026d10a5221992adb88e7ede7020e62b0950433a131756f25362f"
      "9b77283b5e6cb90074995d9c2727f958fe5fe27a6cb9b90b0a4d41ec858cc28b" },
    { "marks out of canonical order", ABANDON_ART, "a\xcc\x81\xcc\x96", 1, 0,
      "b2dc81121a1365237d4b2e9052f4aa032d07c9c131a5e6232b32bfb48491e501"
      "4d6fdb31c5da25f3a6c6c78b8be18ceaaa0b3db0947dc9a60ffd100bdd1e794f" },
    { "marks in canonical order", ABANDON_ART, "a\xcc\x96\xcc\x81", 1, 1,
      "b2dc81121a1365237d4b2e9052f4aa032d07c9c131a5e6232b32bfb48491e501"
      "4d6fdb31c5da25f3a6c6c78b8be18ceaaa0b3db0947dc9a60ffd100bdd1e794f" },
    { "ohm sign", ABANDON_ART, "\xe2\x84\xa6", 1, 0,
      "b1682797ac12826fc5e007f72912ca869c6ad0460ced9394ef24628606eb5198"
      "357fe849521f858b8d3956332cbb4fc398dc8ca57825872b5b887a1cf0c7d1bc" },
    { "omega", ABANDON_ART, "\xce\xa9", 1, 1,
      "b1682797ac12826fc5e007f72912ca869c6ad0460ced9394ef24628606eb5198"
      "357fe849521f858b8d3956332cbb4fc398dc8ca57825872b5b887a1cf0c7d1bc" },
    { "vulgar fraction one half", ABANDON_ART, "\xc2\xbd", 1, 0,
      "fe044ce9e9b7c735347dd72c4b51be467754a1d137fd187458be24cfd181c4fe"
      "b76eda46663d4b020156a177116a8e7f5cd0b3a7f1a6ff4f757a0762b5ba0578" },
    { "1, fraction slash, 2", ABANDON_ART, "1\xe2\x81\x84" "2", 1, 1,
      "fe044ce9e9b7c735347dd72c4b51be467754a1d137fd187458be24cfd181c4fe"
      "b76eda46663d4b020156a177116a8e7f5cd0b3a7f1a6ff4f757a0762b5ba0578" },
    { "no-break space", ABANDON_ART, "a\xc2\xa0" "b", 1, 0,
      "37272327b4d884f5f05cd39ae1dac8a8f1f273ad2d6247e285aa4559e5b503dc"
      "0395e29445f84ff2fb7c8ad32cb7deac15dc23543bc9497c549e5eed68f1e48e" },
    { "space", ABANDON_ART, "a b", 1, 1,
      "37272327b4d884f5f05cd39ae1dac8a8f1f273ad2d6247e285aa4559e5b503dc"
      "0395e29445f84ff2fb7c8ad32cb7deac15dc23543bc9497c549e5eed68f1e48e" },
    { "U+FDFA x 341: 1023 bytes, NFKD 11253", ABANDON_ART, "\xef\xb7\xba", 341, 0,
      "87e39cf38cd9b9f3d20b04e410f149aaaf82a5e72f04a0a5a5a6cb78cc5a12ac"
      "3504182e7a69cefa6a92d2a908247bcef2277172b90249835aad8d9b70ea7b6e" },
    { "sentence composed", "caf\xc3\xa9 na\xc3\xafve", "", 1, 0,
      "75c3bd10d87715851187ed8e840b051aa728fb418c4d2cba6ccddfb9e0af9bf5"
      "433d2cd9676be071b19cc2d00342c3d973f4a36d1310dcd5fab464edcb8e298c" },
    { "sentence decomposed", "cafe\xcc\x81 nai\xcc\x88ve", "", 1, 1,
      "75c3bd10d87715851187ed8e840b051aa728fb418c4d2cba6ccddfb9e0af9bf5"
      "433d2cd9676be071b19cc2d00342c3d973f4a36d1310dcd5fab464edcb8e298c" },
};

static void pbkdf2_raw(const char *sentence, const uint8_t *pass, size_t pass_len, uint8_t seed[64])
{
    static uint8_t salt[8 + 1024];
    CU_ASSERT_FATAL(pass_len <= 1024);
    memcpy(salt, "mnemonic", 8);
    memcpy(salt + 8, pass, pass_len);
    CU_ASSERT_FATAL(PKCS5_PBKDF2_HMAC(sentence, (int)strlen(sentence), salt, (int)(8 + pass_len), 2048, EVP_sha512(),
                                      64, seed) == 1);
}

static void test_nfkd_seeds(void)
{
    static const uint8_t zero_entropy[32];
    for (size_t i = 0; i < sizeof nfkd_seeds / sizeof nfkd_seeds[0]; i++) {
        static uint8_t pass[1024];
        const char *s = nfkd_seeds[i].sentence;
        size_t one = strlen(nfkd_seeds[i].passphrase), pass_len = one * nfkd_seeds[i].repeat;
        uint8_t expect[64], seed[64], raw[64];
        lez_keychain keys;

        CU_ASSERT_FATAL(pass_len <= sizeof pass);
        for (unsigned r = 0; r < nfkd_seeds[i].repeat; r++) memcpy(pass + r * one, nfkd_seeds[i].passphrase, one);
        unhex(nfkd_seeds[i].seed, expect, sizeof expect);
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(s, strlen(s), (const char *)pass, pass_len, seed), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
        pbkdf2_raw(s, pass, pass_len, raw);
        CU_ASSERT_EQUAL(memcmp(raw, expect, 64) == 0, nfkd_seeds[i].nfkd);
        if (memcmp(seed, expect, 64) != 0) fprintf(stderr, "\n  %s: wrong seed\n", nfkd_seeds[i].name);
        if (strcmp(s, ABANDON_ART) != 0) continue;
        /* The same passphrase through the keychain entry points (entropy 0
         * is "abandon ... art"): their seed output is the BIP-39 seed. */
        {
            char sentence[LEZ_MNEMONIC_MAX];
            size_t len = 0, bad = 99;
            memset(seed, 0xa5, sizeof seed);
            CU_ASSERT_EQUAL(lez_keychain_from_entropy(&ctx, zero_entropy, (const char *)pass, pass_len, sentence, &len,
                                                      &keys, seed),
                            LEZ_OK);
            CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
            memset(seed, 0xa5, sizeof seed);
            CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, s, strlen(s), (const char *)pass, pass_len, &keys, seed,
                                                       &bad),
                            LEZ_OK);
            CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
        }
    }
}

/* A published English vector (TREZOR) typed in compatibility forms; with
 * `fullwidth`, every letter becomes its fullwidth form (U+FF41..) and every
 * space U+3000. lez_keychain_from_mnemonic must parse the NFKD form and give
 * the published seed and the keys of the plain sentence. */
#define ABSENT_24 "absent gorilla van acoustic humor firm title dolphin bulk barely citizen recall crane moment aspect appear track phrase actual enforce steel spoon afraid benefit"
#define ABSENT_24_SEED "2e3c58340e28b1e70f1bec7393459fd4c16058aacd6c87d99439616742daf02f" \
                       "9d18d919fe7c74a34a2a9d2b417e9a9021fcc8f820e257e355762cbbece5eea2"

static const struct { const char *name, *sentence, *passphrase; int fullwidth; } nfkd_mnemonics[] = {
    { "fi ligature in firm",
      "absent gorilla van acoustic humor \xef\xac\x81rm title dolphin bulk barely citizen recall crane moment aspect "
      "appear track phrase actual enforce steel spoon afraid benefit",
      "TREZOR", 0 },
    { "fullwidth absent, U+3000 after it",
      "\xef\xbd\x81\xef\xbd\x82\xef\xbd\x93\xef\xbd\x85\xef\xbd\x8e\xef\xbd\x94\xe3\x80\x80gorilla van acoustic humor "
      "firm title dolphin bulk barely citizen recall crane moment aspect appear track phrase actual enforce steel "
      "spoon afraid benefit",
      "TREZOR", 0 },
    { "no-break spaces, fullwidth TREZOR",
      "absent gorilla\xc2\xa0van\xc2\xa0" "acoustic humor firm title dolphin bulk barely citizen recall crane moment "
      "aspect appear track phrase actual enforce steel spoon afraid benefit",
      "\xef\xbc\xb4\xef\xbc\xb2\xef\xbc\xa5\xef\xbc\xba\xef\xbc\xaf\xef\xbc\xb2", 0 },
    { "all fullwidth (483 bytes), U+3000 between words", ABSENT_24, "TREZOR", 1 },
};

/* ASCII letters to U+FF41.., spaces to U+3000: 3 bytes each. */
static size_t to_fullwidth(const char *ascii, char *out)
{
    size_t n = 0;
    for (const char *p = ascii; *p != '\0'; p++) {
        unsigned c = *p == ' ' ? 0x3000u : 0xff41u + (unsigned)(*p - 'a');
        out[n++] = (char)(0xe0 | c >> 12);
        out[n++] = (char)(0x80 | (c >> 6 & 0x3f));
        out[n++] = (char)(0x80 | (c & 0x3f));
    }
    out[n] = '\0';
    return n;
}

static void test_nfkd_mnemonics(void)
{
    lez_keychain plain, keys;
    uint8_t expect[64], seed[64];
    size_t bad = 99;

    unhex(ABSENT_24_SEED, expect, sizeof expect);
    CU_ASSERT_EQUAL_FATAL(lez_keychain_from_mnemonic(&ctx, ABSENT_24, strlen(ABSENT_24), "TREZOR", 6, &plain, seed, &bad),
                          LEZ_OK);
    CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
    for (size_t i = 0; i < sizeof nfkd_mnemonics / sizeof nfkd_mnemonics[0]; i++) {
        char text[3 * LEZ_MNEMONIC_MAX];
        const char *s = nfkd_mnemonics[i].sentence, *p = nfkd_mnemonics[i].passphrase;
        size_t len = nfkd_mnemonics[i].fullwidth ? to_fullwidth(s, text) : strlen(s);
        uint8_t entropy[32];

        if (nfkd_mnemonics[i].fullwidth) s = text;
        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, s, len, p, strlen(p), &keys, seed, &bad), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
        CU_ASSERT_EQUAL(memcmp(&keys, &plain, sizeof keys), 0);
        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(s, len, p, strlen(p), seed), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(seed, expect, 64), 0);
        /* The parser itself takes bytes as they are: normalising is the
         * keychain's job, so the raw text is not a mnemonic to it. */
        CU_ASSERT_NOT_EQUAL(lez_mnemonic_to_entropy(s, len, entropy, NULL), LEZ_OK);
    }
}

/* Japanese BIP-39 vectors: every entry of test_JP_BIP39.json in
 * github.com/bip32JP/bip32JP.github.io (commit 2ec91ad18196ed96596ac8a63fb6b6cd295973b0),
 * phrases and seeds pasted as published; all share the passphrase below.
 * Words are joined by U+3000, kana are composed (NFC) and the passphrase
 * holds U+334D and U+309E, so none passes without NFKD. The LEZ wordlist is
 * English, so these go through lez_mnemonic_to_seed only. */
#define JP_PASSPHRASE "㍍ガバヴァぱばぐゞちぢ十人十色"

static const struct { const char *phrase, *seed; } jp_vectors[] = {
    { "あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あおぞら",
      "a262d6fb6122ecf45be09c50492b31f92e9beb7d9a845987a02cefda57a15f9c"
      "467a17872029a9e92299b5cbdf306e3a0ee620245cbd508959b6cb7ca637bd55" },
    { "そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　やちん　そつう　れきだい　ほんやく　わかめ",
      "aee025cbe6ca256862f889e48110a6a382365142f7d16f2b9545285b3af64e54"
      "2143a577e9c144e101a6bdca18f8d97ec3366ebf5b088b1c1af9bc31346e60d9" },
    { "そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　いよく　そとづら　あまど　おおう　あかちゃん",
      "e51736736ebdf77eda23fa17e31475fa1d9509c78f1deb6b4aacfbd760a7e2ad"
      "769c714352c95143b5c1241985bcb407df36d64e75dd5a2b78ca5d2ba82a3544" },
    { "われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　ろんぶん",
      "4cd2ef49b479af5e1efbbd1e0bdc117f6a29b1010211df4f78e2ed4008286579"
      "3e57949236c43b9fe591ec70e5bb4298b8b71dc4b267bb96ed4ed282c8f7761c" },
    { "あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あらいぐま",
      "d99e8f1ce2d4288d30b9c815ae981edd923c01aa4ffdc5dee1ab5fe0d4a3e139"
      "66023324d119105aff266dac32e5cd11431eeca23bbd7202ff423f30d6776d69" },
    { "そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　やちん　そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　やちん　そつう　れいぎ",
      "eaaf171efa5de4838c758a93d6c86d2677d4ccda4a064a7136344e975f91fe61"
      "340ec8a615464b461d67baaf12b62ab5e742f944c7bd4ab6c341fbafba435716" },
    { "そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　いよく　そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　いよく　そとづら　いきなり",
      "aec0f8d3167a10683374c222e6e632f2940c0826587ea0a73ac5d0493b6a6325"
      "90179a6538287641a9fc9df8e6f24e01bf1be548e1f74fd7407ccd72ecebe425" },
    { "われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　りんご",
      "f0f738128a65b8d1854d68de50ed97ac1831fc3a978c569e415bbcb431a6a671"
      "d4377e3b56abd518daa861676c4da75a19ccb41e00c37d086941e471a4374b95" },
    { "あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　あいこくしん　いってい",
      "23f500eec4a563bf90cfda87b3e590b211b959985c555d17e88f46f7183590cd"
      "5793458b094a4dccc8f05807ec7bd2d19ce269e20568936a751f6f1ec7c14ddd" },
    { "そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　やちん　そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　やちん　そつう　れきだい　ほんやく　わかす　りくつ　ばいか　ろせん　まんきつ",
      "cd354a40aa2e241e8f306b3b752781b70dfd1c69190e510bc1297a9c5738e833"
      "bcdc179e81707d57263fb7564466f73d30bf979725ff783fb3eb4baa86560b05" },
    { "そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　いよく　そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　いよく　そとづら　あまど　おおう　あこがれる　いくぶん　けいけん　あたえる　うめる",
      "6b7cd1b2cdfeeef8615077cadd6a0625f417f287652991c80206dbd82db17bf3"
      "17d5c50a80bd9edd836b39daa1b6973359944c46d3fcc0129198dc7dc5cd0e68" },
    { "われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　われる　らいう",
      "a44ba7054ac2f9226929d56505a51e13acdaa8a9097923ca07ea465c4c7e294c"
      "038f3f4e7e4b373726ba0057191aced6e48ac8d183f3a11569c426f0de414623" },
    { "せまい　うちがわ　あずき　かろう　めずらしい　だんち　ますく　おさめる　ていぼう　あたる　すあな　えしゃく",
      "344cef9efc37d0cb36d89def03d09144dd51167923487eec42c487f742890854"
      "6fa31a3c26b7391a2b3afe7db81b9f8c5007336b58e269ea0bd10749a87e0193" },
    { "ぬすむ　ふっかつ　うどん　こうりつ　しつじ　りょうり　おたがい　せもたれ　あつめる　いちりゅう　はんしゃ　ごますり　そんけい　たいちょう　らしんばん　ぶんせき　やすみ　ほいく",
      "b14e7d35904cb8569af0d6a016cee7066335a21c1c67891b01b83033cadb3e8a"
      "034a726e3909139ecd8b2eb9e9b05245684558f329b38480e262c1d6bc20ecc4" },
    { "くのう　てぬぐい　そんかい　すろっと　ちきゅう　ほあん　とさか　はくしゅ　ひびく　みえる　そざい　てんすう　たんぴん　くしょう　すいようび　みけん　きさらぎ　げざん　ふくざつ　あつかう　はやい　くろう　おやゆび　こすう",
      "32e78dce2aff5db25aa7a4a32b493b5d10b4089923f3320c8b287a77e5124554"
      "43298351beb3f7eb2390c4662a2e566eec5217e1a37467af43b46668d515e41b" },
    { "あみもの　いきおい　ふいうち　にげる　ざんしょ　じかん　ついか　はたん　ほあん　すんぽう　てちがい　わかめ",
      "0acf902cd391e30f3f5cb0605d72a4c849342f62bd6a360298c7013d714d7e58"
      "ddf9c7fdf141d0949f17a2c9c37ced1d8cb2edabab97c4199b142c829850154b" },
    { "すろっと　にくしみ　なやむ　たとえる　へいこう　すくう　きない　けってい　とくべつ　ねっしん　いたみ　せんせい　おくりがな　まかい　とくい　けあな　いきおい　そそぐ",
      "9869e220bec09b6f0c0011f46e1f9032b269f096344028f5006a6e69ea5b0b8a"
      "fabbb6944a23e11ebd021f182dd056d96e4e3657df241ca40babda532d364f73" },
    { "かほご　きうい　ゆたか　みすえる　もらう　がっこう　よそう　ずっと　ときどき　したうけ　にんか　はっこう　つみき　すうじつ　よけい　くげん　もくてき　まわり　せめる　げざい　にげる　にんたい　たんそく　ほそく",
      "713b7e70c9fbc18c831bfd1f03302422822c3727a93a5efb9659bec6ad8d6f2c"
      "1b5c8ed8b0b77775feaf606e9d1cc0a84ac416a85514ad59f5541ff5e0382481" },
    { "めいえん　さのう　めだつ　すてる　きぬごし　ろんぱ　はんこ　まける　たいおう　さかいし　ねんいり　はぶらし",
      "06e1d5289a97bcc95cb4a6360719131a786aba057d8efd603a547bd254261c2a"
      "97fcd3e8a4e766d5416437e956b388336d36c7ad2dba4ee6796f0249b10ee961" },
    { "せんぱい　おしえる　ぐんかん　もらう　きあい　きぼう　やおや　いせえび　のいず　じゅしん　よゆう　きみつ　さといも　ちんもく　ちわわ　しんせいじ　とめる　はちみつ",
      "1fef28785d08cbf41d7a20a3a6891043395779ed74503a5652760ee8c24dfe60"
      "972105ee71d5168071a35ab7b5bd2f8831f75488078a90f0926c8e9171b2bc4a" },
    { "こころ　いどう　きあつ　そうがんきょう　へいあん　せつりつ　ごうせい　はいち　いびき　きこく　あんい　おちつく　きこえる　けんとう　たいこ　すすめる　はっけん　ていど　はんおん　いんさつ　うなぎ　しねま　れいぼう　みつかる",
      "43de99b502e152d4c198542624511db3007c8f8f126a30818e856b2d8a20400d"
      "29e7a7e3fdd21f909e23be5e3c8d9aee3a739b0b65041ff0b8637276703f65c2" },
    { "うりきれ　さいせい　じゆう　むろん　とどける　ぐうたら　はいれつ　ひけつ　いずれ　うちあわせ　おさめる　おたく",
      "3d711f075ee44d8b535bb4561ad76d7d5350ea0b1f5d2eac054e869ff7963cdc"
      "e9581097a477d697a2a9433a0c6884bea10a2193647677977c9820dd0921cbde" },
    { "うりきれ　うねる　せっさたくま　きもち　めんきょ　へいたく　たまご　ぜっく　びじゅつかん　さんそ　むせる　せいじ　ねくたい　しはらい　せおう　ねんど　たんまつ　がいけん",
      "753ec9e333e616e9471482b4b70a18d413241f1e335c65cd7996f32b66cf9554"
      "6612c51dcf12ead6f805f9ee3d965846b894ae99b24204954be80810d292fcdd" },
    { "うちゅう　ふそく　ひしょ　がちょう　うけもつ　めいそう　みかん　そざい　いばる　うけとる　さんま　さこつ　おうさま　ぱんつ　しひょう　めした　たはつ　いちぶ　つうじょう　てさぎょう　きつね　みすえる　いりぐち　かめれおん",
      "346b7321d8c04f6f37b49fdf062a2fddc8e1bf8f1d33171b65074531ec546d1d"
      "3469974beccb1a09263440fc92e1042580a557fdce314e27ee4eabb25fa5e5fe" },
};

static void test_japanese_vectors(void)
{
    for (size_t i = 0; i < sizeof jp_vectors / sizeof jp_vectors[0]; i++) {
        uint8_t seed[64];
        const char *m = jp_vectors[i].phrase;
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(m, strlen(m), JP_PASSPHRASE, strlen(JP_PASSPHRASE), seed), LEZ_OK);
        ASSERT_HEX(seed, jp_vectors[i].seed);
    }
}

/* Text that is not UTF-8 (RFC 3629), refused wherever it is the sentence or
 * the passphrase, with every output zeroed. Each would otherwise reach
 * u8_normalize, which reads a bad sequence as U+FFFD. */
static const struct { const char *name, *bytes; } bad_utf8[] = {
    { "stray continuation byte", "caf\x80" },
    { "truncated at the end", "caf\xc3" },
    { "lead byte then ASCII", "caf\xc3" "e" },
    { "truncated 3-byte sequence", "\xe2\x82" },
    { "overlong NUL", "\xc0\x80" },
    { "overlong slash (3 bytes)", "\xe0\x80\xaf" },
    { "surrogate U+D800", "\xed\xa0\x80" },
    { "above U+10FFFF", "\xf4\x90\x80\x80" },
    { "5-byte form", "\xf8\x88\x80\x80\x80" },
    { "byte 0xFF", "\xff" },
    { "Latin-1 e acute", "caf\xe9" },
};

static void test_bad_utf8(void)
{
    static const uint8_t zero[LEZ_MNEMONIC_MAX], zero_entropy[32];
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof bad_utf8[0]; i++) {
        const char *b = bad_utf8[i].bytes;
        size_t n = strlen(b), bad = 99, len = 7;
        uint8_t seed[64];
        char sentence[LEZ_MNEMONIC_MAX];
        lez_keychain keys;

        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(b, n, "", 0, seed), LEZ_E_MNEMONIC_UTF8);
        CU_ASSERT_EQUAL(memcmp(seed, zero, 64), 0);
        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(ABANDON_ART, strlen(ABANDON_ART), b, n, seed), LEZ_E_PASSPHRASE_UTF8);
        CU_ASSERT_EQUAL(memcmp(seed, zero, 64), 0);
        CU_ASSERT_EQUAL(lez_mnemonic_to_seed(b, n, b, n, seed), LEZ_E_MNEMONIC_UTF8);

        memset(&keys, 0xa5, sizeof keys);
        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, b, n, "", 0, &keys, seed, &bad), LEZ_E_MNEMONIC_UTF8);
        CU_ASSERT_EQUAL(bad, 99);
        CU_ASSERT_EQUAL(memcmp(&keys, zero, sizeof keys) | memcmp(seed, zero, 64), 0);
        memset(&keys, 0xa5, sizeof keys);
        memset(seed, 0xa5, sizeof seed);
        CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, ABANDON_ART, strlen(ABANDON_ART), b, n, &keys, seed, &bad),
                        LEZ_E_PASSPHRASE_UTF8);
        CU_ASSERT_EQUAL(memcmp(&keys, zero, sizeof keys) | memcmp(seed, zero, 64), 0);
        memset(&keys, 0xa5, sizeof keys);
        memset(sentence, 'x', sizeof sentence);
        CU_ASSERT_EQUAL(lez_keychain_from_entropy(&ctx, zero_entropy, b, n, sentence, &len, &keys, NULL),
                        LEZ_E_PASSPHRASE_UTF8);
        CU_ASSERT_EQUAL(len, 0);
        CU_ASSERT_EQUAL(memcmp(sentence, zero, sizeof sentence) | memcmp(&keys, zero, sizeof keys), 0);
    }
    CU_ASSERT_STRING_EQUAL(lez_status_str(LEZ_E_PASSPHRASE_UTF8), "passphrase is not valid UTF-8");
}

/* Mnemonic errors found in the NFKD form, and the length limits. */
static void test_nfkd_limits(void)
{
    static char long_text[4 * 215 + 2], pass[1026];
    uint8_t seed[64];
    size_t bad = 99;
    lez_keychain keys;
    const char *jp = jp_vectors[8].phrase; /* 24 Japanese words */

    /* Word 2 is unknown; U+3000 is the separator before it. */
    CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, "abandon\xe3\x80\x80" "abandonn " W22, strlen("abandon\xe3\x80\x80"
                                               "abandonn " W22), "", 0, &keys, NULL, &bad),
                    LEZ_E_MNEMONIC_WORD);
    CU_ASSERT_EQUAL(bad, 1);
    /* 24 Japanese words: NFKD (3 bytes a kana, more with marks) makes them
     * longer than any 24 English words, so not even the split is tried. */
    CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, jp, strlen(jp), "", 0, &keys, NULL, &bad), LEZ_E_MNEMONIC_WORDS);
    /* 24 fullwidth words fit (NFKD shrinks them threefold); a sentence no
     * NFKD could bring under 216 bytes is refused before normalising. */
    memset(long_text, 'a', sizeof long_text - 1);
    CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, long_text, 4 * 215 + 1, "", 0, &keys, NULL, &bad),
                    LEZ_E_MNEMONIC_WORDS);
    /* Passphrases: 1024 bytes as given, ASCII or not. */
    memset(pass, 'p', sizeof pass);
    CU_ASSERT_EQUAL(lez_mnemonic_to_seed("x", 1, pass, 1024, seed), LEZ_OK);
    CU_ASSERT_EQUAL(lez_mnemonic_to_seed("x", 1, pass, 1025, seed), LEZ_E_ARG);
    memcpy(pass + 1022, "\xc3\xa9", 2);
    CU_ASSERT_EQUAL(lez_mnemonic_to_seed("x", 1, pass, 1024, seed), LEZ_OK);
    memcpy(pass + 1023, "\xc3\xa9", 2);
    CU_ASSERT_EQUAL(lez_mnemonic_to_seed("x", 1, pass, 1025, seed), LEZ_E_ARG);
}

/* ---- Random round trips and wrong keys -------------------------------------------- */

static void test_random_round_trips(void)
{
    static uint8_t data[512], ct[149 + 512], pt[149 + 512], expect[149 + 512];
    for (int round = 0; round < 64; round++) {
        uint8_t ssk[32], other_ssk[32], epk[33], shared[32], rx[32], wrong[32], commitment[32], key[32], r = 0;
        lez_keychain keys, other;
        lez_note_kind kind, got_kind;
        lez_account account, got;
        size_t ct_len = 0;
        uint32_t output_index;

        CU_ASSERT_FATAL(RAND_bytes(ssk, 32) == 1 && RAND_bytes(other_ssk, 32) == 1 && RAND_bytes(&r, 1) == 1);
        CU_ASSERT_FATAL(RAND_bytes(data, sizeof data) == 1 && RAND_bytes(commitment, 32) == 1);
        CU_ASSERT_EQUAL_FATAL(lez_keys_from_ssk(&ctx, ssk, (uint32_t)round, &keys), LEZ_OK);
        CU_ASSERT_EQUAL_FATAL(lez_keys_from_ssk(&ctx, other_ssk, 0, &other), LEZ_OK);
        memset(&kind, 0, sizeof kind);
        memset(&account, 0, sizeof account);
        kind.is_pda = r & 1;
        CU_ASSERT_FATAL(RAND_bytes((uint8_t *)&kind.identifier, sizeof kind.identifier) == 1);
        CU_ASSERT_FATAL(RAND_bytes((uint8_t *)&kind.program_id, sizeof kind.program_id) == 1);
        CU_ASSERT_FATAL(RAND_bytes(kind.pda_seed, 32) == 1);
        if (!kind.is_pda) {
            memset(&kind.program_id, 0, sizeof kind.program_id);
            memset(kind.pda_seed, 0, 32);
        }
        CU_ASSERT_FATAL(RAND_bytes((uint8_t *)&account.owner, sizeof account.owner) == 1);
        CU_ASSERT_FATAL(RAND_bytes((uint8_t *)&account.balance, sizeof account.balance) == 1);
        CU_ASSERT_FATAL(RAND_bytes((uint8_t *)&account.nonce, sizeof account.nonce) == 1);
        account.data = data;
        account.data_len = (size_t)round * 8 % sizeof data;
        output_index = (uint32_t)round * 2654435761u;

        CU_ASSERT_EQUAL(lez_dh_sender_random(&ctx, keys.vpk, epk, shared), LEZ_OK);
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, keys.vsk, epk, rx), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(rx, shared, 32), 0);
        CU_ASSERT_EQUAL(lez_note_encrypt(&ctx, shared, commitment, output_index, &kind, &account, ct, sizeof ct, &ct_len),
                        LEZ_OK);
        /* Independent check: plaintext = serialisation, cipher = EVP ChaCha20. */
        memcpy(expect, ct, ct_len);
        CU_ASSERT_EQUAL(lez_note_key(shared, commitment, output_index, key), LEZ_OK);
        evp_chacha20(key, expect, ct_len);
        CU_ASSERT_EQUAL(expect[0], kind.is_pda);
        CU_ASSERT_EQUAL(memcmp(expect + 81 + 68, data, account.data_len), 0);

        CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, rx, commitment, output_index, ct, ct_len, pt, sizeof pt, &got_kind, &got),
                        LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(&got_kind, &kind, sizeof kind), 0);
        CU_ASSERT_EQUAL(memcmp(&got.owner, &account.owner, sizeof got.owner), 0);
        CU_ASSERT_EQUAL(memcmp(&got.balance, &account.balance, sizeof got.balance), 0);
        CU_ASSERT_EQUAL(memcmp(&got.nonce, &account.nonce, sizeof got.nonce), 0);
        CU_ASSERT_EQUAL(got.data_len, account.data_len);
        CU_ASSERT_EQUAL(memcmp(got.data, data, got.data_len), 0);
        /* Wrong key: a different shared secret; the note must not come back. */
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, other.vsk, epk, wrong), LEZ_OK);
        CU_ASSERT_NOT_EQUAL(memcmp(wrong, shared, 32), 0);
        {
            lez_status st = lez_note_decrypt(&ctx, wrong, commitment, output_index, ct, ct_len, pt, sizeof pt, &got_kind,
                                             &got);
            CU_ASSERT(st == LEZ_OK || (st >= LEZ_E_NOTE_SHORT && st <= LEZ_E_NOTE_DATA_TRUNCATED));
            if (st == LEZ_OK) CU_ASSERT(got.data + got.data_len <= pt + ct_len);
            CU_ASSERT(st != LEZ_OK || memcmp(&got_kind, &kind, sizeof kind) != 0);
        }
        /* Wrong output index: also a different key. */
        CU_ASSERT_EQUAL(lez_note_decrypt(&ctx, rx, commitment, output_index + 1, ct, ct_len, pt, sizeof pt, &got_kind,
                                         &got) == LEZ_OK && memcmp(&got_kind, &kind, sizeof kind) == 0,
                        0);
    }
}

/* The P3 note opened with other keychains' VSKs (A1 master, P1): rejected. */
static void test_wrong_keys_p3(void)
{
    static const char *wrong_vsk[] = {
        "9b5a364be48244c981fbb4c3fa4022e6f1ccd832959c0a43d04a090a2f3b32ca",
        "7c3c32b1f7a5f9bd2de317c88e5a955489e64f04d77e32b153cb725aa09e663d",
    };
    const struct note_vector *v = &note_vectors[0];
    uint8_t vsk[32], epk[33], shared[32], commitment[32], ct[256], pt[256];
    size_t n = unhex(v->ciphertext, ct, sizeof ct);
    lez_note_kind kind;
    lez_account account;
    unhex(v->epk, epk, 33);
    unhex(v->commitment, commitment, 32);
    for (size_t i = 0; i < sizeof wrong_vsk / sizeof wrong_vsk[0]; i++) {
        unhex(wrong_vsk[i], vsk, 32);
        CU_ASSERT_EQUAL(lez_dh_receiver(&ctx, vsk, epk, shared), LEZ_OK);
        CU_ASSERT_NOT_EQUAL(lez_note_decrypt(&ctx, shared, commitment, v->output_index, ct, n, pt, sizeof pt, &kind,
                                             &account),
                            LEZ_OK);
    }
}

/* new_os_random: the returned mnemonic restores the same keychain. */
static void test_generate(void)
{
    for (int i = 0; i < 3; i++) {
        char sentence[LEZ_MNEMONIC_MAX];
        size_t len = 0, bad = 0;
        lez_keychain keys, restored;
        uint8_t entropy[32];
        CU_ASSERT_EQUAL(lez_keychain_generate(&ctx, "mnemonic", 8, sentence, &len, &keys), LEZ_OK);
        CU_ASSERT_EQUAL(strlen(sentence), len);
        CU_ASSERT_EQUAL(lez_mnemonic_to_entropy(sentence, len, entropy, NULL), LEZ_OK);
        CU_ASSERT_EQUAL(lez_keychain_from_mnemonic(&ctx, sentence, len, "mnemonic", 8, &restored, NULL, &bad), LEZ_OK);
        CU_ASSERT_EQUAL(memcmp(&restored, &keys, sizeof keys), 0);
    }
}

/* Misuse: NULLs, oversized data. */
static void test_arguments(void)
{
    uint8_t buf[300], id[32] = { 0 }, c[32];
    size_t len = 0;
    lez_account big = { { { 0 } }, { 0, 0 }, { 0, 0 }, buf, LEZ_DATA_MAX + 1 };
    lez_note_kind kind = { 0, { 0, 0 }, { { 0 } }, { 0 } };
    CU_ASSERT_EQUAL(lez_commitment(id, &big, c), LEZ_E_DATA_TOO_LONG);
    CU_ASSERT_EQUAL(lez_account_serialize(&big, buf, sizeof buf, &len), LEZ_E_DATA_TOO_LONG);
    CU_ASSERT_EQUAL(lez_note_encrypt(&ctx, id, id, 0, &kind, &big, buf, sizeof buf, &len), LEZ_E_DATA_TOO_LONG);
    CU_ASSERT_EQUAL(lez_note_encrypt(&ctx, id, id, 0, &kind, NULL, buf, sizeof buf, &len), LEZ_E_ARG);
    CU_ASSERT_EQUAL(lez_dh_receiver(NULL, id, buf, c), LEZ_E_ARG);
    CU_ASSERT_EQUAL(lez_mnemonic_to_entropy(NULL, 0, c, NULL), LEZ_E_ARG);
    CU_ASSERT_STRING_EQUAL(lez_status_str(LEZ_E_SCALAR), "scalar is zero or not below the group order");
}

#ifdef LEZ_TEST_WIRE
/* ---- LEZ-Wire through the generated codec: exact DER, incl. u128 ------------- */

static const uint8_t a5_owner[32] = { 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0,
                                      5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0 };

static const struct {
    const char *name;
    asn1rt_u128 balance, nonce;
    const char *der; /* by X.690 by hand */
} wire_accounts[] = {
    { "A5 account", { 0x0017c6e3bfd70fdeu, 0xeaec417172dcbac0u }, { 0, 42 },
      "3042" "0420" "0100000002000000030000000400000005000000060000000700000008000000"
      "020f17c6e3bfd70fdeeaec417172dcbac0" "02012a" "040a686f6c61206d756e646f" },
    { "u128 max and 0", { UINT64_MAX, UINT64_MAX }, { 0, 0 },
      "3044" "0420" "0100000002000000030000000400000005000000060000000700000008000000"
      "02110" "0ffffffffffffffffffffffffffffffff" "020100" "040a686f6c61206d756e646f" },
    { "2^64", { 1, 0 }, { 0, UINT64_MAX },
      "3044" "0420" "0100000002000000030000000400000005000000060000000700000008000000"
      "0209010000000000000000" "020900ffffffffffffffff" "040a686f6c61206d756e646f" },
};

static void test_wire_account(void)
{
    for (size_t i = 0; i < sizeof wire_accounts / sizeof wire_accounts[0]; i++) {
        Account a, back;
        uint8_t der[128], expect[128];
        size_t len = 0, n = unhex(wire_accounts[i].der, expect, sizeof expect);
        Account_init(&a);
        a.owner.ptr = a5_owner;
        a.owner.len = 32;
        a.balance = wire_accounts[i].balance;
        a.nonce = wire_accounts[i].nonce;
        a.data.ptr = hola_data;
        a.data.len = 10;
        CU_ASSERT_EQUAL(Account_encoded_len(&a), n);
        CU_ASSERT_EQUAL(Account_encode(&a, der, sizeof der, &len), 0);
        CU_ASSERT_EQUAL(len, n);
        CU_ASSERT_EQUAL(memcmp(der, expect, n), 0);
        CU_ASSERT_EQUAL(Account_decode(&back, expect, n), 0);
        CU_ASSERT(back.balance.hi == a.balance.hi && back.balance.lo == a.balance.lo);
        CU_ASSERT(back.nonce.hi == a.nonce.hi && back.nonce.lo == a.nonce.lo);
        CU_ASSERT(back.data.len == 10 && memcmp(back.data.ptr, hola_data, 10) == 0);
    }
}

static const struct { const char *name, *der; int code; } wire_rejects[] = {
    /* balance 2^128: 17 content octets 01 00.. is above the range */
    { "balance 2^128", "3044" "0420" "0100000002000000030000000400000005000000060000000700000008000000"
                       "02110100000000000000000000000000000000" "020100" "040a686f6c61206d756e646f",
      ASN1RT_E_INTEGER_RANGE },
    { "negative balance", "3034" "0420" "0100000002000000030000000400000005000000060000000700000008000000"
                          "0201ff" "020100" "040a686f6c61206d756e646f",
      ASN1RT_E_INTEGER_RANGE },
    { "owner of 31 bytes", "3033" "041f" "01000000020000000300000004000000050000000600000007000000080000"
                           "020100" "020100" "040a686f6c61206d756e646f",
      ASN1RT_E_SIZE_CONSTRAINT },
};

static void test_wire_rejects(void)
{
    for (size_t i = 0; i < sizeof wire_rejects / sizeof wire_rejects[0]; i++) {
        Account a;
        uint8_t der[128];
        size_t n = unhex(wire_rejects[i].der, der, sizeof der);
        CU_ASSERT_EQUAL(Account_decode(&a, der, n), wire_rejects[i].code);
    }
}

static void test_wire_viewing_keys(void)
{
    ViewingKeys k, back;
    uint8_t npk[32], vpk[33], der[80], expect[80];
    size_t len = 0;
    size_t n = unhex("3048" "020101" "0420a76c32994a2f97bc8c4fc31fb50928a7c920af812df5dfc1d2aaf780a78c9b81"
                     "042102d2ce26d504b6c6dc2f5d943d5494fa9e2d085130502ee657d22fcc4c3ad6a751",
                     expect, sizeof expect);
    unhex(a6_npk, npk, 32);
    unhex(a6_vpk, vpk, 33);
    ViewingKeys_init(&k);
    k.version = 1;
    k.npk.ptr = npk;
    k.npk.len = 32;
    k.vpk.ptr = vpk;
    k.vpk.len = 33;
    CU_ASSERT_EQUAL(ViewingKeys_encode(&k, der, sizeof der, &len), 0);
    CU_ASSERT_EQUAL(len, n);
    CU_ASSERT_EQUAL(memcmp(der, expect, n), 0);
    CU_ASSERT_EQUAL(ViewingKeys_decode(&back, expect, n), 0);
    CU_ASSERT(back.version == 1 && back.vpk.len == 33 && memcmp(back.vpk.ptr, vpk, 33) == 0);
    k.version = 2; /* INTEGER (1) */
    CU_ASSERT_NOT_EQUAL(ViewingKeys_encode(&k, der, sizeof der, &len), 0);
    k.version = 1;
    k.vpk.len = 32; /* SIZE(33) */
    CU_ASSERT_NOT_EQUAL(ViewingKeys_encode(&k, der, sizeof der, &len), 0);
}
#endif

/* ---- hmac512.c against OpenSSL's HMAC and PKCS5_PBKDF2_HMAC ---------------- */

/* OpenSSL's one-shot HMAC, iterated: the SSK chain as the spec writes it. */
static void openssl_chain(const uint8_t *key, size_t key_len, const uint8_t in[64], uint32_t rounds, uint8_t out[64])
{
    uint8_t h[64];
    unsigned len = 0;
    memcpy(h, in, 64);
    for (uint32_t i = 0; i < rounds; i++) {
        CU_ASSERT_FATAL(HMAC(EVP_sha512(), key, (int)key_len, h, 64, h, &len) != NULL && len == 64);
    }
    memcpy(out, h, 64);
}

/* RFC 4231 cases 1 and 6 (a key longer than a block is hashed first),
 * then every HMAC the spec's vectors make (§3 chain key, §7 tree key). */
static const struct {
    const char *name, *key_hex, *msg, *expect;
    uint8_t key_fill;
    size_t key_len;
} hmac_vectors[] = {
    { "RFC 4231 1", NULL, "Hi There",
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1"
      "702e696c203a126854", 0x0b, 20 },
    { "RFC 4231 6", NULL, "Test Using Larger Than Block-Size Key - Hash Key First",
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f"
      "0aec8b915a985d786598", 0xaa, 131 },
};

static void test_hmac512_vectors(void)
{
    uint8_t out[64], ref[64], seed[64], key[256];
    unsigned len = 0;

    for (size_t i = 0; i < sizeof hmac_vectors / sizeof hmac_vectors[0]; i++) {
        const char *m = hmac_vectors[i].msg;
        size_t key_len = hmac_vectors[i].key_len;
        fill(key, hmac_vectors[i].key_fill, key_len);
        lez_hmac512(key, key_len, (const uint8_t *)m, strlen(m), out);
        ASSERT_HEX(out, hmac_vectors[i].expect);
        CU_ASSERT_FATAL(HMAC(EVP_sha512(), key, (int)key_len, (const uint8_t *)m, strlen(m), ref, &len) != NULL);
        CU_ASSERT_EQUAL(memcmp(out, ref, 64), 0);
    }
    /* BIP-39 seeds (salt "mnemonicTREZOR"), against the published seed and
     * PKCS5_PBKDF2_HMAC; each is then the input of a 2048-round SSK chain. */
    for (size_t i = 0; i < sizeof bip39_vectors / sizeof bip39_vectors[0]; i++) {
        const char *m = bip39_vectors[i].mnemonic;
        static const uint8_t salt[] = "mnemonicTREZOR";
        lez_pbkdf2_sha512_block((const uint8_t *)m, strlen(m), salt, sizeof salt - 1, 2048, out);
        ASSERT_HEX(out, bip39_vectors[i].seed);
        CU_ASSERT_FATAL(PKCS5_PBKDF2_HMAC(m, (int)strlen(m), salt, (int)sizeof salt - 1, 2048, EVP_sha512(), 64, ref));
        CU_ASSERT_EQUAL(memcmp(out, ref, 64), 0);
        lez_hmac512_chain((const uint8_t *)"NSSA_seed", 9, out, 2048, out); /* in and out alias */
        openssl_chain((const uint8_t *)"NSSA_seed", 9, ref, 2048, ref);
        CU_ASSERT_EQUAL(memcmp(out, ref, 64), 0);
    }
    /* P1's seed through the chain gives P1's SSK (the first 32 bytes). */
    unhex(keychain_vectors[1].seed, seed, sizeof seed);
    lez_hmac512_chain((const uint8_t *)"NSSA_seed", 9, seed, 2048, out);
    ASSERT_HEX(out, keychain_vectors[1].ssk);
    /* A1: I = HMAC512("LEE_master_priv", seed), SSK || CCC. */
    unhex(tree_seed, seed, sizeof seed);
    lez_hmac512((const uint8_t *)"LEE_master_priv", 15, seed, 64, out);
    ASSERT_HEX(out, tree_vectors[0].ssk);
    ASSERT_HEX(out + 32, tree_vectors[0].ccc);
}

/* 10 000 random keys and messages, lengths drawn per class so that empty,
 * one-block, block-plus-one and hashed keys and messages that end on
 * either side of SHA-512's padding boundary all occur; each case also runs
 * PBKDF2 (1-3 iterations, salt = message) and a 1-3 round chain. */
static const struct {
    const char *name;
    size_t key_min, key_max, msg_min, msg_max;
    int count;
} hmac_random_classes[] = {
    { "short keys, short messages", 0, 64, 0, 120, 4000 },
    { "block-sized keys", 127, 129, 0, 300, 2000 },
    { "long keys (hashed first)", 130, 300, 0, 300, 2000 },
    { "messages across the padding boundary", 0, 300, 108, 148, 2000 },
};

static uint64_t test_rng = 0x9e3779b97f4a7c15u;

static uint64_t next_random(void)
{
    /* xorshift64*: reproducible, unlike RAND_bytes, so a failure repeats. */
    test_rng ^= test_rng >> 12;
    test_rng ^= test_rng << 25;
    test_rng ^= test_rng >> 27;
    return test_rng * 0x2545f4914f6cdd1du;
}

static size_t random_between(size_t lo, size_t hi)
{
    return lo + (size_t)(next_random() % (hi - lo + 1));
}

static void test_hmac512_random(void)
{
    int total = 0, hmac_diff = 0, pbkdf2_diff = 0, chain_diff = 0;

    for (size_t c = 0; c < sizeof hmac_random_classes / sizeof hmac_random_classes[0]; c++) {
        for (int n = 0; n < hmac_random_classes[c].count; n++) {
            uint8_t key[300], msg[300], out[64], ref[64];
            size_t key_len = random_between(hmac_random_classes[c].key_min, hmac_random_classes[c].key_max);
            size_t msg_len = random_between(hmac_random_classes[c].msg_min, hmac_random_classes[c].msg_max);
            uint32_t rounds = (uint32_t)random_between(1, 3);
            unsigned len = 0;
            for (size_t i = 0; i < key_len; i++) key[i] = (uint8_t)next_random();
            for (size_t i = 0; i < msg_len; i++) msg[i] = (uint8_t)next_random();
            lez_hmac512(key, key_len, msg, msg_len, out);
            CU_ASSERT_FATAL(HMAC(EVP_sha512(), key, (int)key_len, msg, msg_len, ref, &len) != NULL && len == 64);
            hmac_diff += memcmp(out, ref, 64) != 0;
            lez_pbkdf2_sha512_block(key, key_len, msg, msg_len, rounds, out);
            CU_ASSERT_FATAL(PKCS5_PBKDF2_HMAC((const char *)key, (int)key_len, msg, (int)msg_len, (int)rounds,
                                              EVP_sha512(), 64, ref));
            pbkdf2_diff += memcmp(out, ref, 64) != 0;
            if (msg_len >= 64) {
                lez_hmac512_chain(key, key_len, msg, rounds, out);
                openssl_chain(key, key_len, msg, rounds, ref);
                chain_diff += memcmp(out, ref, 64) != 0;
            }
            total++;
        }
    }
    CU_ASSERT_EQUAL(total, 10000);
    CU_ASSERT_EQUAL(hmac_diff, 0);
    CU_ASSERT_EQUAL(pbkdf2_diff, 0);
    CU_ASSERT_EQUAL(chain_diff, 0);
}

int main(void)
{
    static const cunit_test tests[] = {
        { "BIP-39 reference vectors (TREZOR)", test_bip39_vectors },
        { "flat keychain vectors A6, P1", test_keychain_vectors },
        { "key tree vectors A1, P2", test_tree_vectors },
        { "account vectors A5, A6", test_account_vectors },
        { "note vectors P3, P4, P5", test_note_vectors },
        { "malformed points", test_bad_points },
        { "scalars 0, n, n+1, n-1", test_scalars },
        { "crafted notes", test_crafted_notes },
        { "truncated P3", test_truncated_p3 },
        { "bad mnemonics", test_bad_mnemonics },
        { "NFKD: composed, decomposed, compatibility forms", test_nfkd_seeds },
        { "NFKD: English mnemonic in compatibility forms", test_nfkd_mnemonics },
        { "NFKD: Japanese BIP-39 vectors (bip32JP)", test_japanese_vectors },
        { "NFKD: invalid UTF-8 refused", test_bad_utf8 },
        { "NFKD: limits and errors in the NFKD form", test_nfkd_limits },
        { "random round trips, wrong keys", test_random_round_trips },
        { "P3 with wrong keys", test_wrong_keys_p3 },
        { "generated keychains restore", test_generate },
        { "argument errors", test_arguments },
        { "HMAC-SHA-512, PBKDF2, chain: RFC 4231 and spec vectors vs OpenSSL", test_hmac512_vectors },
        { "HMAC-SHA-512, PBKDF2, chain: 10 000 random keys and messages vs OpenSSL", test_hmac512_random },
#ifdef LEZ_TEST_WIRE
        { "LEZ-Wire Account DER (u128)", test_wire_account },
        { "LEZ-Wire Account rejections", test_wire_rejects },
        { "LEZ-Wire ViewingKeys DER", test_wire_viewing_keys },
#endif
    };
    int status;

    if (lez_ctx_init(&ctx) != LEZ_OK) return 1;
    CUNIT_SUITE("lez", tests);
    status = cunit_run(CU_BRM_NORMAL);
    lez_ctx_clear(&ctx);
    return status;
}
