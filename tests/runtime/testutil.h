/* Shared by the runtime's CUnit suites. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "asn1rt/asn1rt.h"
#include "cunit_run.h"
#include "hex.h" /* unhex */

/* Asserts bytes equal, printing both in hex on failure. */
#define ASSERT_BYTES(name, got, gotlen, want, wantlen) \
    assert_bytes((name), (got), (gotlen), (want), (wantlen), __LINE__)
void assert_bytes(const char *name, const uint8_t *got, size_t gotlen,
                  const uint8_t *want, size_t wantlen, int line);

/* Reports a named table row that failed, so the failure says which one. */
#define CHECK_ROW(cond, name) do { \
        bool ok_ = (cond); \
        if (!ok_) fprintf(stderr, "\n  row failed: %s (%s)\n", (name), #cond); \
        CU_ASSERT(ok_); \
    } while (0)

/* Each registers its suite with cunit_add_suite (tests/common/cunit_run.h). */
void register_encode_suite(void);
void register_reject_suite(void);
void register_reader_suite(void);
void register_oid_time_suite(void);
void register_certs_suite(void);
void register_paths_suite(void);
void register_arena_suite(void);
void register_ber_suite(void);
void register_per_suite(void);
void register_oer_suite(void);

#endif
