/* Shared by the tests/der suites. */
#ifndef DERTEST_H
#define DERTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asn1rt/asn1rt.h"
#include "cunit_run.h"

/* Whole file in a malloc'd exact-size buffer; NULL if unreadable. */
uint8_t *der_read_file(const char *path, size_t *len);

/* The OpenSSL side of the differential (diff_openssl.c, kept apart: its
 * headers' ub_* macros clash with the generated PKIX names). */
enum der_kind { K_CRL, K_CSR, K_PKCS7 };
/* Whether OpenSSL's d2i for the kind accepts der and consumes all of it. */
bool openssl_accepts(enum der_kind k, const uint8_t *der, size_t len);
typedef struct pem_block { uint8_t *der; size_t len; } pem_block;
/* The DER of every PEM block named `name` (CSR: also "NEW CERTIFICATE
 * REQUEST"); *out is malloc'd, as is each der. Returns the count. */
size_t pem_blocks(const uint8_t *text, size_t len, const char *name, pem_block **out);

void register_worst_suite(void);
void register_diff_suite(void);

#endif
