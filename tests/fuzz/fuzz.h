/* Shared by the fuzz targets in tests/fuzz/: each target defines
 * LLVMFuzzerTestOneInput and checks its properties with FUZZ_REQUIRE,
 * which aborts so that libFuzzer (or driver.c) reports the input. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property that must hold for every input; a violation is a finding. */
#define FUZZ_REQUIRE(cond) do { \
        if (!(cond)) { \
            fprintf(stderr, "%s:%d: property violated: %s\n", __FILE__, __LINE__, #cond); \
            abort(); \
        } \
    } while (0)

/* A sink for printers: output is produced (so it runs) but discarded. */
static inline FILE *fuzz_devnull(void)
{
    static FILE *f;
    if (f == NULL)
        f = fopen("/dev/null", "w");
    if (f == NULL)
        abort();
    return f;
}

#endif
