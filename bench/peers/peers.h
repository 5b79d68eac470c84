/* bench/peers: one harness, several ASN.1 implementations doing the same
 * work side by side (issue 6). Each implementation lives in its own
 * translation unit (peer_*.c) and fills in a peers_impl; the harness only
 * sees these tables, so no implementation's headers meet another's. */
#ifndef PEERS_H
#define PEERS_H

#include <stddef.h>
#include <stdint.h>

enum peers_workload {
	PEERS_X509,
	PEERS_CONSTRAINED,
	PEERS_INTEGER,
	PEERS_SIMPLE,
	PEERS_NESTED,
	PEERS_OCTETS,
	PEERS_WORKLOADS
};

/* The messages of one workload: n DER encodings (one for the small
 * messages, one per certificate for x509). */
typedef struct {
	const uint8_t *const *der;
	const size_t *len;
	size_t n;
} peers_msgs;

/* Decode every message reps times, releasing whatever the decoder
 * allocated (that is part of the cost a user pays); add a value read from
 * each result to *sink. Returns the number of failed decodes. */
typedef size_t (*peers_decode_loop)(const peers_msgs *m, size_t reps, uint64_t *sink);
/* Encode n decoded values (from load) reps times into buf. Returns the
 * number of failed encodes. */
typedef size_t (*peers_encode_loop)(void *const *h, size_t n, size_t reps,
				    uint8_t *buf, size_t cap, uint64_t *sink);

typedef struct {
	peers_decode_loop decode;
	peers_encode_loop encode;
	/* Decode one message into a value kept for encoding; NULL on failure. */
	void *(*load)(const uint8_t *der, size_t len);
	void (*unload)(void *h);
	/* Encode one value; 0 on success (used to check bytes, not timed). */
	int (*encode_one)(const void *h, uint8_t *buf, size_t cap, size_t *len);
} peers_ops;

typedef struct {
	const char *name;    /* the CSV implementation column */
	const char *version; /* library or compiler version, for the header */
	const char *missing; /* non-NULL: not built, and why */
	peers_ops op[PEERS_WORKLOADS];
	const char *note[PEERS_WORKLOADS]; /* shown under the workload's table, or NULL */
} peers_impl;

/* sizeof the value asn1cc's T_decode fills, per workload (0: not built). */
extern const size_t peers_asn1cc_sizeof[PEERS_WORKLOADS];

extern const peers_impl peers_asn1cc, peers_asn1c, peers_openssl, peers_openssl_x509,
	peers_libtasn1, peers_rust_asn1;

/* Set up an implementation that needs it (libtasn1 parses its definitions);
 * 0 on success. */
int peers_libtasn1_init(const char *definitions_path);
/* One message decoded as the type named (e.g. "PeersTasn1.Certificate") of
 * those definitions, as a user of libtasn1 does it: create the element,
 * decode, delete. 0, or 1 when it does not decode. */
int peers_libtasn1_decode(const char *type, const uint8_t *der, size_t len);
/* Frees the definitions. */
void peers_libtasn1_done(void);

/* countalloc.c: heap calls made while counting is on. */
typedef struct {
	uint64_t calls;
	uint64_t bytes;
} peers_alloc_count;
void peers_alloc_start(void);
peers_alloc_count peers_alloc_stop(void);

/* Each peer_*.c writes three functions per workload W,
 *   static int64_t P_W_decode_one(const uint8_t *der, size_t len);  (-1 on error)
 *   static void *P_W_load(const uint8_t *der, size_t len);
 *   static void P_W_unload(void *h);
 *   static int P_W_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len);
 * and this macro adds the timed loops around them, in the same translation
 * unit so the call can be inlined the same way for every implementation. */
#define PEERS_LOOPS(P, W)                                                              \
	static size_t P##_##W##_decode(const peers_msgs *m, size_t reps, uint64_t *sink) \
	{                                                                              \
		size_t bad = 0;                                                        \
		for (size_t r = 0; r < reps; r++)                                      \
			for (size_t i = 0; i < m->n; i++) {                            \
				int64_t v = P##_##W##_decode_one(m->der[i], m->len[i]); \
				if (v < 0)                                             \
					bad++;                                         \
				else                                                   \
					*sink += (uint64_t)v;                          \
			}                                                              \
		return bad;                                                            \
	}                                                                              \
	static size_t P##_##W##_encode(void *const *h, size_t n, size_t reps,          \
				       uint8_t *buf, size_t cap, uint64_t *sink)       \
	{                                                                              \
		size_t bad = 0;                                                        \
		for (size_t r = 0; r < reps; r++)                                      \
			for (size_t i = 0; i < n; i++) {                               \
				size_t len = 0;                                        \
				if (P##_##W##_encode_one(h[i], buf, cap, &len) != 0 || len == 0) \
					bad++;                                         \
				else                                                   \
					*sink += len + buf[len - 1];                   \
			}                                                              \
		return bad;                                                            \
	}

#define PEERS_OPS(P, W)                                                                \
	{ P##_##W##_decode, P##_##W##_encode, P##_##W##_load, P##_##W##_unload,         \
	  P##_##W##_encode_one }

/* The ops of a peer P that does every workload. */
#define PEERS_ALL_OPS(P)                                                               \
	{                                                                              \
		[PEERS_X509] = PEERS_OPS(P, x509),                                     \
		[PEERS_CONSTRAINED] = PEERS_OPS(P, constrained),                       \
		[PEERS_INTEGER] = PEERS_OPS(P, integer),                               \
		[PEERS_SIMPLE] = PEERS_OPS(P, simple),                                 \
		[PEERS_NESTED] = PEERS_OPS(P, nested),                                 \
		[PEERS_OCTETS] = PEERS_OPS(P, octets),                                 \
	}

#endif
