/* lez-wallet: LEZ wallet keys, account ids, commitments and notes from the
 * command line (see lez-wallet.1). Output is one name=value line per value;
 * it is collected and printed only when the whole command succeeded, so an
 * error leaves stdout empty and prints one line on stderr (exit 1). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <uninorm.h>
#include <unistr.h>

#include "lez.h"

#ifdef LEZ_WALLET_DER
#include "lez_wire.h" /* generated/, by asn1cc from schemas/lez.asn */
#endif

__extension__ typedef unsigned __int128 u128;

/* ---- output and errors --------------------------------------------------- */

static char *out_buf;
static size_t out_len, out_cap;

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void die(const char *fmt, ...)
{
    va_list ap;
    fputs("lez-wallet: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (out_buf != NULL) OPENSSL_cleanse(out_buf, out_cap);
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) die("out of memory");
    return p;
}

static void emit_raw(const char *s, size_t n)
{
    if (out_len + n + 1 > out_cap) {
        size_t cap = (out_len + n + 1) * 2;
        char *p = xmalloc(cap);
        if (out_buf != NULL) {
            memcpy(p, out_buf, out_len);
            OPENSSL_cleanse(out_buf, out_cap);
            free(out_buf);
        }
        out_buf = p;
        out_cap = cap;
    }
    memcpy(out_buf + out_len, s, n);
    out_len += n;
}

static void emit(const char *name, const char *value)
{
    emit_raw(name, strlen(name));
    emit_raw("=", 1);
    emit_raw(value, strlen(value));
    emit_raw("\n", 1);
}

static void emit_hex(const char *name, const uint8_t *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    emit_raw(name, strlen(name));
    emit_raw("=", 1);
    for (size_t i = 0; i < n; i++) {
        char pair[2] = { digits[bytes[i] >> 4], digits[bytes[i] & 15] };
        emit_raw(pair, 2);
    }
    emit_raw("\n", 1);
}

static void emit_u128(const char *name, lez_u128 v)
{
    char digits[40], *p = digits + sizeof digits;
    u128 x = (u128)v.hi << 64 | v.lo;
    *--p = '\0';
    do {
        *--p = (char)('0' + (int)(x % 10));
        x /= 10;
    } while (x != 0);
    emit(name, p);
}

static void emit_words(const char *name, const lez_program_id *id)
{
    char text[8 * 11 + 1];
    size_t n = 0;
    for (int i = 0; i < 8; i++) n += (size_t)snprintf(text + n, sizeof text - n, i ? ",%lu" : "%lu", (unsigned long)id->word[i]);
    emit(name, text);
}

static void flush_output(void)
{
    if (out_len != 0 && fwrite(out_buf, 1, out_len, stdout) != out_len) die("cannot write output");
    if (fflush(stdout) != 0) die("cannot write output");
    if (out_buf != NULL) OPENSSL_cleanse(out_buf, out_cap);
}

/* ---- options --------------------------------------------------------------- */

struct option_value {
    const char *name;   /* without the leading "--" */
    const char *value;  /* NULL if not given */
};

struct command {
    const char *name;
    void (*run)(struct option_value *opts);
    const char *options[16];
};

static struct option_value opts[16];

static const char *opt(const char *name)
{
    for (int i = 0; opts[i].name != NULL; i++)
        if (strcmp(opts[i].name, name) == 0) return opts[i].value;
    return NULL;
}

static const char *need(const char *name)
{
    const char *v = opt(name);
    if (v == NULL) die("missing --%s", name);
    return v;
}

/* ---- input parsing ----------------------------------------------------------- */

