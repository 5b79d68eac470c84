/* A stand-in for the Rust peer when this build could not make it, so the
 * table says why instead of leaving the column out. peers.mk compiles it
 * only then, after writing peers-missing.h with PEERS_NO_RUST defined as
 * the reason (cargo's first error line). */
#include "peers.h"
#include "peers-missing.h"

const peers_impl peers_rust_asn1 = {
	.name = "rust-asn1",
	.version = "Rust asn1 crate",
	.missing = PEERS_NO_RUST,
};
