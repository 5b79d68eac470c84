/* asn1c 0.9.28 as a bench peer: the code it generates (with -fwide-types)
 * from bench/peers/asn1c/ (the RFC 5280 modules with its documented edits)
 * and schemas/bench.asn, run through its skeletons' ber_decode and
 * der_encode_to_buffer. asn1c's decoder is its BER decoder; it does not
 * check constraints (that is a separate asn_check_constraints walk, not
 * timed here). peers.mk links this file and all of asn1c's objects into one
 * object whose only global symbol is peers_asn1c, so asn1c's type names
 * (Certificate_t, Version_print, ...) cannot meet ours. */
#include "peers.h"

#include <Certificate.h>
#include <ConstrainedStruct.h>
#include <IntegerStruct.h>
#include <NestedSequence.h>
#include <OCTET_STRING.h>
#include <SimpleSequence.h>
#include <der_encoder.h>

static int64_t probe_x509(const Certificate_t *c)
{
	return c->tbsCertificate.serialNumber.size + c->signature.size;
}
static int64_t probe_integer(const IntegerStruct_t *s)
{
	return s->a.size + s->b.size + s->c.size;
}
static int64_t probe_constrained(const ConstrainedStruct_t *s)
{
	return s->small + s->medium + (s->large & 0xffff);
}
static int64_t probe_simple(const SimpleSequence_t *s)
{
	return s->id.size + s->flag + s->payload.size;
}
static int64_t probe_nested(const NestedSequence_t *s)
{
	return s->header.payload.size + s->body.count + s->body.inner.payload.size;
}
static int64_t probe_octets(const OCTET_STRING_t *s)
{
	return s->size;
}

#define ASN1C_PEER(W, T, DEF)                                                            \
	static int64_t a1c_##W##_decode_one(const uint8_t *der, size_t len)              \
	{                                                                                \
		T *v = NULL;                                                             \
		asn_dec_rval_t rv = ber_decode(NULL, &DEF, (void **)&v, der, len);       \
		int64_t r = -1;                                                          \
		if (rv.code == RC_OK && rv.consumed == len)                              \
			r = probe_##W(v);                                                \
		ASN_STRUCT_FREE(DEF, v);                                                 \
		return r;                                                                \
	}                                                                                \
	static void *a1c_##W##_load(const uint8_t *der, size_t len)                      \
	{                                                                                \
		T *v = NULL;                                                             \
		asn_dec_rval_t rv = ber_decode(NULL, &DEF, (void **)&v, der, len);       \
		if (rv.code != RC_OK || rv.consumed != len) {                            \
			ASN_STRUCT_FREE(DEF, v);                                         \
			return NULL;                                                     \
		}                                                                        \
		return v;                                                                \
	}                                                                                \
	static void a1c_##W##_unload(void *h)                                            \
	{                                                                                \
		ASN_STRUCT_FREE(DEF, (T *)h);                                            \
	}                                                                                \
	static int a1c_##W##_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len) \
	{                                                                                \
		/* asn1c's encoder takes a non-const pointer; it does not write. */      \
		asn_enc_rval_t er = der_encode_to_buffer(&DEF, (void *)(uintptr_t)h, buf, cap); \
		if (er.encoded < 0)                                                      \
			return -1;                                                       \
		*len = (size_t)er.encoded;                                               \
		return 0;                                                                \
	}                                                                                \
	PEERS_LOOPS(a1c, W)

ASN1C_PEER(x509, Certificate_t, asn_DEF_Certificate)
ASN1C_PEER(integer, IntegerStruct_t, asn_DEF_IntegerStruct)
ASN1C_PEER(constrained, ConstrainedStruct_t, asn_DEF_ConstrainedStruct)
ASN1C_PEER(simple, SimpleSequence_t, asn_DEF_SimpleSequence)
ASN1C_PEER(nested, NestedSequence_t, asn_DEF_NestedSequence)
ASN1C_PEER(octets, OCTET_STRING_t, asn_DEF_OCTET_STRING)

const peers_impl peers_asn1c = {
	.name = "asn1c",
	.version = "asn1c " PEERS_ASN1C_VERSION " (-fwide-types, ber_decode/der_encode_to_buffer)",
	.op = PEERS_ALL_OPS(a1c),
	.note = {
		[PEERS_CONSTRAINED] = "asn1c: ber_decode does not check constraints (asn_check_constraints is separate)",
	},
};
