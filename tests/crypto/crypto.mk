# tests/crypto — liblez's CUnit suite and lez-wallet's shell test
# (check-crypto, in make test) and the constant-time check (make ctgrind).
# Included from tests/tests.mk, after runtime/crypto/crypto.mk and
# tools/lez-wallet/lez-wallet.mk.

CHECKS += check-crypto
.PHONY: check-crypto ctgrind

$(B)/tests/crypto/%.o: CPPFLAGS_ALL += $(LEZ_CPPFLAGS)
# test_lez.c checks liblez's internal hmac512.h against OpenSSL.
$(B)/tests/crypto/test_lez.o: CPPFLAGS_ALL += -Iruntime/crypto

LEZ_TEST := $(B)/tests/crypto/test_lez

ifneq ($(LEZ_WIRE_OBJS),)
$(B)/tests/crypto/test_lez.o: CPPFLAGS_ALL += -DLEZ_TEST_WIRE -Igenerated
$(B)/tests/crypto/test_lez.o: generated/lez_wire.h
endif

$(LEZ_TEST): $(B)/tests/crypto/test_lez.o $(CUNIT_RUN) $(LEZ_LIB) $(LEZ_WIRE_OBJS)
	$(CC) $(LDFLAGS_ALL) $< $(CUNIT_RUN) $(LEZ_WIRE_OBJS) -o $@ $(LEZ_LIBS) $(CUNIT_LIBS)

check-crypto: $(LEZ_TEST) $(LEZ_WALLET)
	@$(LEZ_TEST)
	@tests/crypto/lez-wallet.sh $(LEZ_WALLET) $(if $(LEZ_WIRE_OBJS),der,no-der)

# ---- ctgrind: secrets undefined to valgrind memcheck --------------------
# The library is rebuilt with -DLEZ_CTGRIND, which declares the values the
# design makes public (see lez_internal.h); any other use of a secret in a
# branch or an address is a memcheck error and fails the target.
LEZ_CT := $(B)/ctgrind
LEZ_CT_OBJS := $(LEZ_SRCS:%.c=$(LEZ_CT)/%.o) $(LEZ_CT)/tests/crypto/ctgrind.o

$(LEZ_CT)/%.o: CPPFLAGS_ALL += $(LEZ_CPPFLAGS)
$(LEZ_CT)/%.o: %.c $(LEZ_WORDLIST_H)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS_ALL) -DLEZ_CTGRIND $(CFLAGS_ALL) -gdwarf-4 -MMD -MP -c $< -o $@

$(LEZ_CT)/ctgrind: $(LEZ_CT_OBJS)
	$(CC) $(LDFLAGS_ALL) $^ -o $@ $(LEZ_DEP_LIBS)

# No suppressions: OpenSSL's SHA-2/HMAC/PBKDF2/ChaCha20 and libsecp256k1's
# keygen/ECDH/scalar code run clean with undefined secrets. The canary run
# proves the instrument works: a deliberate secret branch must be reported.
LEZ_VALGRIND := valgrind --tool=memcheck --error-exitcode=1 --track-origins=yes --num-callers=30 -q

.PHONY: ctgrind-run
ctgrind-run: $(LEZ_CT)/ctgrind
	@command -v valgrind >/dev/null || { echo "ctgrind: valgrind not installed (scripts/deps.sh)" >&2; exit 1; }
	@echo "ctgrind: $(CC) $(OPT)"
	$(LEZ_VALGRIND) $(LEZ_CT)/ctgrind
	@if $(LEZ_VALGRIND) $(LEZ_CT)/ctgrind --canary >/dev/null 2>&1; then \
	  echo "ctgrind: canary not detected: secrets are not reaching memcheck" >&2; exit 1; \
	else echo "ctgrind: canary secret branch detected, as it must be"; fi

# Constant time is a property of the machine code, so each compiler at hand
# is checked (clang -O2 once turned a masked table scan into jumps).
ctgrind: ctgrind-run
	@if command -v clang >/dev/null && [ "$(CC)" != clang ]; then \
	  $(MAKE) --no-print-directory -s B=$(B)/ctgrind-clang CC=clang ctgrind-run; fi
	@echo "ctgrind: clean"
