/* Stand-ins for implementations that this build could not include, so the
 * table says so instead of leaving a column out. Each is compiled only when
 * peers.mk finds its part missing: it writes peers-missing.h with
 * PEERS_NO_ASN1CC and PEERS_NO_RUST, each the reason as a string. */
#include "peers.h"
#include "peers-missing.h"

#ifdef PEERS_NO_ASN1CC
const peers_impl peers_asn1cc = {
	.name = "asn1cc",
	.version = "asn1cc (generated code)",
	.missing = PEERS_NO_ASN1CC,
};
const size_t peers_asn1cc_sizeof[PEERS_WORKLOADS];
#endif

#ifdef PEERS_NO_RUST
const peers_impl peers_rust_asn1 = {
	.name = "rust-asn1",
	.version = "Rust asn1 crate",
	.missing = PEERS_NO_RUST,
};
#endif
