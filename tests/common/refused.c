/* refused.c — see refused.h. */
#include "refused.h"

#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

void assert_refused(const char *name, int rc, const asn1rt_error *err, int code, size_t offset, const char *path,
                    const char *file, unsigned line)
{
    char got[256];
    asn1rt_error_path(err, got, sizeof got);
    if (rc != code || err->code != code || err->offset != offset || strcmp(got, path) != 0)
        fprintf(stderr, "\n  %s: got %d/%d at %zu \"%s\", expected %d at %zu \"%s\"\n", name, rc, err->code,
                err->offset, got, code, offset, path);
    CU_assertImplementation(rc == code, line, "returned code", file, "", CU_FALSE);
    CU_assertImplementation(err->code == code, line, "err.code", file, "", CU_FALSE);
    CU_assertImplementation(err->offset == offset, line, "err.offset", file, "", CU_FALSE);
    CU_assertImplementation(strcmp(got, path) == 0, line, "path", file, "", CU_FALSE);
}
