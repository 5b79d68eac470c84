/*
 * Hand-written DER codecs for DeriveSimple and DeriveMessage
 * (schemas/bench.asn), written as an engineer would write them without a
 * generator, against the same runtime and on the same C structs as the
 * generated code, so the derive table compares code, not data layout.
 *
 * handwritten_* use the runtime's element primitives, including the inline
 * fast paths of asn1rt/gen.h that generated code uses: the analogue of the
 * seed's manual implementation, which calls the same library primitives as
 * its derive macros. handwritten_public_* are the same codecs on the public
 * asn1rt.h alone, to show what those fast paths are worth.
 *
 * Same contract as the generated functions: decode validates strict DER and
 * every constraint of the schema, returns ASN1RT_OK or an asn1rt_code, and
 * leaves *out unspecified on failure; encode validates the constraints and
 * writes the whole encoding to buf[0, *len), or fails with
 * ASN1RT_E_BUFFER_TOO_SMALL when it does not fit in cap.
 */
#ifndef DERIVE_HANDWRITTEN_H
#define DERIVE_HANDWRITTEN_H

#include "bench.h" /* generated/bench.h: the struct types */

ASN1RT_MUST_USE int handwritten_DeriveSimple_decode(DeriveSimple *out, const uint8_t *der, size_t len);
ASN1RT_MUST_USE int handwritten_DeriveSimple_encode(const DeriveSimple *v, uint8_t *buf, size_t cap, size_t *len);
ASN1RT_MUST_USE int handwritten_DeriveMessage_decode(DeriveMessage *out, const uint8_t *der, size_t len);
ASN1RT_MUST_USE int handwritten_DeriveMessage_encode(const DeriveMessage *v, uint8_t *buf, size_t cap, size_t *len);

ASN1RT_MUST_USE int handwritten_public_DeriveSimple_decode(DeriveSimple *out, const uint8_t *der, size_t len);
ASN1RT_MUST_USE int handwritten_public_DeriveSimple_encode(const DeriveSimple *v, uint8_t *buf, size_t cap, size_t *len);
ASN1RT_MUST_USE int handwritten_public_DeriveMessage_decode(DeriveMessage *out, const uint8_t *der, size_t len);
ASN1RT_MUST_USE int handwritten_public_DeriveMessage_encode(const DeriveMessage *v, uint8_t *buf, size_t cap, size_t *len);

#endif
