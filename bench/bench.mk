# Benchmarks. Each bench program keeps its rules in its own fragment.
include bench/peers/peers.mk
include bench/common/common.mk
include bench/constrained/constrained.mk
include bench/sequence/sequence.mk
include bench/derive/derive.mk
include bench/primitives/primitives.mk
include bench/x509/x509.mk
include bench/crypto/crypto.mk
include bench/oer/oer.mk
include bench/ber/ber.mk
include bench/per/per.mk
include bench/size/size.mk
