/* bench-crypto: the five rows of the reference's crypto_primitives_bench,
 * each timed beside its floor in the same process run. Samples of the two
 * implementations alternate (lez, floor, floor, lez, ...) so that machine
 * noise hits both alike; the ratio is the median of the per-pair ratios.
 *
 * Floors (what the row cannot do without):
 *   keychain rows      8192 SHA-512 compressions (PBKDF2's 2048 iterations and
 *                      the 2048-round SSK chain, 2 compressions per HMAC with
 *                      precomputed pads), via SHA512_Transform
 *   sender_dh          RAND_bytes + libsecp256k1 pubkey_create + serialize +
 *                      pubkey_parse + ecdh, called bare
 *   encrypt / decrypt  SHA-256 of the 89-byte KDF preimage + ChaCha20 over
 *                      149 bytes in a reused EVP context, called bare
 * Two breakdown rows split the keychain into PBKDF2 and the SSK chain, each
 * against its 4096 compressions. */
#define _POSIX_C_SOURCE 200809L
#define OPENSSL_SUPPRESS_DEPRECATED /* SHA512_Transform: the floor's unit */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <secp256k1.h>
#include <secp256k1_ecdh.h>

#include "csv.h"
#include "lez.h"

static volatile uint8_t sink; /* keeps results observable */

/* This thread's CPU time: on a shared machine, time spent preempted by
 * other processes would otherwise land in whichever sample it hit. */
static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "bench-crypto: %s failed\n", what);
    exit(1);
}

/* ---- shared fixtures ------------------------------------------------------ */

static lez_ctx ctx;
static lez_keychain recipient;
static uint8_t shared[32], commitment[32], note_ct[149];
static const lez_account default_account;
static const lez_note_kind regular0;

static secp256k1_context *bare_secp;
static EVP_CIPHER_CTX *bare_chacha;
static EVP_CIPHER *bare_chacha20;
static uint8_t kdf_preimage[89];

/* ---- lez rows ------------------------------------------------------------- */

static void lez_new_os_random(void)
{
    char sentence[LEZ_MNEMONIC_MAX];
    size_t len;
    lez_keychain keys;
    if (lez_keychain_generate(&ctx, "mnemonic", 8, sentence, &len, &keys) != LEZ_OK) die("new_os_random");
    sink ^= keys.vpk[1];
}

static void lez_new_mnemonic(void)
{
    char sentence[LEZ_MNEMONIC_MAX];
    size_t len;
    lez_keychain keys;
    if (lez_keychain_generate(&ctx, "", 0, sentence, &len, &keys) != LEZ_OK) die("new_mnemonic");
    sink ^= keys.vpk[1] ^ (uint8_t)sentence[0];
}

static void lez_sender_dh(void)
{
    uint8_t epk[33], out[32];
    if (lez_dh_sender_random(&ctx, recipient.vpk, epk, out) != LEZ_OK) die("sender_dh");
    sink ^= out[0];
}

static void lez_encrypt(void)
{
    uint8_t ct[149];
    size_t len;
    if (lez_note_encrypt(&ctx, shared, commitment, 0, &regular0, &default_account, ct, sizeof ct, &len) != LEZ_OK)
        die("encrypt");
    sink ^= ct[148];
}

static void lez_decrypt(void)
{
    uint8_t pt[149];
    lez_note_kind kind;
    lez_account account;
    if (lez_note_decrypt(&ctx, shared, commitment, 0, note_ct, sizeof note_ct, pt, sizeof pt, &kind, &account) != LEZ_OK)
        die("decrypt");
    sink ^= (uint8_t)account.data_len ^ pt[0];
}

static void lez_pbkdf2(void)
{
    static const char words[] = "legal winner thank year wave sausage worth useful legal winner thank year wave sausage "
                                "worth useful legal winner thank year wave sausage worth title";
    uint8_t seed[64];
    if (lez_mnemonic_to_seed(words, sizeof words - 1, "", 0, seed) != LEZ_OK) die("pbkdf2");
    sink ^= seed[0];
}

static void lez_ssk_chain(void)
{
    static uint8_t seed[64];
    uint8_t ssk[32];
    if (lez_ssk_from_seed(&ctx, seed, ssk) != LEZ_OK) die("ssk chain");
    sink ^= ssk[0];
}

