/* asngen: writes ASN.1 modules from tests/fuzz/asngen.c for
 * compile-corpus.sh and for reading what fuzz_compile ran.
 *
 *   asngen -n N [-s SEED] [-b BYTES] -o DIR   N modules, DIR/gen-NNNNN.asn, each
 *                                             from BYTES pseudo-random choice bytes
 *   asngen -n N [-s SEED] [-b BYTES] -r DIR   the same as fuzz_compile inputs
 *                                             (a NUL byte, then the choice bytes)
 *   asngen -d FILE                            the modules of one fuzz_compile
 *                                             input (NUL first) to stdout
 * The same seed gives the same files on any machine. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "asngen.h"

static char text[1 << 17];

/* splitmix64: fixed, so a seed names the same modules everywhere */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "asngen: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int decode(const char *path)
{
    static uint8_t in[1 << 20];
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "asngen: %s: %s\n", path, strerror(errno));
        return 2;
    }
    size_t n = fread(in, 1, sizeof in, f);
    fclose(f);
    if (n == 0 || in[0] != 0) {
        fprintf(stderr, "asngen: %s: not a generator input (no NUL first)\n", path);
        return 2;
    }
    size_t len = asngen_modules(in + 1, n - 1, text, sizeof text);
    fwrite(text, 1, len, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned long count = 0, nbytes = 512;
    uint64_t seed = 1;
    const char *dir = NULL;
    int raw = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-d") == 0 && i + 1 < argc)
            return decode(argv[i + 1]);
        else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            count = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc)
            nbytes = strtoul(argv[++i], NULL, 10);
        else if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "-r") == 0) && i + 1 < argc) {
            raw = argv[i][1] == 'r';
            dir = argv[++i];
        } else {
            fprintf(stderr, "usage: asngen -n N [-s SEED] [-b BYTES] (-o DIR | -r DIR) | asngen -d FILE\n");
            return 2;
        }
    }
    if (dir == NULL || count == 0 || nbytes == 0 || nbytes > 65536) {
        fprintf(stderr, "usage: asngen -n N [-s SEED] [-b BYTES] (-o DIR | -r DIR) | asngen -d FILE\n");
        return 2;
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "asngen: %s: %s\n", dir, strerror(errno));
        return 2;
    }
    static uint8_t bytes[65537];
    uint64_t s = seed;
    for (unsigned long k = 0; k < count; k++) {
        bytes[0] = 0;
        for (unsigned long i = 1; i <= nbytes; i++)
            bytes[i] = (uint8_t)next(&s);
        char path[4096];
        snprintf(path, sizeof path, "%s/gen-%05lu%s", dir, k, raw ? "" : ".asn");
        int rc = raw ? write_file(path, bytes, nbytes + 1)
                     : write_file(path, text, asngen_modules(bytes + 1, nbytes, text, sizeof text));
        if (rc != 0)
            return 2;
    }
    return 0;
}
