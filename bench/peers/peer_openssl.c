/* OpenSSL 3 as a bench peer, two ways:
 *  - "openssl": its ASN.1 template engine (ASN1_SEQUENCE templates for the
 *    RFC 5280 Certificate, bench/common/openssl_cert.c, shared with
 *    bench-x509, and for the messages of schemas/bench.asn, written here;
 *    run by ASN1_item_d2i / ASN1_item_i2d) — the fair anchor;
 *  - "openssl-x509": d2i_X509 / i2d_X509 as applications call them. */
#include "openssl_cert.h"
#include "peers.h"

#include <openssl/asn1.h>
#include <openssl/asn1t.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <openssl/x509.h>

/* ---- schemas/bench.asn (AUTOMATIC TAGS written out as [n] IMPLICIT) ---- */

typedef struct {
	ASN1_INTEGER *a, *b, *c;
} PO_INTEGER;

ASN1_SEQUENCE(PO_INTEGER) = {
	ASN1_IMP(PO_INTEGER, a, ASN1_INTEGER, 0),
	ASN1_IMP(PO_INTEGER, b, ASN1_INTEGER, 1),
	ASN1_IMP(PO_INTEGER, c, ASN1_INTEGER, 2),
} static_ASN1_SEQUENCE_END(PO_INTEGER)

/* The engine's native integers are 32 and 64 bits wide, without ranges. */
typedef struct {
	uint32_t small;
	uint32_t medium;
	int64_t large;
} PO_CONSTRAINED;

ASN1_SEQUENCE(PO_CONSTRAINED) = {
	ASN1_IMP_EX(PO_CONSTRAINED, small, UINT32, 0, ASN1_TFLG_EMBED),
	ASN1_IMP_EX(PO_CONSTRAINED, medium, UINT32, 1, ASN1_TFLG_EMBED),
	ASN1_IMP_EX(PO_CONSTRAINED, large, INT64, 2, ASN1_TFLG_EMBED),
} static_ASN1_SEQUENCE_END(PO_CONSTRAINED)

typedef struct {
	ASN1_INTEGER *id;
	ASN1_BOOLEAN flag;
	ASN1_OCTET_STRING *payload;
} PO_SIMPLE;

ASN1_SEQUENCE(PO_SIMPLE) = {
	ASN1_IMP(PO_SIMPLE, id, ASN1_INTEGER, 0),
	ASN1_IMP(PO_SIMPLE, flag, ASN1_BOOLEAN, 1),
	ASN1_IMP(PO_SIMPLE, payload, ASN1_OCTET_STRING, 2),
} static_ASN1_SEQUENCE_END(PO_SIMPLE)

typedef struct {
	uint32_t count;
	PO_SIMPLE *inner;
} PO_BODY;

ASN1_SEQUENCE(PO_BODY) = {
	ASN1_IMP_EX(PO_BODY, count, UINT32, 0, ASN1_TFLG_EMBED),
	ASN1_IMP(PO_BODY, inner, PO_SIMPLE, 1),
} static_ASN1_SEQUENCE_END(PO_BODY)

typedef struct {
	PO_SIMPLE *header;
	PO_BODY *body;
} PO_NESTED;

ASN1_SEQUENCE(PO_NESTED) = {
	ASN1_IMP(PO_NESTED, header, PO_SIMPLE, 0),
	ASN1_IMP(PO_NESTED, body, PO_BODY, 1),
} static_ASN1_SEQUENCE_END(PO_NESTED)

/* ---- the template engine's entry points, one set per item ---- */

/* The value read back from each result keeps the decode from being dropped. */
static int64_t probe_x509(const ASN1_VALUE *v)
{
	return bench_cert_probe((const BENCH_CERT *)v);
}
static int64_t probe_integer(const ASN1_VALUE *v)
{
	const PO_INTEGER *s = (const PO_INTEGER *)v;
	return ASN1_STRING_length(s->a) + ASN1_STRING_length(s->b) + ASN1_STRING_length(s->c);
}
static int64_t probe_constrained(const ASN1_VALUE *v)
{
	const PO_CONSTRAINED *s = (const PO_CONSTRAINED *)v;
	return s->small + s->medium + (s->large & 0xffff);
}
static int64_t probe_simple(const ASN1_VALUE *v)
{
	const PO_SIMPLE *s = (const PO_SIMPLE *)v;
	return ASN1_STRING_length(s->id) + s->flag + ASN1_STRING_length(s->payload);
}
static int64_t probe_nested(const ASN1_VALUE *v)
{
	const PO_NESTED *s = (const PO_NESTED *)v;
	return ASN1_STRING_length(s->header->payload) + s->body->count +
	       ASN1_STRING_length(s->body->inner->payload);
}
static int64_t probe_octets(const ASN1_VALUE *v)
{
	return ASN1_STRING_length((const ASN1_OCTET_STRING *)v);
}

