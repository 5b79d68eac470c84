/* Shared by the translation units of `make bench-x509` (kept apart so that
 * OpenSSL's and the generated headers never meet). */
#ifndef X509_BENCH_H
#define X509_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* OpenSSL template engine on a plain Certificate template; -1 on failure. */
int64_t xb_tpl_decode(const uint8_t *der, size_t len);
void *xb_tpl_load(const uint8_t *der, size_t len);
void xb_tpl_free(void *h);
/* Writes the DER at buf (checks cap first); 0 on success. */
int xb_tpl_encode(const void *h, uint8_t *buf, size_t cap, size_t *len);
/* d2i_X509; -1 on failure. */
int64_t xb_d2i_decode(const uint8_t *der, size_t len);

/* The certificates (PEM blocks named CERTIFICATE) of a bundle as DER; 0 on
 * success with at least one. Free each with xb_free, the arrays with free. */
int xb_load_bundle(const char *path, uint8_t ***der, size_t **len, size_t *n);
void xb_free(void *p);

#endif
