/* make check-runtime: the runtime's CUnit suites. */
#include "testutil.h"

void assert_bytes(const char *name, const uint8_t *got, size_t gotlen,
                  const uint8_t *want, size_t wantlen, int line)
{
    bool ok = gotlen == wantlen && (wantlen == 0 || memcmp(got, want, wantlen) == 0);
    if (!ok) {
        fprintf(stderr, "\n  line %d, %s:\n    got  ", line, name);
        for (size_t i = 0; i < gotlen; i++) fprintf(stderr, "%02X", got[i]);
        fprintf(stderr, "\n    want ");
        for (size_t i = 0; i < wantlen; i++) fprintf(stderr, "%02X", want[i]);
        fprintf(stderr, "\n");
    }
    CU_ASSERT(ok);
}

int main(void)
{
    register_encode_suite();
    register_reject_suite();
    register_reader_suite();
    register_oid_time_suite();
    register_paths_suite();
    register_certs_suite();
    register_arena_suite();
    register_ber_suite();
    register_per_suite();
    register_oer_suite();
    return cunit_run(CU_BRM_NORMAL);
}
