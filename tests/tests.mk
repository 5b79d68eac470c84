# tests/ — one sub-fragment per suite; add a line for yours.

# What every CUnit program shares: tests/common/cunit_run.c, the body of its
# main() (tables of tests registered, run, CUnit's summary, exit status).
# Set before the fragments, so that each of them (and bench/) can link it.
CUNIT_RUN := $(B)/tests/common/cunit_run.o
$(B)/tests/%.o: CPPFLAGS_ALL += -Itests/common
# unhex (tests/common/hex.h): the hex text of test tables to bytes.
TEST_HEX := $(B)/tests/common/hex.o
# der_file_read (tests/common/der_file.h): a DER or PEM input file; links libcrypto.
TEST_DER_FILE := $(B)/tests/common/der_file.o
# ASSERT_REFUSED (tests/common/refused.h): a decoder's refusal, code, offset and path.
TEST_REFUSED := $(B)/tests/common/refused.o

include tests/runtime/runtime.mk
include tests/crypto/crypto.mk
include tests/fuzz/fuzz.mk
include tests/codegen/codegen.mk
include tests/der/der.mk
include tests/compiler/conformance/conformance.mk
include tests/per/per.mk
include tests/oer/oer.mk
include tests/packaging/packaging.mk
include tests/ber/ber.mk