static int hex_digit(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Hex of any length (want == SIZE_MAX) or of exactly `want` bytes; the result
 * is heap memory of *len bytes. */
static uint8_t *parse_hex_alloc(const char *name, const char *text, size_t want, size_t *len)
{
    size_t n = strlen(text);
    uint8_t *bytes;
    if (n % 2 != 0) die("--%s: odd number of hex digits", name);
    if (want != SIZE_MAX && n / 2 != want) die("--%s: expected %zu bytes (%zu hex digits), got %zu", name, want, want * 2, n / 2);
    bytes = xmalloc(n / 2);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_digit((unsigned char)text[2 * i]), lo = hex_digit((unsigned char)text[2 * i + 1]);
        if (hi < 0 || lo < 0) die("--%s: not a hex digit at position %zu", name, 2 * i + (hi < 0 ? 0 : 1));
        bytes[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return bytes;
}

static void parse_hex(const char *name, const char *text, uint8_t *out, size_t want)
{
    size_t n;
    uint8_t *bytes = parse_hex_alloc(name, text, want, &n);
    memcpy(out, bytes, n);
    OPENSSL_cleanse(bytes, n);
    free(bytes);
}

/* Decimal or 0x-hex, at most `max`. */
static u128 parse_number(const char *name, const char *text, u128 max)
{
    u128 v = 0, limit = ~(u128)0;
    int base = 10;
    const char *p = text;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (*p == '\0') die("--%s: not a number: \"%s\"", name, text);
    for (; *p != '\0'; p++) {
        int d = base == 16 ? hex_digit((unsigned char)*p) : (*p >= '0' && *p <= '9' ? *p - '0' : -1);
        if (d < 0) die("--%s: not a %s number: \"%s\"", name, base == 16 ? "hex" : "decimal", text);
        if (v > (limit - (u128)d) / (u128)base) die("--%s: out of range: %s", name, text);
        v = v * (u128)base + (u128)d;
    }
    if (v > max) die("--%s: out of range: %s", name, text);
    return v;
}

static lez_u128 parse_u128(const char *name, const char *text)
{
    u128 v = parse_number(name, text, ~(u128)0);
    lez_u128 r = { (uint64_t)v, (uint64_t)(v >> 64) };
    return r;
}

static uint32_t parse_u32(const char *name, const char *text)
{
    return (uint32_t)parse_number(name, text, 0xffffffffu);
}

static void parse_words(const char *name, const char *text, lez_program_id *id)
{
    const char *p = text;
    for (int i = 0; i < 8; i++) {
        const char *end = strchr(p, ',');
        size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
        char word[64];
        if ((i < 7 && end == NULL) || (i == 7 && end != NULL))
            die("--%s: expected eight comma-separated u32 words", name);
        if (n == 0 || n >= sizeof word) die("--%s: word %d is not a number", name, i + 1);
        memcpy(word, p, n);
        word[n] = '\0';
        id->word[i] = parse_u32(name, word);
        p = end != NULL ? end + 1 : p + n;
    }
}

static void check_status(const char *what, lez_status st)
{
    if (st != LEZ_OK) die("%s: %s", what, lez_status_str(st));
}

static lez_ctx ctx;

/* ---- commands ------------------------------------------------------------------ */

static void emit_keys(const lez_keychain *k, int with_ssk)
{
    if (with_ssk) emit_hex("ssk", k->ssk, 32);
    emit_hex("nsk", k->nsk, 32);
    emit_hex("vsk", k->vsk, 32);
    emit_hex("npk", k->npk, 32);
    emit_hex("vpk", k->vpk, 33);
}

/* Arguments are taken as UTF-8 whatever the locale, as BIP-39 text is.
 * The library refuses invalid UTF-8 too; checking here names the offset. */
static void check_utf8(const char *name, const char *text)
{
    const uint8_t *bad = u8_check((const uint8_t *)text, strlen(text));
    if (bad != NULL) die("--%s: not valid UTF-8 at byte offset %zu", name, (size_t)(bad - (const uint8_t *)text));
}

/* The passphrase goes to the library as typed (it normalises it); blanks
 * in it are part of it. */
static const char *passphrase_or(const char *fallback, size_t *len)
{
    const char *p = opt("passphrase");
    if (p == NULL) p = fallback;
    check_utf8("passphrase", p);
    *len = strlen(p);
    return p;
}

/* The NFKD form of the mnemonic, then every run of blanks made one space,
 * as a BIP-39 wallet reads words; the sentence itself is checked by the
 * library. Normalising first (the library would do it too) turns U+3000 and
 * the other compatibility spaces into blanks here, so the word positions
 * the library reports are positions in this very string. */
static char *normalise_mnemonic(const char *text, size_t *len)
{
    size_t in_len = strlen(text), cap, nfkd_len, n = 0;
    uint8_t *nfkd, *res;
    char *s;

    check_utf8("mnemonic", text);
    /* 11: the largest NFKD growth of UTF-8 (see runtime/crypto/seed.c), so
     * libunistring fills this buffer and leaves no copies behind. */
    cap = 11 * in_len + 1;
    nfkd = xmalloc(cap);
    nfkd_len = cap;
    res = u8_normalize(UNINORM_NFKD, (const uint8_t *)text, in_len, nfkd, &nfkd_len);
    if (res == NULL) die("--mnemonic: cannot normalise: %s", strerror(errno));
    if (res != nfkd) {
        OPENSSL_cleanse(nfkd, cap);
        free(nfkd);
        nfkd = res;
        cap = nfkd_len;
    }
    s = xmalloc(nfkd_len + 1);
    for (size_t i = 0; i < nfkd_len; i++) {
        char c = (char)nfkd[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (n != 0 && s[n - 1] != ' ') s[n++] = ' ';
        } else {
            s[n++] = c;
        }
    }
    if (n != 0 && s[n - 1] == ' ') n--;
    s[n] = '\0';
    *len = n;
    OPENSSL_cleanse(nfkd, cap);
    free(nfkd);
    return s;
}

static void cmd_keys(struct option_value *o)
{
    lez_keychain keys;
    uint8_t seed[LEZ_SEED_LEN];
    int sources = (opt("entropy") != NULL) + (opt("mnemonic") != NULL) + (opt("ssk") != NULL);
    (void)o;
    if (sources != 1) die("keys: give exactly one of --entropy, --mnemonic, --ssk");
    if (opt("ssk") != NULL) {
        uint8_t ssk[32];
        if (opt("passphrase") != NULL) die("keys: --passphrase applies to --entropy and --mnemonic only");
        parse_hex("ssk", opt("ssk"), ssk, 32);
        check_status("keys", lez_keys_from_ssk(&ctx, ssk, opt("index") ? parse_u32("index", opt("index")) : 0, &keys));
        emit_keys(&keys, 0);
        OPENSSL_cleanse(ssk, sizeof ssk);
    } else if (opt("entropy") != NULL) {
        uint8_t entropy[LEZ_ENTROPY_LEN];
        char sentence[LEZ_MNEMONIC_MAX];
        size_t sentence_len, pass_len;
        const char *pass = passphrase_or("", &pass_len);
        if (opt("index") != NULL) die("keys: --index applies to --ssk only");
        parse_hex("entropy", opt("entropy"), entropy, LEZ_ENTROPY_LEN);
        check_status("keys", lez_keychain_from_entropy(&ctx, entropy, pass, pass_len, sentence, &sentence_len, &keys, seed));
        emit("mnemonic", sentence);
        emit_hex("seed", seed, sizeof seed);
        emit_keys(&keys, 1);
        OPENSSL_cleanse(entropy, sizeof entropy);
        OPENSSL_cleanse(sentence, sizeof sentence);
    } else {
        size_t len, pass_len, bad = 0;
        const char *pass = passphrase_or("", &pass_len);
        char *sentence = normalise_mnemonic(opt("mnemonic"), &len);
        lez_status st;
        if (opt("index") != NULL) die("keys: --index applies to --ssk only");
        st = lez_keychain_from_mnemonic(&ctx, sentence, len, pass, pass_len, &keys, seed, &bad);
        if (st == LEZ_E_MNEMONIC_WORD) {
            /* Name the offending word: find the bad-th word of the sentence. */
            const char *w = sentence;
            for (size_t i = 0; i < bad; i++) w = strchr(w, ' ') + 1;
            die("--mnemonic: word %zu \"%.*s\" is not in the BIP-39 English wordlist", bad + 1,
                (int)strcspn(w, " "), w);
        }
        if (st == LEZ_E_MNEMONIC_WORDS) {
            size_t words = len != 0;
            for (size_t i = 0; i < len; i++) words += sentence[i] == ' ';
            if (words == LEZ_MNEMONIC_WORDS) die("--mnemonic: 24 words, but longer than any 24 words of the list");
            die("--mnemonic: expected 24 words, got %zu", words);
        }
        if (st == LEZ_E_MNEMONIC_CHECKSUM) die("--mnemonic: bad checksum (the last word does not match)");
        check_status("keys", st);
        emit_hex("seed", seed, sizeof seed);
        emit_keys(&keys, 1);
        OPENSSL_cleanse(sentence, len);
        free(sentence);
    }
    OPENSSL_cleanse(&keys, sizeof keys);
    OPENSSL_cleanse(seed, sizeof seed);
}

static void cmd_tree(struct option_value *o)
{
    uint8_t seed[LEZ_SEED_LEN];
    lez_tree_node node, child;
    const char *path = opt("path");
    (void)o;
    parse_hex("seed", need("seed"), seed, sizeof seed);
    check_status("tree", lez_tree_master(&ctx, seed, &node));
    if (path != NULL && strcmp(path, "/") != 0) { /* "/" is the root */
        const char *p = path;
        if (*p != '/') die("--path: must start with '/': %s", path);
        while (*p == '/' && p[1] != '\0') {
            char comp[32];
            size_t n = strcspn(p + 1, "/");
            if (n == 0 || n >= sizeof comp) die("--path: bad component in %s", path);
            memcpy(comp, p + 1, n);
            comp[n] = '\0';
            check_status("tree", lez_tree_child(&ctx, &node, parse_u32("path", comp), &child));
            node = child;
            p += n + 1;
        }
        if (*p != '\0') die("--path: trailing '/' in %s", path);
    }
    emit_hex("ssk", node.keys.ssk, 32);
    emit_hex("ccc", node.ccc, 32);
    emit_keys(&node.keys, 0);
    OPENSSL_cleanse(&node, sizeof node);
    OPENSSL_cleanse(&child, sizeof child);
    OPENSSL_cleanse(seed, sizeof seed);
}

static void cmd_npk(struct option_value *o)
{
    uint8_t nsk[32], npk[32];
    (void)o;
    parse_hex("nsk", need("nsk"), nsk, 32);
    check_status("npk", lez_npk_from_nsk(nsk, npk));
    emit_hex("npk", npk, 32);
    OPENSSL_cleanse(nsk, sizeof nsk);
}

/* The account id from --npk, --identifier and the optional PDA pair. */
static lez_note_kind parse_kind(uint8_t npk[32], uint8_t account_id[32])
{
    lez_note_kind kind;
    memset(&kind, 0, sizeof kind);
    parse_hex("npk", need("npk"), npk, 32);
    kind.identifier = parse_u128("identifier", need("identifier"));
    if ((opt("program-id") != NULL) != (opt("pda-seed") != NULL)) die("--program-id and --pda-seed go together");
    if (opt("program-id") != NULL) {
        kind.is_pda = 1;
        parse_words("program-id", opt("program-id"), &kind.program_id);
        parse_hex("pda-seed", opt("pda-seed"), kind.pda_seed, 32);
    }
    check_status("account-id", lez_account_id(npk, kind.identifier, kind.is_pda ? &kind.program_id : NULL,
                                              kind.pda_seed, account_id));
    return kind;
}

static void cmd_account_id(struct option_value *o)
{
    uint8_t npk[32], id[32];
    char b58[LEZ_BASE58_MAX];
    (void)o;
    parse_kind(npk, id);
    emit_hex("account_id", id, 32);
    (void)lez_base58_encode_var(id, b58);
    emit("account_id_base58", b58);
}

/* --owner, --balance, --nonce, --data; account->data is heap memory. */
static void parse_account(lez_account *account)
{
    size_t n;
    memset(account, 0, sizeof *account);
    parse_words("owner", need("owner"), &account->owner);
    account->balance = parse_u128("balance", need("balance"));
    account->nonce = parse_u128("nonce", need("nonce"));
    account->data = parse_hex_alloc("data", need("data"), SIZE_MAX, &n);
    account->data_len = n;
    if (n > LEZ_DATA_MAX) die("--data: %zu bytes, more than %d", n, LEZ_DATA_MAX);
}

static void cmd_commitment(struct option_value *o)
{
    uint8_t id[32], commitment[32];
    lez_account account;
    (void)o;
    parse_hex("account-id", need("account-id"), id, 32);
    parse_account(&account);
    check_status("commitment", lez_commitment(id, &account, commitment));
    emit_hex("commitment", commitment, 32);
    free((void *)account.data);
}

#ifdef LEZ_WALLET_DER
/* The LEZ-Wire EncryptedNote, encoded and decoded by the code asn1cc
 * generates from schemas/lez.asn (generated/lez_wire.c). */
static void write_der(const char *path, const uint8_t *ct, size_t ct_len, const uint8_t epk[33], uint8_t tag,
                      uint32_t output_index)
{
    EncryptedNote note;
    uint8_t *der;
    size_t cap, len = 0;
    int rc;
    FILE *f;

    EncryptedNote_init(&note);
    note.ciphertext.ptr = ct;
    note.ciphertext.len = ct_len;
    note.ephemeralPublicKey.ptr = epk;
    note.ephemeralPublicKey.len = 33;
    note.viewTag = tag;
    note.outputIndex = output_index;
    cap = EncryptedNote_encoded_len(&note);
    der = xmalloc(cap);
    rc = EncryptedNote_encode(&note, der, cap, &len);
    if (rc != 0) die("--der: cannot encode the note: %s", asn1rt_strerror(rc));
    f = fopen(path, "wb");
    if (f == NULL) die("--der: cannot create %s: %s", path, strerror(errno));
    if (fwrite(der, 1, len, f) != len || fclose(f) != 0) die("--der: cannot write %s: %s", path, strerror(errno));
    free(der);
}

/* Returns the ciphertext (heap copy) of the note in path. */
static uint8_t *read_der(const char *path, uint8_t epk[33], size_t *ct_len, uint32_t *output_index)
{
    EncryptedNote note;
    uint8_t *der, *ct;
    long size;
    int rc;
    FILE *f = fopen(path, "rb");

    if (f == NULL) die("--der: cannot open %s: %s", path, strerror(errno));
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        die("--der: cannot read %s", path);
    if (size > 4 * (LEZ_DATA_MAX + 1024)) die("--der: %s is too large for a note (%ld bytes)", path, size);
    der = xmalloc((size_t)size);
    if (fread(der, 1, (size_t)size, f) != (size_t)size) die("--der: cannot read %s", path);
    fclose(f);
    rc = EncryptedNote_decode(&note, der, (size_t)size);
    if (rc != 0) die("--der: %s is not a DER EncryptedNote: %s", path, asn1rt_strerror(rc));
    if (note.ephemeralPublicKey.len != 33) die("--der: ephemeralPublicKey is not 33 bytes");
    memcpy(epk, note.ephemeralPublicKey.ptr, 33);
    ct = xmalloc(note.ciphertext.len);
    if (note.ciphertext.len != 0) memcpy(ct, note.ciphertext.ptr, note.ciphertext.len);
    *ct_len = note.ciphertext.len;
    *output_index = (uint32_t)note.outputIndex;
    free(der);
    return ct;
}
#endif

static void cmd_encrypt(struct option_value *o)
{
    uint8_t vpk[33], npk[32], esk[32], epk[33], shared[32], id[32], commitment[32], key[32], tag;
    lez_note_kind kind;
    lez_account account;
    uint32_t output_index;
    uint8_t *ct;
    size_t ct_len;
    (void)o;
    parse_hex("vpk", need("vpk"), vpk, 33);
    kind = parse_kind(npk, id);
    parse_account(&account);
    output_index = parse_u32("output-index", need("output-index"));
#ifndef LEZ_WALLET_DER
    if (opt("der") != NULL) die("--der: this lez-wallet was built without the generated LEZ-Wire code");
#endif
    if (opt("esk") != NULL) {
        lez_status st;
        parse_hex("esk", opt("esk"), esk, 32);
        st = lez_dh_sender(&ctx, esk, vpk, epk, shared);
        if (st == LEZ_E_SCALAR) die("--esk: %s", lez_status_str(st));
        if (st == LEZ_E_POINT) die("--vpk: %s", lez_status_str(st));
        check_status("encrypt", st);
        OPENSSL_cleanse(esk, sizeof esk);
    } else {
        lez_status st = lez_dh_sender_random(&ctx, vpk, epk, shared);
        if (st == LEZ_E_POINT) die("--vpk: %s", lez_status_str(st));
        check_status("encrypt", st);
    }
    check_status("commitment", lez_commitment(id, &account, commitment));
    check_status("encrypt", lez_note_key(shared, commitment, output_index, key));
    check_status("encrypt", lez_view_tag(npk, vpk, &tag));
    ct = xmalloc(lez_note_len(&account));
    check_status("encrypt", lez_note_encrypt(&ctx, shared, commitment, output_index, &kind, &account, ct,
                                             lez_note_len(&account), &ct_len));
    emit_hex("epk", epk, 33);
    emit_hex("shared_secret", shared, 32);
    emit_hex("account_id", id, 32);
    emit_hex("commitment", commitment, 32);
    emit_hex("note_key", key, 32);
    emit_hex("view_tag", &tag, 1);
    emit_hex("ciphertext", ct, ct_len);
#ifdef LEZ_WALLET_DER
    if (opt("der") != NULL) write_der(opt("der"), ct, ct_len, epk, tag, output_index);
#endif
    OPENSSL_cleanse(shared, sizeof shared);
    OPENSSL_cleanse(key, sizeof key);
    free(ct);
    free((void *)account.data);
}

static void cmd_decrypt(struct option_value *o)
{
    uint8_t vsk[32], epk[33], shared[32], commitment[32];
    uint8_t *ct, *pt;
    size_t ct_len;
    uint32_t output_index;
    lez_note_kind kind;
    lez_account account;
    lez_status st;
    (void)o;
    parse_hex("vsk", need("vsk"), vsk, 32);
    parse_hex("commitment", need("commitment"), commitment, 32);
    output_index = parse_u32("output-index", need("output-index"));
    if (opt("der") != NULL) {
        if (opt("epk") != NULL || opt("ciphertext") != NULL) die("decrypt: --der replaces --epk and --ciphertext");
#ifdef LEZ_WALLET_DER
        uint32_t der_index;
        ct = read_der(opt("der"), epk, &ct_len, &der_index);
        if (der_index != output_index)
            die("--der: the note's outputIndex %lu differs from --output-index %lu", (unsigned long)der_index,
                (unsigned long)output_index);
#else
        die("--der: this lez-wallet was built without the generated LEZ-Wire code");
#endif
    } else {
        parse_hex("epk", need("epk"), epk, 33);
        ct = parse_hex_alloc("ciphertext", need("ciphertext"), SIZE_MAX, &ct_len);
    }
    st = lez_dh_receiver(&ctx, vsk, epk, shared);
    if (st == LEZ_E_SCALAR) die("--vsk: %s", lez_status_str(st));
    if (st == LEZ_E_POINT) die(opt("der") ? "--der: ephemeralPublicKey: %s" : "--epk: %s", lez_status_str(st));
    check_status("decrypt", st);
    pt = xmalloc(ct_len);
    st = lez_note_decrypt(&ctx, shared, commitment, output_index, ct, ct_len, pt, ct_len, &kind, &account);
    if (st != LEZ_OK) die("decrypt: no note for this key: %s", lez_status_str(st));
    emit("kind", kind.is_pda ? "pda" : "regular");
    emit_u128("identifier", kind.identifier);
    if (kind.is_pda) {
        emit_words("program_id", &kind.program_id);
        emit_hex("pda_seed", kind.pda_seed, 32);
    }
    emit_words("owner", &account.owner);
    emit_u128("balance", account.balance);
    emit_u128("nonce", account.nonce);
    emit_hex("data", account.data, account.data_len);
    OPENSSL_cleanse(vsk, sizeof vsk);
    OPENSSL_cleanse(shared, sizeof shared);
    OPENSSL_cleanse(pt, ct_len);
    free(pt);
    free(ct);
}

static const struct command commands[] = {
    { "keys", cmd_keys, { "entropy", "mnemonic", "ssk", "passphrase", "index" } },
    { "tree", cmd_tree, { "seed", "path" } },
    { "npk", cmd_npk, { "nsk" } },
    { "account-id", cmd_account_id, { "npk", "identifier", "program-id", "pda-seed" } },
    { "commitment", cmd_commitment, { "account-id", "owner", "balance", "nonce", "data" } },
    { "encrypt", cmd_encrypt,
      { "vpk", "npk", "identifier", "program-id", "pda-seed", "owner", "balance", "nonce", "data", "output-index",
        "esk", "der" } },
    { "decrypt", cmd_decrypt, { "vsk", "commitment", "output-index", "epk", "ciphertext", "der" } },
};

static void usage(FILE *f)
{
    fputs("usage: lez-wallet COMMAND [--option VALUE]...\n"
          "commands: keys, tree, npk, account-id, commitment, encrypt, decrypt (see lez-wallet(1))\n",
          f);
}

int main(int argc, char **argv)
{
    const struct command *cmd = NULL;
    int n = 0;

    if (argc < 2) {
        usage(stderr);
        return 1;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0) cmd = &commands[i];
    if (cmd == NULL) die("unknown command \"%s\" (try --help)", argv[1]);
    for (int i = 0; cmd->options[i] != NULL; i++) opts[n++].name = cmd->options[i];
    for (int i = 2; i < argc; i += 2) {
        struct option_value *slot = NULL;
        if (strncmp(argv[i], "--", 2) != 0) die("%s: expected an option, got \"%s\"", cmd->name, argv[i]);
        for (int k = 0; k < n; k++)
            if (strcmp(opts[k].name, argv[i] + 2) == 0) slot = &opts[k];
        if (slot == NULL) die("%s: unknown option %s", cmd->name, argv[i]);
        if (i + 1 >= argc) die("%s: %s needs a value", cmd->name, argv[i]);
        if (slot->value != NULL) die("%s: %s given twice", cmd->name, argv[i]);
        slot->value = argv[i + 1];
    }
    check_status("init", lez_ctx_init(&ctx));
    cmd->run(opts);
    lez_ctx_clear(&ctx);
    flush_output();
    free(out_buf);
    return 0;
}