/* Diagnostic only, not used by liblez since hmac512.c: the same seed
 * through OpenSSL 3.0's PKCS5_PBKDF2_HMAC, which re-creates a provider
 * digest context for every HMAC; kept to show what keying once saves. */
static void diag_openssl_pbkdf2(void)
{
    static const char words[] = "legal winner thank year wave sausage worth useful legal winner thank year wave sausage "
                                "worth useful legal winner thank year wave sausage worth title";
    static const unsigned char salt[] = "mnemonic";
    uint8_t seed[64];
    if (!PKCS5_PBKDF2_HMAC(words, (int)sizeof words - 1, salt, (int)sizeof salt - 1, 2048, EVP_sha512(), 64, seed))
        die("openssl pbkdf2");
    sink ^= seed[0];
}

/* ---- floors ------------------------------------------------------------------ */

static void compressions(int n)
{
    static uint8_t block[128];
    SHA512_CTX c;
    SHA512_Init(&c);
    for (int i = 0; i < n; i++) SHA512_Transform(&c, block);
    sink ^= (uint8_t)c.h[0];
}

static void floor_keychain(void)
{
    compressions(8192);
}

static void floor_half_keychain(void)
{
    compressions(4096);
}

static int x_only(unsigned char *out, const unsigned char *x, const unsigned char *y, void *data)
{
    (void)y;
    (void)data;
    memcpy(out, x, 32);
    return 1;
}

static void floor_sender_dh(void)
{
    uint8_t esk[32], epk[33], out[32];
    size_t epk_len = sizeof epk;
    secp256k1_pubkey ephemeral, vpk;
    if (RAND_bytes(esk, sizeof esk) != 1 || !secp256k1_ec_pubkey_create(bare_secp, &ephemeral, esk) ||
        !secp256k1_ec_pubkey_serialize(bare_secp, epk, &epk_len, &ephemeral, SECP256K1_EC_COMPRESSED) ||
        !secp256k1_ec_pubkey_parse(bare_secp, &vpk, recipient.vpk, 33) ||
        !secp256k1_ecdh(bare_secp, out, &vpk, esk, x_only, NULL))
        die("floor sender_dh");
    sink ^= out[0] ^ epk[1];
}

/* SHA-256 of the KDF preimage as the key, then ChaCha20 of the n bytes at
 * in into buf: the bare cost of one note encryption. */
#define FLOOR_CHACHA(name, n, in, what)                                                    \
    static void name(void)                                                                 \
    {                                                                                      \
        static const uint8_t iv[16];                                                       \
        static uint8_t buf[n];                                                             \
        uint8_t key[32];                                                                   \
        int len;                                                                           \
        SHA256(kdf_preimage, sizeof kdf_preimage, key);                                    \
        if (!EVP_EncryptInit_ex2(bare_chacha, NULL, key, iv, NULL) ||                      \
            !EVP_EncryptUpdate(bare_chacha, buf, &len, in, (int)sizeof buf))               \
            die(what);                                                                     \
        sink ^= buf[148];                                                                  \
    }

FLOOR_CHACHA(floor_symmetric, 149, note_ct, "floor chacha20")
/* The tightest bare cost: the keystream for 149 bytes is three whole blocks,
 * and OpenSSL 3.0 handles a partial final block with an extra call. */
FLOOR_CHACHA(floor_symmetric_blocks, 192, buf, "floor chacha20 blocks")

/* ---- measurement -------------------------------------------------------------- */

struct row {
    const char *table, *name, *floor_desc;
    void (*lez)(void), (*floor)(void);
    int batch; /* calls per sample */
};

