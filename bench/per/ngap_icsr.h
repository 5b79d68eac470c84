/* ngap_icsr.h — bench-per's NGAP row: an InitialContextSetupRequest (TS
 * 38.413 9.2.2.1) as an AMF sends it at registration, through asn1cc's
 * code for the vendored NGAP module (bench/per/per.mk generates it). The
 * NGAP types stay inside ngap_icsr.c; bench_per.c sees only this. */
#ifndef BENCH_NGAP_ICSR_H
#define BENCH_NGAP_ICSR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct icsr_bench {
    uint8_t uper[1024], aper[1024];   /* the whole NGAP-PDU, both variants */
    size_t uper_len, aper_len;
    unsigned nies;                    /* protocol IEs in the message */
} icsr_bench;

/* Builds the message, encodes it in both variants, and checks that each
 * decodes (every IE by the type its id selects) to the values built.
 * 0, or non-zero with a reason in why. */
int icsr_setup(icsr_bench *b, char *why, size_t cap);

/* What a receiver does: NGAP-PDU, then the InitiatingMessage's
 * InitialContextSetupRequest, then each IE's value by its id, with a fresh
 * arena over [arena, arena + cap). 0 or an asn1rt code. */
int icsr_decode(const icsr_bench *b, bool aligned, uint8_t *arena, size_t cap);

/* What a sender does: each IE's value, the request, the NGAP-PDU, from the
 * typed values icsr_setup built, into out[0..*len). 0 or an asn1rt code. */
int icsr_encode(bool aligned, uint8_t *out, size_t cap, size_t *len);

#endif
