/*
 * asn1rt/jer.h — JER (X.697, JSON encoding rules) text output for the
 * T_print functions of asn1cc-generated code.
 *
 * Each helper prints one JSON value; generated code prints the object and
 * array punctuation around them. Mapping (X.697):
 *   INTEGER -> number (any size, decimal); BOOLEAN -> true/false; NULL -> null
 *   OCTET STRING, open types, raw DER -> string of hex digits (X.697 24, 36)
 *   BIT STRING -> hex string when the size is fixed, else
 *                 {"value": hex, "length": bits} (X.697 22)
 *   character strings, times -> JSON string (escaped, converted to UTF-8)
 *   OBJECT IDENTIFIER -> "1.2.840.113549" (X.697 25)
 *   ENUMERATED -> its identifier as a string
 * Output errors are not reported per call: T_print checks ferror() once.
 */
#ifndef ASN1RT_JER_H
#define ASN1RT_JER_H

#include "asn1rt.h"

#ifdef __cplusplus
extern "C" {
#endif

void asn1jer_int(FILE *f, int64_t v);
void asn1jer_uint(FILE *f, uint64_t v);
/* Two's-complement content octets of any length, printed in decimal. */
void asn1jer_bigint(FILE *f, const asn1rt_bigint *v);
void asn1jer_u128(FILE *f, asn1rt_u128 v);
void asn1jer_i128(FILE *f, asn1rt_i128 v);
void asn1jer_bool(FILE *f, bool v);
void asn1jer_null(FILE *f);
void asn1jer_hex(FILE *f, const uint8_t *p, size_t n);
void asn1jer_bits(FILE *f, const asn1rt_bits *v, bool fixed_size);
/* universal: the ASN1RT_UT_* string or time type, which selects the
 * conversion to UTF-8 (BMPString UTF-16BE, UniversalString UTF-32BE,
 * others byte-wise; non-ASCII bytes of 8-bit types as Latin-1). */
void asn1jer_string(FILE *f, const asn1rt_view *v, unsigned universal);
void asn1jer_oid(FILE *f, const asn1rt_view *oid);
/* A member name or enumerator: a JSON string from a C string. */
void asn1jer_name(FILE *f, const char *s);
/* The status T_print returns: 0, or -1 when the stream reported an error. */
int asn1jer_status(FILE *f);

#ifdef __cplusplus
}
#endif
#endif /* ASN1RT_JER_H */
