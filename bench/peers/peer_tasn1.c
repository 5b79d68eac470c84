/* libtasn1 as a bench peer: asn1_der_decoding into a tree made from
 * tasn1/peers.asn (its own dialect), asn1_der_coding back. A decode is what
 * a user of the library does per message: create the element, decode,
 * delete. */
#include "peers.h"

#include <libtasn1.h>
#include <stdio.h>

static asn1_node peers_tasn1_defs;

int peers_libtasn1_init(const char *definitions_path)
{
	char err[ASN1_MAX_ERROR_DESCRIPTION_SIZE] = "";

	if (asn1_parser2tree(definitions_path, &peers_tasn1_defs, err) != ASN1_SUCCESS) {
		fprintf(stderr, "libtasn1: %s: %s\n", definitions_path, err);
		return -1;
	}
	return 0;
}

static asn1_node tasn1_decode_new(const char *type, const uint8_t *der, size_t len)
{
	asn1_node node = NULL;

	if (peers_tasn1_defs == NULL || len > (size_t)INT32_MAX ||
	    asn1_create_element(peers_tasn1_defs, type, &node) != ASN1_SUCCESS)
		return NULL;
	if (asn1_der_decoding(&node, der, (int)len, NULL) != ASN1_SUCCESS) {
		asn1_delete_structure(&node);
		return NULL;
	}
	return node;
}

int peers_libtasn1_decode(const char *type, const uint8_t *der, size_t len)
{
	asn1_node node = tasn1_decode_new(type, der, len);

	if (node == NULL)
		return 1;
	asn1_delete_structure(&node);
	return 0;
}

void peers_libtasn1_done(void)
{
	asn1_delete_structure(&peers_tasn1_defs);
}

static int tasn1_encode(const void *h, uint8_t *buf, size_t cap, size_t *len)
{
	int n = cap > (size_t)INT32_MAX ? INT32_MAX : (int)cap;

	if (asn1_der_coding((asn1_node_const)h, "", buf, &n, NULL) != ASN1_SUCCESS)
		return -1;
	*len = (size_t)n;
	return 0;
}

#define TASN1_PEER(W, TYPE)                                                              \
	static int64_t tasn1_##W##_decode_one(const uint8_t *der, size_t len)            \
	{                                                                                \
		return peers_libtasn1_decode(TYPE, der, len) == 0 ? 1 : -1;              \
	}                                                                                \
	static void *tasn1_##W##_load(const uint8_t *der, size_t len)                    \
	{                                                                                \
		return tasn1_decode_new(TYPE, der, len);                                 \
	}                                                                                \
	static void tasn1_##W##_unload(void *h)                                          \
	{                                                                                \
		asn1_node node = h;                                                      \
		asn1_delete_structure(&node);                                            \
	}                                                                                \
	static int tasn1_##W##_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len) \
	{                                                                                \
		return tasn1_encode(h, buf, cap, len);                                   \
	}                                                                                \
	PEERS_LOOPS(tasn1, W)

TASN1_PEER(x509, "PeersTasn1.Certificate")
TASN1_PEER(integer, "PeersTasn1.IntegerStruct")
TASN1_PEER(constrained, "PeersTasn1.ConstrainedStruct")
TASN1_PEER(simple, "PeersTasn1.SimpleSequence")
TASN1_PEER(nested, "PeersTasn1.NestedSequence")
TASN1_PEER(octets, "PeersTasn1.OctetString")

const peers_impl peers_libtasn1 = {
	.name = "libtasn1",
	.version = "libtasn1 " ASN1_VERSION " (asn1_der_decoding/asn1_der_coding)",
	.op = PEERS_ALL_OPS(tasn1),
	.note = {
		[PEERS_CONSTRAINED] = "libtasn1: its dialect has no value ranges; plain INTEGER nodes",
	},
};
