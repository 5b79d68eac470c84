/* Writes one seed per generated-decoder fuzz target: the DER of T_init's
 * value (zeros, empty strings, DEFAULTs), which T_encode accepts for most
 * types; for the others (SIZE lower bounds, required CHOICEs) the fuzzer
 * starts from the committed real samples or from nothing.
 * Usage: seedgen DIR   (writes DIR/gen_<T>/seed-init). Run by `make fuzz-seeds`. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench.h"
#include "kerberosv5spec2.h"
#include "lez_wire.h"
#include "pkix1explicit88.h"

static void put(const char *dir, const char *name, const uint8_t *p, size_t n)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/gen_%s", dir, name);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/gen_%s/seed-init", dir, name);
    f = fopen(path, "wb");
    if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

#define SEED(T) do { \
        static T v; \
        static uint8_t buf[65536]; \
        size_t len = 0; \
        T##_init(&v); \
        if (T##_encode(&v, buf, sizeof buf, &len) == ASN1RT_OK) \
            put(dir, #T, buf, len); \
        else \
            printf("seedgen: %s: the initial value does not encode\n", #T); \
    } while (0)

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/fuzz/corpus";
    SEED(Certificate); SEED(CertificateList);
    SEED(AS_REQ); SEED(AS_REP); SEED(TGS_REQ); SEED(TGS_REP); SEED(AP_REQ); SEED(AP_REP);
    SEED(KRB_SAFE); SEED(KRB_PRIV); SEED(KRB_CRED); SEED(KRB_ERROR);
    SEED(ComplexSequence); SEED(NestedSequence); SEED(DeriveMessage);
    SEED(EncryptedNote); SEED(ViewingKeys); SEED(Account);
    return 0;
}
