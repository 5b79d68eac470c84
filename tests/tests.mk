# tests/ — one sub-fragment per suite; add a line for yours.
include tests/common/common.mk
include tests/runtime/runtime.mk
include tests/crypto/crypto.mk
include tests/fuzz/fuzz.mk
include tests/codegen/codegen.mk
include tests/der/der.mk
include tests/compiler/conformance/conformance.mk