static const struct row rows[] = {
    { "crypto_primitives", "keychain/new_os_random", "8192 SHA-512 compressions", lez_new_os_random, floor_keychain, 1 },
    { "crypto_primitives", "keychain/new_mnemonic", "8192 SHA-512 compressions", lez_new_mnemonic, floor_keychain, 1 },
    { "crypto_primitives", "shared_secret_key/sender_dh", "secp256k1 keygen + ECDH, bare", lez_sender_dh,
      floor_sender_dh, 20 },
    { "crypto_primitives", "encryption/encrypt", "SHA-256 KDF + ChaCha20(149 B), bare", lez_encrypt, floor_symmetric,
      2000 },
    { "crypto_primitives", "encryption/decrypt", "SHA-256 KDF + ChaCha20(149 B), bare", lez_decrypt, floor_symmetric,
      2000 },
    { "crypto_breakdown", "keychain/pbkdf2_2048 (hmac512.c, keyed once)", "4096 SHA-512 compressions", lez_pbkdf2,
      floor_half_keychain, 1 },
    { "crypto_breakdown", "keychain/ssk_chain_2048 (hmac512.c, keyed once)", "4096 SHA-512 compressions",
      lez_ssk_chain, floor_half_keychain, 1 },
    { "crypto_breakdown", "keychain/pbkdf2_2048 (diagnostic: OpenSSL PKCS5_PBKDF2_HMAC, not used)",
      "4096 SHA-512 compressions", diag_openssl_pbkdf2, floor_half_keychain, 1 },
    { "crypto_breakdown", "encryption/encrypt (vs whole-block floor)", "SHA-256 KDF + ChaCha20(3 blocks), bare",
      lez_encrypt, floor_symmetric_blocks, 2000 },
};

enum { SAMPLES = 101 };

static double sample(void (*fn)(void), int batch)
{
    double t0 = now_ns();
    for (int i = 0; i < batch; i++) fn();
    return (now_ns() - t0) / batch;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct stats {
    double median, lo, hi, min;
};

/* Median and its distribution-free 95% interval: order statistics
 * j, k = n/2 ∓ 1.96·√n/2 of the sorted samples. */
static struct stats summarise(double *v, int n)
{
    struct stats s;
    int j = (int)floor(n / 2.0 - 1.96 * sqrt((double)n) / 2.0), k = (int)ceil(n / 2.0 + 1.96 * sqrt((double)n) / 2.0);
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    if (j < 0) j = 0;
    if (k > n - 1) k = n - 1;
    s.median = v[n / 2];
    s.lo = v[j];
    s.hi = v[k];
    s.min = v[0];
    return s;
}

static void fmt_time(char *out, size_t cap, double ns)
{
    if (ns >= 1e6) snprintf(out, cap, "%.3f ms", ns / 1e6);
    else if (ns >= 1e3) snprintf(out, cap, "%.2f µs", ns / 1e3);
    else snprintf(out, cap, "%.0f ns", ns);
}

static void setup(void)
{
    uint8_t esk[32], epk[33], id[32];
    char sentence[LEZ_MNEMONIC_MAX];
    size_t len;
    if (lez_ctx_init(&ctx) != LEZ_OK) die("lez_ctx_init");
    /* As the reference: a random recipient; regular id 0 of its NPK; the
     * default account's commitment; one random esk's shared secret. */
    if (lez_keychain_generate(&ctx, "", 0, sentence, &len, &recipient) != LEZ_OK) die("recipient");
    if (lez_account_id(recipient.npk, (lez_u128){ 0, 0 }, NULL, NULL, id) != LEZ_OK) die("account id");
    if (lez_commitment(id, &default_account, commitment) != LEZ_OK) die("commitment");
    if (RAND_bytes(esk, 32) != 1 || lez_dh_sender(&ctx, esk, recipient.vpk, epk, shared) != LEZ_OK) die("shared");
    if (lez_note_encrypt(&ctx, shared, commitment, 0, &regular0, &default_account, note_ct, sizeof note_ct, &len) !=
        LEZ_OK)
        die("note");
    memcpy(kdf_preimage, "NSSA/v0.2/KDF-SHA256/", 21);
    memcpy(kdf_preimage + 21, shared, 32);
    memcpy(kdf_preimage + 53, commitment, 32);
    bare_secp = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    bare_chacha20 = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
    bare_chacha = EVP_CIPHER_CTX_new();
    if (bare_secp == NULL || bare_chacha20 == NULL || bare_chacha == NULL ||
        !EVP_EncryptInit_ex2(bare_chacha, bare_chacha20, shared, (const uint8_t[16]){ 0 }, NULL))
        die("floor setup");
}

static void print_machine(const char *cc)
{
    char model[256] = "unknown", line[512];
    struct utsname u;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "model name", 10) == 0) {
            char *p = strchr(line, ':');
            if (p != NULL) snprintf(model, sizeof model, "%s", p + 2);
            model[strcspn(model, "\n")] = '\0';
            break;
        }
    if (f != NULL) fclose(f);
    uname(&u);
    printf("Machine: %s, %ld online CPUs, %s %s %s\n", model, sysconf(_SC_NPROCESSORS_ONLN), u.sysname, u.release, u.machine);
    printf("Compiler: %s (%s); %s; libsecp256k1 (system)\n", cc, __VERSION__, OpenSSL_version(OPENSSL_VERSION));
}

