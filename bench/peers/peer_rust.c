/* The Rust `asn1` crate (Debian's librust-asn1-dev) as a bench peer, through
 * the static library built from rust/. Its structs are declared with the
 * crate's derive macros; see rust/src/lib.rs. */
#include "peers.h"

#define RUST_PEER(W)                                                                     \
	int64_t peers_rust_##W##_decode(const uint8_t *der, size_t len);                 \
	void *peers_rust_##W##_load(const uint8_t *der, size_t len);                     \
	int peers_rust_##W##_encode(const void *h, uint8_t *buf, size_t cap, size_t *len); \
	void peers_rust_##W##_free(void *h);                                             \
	static int64_t rust_##W##_decode_one(const uint8_t *der, size_t len)             \
	{                                                                                \
		return peers_rust_##W##_decode(der, len);                                \
	}                                                                                \
	static void *rust_##W##_load(const uint8_t *der, size_t len)                     \
	{                                                                                \
		return peers_rust_##W##_load(der, len);                                  \
	}                                                                                \
	static void rust_##W##_unload(void *h)                                           \
	{                                                                                \
		peers_rust_##W##_free(h);                                                \
	}                                                                                \
	static int rust_##W##_encode_one(const void *h, uint8_t *buf, size_t cap, size_t *len) \
	{                                                                                \
		return peers_rust_##W##_encode(h, buf, cap, len);                        \
	}                                                                                \
	PEERS_LOOPS(rust, W)

RUST_PEER(x509)
RUST_PEER(integer)
RUST_PEER(constrained)
RUST_PEER(simple)
RUST_PEER(nested)
RUST_PEER(octets)

const peers_impl peers_rust_asn1 = {
	.name = "rust-asn1",
	.version = "Rust asn1 crate " PEERS_RUST_ASN1_VERSION " (derive; " PEERS_RUSTC_VERSION ")",
	.op = PEERS_ALL_OPS(rust),
	.note = {
		[PEERS_X509] = "rust-asn1: encode is asn1::write_single, which returns a Vec (copied out)",
		[PEERS_CONSTRAINED] = "rust-asn1: no u16 reader and no ranges; u8/u32/i64 fields",
	},
};
