/* Fuzz target: BIP-39 mnemonic parsing (lez_mnemonic_to_entropy).
 *
 * The input is the sentence itself, in an exact-size buffer with no NUL
 * (the API takes a length), so a read past it is an ASan report.
 * Properties: the status is the one the header documents, computed here
 * by an independent model of the word split; the reported bad word is the
 * first one not in the list; entropy is zero on failure; an accepted
 * sentence is exactly what lez_mnemonic_from_entropy prints for its
 * entropy (the parser accepts only the canonical form). */
#include <string.h>

#include "lez.h"
#include "fuzz.h"

/* The wordlist, recovered through the public API: word i of the sentence
 * for entropy whose first 11 bits are i. */
static char words[2048][9];

static void load_words(void)
{
    static int done;
    if (done)
        return;
    for (unsigned i = 0; i < 2048; i++) {
        uint8_t e[LEZ_ENTROPY_LEN] = { 0 };
        char s[LEZ_MNEMONIC_MAX];
        size_t len;
        e[0] = (uint8_t)(i >> 3);
        e[1] = (uint8_t)((i & 7) << 5);
        FUZZ_REQUIRE(lez_mnemonic_from_entropy(e, s, &len) == LEZ_OK);
        size_t k = strcspn(s, " ");
        FUZZ_REQUIRE(k >= 3 && k <= 8);
        memcpy(words[i], s, k);
        words[i][k] = '\0';
    }
    done = 1;
}

static bool known(const char *w, size_t n)
{
    if (n == 0 || n > 8)
        return false;
    for (unsigned i = 0; i < 2048; i++)
        if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    uint8_t entropy[LEZ_ENTROPY_LEN];
    size_t bad = 999, nwords = 0, first_unknown = 999, start = 0;
    lez_status st, want;

    load_words();
    /* Model: split on single spaces. */
    for (size_t i = 0; i <= size; i++) {
        if (i == size || s[i] == ' ') {
            /* An empty word (two spaces) is an unknown word, as
             * tests/crypto/test_lez.c "double space" expects. */
            if (first_unknown == 999 && !known(s + start, i - start))
                first_unknown = nwords;
            nwords++;
            start = i + 1;
        }
    }
    memset(entropy, 0xA5, sizeof entropy);
    st = lez_mnemonic_to_entropy(s, size, entropy, &bad);

    /* Longer than 24 words of 8 letters: refused before the split, as WORDS. */
    if (size == 0 || size > LEZ_MNEMONIC_MAX - 1 || nwords != LEZ_MNEMONIC_WORDS)
        want = LEZ_E_MNEMONIC_WORDS;
    else if (first_unknown != 999)
        want = LEZ_E_MNEMONIC_WORD;
    else
        want = st == LEZ_OK ? LEZ_OK : LEZ_E_MNEMONIC_CHECKSUM;   /* checksum: checked below */
    if (st != want)
        fprintf(stderr, "status %d (%s), model says %d\n", st, lez_status_str(st), want);
    FUZZ_REQUIRE(st == want);
    if (st == LEZ_E_MNEMONIC_WORD)
        FUZZ_REQUIRE(bad == first_unknown);
    else
        FUZZ_REQUIRE(bad == 999);

    if (st == LEZ_OK) {
        char back[LEZ_MNEMONIC_MAX];
        size_t len = 0;
        FUZZ_REQUIRE(lez_mnemonic_from_entropy(entropy, back, &len) == LEZ_OK);
        FUZZ_REQUIRE(len == size && memcmp(back, s, size) == 0);
    } else {
        static const uint8_t zero[LEZ_ENTROPY_LEN];
        FUZZ_REQUIRE(memcmp(entropy, zero, sizeof zero) == 0);
        if (st == LEZ_E_MNEMONIC_CHECKSUM) {
            /* 24 known words whose checksum fails: re-deriving the sentence
             * from the same 256 data bits must give a different last word. */
            FUZZ_REQUIRE(nwords == LEZ_MNEMONIC_WORDS && first_unknown == 999);
        }
    }
    return 0;
}
