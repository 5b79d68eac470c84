/* asn1cc's generated code (generated/, issue 3) in the peers bench. peers.mk
 * defines PEERS_ASN1CC_X509 when generated/pkix1explicit88.h exists and
 * PEERS_ASN1CC_BENCH when generated/bench.h does; without them those rows
 * say "not yet available". Values are decoded into a stack struct: no heap,
 * nothing to free. */
#include "peers.h"

#include <stdlib.h>
#include <string.h>

#include <asn1rt/asn1rt.h>

#ifdef PEERS_ASN1CC_X509
#include "pkix1explicit88.h"
#endif
#ifdef PEERS_ASN1CC_BENCH
#include "bench.h"
#endif

/* A value read from the decoded struct, so the decode cannot be dropped:
 * its first bytes, whatever the generator put there. */
#define PROBE(v)                                                                         \
	do {                                                                             \
		uint64_t first = 0;                                                      \
		memcpy(&first, &(v), sizeof(v) < sizeof first ? sizeof(v) : sizeof first); \
		return (int64_t)(first & 0x7fffffffffffffffu);                           \
	} while (0)

#define ASN1CC_PEER(W, T)                                                                \
	static int64_t ours_##W##_decode_one(const uint8_t *der, size_t len)             \
	{                                                                                \
		T v;                                                                     \
		if (T##_decode(&v, der, len) != 0)                                       \
			return -1;                                                       \
		PROBE(v);                                                                \
	}                                                                                \
	static void *ours_##W##_load(const uint8_t *der, size_t len)                     \
	{                                                                                \
		T *v = malloc(sizeof *v);                                                \
		if (v != NULL && T##_decode(v, der, len) != 0) {                         \
			free(v);                                                         \
			v = NULL;                                                        \
		}                                                                        \
		return v;                                                                \
	}                                                                                \
	static void ours_##W##_unload(void *h)                                           \
	{                                                                                \
		free(h);                                                                 \
	}                                                                                \
	static int ours_##W##_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len) \
	{                                                                                \
		return T##_encode((const T *)h, buf, cap, len);                          \
	}                                                                                \
	PEERS_LOOPS(ours, W)

#ifdef PEERS_ASN1CC_X509
ASN1CC_PEER(x509, Certificate)
#define OURS_X509 PEERS_OPS(ours, x509)
#define OURS_X509_SIZE sizeof(Certificate)
#else
#define OURS_X509 { 0 }
#define OURS_X509_SIZE 0
#endif

#ifdef PEERS_ASN1CC_BENCH
ASN1CC_PEER(integer, IntegerStruct)
ASN1CC_PEER(constrained, ConstrainedStruct)
ASN1CC_PEER(simple, SimpleSequence)
ASN1CC_PEER(nested, NestedSequence)
#define OURS_BENCH(W) PEERS_OPS(ours, W)
#define OURS_SIZE(T) sizeof(T)
#else
#define OURS_BENCH(W) { 0 }
#define OURS_SIZE(T) 0
#endif

/* OCTET STRING (1024 bytes): schemas/bench.asn has no bare OCTET STRING
 * type, so this row calls the runtime's element reader and writer directly,
 * as generated code does for an OCTET STRING field: a zero-copy view on
 * decode; on encode the exact length first, then one back-to-front write
 * that ends at buf + len. */
#define OCTETS_TAG ASN1RT_TAG(ASN1RT_CLASS_UNIVERSAL, 0, ASN1RT_UT_OCTET_STRING)

static int octets_decode(asn1rt_view *out, const uint8_t *der, size_t len)
{
	asn1rt_reader r;

	asn1rt_reader_init(&r, der, len);
	if (asn1rt_read_octets(&r, OCTETS_TAG, out) != 0)
		return -1;
	return asn1rt_expect_end(&r) != 0 ? -1 : 0;
}

static int64_t ours_octets_decode_one(const uint8_t *der, size_t len)
{
	asn1rt_view v;

	if (octets_decode(&v, der, len) != 0)
		return -1;
	return (int64_t)v.len + v.ptr[v.len - 1];
}

static void *ours_octets_load(const uint8_t *der, size_t len)
{
	asn1rt_view *v = malloc(sizeof *v);

	if (v != NULL && octets_decode(v, der, len) != 0) {
		free(v);
		v = NULL;
	}
	return v;
}

static void ours_octets_unload(void *h)
{
	free(h);
}

static int ours_octets_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len)
{
	const asn1rt_view *v = h;
	size_t need = asn1rt_header_len(OCTETS_TAG, v->len) + v->len;
	asn1rt_writer w;

	if (need > cap)
		return -1;
	asn1rt_writer_init(&w, buf, need);
	if (asn1rt_prepend_octets(&w, OCTETS_TAG, v->ptr, v->len) != 0)
		return -1;
	*len = need;
	return 0;
}

PEERS_LOOPS(ours, octets)
#define OURS_OCTETS PEERS_OPS(ours, octets)

const size_t peers_asn1cc_sizeof[PEERS_WORKLOADS] = {
	[PEERS_X509] = OURS_X509_SIZE,
	[PEERS_CONSTRAINED] = OURS_SIZE(ConstrainedStruct),
	[PEERS_INTEGER] = OURS_SIZE(IntegerStruct),
	[PEERS_SIMPLE] = OURS_SIZE(SimpleSequence),
	[PEERS_NESTED] = OURS_SIZE(NestedSequence),
};

const peers_impl peers_asn1cc = {
	.name = "asn1cc",
	.version = "asn1cc generated code (generated/), libasn1rt",
	.op = {
		[PEERS_X509] = OURS_X509,
		[PEERS_CONSTRAINED] = OURS_BENCH(constrained),
		[PEERS_INTEGER] = OURS_BENCH(integer),
		[PEERS_SIMPLE] = OURS_BENCH(simple),
		[PEERS_NESTED] = OURS_BENCH(nested),
		[PEERS_OCTETS] = OURS_OCTETS,
	},
	.note = {
		[PEERS_OCTETS] = "asn1cc octet-string-1024: the runtime's asn1rt_read_octets/asn1rt_prepend_octets, "
				 "what generated code calls per OCTET STRING field (schemas/bench.asn has no bare OCTET STRING type)",
	},
};
