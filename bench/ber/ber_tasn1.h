/* ber_tasn1.h — bench-ber's libtasn1 peer (ber_tasn1.c). */
#ifndef BER_TASN1_H
#define BER_TASN1_H
#include <stddef.h>
#include <stdint.h>
int ber_tasn1_init(const char *definitions_path);     /* 0 or -1 (said on stderr) */
int ber_tasn1_decode(const uint8_t *ber, size_t len); /* 0, or 1 when it does not decode */
const char *ber_tasn1_version(void);
void ber_tasn1_done(void);
#endif