int main(int argc, char **argv)
{
    const char *csv_path = NULL, *cc = "cc";
    static double lez_ns[SAMPLES], floor_ns[SAMPLES], ratio[SAMPLES];
    FILE *csv = NULL;

    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--csv") == 0) csv_path = argv[i + 1];
        else if (strcmp(argv[i], "--cc") == 0) cc = argv[i + 1];
    }
    setup();
    print_machine(cc);
    printf("Samples: %d per implementation, alternating lez/floor, thread CPU time; warm-up 0.3 s per row; "
           "median [95%% interval of the median]\n\n",
           SAMPLES);
    if (csv_path != NULL) {
        csv = fopen(csv_path, "w");
        if (csv == NULL) die("opening the CSV");
        if (bench_csv_row(csv, bench_csv_columns, BENCH_CSV_NCOLUMNS) != 0) die("writing the CSV");
    }
    printf("| row | lez | floor | lez / floor | floor is |\n|---|---|---|---|---|\n");
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        const struct row *row = &rows[r];
        struct stats a, b, q;
        char ta[3][32], tb[3][32];
        double t_end = now_ns() + 3e8;
        if (strcmp(row->table, "crypto_breakdown") == 0 && r > 0 && strcmp(rows[r - 1].table, "crypto_breakdown") != 0)
            printf("| *breakdown* | | | | |\n");
        while (now_ns() < t_end) {
            row->lez();
            row->floor();
        }
        for (int i = 0; i < SAMPLES; i++) {
            /* Alternate which goes first so neither always runs on a warm cache. */
            if (i & 1) {
                floor_ns[i] = sample(row->floor, row->batch);
                lez_ns[i] = sample(row->lez, row->batch);
            } else {
                lez_ns[i] = sample(row->lez, row->batch);
                floor_ns[i] = sample(row->floor, row->batch);
            }
            ratio[i] = lez_ns[i] / floor_ns[i];
        }
        q = summarise(ratio, SAMPLES);
        a = summarise(lez_ns, SAMPLES);
        b = summarise(floor_ns, SAMPLES);
        fmt_time(ta[0], 32, a.median), fmt_time(ta[1], 32, a.lo), fmt_time(ta[2], 32, a.hi);
        fmt_time(tb[0], 32, b.median), fmt_time(tb[1], 32, b.lo), fmt_time(tb[2], 32, b.hi);
        printf("| %s | %s [%s, %s] | %s [%s, %s] | %.2f× [%.2f, %.2f] | %s |\n", row->name, ta[0], ta[1], ta[2], tb[0],
               tb[1], tb[2], q.median, q.lo, q.hi, row->floor_desc);
        fflush(stdout);
        if (csv != NULL) {
            char num[4][32], samples[16];
            snprintf(num[0], 32, "%.1f", a.median), snprintf(num[1], 32, "%.1f", a.min);
            snprintf(num[2], 32, "%.1f", b.median), snprintf(num[3], 32, "%.1f", b.min);
            snprintf(samples, sizeof samples, "%d", SAMPLES);
            const char *const lez_row[BENCH_CSV_NCOLUMNS] = {row->table, row->name, "lez", num[0], num[1], samples};
            const char *const floor_row[BENCH_CSV_NCOLUMNS] = {row->table, row->name, "floor", num[2], num[3], samples};
            if (bench_csv_row(csv, lez_row, BENCH_CSV_NCOLUMNS) != 0 ||
                bench_csv_row(csv, floor_row, BENCH_CSV_NCOLUMNS) != 0)
                die("writing the CSV");
        }
    }
    if (csv != NULL) {
        if (fclose(csv) != 0) die("closing the CSV");
        printf("\nCSV: %s\n", csv_path);
    }
    lez_ctx_clear(&ctx);
    EVP_CIPHER_CTX_free(bare_chacha);
    EVP_CIPHER_free(bare_chacha20);
    secp256k1_context_destroy(bare_secp);
    return sink & 0; /* reads the sink */
}