/* Every message is at most PEERS_MAX_DER bytes and its re-encoding is the
 * same length, so i2d may write into the caller's buffer directly (the
 * harness checks the bytes before timing). */
#define TEMPLATE_PEER(W, ITEM)                                                          \
	static int64_t tpl_##W##_decode_one(const uint8_t *der, size_t len)             \
	{                                                                               \
		const unsigned char *p = der;                                           \
		ASN1_VALUE *v = ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(ITEM)); \
		int64_t r;                                                              \
		if (v == NULL || p != der + len) {                                      \
			ASN1_item_free(v, ASN1_ITEM_rptr(ITEM));                        \
			return -1;                                                      \
		}                                                                       \
		r = probe_##W(v);                                                       \
		ASN1_item_free(v, ASN1_ITEM_rptr(ITEM));                                \
		return r;                                                               \
	}                                                                               \
	static void *tpl_##W##_load(const uint8_t *der, size_t len)                     \
	{                                                                               \
		const unsigned char *p = der;                                           \
		return ASN1_item_d2i(NULL, &p, (long)len, ASN1_ITEM_rptr(ITEM));        \
	}                                                                               \
	static void tpl_##W##_unload(void *h)                                           \
	{                                                                               \
		ASN1_item_free(h, ASN1_ITEM_rptr(ITEM));                                \
	}                                                                               \
	static int tpl_##W##_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len) \
	{                                                                               \
		unsigned char *p = buf;                                                 \
		int n = ASN1_item_i2d((const ASN1_VALUE *)h, &p, ASN1_ITEM_rptr(ITEM)); \
		if (n <= 0 || (size_t)n > cap)                                          \
			return -1;                                                      \
		*len = (size_t)n;                                                       \
		return 0;                                                               \
	}                                                                               \
	PEERS_LOOPS(tpl, W)

TEMPLATE_PEER(x509, BENCH_CERT)
TEMPLATE_PEER(integer, PO_INTEGER)
TEMPLATE_PEER(constrained, PO_CONSTRAINED)
TEMPLATE_PEER(simple, PO_SIMPLE)
TEMPLATE_PEER(nested, PO_NESTED)
TEMPLATE_PEER(octets, ASN1_OCTET_STRING)

const peers_impl peers_openssl = {
	.name = "openssl",
	.version = OPENSSL_VERSION_TEXT " (template engine)",
	.op = PEERS_ALL_OPS(tpl),
	.note = {
		[PEERS_CONSTRAINED] = "openssl: constrained fields are the engine's UINT32/INT64, ranges unchecked",
	},
};

/* ---- d2i_X509 / i2d_X509 ---- */

static int64_t x509_x509_decode_one(const uint8_t *der, size_t len)
{
	const unsigned char *p = der;
	X509 *x = d2i_X509(NULL, &p, (long)len);
	int64_t r;

	if (x == NULL || p != der + len) {
		X509_free(x);
		return -1;
	}
	r = X509_get_version(x) + ASN1_STRING_length(X509_get0_serialNumber(x));
	X509_free(x);
	return r;
}

static void *x509_x509_load(const uint8_t *der, size_t len)
{
	const unsigned char *p = der;
	return d2i_X509(NULL, &p, (long)len);
}

static void x509_x509_unload(void *h)
{
	X509_free(h);
}

static int x509_x509_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len)
{
	unsigned char *p = buf;
	int n = i2d_X509((const X509 *)h, &p);

	if (n <= 0 || (size_t)n > cap)
		return -1;
	*len = (size_t)n;
	return 0;
}

PEERS_LOOPS(x509, x509)

const peers_impl peers_openssl_x509 = {
	.name = "openssl-x509",
	.version = OPENSSL_VERSION_TEXT " (d2i_X509/i2d_X509)",
	.op = { [PEERS_X509] = PEERS_OPS(x509, x509) },
	.note = {
		[PEERS_X509] = "openssl-x509: d2i_X509 also builds the public-key object (most of its time); "
			       "i2d_X509 of an unmodified certificate copies the cached DER",
	},
};
